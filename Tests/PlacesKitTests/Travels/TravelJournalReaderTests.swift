import Foundation
import Testing
@testable import PlacesJournal
@testable import PlacesKit
@testable import PlacesTravels
import PlacesTestSupport

/// The travel commands' own reader of the journal (``TravelJournalReader``) reads what the full read
/// reads: the same places, visits in the same order with the same notes, the same trip names; and what it
/// does not take as plainly valid it declines, so the full read accepts or refuses it in its own words.
@Suite struct TravelJournalReaderTests {
    static let notes = ["with Sam", "a \"quoted\" word", "back\\slash", "two\nlines", "tab\there", "café ☕️", "日本",
                        "🏯 castle", "\u{1}control", "/slash/"]

    /// Seeded places with every shape of visit: days, months, years and instants (several on one day),
    /// notes with escapes, sources, places with one plain visit (written as `visited` alone) and none.
    static func places(seed: UInt64, count: Int, years: ClosedRange<Int>) -> [Location] {
        var random = SplitMix(seed: seed)
        func next(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }
        var places: [Location] = []
        for index in 0..<count {
            var visits: [Visit] = []
            for _ in 0..<next(9) {
                let year = years.lowerBound + next(years.count), month = 1 + next(12), day = 1 + next(28)
                let date: VisitDate
                switch next(10) {
                case 0: date = .year(year)
                case 1: date = .month(year: year, month: month)
                case 2, 3:
                    // Instants on a few days only, so that one day holds several.
                    let first = VisitDate.dayNumber(year: year, month: 1 + next(2), day: 1 + next(3))
                    date = .instant(Date(timeIntervalSince1970: Double(first * 86_400 + next(4) * 21_600 + next(3))))
                default: date = .day(year: year, month: month, day: day)
                }
                visits.append(Visit(date: date, note: next(4) == 0 ? notes[next(notes.count)] : nil,
                                    source: next(5) == 0 ? "photos:\(index)" : nil))
            }
            if index % 7 == 3 { visits = [Visit(date: .day(year: years.lowerBound, month: 5, day: 1 + index % 28))] }
            let latitude = (Double(next(18_000_000)) - 9_000_000) / 100_000
            let longitude = index % 11 == 5 ? 1.0 / 3 : index % 13 == 6 ? 1e-7 : (Double(next(36_000_000)) - 18_000_000) / 100_000
            let tags = [[], ["home"], ["food", "Trip 2020"], ["ünïcode"]][next(4)]
            places.append(Location(name: "Place \(index)" + (index % 5 == 0 ? " " + notes[next(notes.count)] : ""),
                                   description: index % 3 == 0 ? "about \(notes[next(notes.count)])" : "",
                                   latitude: latitude, longitude: longitude, tags: tags, visits: visits,
                                   created: index % 9 == 0 ? nil : Date(timeIntervalSince1970: Double(1_500_000_000 + next(100_000_000))),
                                   updated: Date(timeIntervalSince1970: Double(1_600_000_000 + next(100_000_000)))))
        }
        return places
    }

    /// A journal's bytes as `places` writes it, with trip names.
    static func journal(_ places: [Location]) -> [UInt8] {
        var names = TripNames()
        for place in places.prefix(20) { if let first = place.visits.first { names.names.append((.init(place: place.id, date: first.date), "Trip of \(place.name)")) } }
        return JournalCodec.encode(places, members: names.fragment.map { [TripNames.member: $0] } ?? [:])
    }

    /// The same JSON without the whitespace between tokens.
    static func compact(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [], inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == 0x20 || byte == 0x0A {
                continue
            }
            out.append(byte)
        }
        return out
    }

    /// The reader reads `bytes` as the full read does.
    func expectSameRead(_ bytes: [UInt8], _ comment: Comment) throws {
        let full = try JournalStore.decode(bytes, path: "places.json", descriptions: false)
        let expected = TravelLog(full.places)
        let lean = try #require(bytes.withUnsafeBufferPointer { TravelJournalReader.read($0) }, comment)
        #expect(lean.log.places.count == full.places.count, comment)
        for (mine, theirs) in zip(lean.log.places, full.places) {
            #expect(mine.id == theirs.id && mine.name == theirs.name && mine.tags == theirs.tags && mine.created == theirs.created, comment)
            #expect(mine.latitude.bitPattern == theirs.latitude.bitPattern && mine.longitude.bitPattern == theirs.longitude.bitPattern, comment)
        }
        #expect(lean.log.entries == expected.entries, comment)
        #expect(lean.log.entries.map { lean.log.note($0) } == expected.entries.map { expected.note($0) }, comment)
        #expect(TripNames(members: lean.members) == TripNames(members: full.members), comment)
        let places = try #require(bytes.withUnsafeBufferPointer { TravelJournalReader.readPlaces($0) }, comment)
        #expect(places.map(\.id) == full.places.map(\.id) && places.map(\.tags) == full.places.map(\.tags), comment)
        #expect(places.map(\.visits) == full.places.map { $0.visits.map { Visit(date: $0.date, note: $0.note) } }, comment)
    }

    @Test func readsWhatTheFullReadReads() throws {
        for (seed, years) in [(UInt64(1), 2000...2024), (2, 1...9999), (3, 2019...2019)] {
            let places = Self.places(seed: seed, count: 150, years: years)
            #expect(places.contains { $0.visits.contains { $0.date.precision == .instant } } && places.contains { $0.visits.isEmpty })
            let bytes = Self.journal(places)
            #expect(try TripNames(members: JournalStore.decode(bytes, path: "places.json").members)?.names.count ?? 0 > 5)
            try expectSameRead(bytes, "seed \(seed)")
            try expectSameRead(Self.compact(bytes), "seed \(seed), compact")
        }
        // No places, no visits.
        try expectSameRead(Self.journal(Self.places(seed: 4, count: 30, years: 2020...2020).map { place in
            var copy = place
            copy.visits = []
            return copy
        }), "no visits")
    }

    @Test func theLogOrdersInstantsWithinADayByTheirMoment() {
        // Many instants on few days beside days, months and years starting on them: the counting pass over
        // days, and the sort of a day's instants, give the order of the starts, ties in journal order.
        let places = Self.places(seed: 9, count: 400, years: 2020...2021)
        let log = TravelLog(places)
        var expected: [(place: Int, visit: Int, start: Date)] = []
        for (p, place) in places.enumerated() {
            for (v, visit) in place.visits.enumerated() { expected.append((p, v, visit.date.start)) }
        }
        let order = expected.indices.sorted { expected[$0].start != expected[$1].start ? expected[$0].start < expected[$1].start : $0 < $1 }
        #expect(log.entries.map { [$0.place, $0.visit] } == order.map { [expected[$0].place, expected[$0].visit] })
    }

    /// Journals the reader declines, each accepted by the full read: another tool's member, a name with
    /// escapes, visits out of date order, a number the scanner reads (an exponent, many digits).
    @Test func declinesWhatItDoesNotTakeAsPlainlyValid() throws {
        let dir = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = JournalStore(path: dir.appendingPathComponent("places.json").path)
        let id = "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b"
        func journal(_ place: String) -> String { "{\"version\": 2, \"places\": [{\"id\": \"\(id)\", \(place)}]}" }
        let declined = [
            journal("\"name\": \"A\", \"latitude\": 1, \"longitude\": 2, \"rating\": 5"),
            journal("\"name\": \"A\", \"latitude\": 1, \"longitude\": 2, \"visits\": [{\"date\": \"2020-01-01\", \"mood\": \"sunny\"}]"),
            journal("\"n\\u0061me\": \"A\", \"latitude\": 1, \"longitude\": 2"),
            journal("\"name\": \"A\", \"latitude\": 1, \"longitude\": 2, \"visits\": [{\"date\": \"2020-01-02\"}, {\"date\": \"2020-01-01\"}]"),
            journal("\"name\": \"A\", \"latitude\": 1, \"longitude\": 2, \"visits\": [{\"date\": \"2020-01-01\"}, {\"date\": \"2020\"}]"),
            journal("\"name\": \"A\", \"latitude\": 1, \"longitude\": 2, \"visits\": [{\"date\": \"2020-01-01T10:00:00Z\"}, {\"date\": \"2020-01-01T09:00:00Z\"}]"),
        ]
        for text in declined {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { TravelJournalReader.read($0) } == nil, "\(text)")
            #expect(bytes.withUnsafeBufferPointer { TravelJournalReader.readPlaces($0) } == nil, "\(text)")
            try Data(bytes).write(to: URL(fileURLWithPath: store.path))
            let full = try store.loadWithoutDescriptions()
            let read = try store.loadTravelLog()
            #expect(read.log.entries == TravelLog(full).entries && read.log.places.map(\.name) == full.map(\.name), "\(text)")
            #expect(try store.loadWithoutDetails().map(\.visits) == full.map(\.visits), "\(text)")
        }
        // Numbers the journal does not write itself are the scanner's, read to the same value.
        for number in ["1e1", "-0", "0.1234567890123456789", "12345678901234567", "-1.5E-3", "0"] {
            let bytes = Array(journal("\"name\": \"A\", \"latitude\": \(number), \"longitude\": 2").utf8)
            let full = try JournalStore.decode(bytes, path: "places.json", descriptions: false).places
            let lean = try #require(bytes.withUnsafeBufferPointer { TravelJournalReader.read($0) })
            #expect(lean.log.places.map(\.latitude.bitPattern) == full.map(\.latitude.bitPattern), "\(number)")
        }
    }

    /// Damaged journals (cut short, a byte changed): the reader declines every one the full read refuses,
    /// whose words the travel commands then give, and reads any it takes as the full read does.
    @Test func damagedJournalsAreDeclinedAndRefusedInTheFullReadsWords() throws {
        let bytes = Self.compact(Self.journal(Self.places(seed: 5, count: 12, years: 2018...2020)))
        var random = SplitMix(seed: 6)
        let dir = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = JournalStore(path: dir.appendingPathComponent("places.json").path)
        var refused = 0, checked = 0
        let replacements: [UInt8] = Array("\"\\{}[],:0-9.eE \u{7}xn".utf8) + [0xC3, 0xFF]
        for round in 0..<400 {
            var damaged = bytes
            let position = Int(random.next() % UInt64(bytes.count))
            if round % 4 == 0 {
                damaged.removeSubrange(position...)
            } else {
                damaged[position] = replacements[Int(random.next() % UInt64(replacements.count))]
            }
            let lean = damaged.withUnsafeBufferPointer { TravelJournalReader.read($0) }
            guard (try? JournalStore.decode(damaged, path: "places.json", descriptions: false)) != nil else {
                refused += 1
                #expect(lean == nil, "round \(round): the full read refuses what the reader took")
                #expect(damaged.withUnsafeBufferPointer { TravelJournalReader.readPlaces($0) } == nil, "round \(round)")
                if refused % 8 == 1 {
                    // Through the store: the travel read and the stats read fail with the full read's words.
                    try Data(damaged).write(to: URL(fileURLWithPath: store.path))
                    let words = Self.failure { _ = try store.load() }
                    #expect(words != nil && Self.failure { _ = try store.loadTravelLog() } == words, "round \(round)")
                    #expect(Self.failure { _ = try store.loadWithoutDetails() } == words, "round \(round)")
                    checked += 1
                }
                continue
            }
            if lean != nil { try expectSameRead(damaged, "round \(round)") }
        }
        #expect(refused > 150 && checked > 15, "refused \(refused), checked through the store \(checked)")
    }

    /// What `body` throws, as words; `nil` when it throws nothing.
    static func failure(_ body: () throws -> Void) -> String? {
        do { try body(); return nil } catch { return (error as? ExplainedError)?.message ?? "\(error)" }
    }
}
