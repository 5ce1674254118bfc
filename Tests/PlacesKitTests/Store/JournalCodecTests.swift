import Foundation
import Testing
@testable import PlacesKit

@Suite struct JournalCodecTests {
    /// Places with awkward content: escapes, every control character, other scripts, emoji,
    /// extreme and integral coordinates, empty and missing fields.
    static func awkwardPlaces() -> [Location] {
        var generator = SystemRandomNumberGenerator()
        let strings = ["", "plain", "quote \" and backslash \\ and slash /", "line\nbreak\ttab\r\u{8}\u{C}",
                       String((0..<32).map { Character(Unicode.Scalar(UInt8($0))) }), "\u{7F} del", "Łódź, København, Straße",
                       "Москва 東京 🇯🇵 👩‍👩‍👧 \u{2028}\u{2029}", "e\u{301}", String(repeating: "long ", count: 200)]
        let numbers: [Double] = [0, -0.0, 1, -1, 51.501, -0.141, 90, -90, 180, -180, 0.00001, 1e-7, 12.3456789012345, 1.5e-10]
        // Fields a newer places or a person might add: every JSON shape, keys before, between and after ours.
        let extras: [[String: JSONFragment]] = [
            ["rating": .number(5)],
            ["Zebra": .string("first"), "é": .bool(true), "nothing": .null],
            ["address": .object(["street": .string("The Mall"), "lines": .array([.number(1.5), .array([]), .object([:])])])],
            ["aaa": .array([.string("x"), .null]), "zzz": .object([:]), "isbn": .number(-0.25), "photos": .array([])],
        ]
        var places: [Location] = []
        for index in 0..<200 {
            let date = Date(timeIntervalSince1970: Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &generator)))
            places.append(Location(
                id: UUID(), name: strings[index % strings.count], description: strings[(index * 7) % strings.count],
                latitude: numbers[index % numbers.count], longitude: numbers[(index * 3) % numbers.count],
                tags: Array(strings.prefix(index % 4)), visited: index % 3 == 0 ? date : nil,
                created: index % 5 == 0 ? nil : date, updated: index % 7 == 0 ? nil : date,
                extraFields: index % 6 == 0 ? extras[(index / 6) % extras.count] : [:]))
        }
        return places
    }

    @Test func encoderWritesExactlyWhatJSONEncoderWrites() throws {
        for places in [[], [Location.example], Self.awkwardPlaces()] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let reference = try encoder.encode(JournalDocument(version: 1, places: places)) + Data("\n".utf8)
            let fast = JournalCodec.encode(places)
            #expect(String(decoding: fast, as: UTF8.self) == String(decoding: reference, as: UTF8.self))
        }
    }

    @Test func arrayEncoderWritesExactlyWhatJSONEncoderWrites() throws {
        for places in [[], [Location.example], Self.awkwardPlaces()] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let reference = try encoder.encode(places)
            #expect(String(decoding: JournalCodec.encodeArray(places), as: UTF8.self) == String(decoding: reference, as: UTF8.self))
        }
    }

    @Test(arguments: [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF], [0x80]] as [[UInt8]])
    func invalidUTF8IsNotAcceptedSilently(sequence: [UInt8]) {
        let bytes = Array(#"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A"#.utf8) + sequence
            + Array(#"", "latitude": 1, "longitude": 2}]}"#.utf8)
        #expect(JournalCodec.decode(bytes) == nil)
        #expect(throws: JournalError.self) { try JournalStore.decode(bytes, path: "j.json") }
    }

    @Test func decoderReadsBackEveryField() throws {
        let places = Self.awkwardPlaces()
        let decoded = try #require(JournalCodec.decode(JournalCodec.encode(places)))
        #expect(!decoded.legacy)
        #expect(decoded.places.count == places.count)
        for (a, b) in zip(decoded.places, places) {
            #expect(a.hasSameContent(as: b) || (a.latitude.isZero && b.latitude.isZero && a.id == b.id), "\(a) vs \(b)")
        }
    }

    @Test func decoderAgreesWithJSONDecoderOnCompactAndLegacyForms() throws {
        let places = Self.awkwardPlaces()
        let compact = try JSONEncoder().encode(places)
        let fast = try #require(JournalCodec.decode(Array(compact)))
        let careful = try JSONDecoder().decode([Location].self, from: compact)
        #expect(fast.legacy)
        #expect(zip(fast.places, careful).allSatisfy { $0.hasSameContent(as: $1) })
    }

    @Test(arguments: [
        #"{"version": 2, "places": []}"#,
        #"{"places": []}"#,
        #"{"version": 1, "places": [{"id": "not-a-uuid", "name": "A", "latitude": 1, "longitude": 2}]}"#,
        #"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "latitude": "1", "longitude": 2}]}"#,
        #"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "name": "B", "latitude": 1, "longitude": 2}]}"#,
        #"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "latitude": 1, "longitude": 2}]}"#,
        #"{"version": 1, "places": []} trailing"#,
        #"{"version": 1, "places": [], }"#,
        "{\"version\": 1, \"places\": [{\"id\": \"5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b\", \"name\": \"A\u{1}\", \"latitude\": 1, \"longitude\": 2}]}",
        #"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "latitude": 1e999, "longitude": 2}]}"#,
    ])
    func anythingUnusualFallsBackToTheCarefulPath(text: String) {
        #expect(JournalCodec.decode(Array(text.utf8)) == nil)
    }

    @Test func unknownFieldsOfAPlaceAreKept() throws {
        let text = #"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "latitude": 1, "longitude": 2, "colour": "red", "stars": [1, true, null, {"x": "y"}]}]}"#
        let decoded = try #require(JournalCodec.decode(Array(text.utf8)))
        #expect(decoded.places.map(\.name) == ["A"])
        #expect(decoded.places[0].extraFields == ["colour": .string("red"), "stars": .array([.number(1), .bool(true), .null, .object(["x": .string("y")])])])
        let again = try #require(JournalCodec.decode(JournalCodec.encode(decoded.places)))
        #expect(again.places[0].extraFields == decoded.places[0].extraFields)
        // The careful path keeps them too.
        let careful = try JSONDecoder().decode(JournalDocument.self, from: Data(text.utf8))
        #expect(careful.places[0].extraFields == decoded.places[0].extraFields)
    }

    @Test(arguments: ["1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "2024-05-01T12:00:00Z", "1969-12-31T23:59:59Z", "2099-12-31T00:00:01Z"])
    func timestampsRoundTripAndAgreeWithTheFormatter(text: String) throws {
        let fast = try #require(FastTimestamp.parse(text))
        #expect(fast == (try Date.ISO8601FormatStyle().parse(text)))
        #expect(Timestamp.string(fast) == text)
    }

    @Test func impossibleDatesAreRejected() {
        #expect(FastTimestamp.parse("2023-02-29T00:00:00Z") == nil)
        #expect(FastTimestamp.parse("2024-13-01T00:00:00Z") == nil)
        #expect(FastTimestamp.parse("2024-05-01 12:00:00Z") == nil)
    }

    @Test func listingsCanLeaveDescriptionsOut() throws {
        let places = Self.awkwardPlaces()
        let bytes = JournalCodec.encode(places)
        let light = try #require(JournalCodec.decode(bytes, descriptions: false))
        #expect(light.places.allSatisfy { $0.description.isEmpty })
        #expect(zip(light.places, places).allSatisfy { $0.id == $1.id && $0.name == $1.name && $0.tags == $1.tags })
        // The same checks as a full read: a description that is not valid UTF-8 is still refused.
        let broken = Array(#"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "description": "x"#.utf8)
            + [0xFF] + Array(#"", "latitude": 1, "longitude": 2}]}"#.utf8)
        #expect(JournalCodec.decode(broken, descriptions: false) == nil)
        let escaped = #"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "description": "say \"hi\"\n", "latitude": 1, "longitude": 2}]}"#
        #expect(JournalCodec.decode(Array(escaped.utf8), descriptions: false)?.places.first?.name == "A")
    }
}
