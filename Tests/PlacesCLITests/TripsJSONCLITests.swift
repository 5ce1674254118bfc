import Foundation
import Testing

/// `trips --json` and `trips show N --json` are written directly, not through `JSONEncoder`: their bytes
/// must be the encoder's own, for trips with and without a name, a count of days, a country and notes,
/// and for text that must be escaped.
@Suite struct TripsJSONCLITests {
    /// A trip as `--json` shows it, decoded and encoded again by `JSONEncoder` as the command once did.
    struct Trip: Codable {
        struct Stop: Codable { var id: String; var name: String; var date: String; var note: String?; var country: String? }
        var number: Int
        var name: String?
        var start: String
        var end: String
        var days: Int?
        var countries: [String]
        var distanceKm: Double
        var stops: [Stop]
    }

    static func encoded<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func theBytesAreTheEncodersForEveryKindOfTrip() throws {
        try TravelsCLITests.withJournal { places in
            // A stop at sea (no country), notes and a name that must be escaped, slashes, non-Latin text.
            let text = try String(contentsOf: places.journal, encoding: .utf8)
            var document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
            var list = try #require(document["places"] as? [[String: Any]])
            list.append(TravelsCLITests.place("00000000-0000-4000-8000-0000000000a1", "Mid-Atlantic \"buoy\" / 7", 10.5, -35.25,
                                              visits: [["date": "2021-07-04", "note": "tab\there, back\\slash, 日本, \u{1}"]]))
            list.append(TravelsCLITests.place("00000000-0000-4000-8000-0000000000a2", "Ribeira", 41.1405, -8.6110,
                                              visits: [["date": "2021-07-05", "note": "line\nbreak"]]))
            document["places"] = list
            try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: places.journal)
            let named = try places.run(["trips", "name", "1", "Rom \"2018\" / ü"])
            #expect(named.status == 0, "\(named.stderr)")

            let all = try places.run(["trips", "--json"])
            #expect(all.status == 0, "\(all.stderr)")
            let trips = try JSONDecoder().decode([Trip].self, from: Data(all.stdout.utf8))
            #expect(trips.count >= 6)
            #expect(trips.contains { $0.name != nil } && trips.contains { $0.name == nil })
            #expect(trips.contains { $0.days == nil } && trips.contains { $0.days != nil })
            #expect(trips.contains { $0.stops.contains { $0.country == nil } })
            #expect(trips.contains { $0.stops.contains { $0.note != nil } })
            #expect(all.stdout == (try Self.encoded(trips)) + "\n")

            for trip in trips {
                let one = try places.run(["trips", "show", String(trip.number), "--json"])
                #expect(one.status == 0)
                #expect(one.stdout == (try Self.encoded(trip)) + "\n", "trip \(trip.number)")
            }
            // No trips: the encoder's empty list.
            let none = try places.run(["trips", "--country", "NZ", "--json"])
            #expect(none.stdout == (try Self.encoded([Trip]())) + "\n")
        }
    }
}
