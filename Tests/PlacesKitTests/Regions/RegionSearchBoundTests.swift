import Foundation
import Testing

@testable import PlacesGeo
@testable import PlacesKit

/// Region search passes over the lines whose score cannot reach the places already found, from their keys
/// alone: what it returns must be exactly what reading every line returns.
@Suite struct RegionSearchBoundTests {
    /// The matches as the search prints them: place, how it matched, by what key, at what score.
    static func described(_ matches: [GazetteerMatch]) -> [String] {
        matches.map { "\($0.entry.name)|\($0.entry.latitude)|\($0.entry.longitude)|\($0.entry.osm?.osmID ?? "")|\($0.quality)|\($0.matchedKey)|\($0.score)" }
    }

    /// Bounded and full searches of each query at each limit: the same matches; returns how many lines the
    /// bounded searches passed over.
    static func compare(_ gazetteer: Gazetteer, _ queries: [String], limits: [Int] = [1, 3, 10],
                        countries: [String?] = [nil]) -> (passed: Int, compared: Int) {
        var passed = 0, compared = 0
        for query in queries {
            for limit in limits {
                for country in countries {
                    var bounded = Gazetteer.RegionSearchTrace(), full = Gazetteer.RegionSearchTrace()
                    let a = gazetteer.regionMatches(query, limit: limit, country: country, bounded: true, trace: &bounded)
                    let b = gazetteer.regionMatches(query, limit: limit, country: country, bounded: false, trace: &full)
                    #expect(described(a) == described(b), "\(query), limit \(limit), country \(country ?? "-")")
                    #expect(full.passed == 0)
                    passed += bounded.passed
                    compared += 1
                }
            }
        }
        return (passed, compared)
    }

    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("region-bound-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A data folder with its regions folder, and a store for the features of a pack to write into it.
    static func packFolder() throws -> (directory: URL, features: RegionFeatureStore) {
        let directory = try temporaryDirectory()
        try FileManager.default.createDirectory(atPath: RegionStore.directory(dataDirectory: directory.path), withIntermediateDirectories: true)
        return (directory, RegionFeatureStore(directory: directory.path))
    }

    /// The cursor over a pack's prominent offsets answers as a binary search does, whatever order it is asked in.
    @Test func anAscendingCursorAnswersAsABinarySearch() {
        var generator = SplitMix(seed: 2_424)
        for _ in 0..<300 {
            let values = Array(Set((0..<Int.random(in: 0...60, using: &generator)).map { _ in Int.random(in: 0...400, using: &generator) })).sorted()
            var cursor = Gazetteer.AscendingCursor()
            for _ in 0..<8 {
                // Runs that ascend, as a key's lines do, each starting anywhere.
                var value = Int.random(in: -5...400, using: &generator)
                for _ in 0..<Int.random(in: 1...30, using: &generator) {
                    #expect(cursor.contains(value, in: values) == (Gazetteer.binarySearch(values, value) != nil), "\(values) \(value)")
                    value += Int.random(in: 0...40, using: &generator)
                }
            }
        }
    }

    @Test func theFixturePacksGiveWhatReadingEveryLineGives() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("PlacesCLITests/Fixtures/osm")
        for name in ["monaco", "kotka", "new-york-columbus-circle"] {
            _ = try RegionStore.add(file: fixtures.appendingPathComponent(name + ".osm.pbf").path, name: name, replace: false,
                                    dataDirectory: directory.path, gazetteer: .bundled)
        }
        let gazetteer = try Gazetteer.current(dataDirectory: directory.path)
        try #require(gazetteer.regionPacks.count == 3)
        #expect(gazetteer.regionPacks.allSatisfy { $0.prominentOffsets() != nil })
        // Names of many places, streets with their addresses, exact names, prefixes, postcodes, qualifiers,
        // typos and a kind word: each reads its lines in another way.
        let queries = ["Rue Grimaldi", "Boulevard", "Avenue", "Rue", "Café de Paris", "Cafe de Parsi", "98000", "Monaco",
                       "Kotka", "Broadway", "Columbus Circle", "12 Rue Grimaldi", "Rue Grimaldi 12", "Boulangerie",
                       "Café de Paris, Monaco", "Rue, MC", "Hotel Hermitage", "Pharmacie", "Parking", "Kauppakatu",
                       "Central Park", "West 5", "Ka", "Av", "Boulevard d'Italie 39,41", "Restaurant", "Hermitage Hotel"]
        let result = Self.compare(gazetteer, queries, countries: [nil, "MC", "FI"])
        #expect(result.compared == queries.count * 9)
        // Street names and prefixes shared by hundreds of addresses: most of their lines go unread.
        #expect(result.passed > 100)
    }

    /// A pack made to test the bound at its edges: an address and a town of one name, hundreds of addresses
    /// of one street that tie, towns just below and above the bound, and twins at one spot.
    @Test func builtEdgeCasesGiveWhatReadingEveryLineGives() throws {
        let (directory, features) = try Self.packFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        var id = 0
        func add(_ name: String, kind: GazetteerEntry.Kind = .poi, at latitude: Double, _ longitude: Double,
                 street: String = "", number: String = "", population: Int = 0, osmID: String? = nil) throws {
            id += 1
            var feature = RegionPackWriterTests.feature(name, latitude: latitude, longitude: longitude, street: street, number: number)
            feature.osmID = osmID ?? "n\(id)"
            feature.kind = kind
            if name.isEmpty { feature.names = [] }
            feature.population = population
            try features.append(feature)
        }
        // 40 copies of one street, 3 km apart, each with addresses 1…12 (tying at one score) and the street itself.
        for copy in 0..<40 {
            let latitude = 43.0 + Double(copy) * 0.03
            try add("Rue Grimaldi", kind: .street, at: latitude, 7.42)
            for number in 1...12 {
                try add("", kind: .address, at: latitude + Double(number) * 0.0001, 7.42, street: "Rue Grimaldi", number: String(number))
            }
            // A shop named after the street, and its building at the same spot (twins: one shows).
            try add("Rue Grimaldi Fleurs", at: latitude, 7.43)
            try add("Rue Grimaldi Fleurs", at: latitude + 0.00001, 7.43, osmID: "w\(copy)")
        }
        // Towns named like the street: one well below the bound, one at it, one above (listed as prominent).
        try add("Rue Grimaldi Village", kind: .city, at: 44.5, 7.5, population: 900)
        try add("Rue Grimaldi Bourg", kind: .city, at: 44.6, 7.5, population: 17_783)
        try add("Rue Grimaldi City", kind: .city, at: 44.7, 7.5, population: 2_000_000)
        // An address far down the key order but early in the lines' order (south): it must still win its tie.
        try add("", kind: .address, at: 40.0, 7.0, street: "Rue Grimaldi", number: "99")
        var compiler = RegionCompiler()
        let path = RegionStore.path(of: "edge", dataDirectory: directory.path)
        try RegionPackWriter.write(name: "edge", source: "edge.osm", compiler: &compiler, features: features, to: path)
        let gazetteer = try Gazetteer.current(dataDirectory: directory.path)
        try #require(gazetteer.regionPacks.count == 1)
        let pack = gazetteer.regionPacks[0]
        // The two larger towns are listed (the one at 17,783 people reaches an address's importance), not the village.
        let prominent = try #require(pack.prominentOffsets())
        #expect(prominent.count == 2)
        #expect(prominent.map { pack.entry(at: $0).name }.sorted() == ["Rue Grimaldi Bourg", "Rue Grimaldi City"])
        let queries = ["Rue Grimaldi", "rue grimaldi 1", "Rue Grimaldi 99", "99 Rue Grimaldi", "Rue Grimaldi Fleurs", "Rue",
                       "Rue Grimaldi City", "Rue Grim", "Rue Grimaldi, Monaco", "Rue Grimaldy"]
        let result = Self.compare(gazetteer, queries, limits: [1, 2, 3, 10, 25, 300, 600], countries: [nil, "MC"])
        #expect(result.passed > 1000)
        // Past the 40 streets, the large town, then the town at the bound, then the first address of the
        // pack's order leads the tie of 481 addresses, though its key ("rue grimaldi 99") sorts last.
        let top = gazetteer.regionMatches("Rue Grimaldi", limit: 43)
        #expect(top.prefix(40).allSatisfy { $0.entry.name == "Rue Grimaldi" && $0.quality == .exact })
        #expect(top.dropFirst(40).map(\.entry.name).prefix(2) == ["Rue Grimaldi City", "Rue Grimaldi Bourg"])
        #expect(top.last?.entry.latitude == 40.0)
    }

    @Test func aPackThatListsNoProminentPlacesIsReadWhole() throws {
        let (directory, features) = try Self.packFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        for number in 1...60 {
            var feature = RegionPackWriterTests.feature("", latitude: 43 + Double(number) * 0.001, longitude: 7.42, street: "Rue Basse", number: String(number))
            feature.names = []
            feature.kind = .address
            feature.osmID = "n\(number)"
            try features.append(feature)
        }
        var compiler = RegionCompiler()
        let path = RegionStore.path(of: "old", dataDirectory: directory.path)
        try RegionPackWriter.write(name: "old", source: "old.osm", compiler: &compiler, features: features, to: path)
        // The pack as written before packs listed their prominent places: its info without the line.
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let lines = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
        var sizes = String(decoding: lines[1], as: UTF8.self).split(separator: "\t").dropFirst().compactMap { Int($0) }
        let bodyStart = lines[0].count + lines[1].count + 2
        let info = String(decoding: bytes[bodyStart..<(bodyStart + sizes[0])], as: UTF8.self)
        let line = try #require(info.split(separator: "\n").first { $0.hasPrefix("prominentPlaces\t") })
        let kept = Array(info.replacingOccurrences(of: line + "\n", with: "").utf8)
        sizes[0] = kept.count
        bytes = Array((String(decoding: lines[0], as: UTF8.self) + "\nsections\t" + sizes.map(String.init).joined(separator: "\t") + "\n").utf8)
            + kept + bytes[(bodyStart + Int(info.utf8.count))...]
        try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        let gazetteer = try Gazetteer.current(dataDirectory: directory.path)
        try #require(gazetteer.regionPacks.count == 1)
        #expect(gazetteer.regionPacks[0].prominentOffsets() == nil)
        let result = Self.compare(gazetteer, ["Rue Basse", "Rue Basse 1"])
        #expect(result.passed == 0)
        #expect(gazetteer.regionMatches("Rue Basse", limit: 3).count == 3)
    }

    /// A name's first 300 places in the pack's order are all it gives the ranking, read outright or through a
    /// typo: a large town of that name after 300 cafés is left out, after 299 it leads.
    @Test func aNameGivesItsFirstThreeHundredPlaces() throws {
        let (directory, features) = try Self.packFolder()
        defer { try? FileManager.default.removeItem(at: directory) }
        var id = 0
        for (name, cafés) in [("Zedwick", Gazetteer.regionPlacesRankedPerName), ("Yarrowby", Gazetteer.regionPlacesRankedPerName - 1)] {
            // The cafés lie south of the town in one cell: their lines, and so their entries of the name, come first.
            for number in 0...cafés {
                id += 1
                let isTown = number == cafés
                var feature = RegionPackWriterTests.feature(name, latitude: 43.1 + Double(number) * 0.001, longitude: name == "Zedwick" ? 7.2 : 7.6)
                feature.osmID = "n\(id)"
                feature.kind = isTown ? .city : .poi
                feature.population = isTown ? 500_000 : 0
                try features.append(feature)
            }
        }
        var compiler = RegionCompiler()
        try RegionPackWriter.write(name: "cap", source: "cap.osm", compiler: &compiler, features: features,
                                   to: RegionStore.path(of: "cap", dataDirectory: directory.path))
        let gazetteer = try Gazetteer.current(dataDirectory: directory.path)
        try #require(gazetteer.regionPacks.count == 1)
        for query in ["Zedwick", "Zedwik", "Yarrowby", "Yarowby"] {
            let found = gazetteer.regionMatches(query, limit: 5)
            #expect(found.count == 5, "\(query)")
            #expect(found.contains { $0.entry.kind == .city } == query.hasPrefix("Y"), "\(query)")
            #expect(found.first?.quality == (query == "Zedwick" || query == "Yarrowby" ? .exact : .fuzzy), "\(query)")
        }
        _ = Self.compare(gazetteer, ["Zedwick", "Zedwik", "Yarrowby", "Yarowby"], limits: [1, 5, 40])
    }

    /// A pack's list of prominent offsets is read whole or not at all: anything but ascending numbers
    /// separated by single commas makes the search read every line.
    @Test(arguments: [("", [Int]?.some([])), ("7", [7]), ("1,20,300", [1, 20, 300]), ("1,20,", nil), (",1", nil),
                      ("1,,2", nil), ("2,1", nil), ("1,1", nil), ("1,+2", nil), ("1, 2", nil), ("x", nil)])
    func offsetListsAreReadWholeOrNotAtAll(list: String, offsets: [Int]?) {
        #expect(RegionPack.ascendingOffsets(list) == offsets)
    }
}
