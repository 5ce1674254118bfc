import Foundation
import PlacesTestSupport
import Testing
@testable import PlacesCore
@testable import PlacesGeo
@testable import PlacesJournal

/// The memo of ``PlaceAreas``' answers: its file read back as written, every damage ignored, the answers
/// the same with and without it, and each point's region its own whatever was asked first.
@Suite struct PlaceAreaMemoTests {
    static let identity = Array("program test\ngazetteer bundled".utf8)

    /// A memo of a few points: in a country with a region, with no region, not asked, and at sea.
    static func sample() -> PlaceAreaMemo {
        var memo = PlaceAreaMemo()
        let france = memo.number(ofCountry: "FR", name: "France")
        let japan = memo.number(ofCountry: "JP", name: "Japan")
        let kyoto = memo.number(ofRegion: ReverseGeocoder.Region(key: "JP.22", name: "Kyōto"))
        memo.points[.init(latitude: 35.0, longitude: 135.77)] = .init(country: japan, region: kyoto, stamp: 1)
        memo.points[.init(latitude: 48.86, longitude: 2.35)] = .init(country: france, region: PlaceAreaMemo.notAsked, stamp: 1)
        memo.points[.init(latitude: -0.0, longitude: 2.35)] = .init(country: france, region: PlaceAreaMemo.noRegion, stamp: 1)
        memo.points[.init(latitude: 0.0, longitude: -30.0)] = .init(country: PlaceAreaMemo.atSea, region: PlaceAreaMemo.notAsked, stamp: 1)
        return memo
    }

    /// The answers of a memo by point, as names (indexes differ between a memo and its copy read back).
    static func answers(_ memo: PlaceAreaMemo) -> [String: String] {
        var result: [String: String] = [:]
        for (point, answer) in memo.points.entries {
            let country = answer.country >= 0 ? memo.countries[Int(answer.country)].code + " " + memo.countries[Int(answer.country)].name : "sea"
            let region = answer.region >= 0 ? memo.regions[Int(answer.region)].key + " " + memo.regions[Int(answer.region)].name : "\(answer.region)"
            result["\(point.latitude) \(point.longitude)"] = country + " / " + region
        }
        return result
    }

    @Test func theFileReadsBackAsWritten() throws {
        let memo = Self.sample()
        let bytes = memo.encoded(identity: Self.identity)
        let read = try #require(bytes.withUnsafeBytes { PlaceAreaMemo.decode($0, identity: Self.identity) })
        #expect(Self.answers(read) == Self.answers(memo))
        #expect(read.points.count == 4)
        #expect(read.generation == memo.generation + 1, "the write is counted")
        #expect(!read.added)
        // Written again with nothing new, the same answers.
        let again = read.encoded(identity: Self.identity)
        #expect(Self.answers(try #require(again.withUnsafeBytes { PlaceAreaMemo.decode($0, identity: Self.identity) })) == Self.answers(memo))
    }

    @Test func everyDamageIsIgnored() throws {
        let bytes = Self.sample().encoded(identity: Self.identity)
        func decoded(_ changed: [UInt8]) -> Bool { changed.withUnsafeBytes { PlaceAreaMemo.decode($0, identity: Self.identity) } != nil }
        #expect(decoded(bytes))
        // Cut short at every length, and with a byte more.
        for length in 0..<bytes.count { #expect(!decoded(Array(bytes[..<length])), "cut to \(length) bytes") }
        #expect(!decoded(bytes + [0]))
        // Any one bit turned.
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 0x10
            #expect(!decoded(changed), "byte \(index) changed")
        }
        // Another identity (another program or gazetteer), garbage, nothing.
        #expect(bytes.withUnsafeBytes { PlaceAreaMemo.decode($0, identity: Array("program other".utf8)) } == nil)
        var generator = SplitMix(seed: 27)
        for _ in 0..<200 {
            let garbage = (0..<Int(generator.next() % 400)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(!decoded(garbage))
            #expect(!decoded(PlaceAreaMemo.magic + garbage))
        }
    }

    /// Damage that keeps the hash right (a file written by a faulty program): counts past the end, indexes
    /// out of range, a region without a country, text that is not UTF-8.
    @Test func wellHashedNonsenseIsIgnored() throws {
        let bytes = Self.sample().encoded(identity: Self.identity)
        func rehashed(_ body: [UInt8]) -> PlaceAreaMemo? {
            var whole = body
            let sum = whole.withUnsafeBytes { FNV1a.hash($0) }
            for shift in stride(from: 0, to: 64, by: 8) { whole.append(UInt8(truncatingIfNeeded: sum >> UInt64(shift))) }
            return whole.withUnsafeBytes { PlaceAreaMemo.decode($0, identity: Self.identity) }
        }
        func decodedRehashed(_ body: [UInt8]) -> Bool { rehashed(body) != nil }
        let body = Array(bytes.dropLast(8))
        #expect(decodedRehashed(body))
        let header = PlaceAreaMemo.magic.count + 8 + Self.identity.count + 4
        // Each 32-bit word after the header set to values that cannot be counts or indexes: the file is
        // refused, or (a coordinate's half, a stamp) read with every index in range, as `answers` reads them.
        var refused = 0
        for offset in stride(from: header, to: body.count - 3, by: 4) {
            for value: UInt32 in [0xFFFF_FFFF, 0x7FFF_FFFF, 0xFFFF_FFFD] {
                var changed = body
                for shift in 0..<4 { changed[offset + shift] = UInt8(truncatingIfNeeded: value >> UInt32(8 * shift)) }
                if let memo = rehashed(changed) {
                    #expect(Self.answers(memo).count == 4)
                } else {
                    refused += 1
                }
            }
        }
        #expect(refused > 20, "refused \(refused)")
        // The first point's country made an index past the table.
        var changed = body
        let firstCountry = body.count - 4 * 28 + 16
        changed[firstCountry] = 9
        #expect(!decodedRehashed(changed))
        // Another format version.
        changed = body
        changed[PlaceAreaMemo.magic.count] &+= 1
        #expect(!decodedRehashed(changed))
        // A country code that is not UTF-8 ("FR" is the first text, after its length).
        changed = body
        changed[header + 4 + 4] = 0xFF
        #expect(!decodedRehashed(changed))
    }

    /// The table of points against a `Dictionary`: every point found with its answer after growing, none
    /// that was not added, the same entries.
    @Test func thePointTableHoldsWhatADictionaryHolds() {
        var table = PointTable(), dictionary: [PlaceAreaMemo.Point: PlaceAreaMemo.Answer] = [:]
        var generator = SplitMix(seed: 2_027)
        for index in 0..<5_000 {
            // Near neighbours on a grid (bit patterns a few units apart), random points, and repeats.
            let point = index % 3 == 0
                ? PlaceAreaMemo.Point(latitude: 48 + Double(index % 70) * 0.001, longitude: 2 + Double(index / 70) * 0.001)
                : PlaceAreaMemo.Point(bits: generator.next() % 4_000, generator.next() % 4_000)
            let answer = PlaceAreaMemo.Answer(country: Int32(index % 50), region: Int32(index % 7) - 2, stamp: UInt32(index))
            table[point] = answer
            dictionary[point] = answer
        }
        #expect(table.count == dictionary.count && table.count > 1_000)
        for (point, answer) in dictionary { #expect(table[point] == answer) }
        #expect(table.entries.count == dictionary.count)
        #expect(table.entries.allSatisfy { dictionary[$0.point] == $0.answer })
        for _ in 0..<1_000 {
            let point = PlaceAreaMemo.Point(bits: 5_000 + generator.next() % 4_000, generator.next())
            #expect(table[point] == nil)
        }
        #expect(PointTable()[PlaceAreaMemo.Point(latitude: 0, longitude: 0)] == nil)
    }

    @Test func pointsNotUsedForManyWritesAreDropped() throws {
        var memo = Self.sample()
        memo.points[.init(latitude: 1, longitude: 1)] = .init(country: 0, region: PlaceAreaMemo.notAsked, stamp: 0)
        memo.generation = PlaceAreaMemo.keptWrites - 1
        // This write is number keptWrites: the points stamped 1 were used in the keptWrites writes up to this
        // one, the one stamped 0 before them.
        let read = try #require(memo.encoded(identity: Self.identity).withUnsafeBytes { PlaceAreaMemo.decode($0, identity: Self.identity) })
        #expect(read.points.count == 4)
        #expect(read.points[.init(latitude: 1, longitude: 1)] == nil)
        memo.generation += 1
        let later = try #require(memo.encoded(identity: Self.identity).withUnsafeBytes { PlaceAreaMemo.decode($0, identity: Self.identity) })
        #expect(later.points.isEmpty && later.countries.isEmpty && later.regions.isEmpty)
    }

    /// Two points in one small square: each gets the geocoder's answer for itself, whichever is asked
    /// first, with or without a memo file, and a memo file written under another identity is not used.
    @Test func answersAreEachPointsOwnWithOrWithoutTheFile() throws {
        let folder = try makeTestDirectory("place-area-memo")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cache/places/memo.areas").path
        let geocoder = ReverseGeocoder()
        // Place 1679 and Place 8107 of a generated journal: one square of 0.02°, Évora and Santarém.
        let points = [(38.696, -8.66306), (38.69694, -8.67023), (35.0, 135.77), (48.86, 2.35), (0.0, -30.0), (52.52, 13.405)]
        var expected: [String] = []
        for (latitude, longitude) in points {
            let country = geocoder.locator.lookup(latitude, longitude)
            let region = country.flatMap { geocoder.firstLevelRegion(latitude: latitude, longitude: longitude, country: $0.code) }
            expected.append("\(country?.code ?? "-") \(region?.key ?? "-") \(region?.name ?? "-")")
        }
        #expect(expected[0].hasSuffix("Évora") && expected[1].hasSuffix("Santarém"), "\(expected)")
        func asked(_ areas: PlaceAreas, _ order: [Int]) -> [String] {
            var found = [String](repeating: "", count: points.count)
            for index in order {
                let (latitude, longitude) = points[index]
                let country = areas.country(latitude: latitude, longitude: longitude)
                let region = areas.region(latitude: latitude, longitude: longitude)
                found[index] = "\(country?.code ?? "-") \(region?.key ?? "-") \(region?.name ?? "-")"
            }
            return found
        }
        let forward = Array(points.indices), backward = forward.reversed().map { $0 }
        #expect(asked(PlaceAreas(), forward) == expected)
        #expect(asked(PlaceAreas(), backward) == expected)
        // Written by a first run, read by a second, in the other order.
        let first = PlaceAreas(memoFile: file)
        #expect(asked(first, forward) == expected)
        first.saveMemo()
        let written = try #require(FileManager.default.contents(atPath: file))
        #expect(asked(PlaceAreas(memoFile: file), backward) == expected)
        // Nothing new: not written again.
        let second = PlaceAreas(memoFile: file)
        #expect(asked(second, backward) == expected)
        second.saveMemo()
        #expect(FileManager.default.contents(atPath: file) == written)
        // The same file under another identity says nothing: its answers are looked up again.
        let identity = try #require(PlaceAreaMemo.identity(gazetteer: .bundled))
        var memo = try #require(written.withUnsafeBytes { PlaceAreaMemo.decode($0, identity: identity) })
        let wrong = PlaceAreaMemo.Answer(country: 0, region: PlaceAreaMemo.noRegion, stamp: memo.currentStamp)
        for point in memo.points.points { memo.points[point] = wrong }
        try Data(memo.encoded(identity: Array("program elsewhere".utf8))).write(to: URL(fileURLWithPath: file))
        #expect(asked(PlaceAreas(memoFile: file), forward) == expected)
    }

    @Test func theMemoFileIsInTheCacheFolderNamedByTheJournal() throws {
        let journal = "/home/someone/.local/share/places/places.json"
        let xdg = try #require(StorePath.areaMemo(journal: journal, environment: ["XDG_CACHE_HOME": "/c", "HOME": "/h"]))
        let home = try #require(StorePath.areaMemo(journal: journal, environment: ["XDG_CACHE_HOME": "relative", "HOME": "/h"]))
        let hash = String(FNV1a.hash(journal), radix: 16)
        #expect(xdg == "/c/places/" + String(repeating: "0", count: 16 - hash.count) + hash + ".areas")
        #expect(home.hasPrefix("/h/.cache/places/") && home.hasSuffix(".areas"))
        #expect(StorePath.areaMemo(journal: journal, environment: [:]) == nil)
        #expect(StorePath.areaMemo(journal: "/other/places.json", environment: ["HOME": "/h"]) != home)
        // FNV-1a's published values.
        #expect(FNV1a.hash("") == 0xcbf2_9ce4_8422_2325)
        #expect(FNV1a.hash("a") == 0xaf63_dc4c_8601_ec8c)
        // As 16 hex digits, the leading zeros kept (the photo and location-history keys are written so too).
        #expect(FNV1a.hex("a") == "af63dc4c8601ec8c")
        #expect(FNV1a.hex("k9000") == "00a93efcb6745273")
    }
}
