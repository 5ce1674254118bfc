import Foundation
import Testing
@testable import PlacesCore
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
        // Nested members are in key order: JSONEncoder, the reference, sorts them (the journal keeps
        // them as written, see `unknownValuesKeepTheirExactText`).
        func json(_ text: String) -> JSONFragment { try! JSONFragment(json: text) }
        let extras: [[String: JSONFragment]] = [
            ["rating": json("5")],
            ["Zebra": json(#""first""#), "é": json("true"), "nothing": json("null")],
            ["address": json(#"{"lines": [1.5, [], {}], "street": "The Mall \"A\"\n"}"#)],
            ["aaa": json(#"["x", null]"#), "zzz": json("{}"), "isbn": json("-0.25"), "photos": json("[]")],
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
            // Every fourth place has visits the `visited` field alone cannot say: partial dates,
            // notes, sources and unknown members of a visit.
            if index % 4 == 1 {
                places[index].visits = [
                    Visit(date: .year(1000 + index), note: strings[index % strings.count]),
                    Visit(date: .month(year: 2024, month: 1 + index % 12), source: "photos:\(index)"),
                    Visit(date: VisitDate(date), note: index % 8 == 1 ? nil : "a \"note\"",
                          extraFields: index % 8 == 1 ? extras[(index / 8) % extras.count] : [:]),
                ]
            }
        }
        return places
    }

    /// The journal's document as `JSONEncoder` would write it: the reference for the fast writer.
    struct Document: Encodable {
        var version: Int
        var places: [Location]
        init(places: [Location]) {
            self.places = places
            version = JournalCodec.version(for: places)
        }
    }

    @Test func encoderWritesExactlyWhatJSONEncoderWrites() throws {
        for places in [[], [Location.example], Self.awkwardPlaces()] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let reference = try encoder.encode(Document(places: places)) + Data("\n".utf8)
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
        try expectSamePlaces(decoded.places, places)
    }

    @Test func decoderAgreesWithJSONDecoderOnCompactAndLegacyForms() throws {
        let places = Self.awkwardPlaces()
        // Sorted keys: JSONEncoder otherwise writes an object's members in no fixed order, and a
        // kept value is kept in the order it was written.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let compact = try encoder.encode(places)
        let fast = try #require(JournalCodec.decode(Array(compact)))
        let careful = try JSONDecoder().decode([Location].self, from: compact)
        #expect(fast.legacy)
        try expectSamePlaces(fast.places, careful)
    }

    /// Each refusal of the fast reader, with what the careful path tells the person.
    @Test(arguments: [
        (#"{"version": 3, "places": []}"#, "newer version 3"),
        (#"{"places": []}"#, #"the top level has no "version""#),
        (#"{"version": 1}"#, #"the top level has no "places""#),
        (#"{"version": 0, "places": []}"#, "version 0 is not a journal version (this program reads versions 1 to 2)"),
        (#"{"version": 1, "places": [{"id": "not-a-uuid", "name": "A", "latitude": 1, "longitude": 2}]}"#,
         "places[0].id is not an id such as 5A3B1F0E-7C2D-4E8A-9B6F-1D2C3E4F5A6B"),
        (#"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "latitude": "1", "longitude": 2}]}"#,
         "places[0].latitude is not a number"),
        (#"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "name": "B", "latitude": 1, "longitude": 2}]}"#,
         #"places[0] has "name" twice"#),
        (#"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "latitude": 1, "longitude": 2}]}"#,
         #"places[0] has no "name""#),
        (#"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": null, "latitude": 1, "longitude": 2}]}"#,
         "places[0].name is null where a string is needed"),
        (#"[{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "latitude": 1, "longitude": 2, "visited": "soon"}]"#,
         #"[0].visited: visited "soon" is not an ISO 8601 date such as 2024-05-01T12:00:00Z"#),
        (#"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "latitude": 1, "longitude": 2, "tags": [1]}]}"#,
         "places[0].tags is not a list of strings"),
        (#"{"version": 1, "places": []} trailing"#, "unexpected text after the JSON value at line 1, column 30"),
        (#"{"version": 1, "places": [], }"#, "expected a quoted member name in an object at line 1, column 30"),
        ("{\"version\": 1, \"places\": [{\"id\": \"5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b\", \"name\": \"A\u{1}\", \"latitude\": 1, \"longitude\": 2}]}",
         "a control character (such as a raw line break) inside a string: write it as \\n at line 1, column 84"),
        (#"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "latitude": 1e999, "longitude": 2}]}"#,
         "the number 1e999 is out of range at line 1, column 99"),
        (#"{"version": 01, "places": []}"#, "a number cannot have leading zeros at line 1, column 13"),
    ])
    func anythingUnusualFallsBackToTheCarefulPath(text: String, reason: String) {
        #expect(JournalCodec.decode(Array(text.utf8)) == nil)
        #expect { try JournalStore.decode(Array(text.utf8), path: "j.json") } throws: { error in
            guard let error = error as? JournalError else { return false }
            if case .newerVersion(_, let version, _) = error { return reason == "newer version \(version)" }
            guard case .unreadable(let path, let actual, _) = error else { return false }
            #expect(actual == reason)
            return path == "j.json"
        }
    }

    @Test func unknownFieldsOfAPlaceAreKept() throws {
        let text = #"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "latitude": 1, "longitude": 2, "colour": "red", "stars": [1, true, null, {"x": "y"}]}]}"#
        let decoded = try #require(JournalCodec.decode(Array(text.utf8)))
        #expect(decoded.places.map(\.name) == ["A"])
        #expect(decoded.places[0].extraFields == ["colour": try JSONFragment(json: #""red""#),
                                                  "stars": try JSONFragment(json: #"[1, true, null, {"x": "y"}]"#)])
        #expect(decoded.places[0].extraFields["stars"]?.text == #"[1,true,null,{"x":"y"}]"#)
        let again = try #require(JournalCodec.decode(JournalCodec.encode(decoded.places)))
        #expect(again.places[0].extraFields == decoded.places[0].extraFields)
    }

    /// Numbers, escapes and member order in fields this version does not know are written back
    /// exactly as they were read: only the layout changes.
    @Test func unknownValuesKeepTheirExactText() throws {
        let values = [#"12345678901234567891"#, "1.0", "-0.0", "1E+2", "1e400", #""\ud800 lone""#, #""\u00e9\/""#,
                      #"{"z": 1, "a": [2.50, {"m": null}]}"#, "[]", "{}"]
        for value in values {
            let text = #"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "latitude": 1, "longitude": 2, "x": "#
                + value + "}], \"later\": " + value + "}"
            let decoded = try #require(JournalCodec.decode(Array(text.utf8)), "\(value)")
            let expected = try JSONFragment(json: value)
            #expect(decoded.places[0].extraFields["x"] == expected)
            #expect(decoded.members == ["later": expected])
            let written = JournalCodec.encode(decoded.places, members: decoded.members)
            let again = try #require(JournalCodec.decode(written))
            #expect(again.places[0].extraFields["x"] == expected)
            #expect(again.members == ["later": expected])
            let compactWritten = try JSONFragment(json: String(decoding: written, as: UTF8.self)).text
            #expect(compactWritten.contains(#""x":"# + expected.text), "\(compactWritten)")
        }
    }

    /// Top-level members this version does not know are kept, in key order around ours.
    @Test func unknownTopLevelMembersAreKept() throws {
        let text = #"{"app": {"theme": "dark"}, "version": 1, "places": [], "zone": 1.50}"#
        let decoded = try #require(JournalCodec.decode(Array(text.utf8)))
        #expect(decoded.members.keys.sorted() == ["app", "zone"])
        let written = String(decoding: JournalCodec.encode([], members: decoded.members), as: UTF8.self)
        #expect(written == "{\n  \"app\" : {\n    \"theme\" : \"dark\"\n  },\n  \"places\" : [\n\n  ],\n  \"version\" : 1,\n  \"zone\" : 1.50\n}\n")
    }

    @Test(arguments: ["1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "2024-05-01T12:00:00Z", "1969-12-31T23:59:59Z", "2099-12-31T00:00:01Z"])
    func timestampsRoundTripAndAgreeWithTheFormatter(text: String) throws {
        let fast = try #require(FastTimestamp.parse(text))
        #expect(fast == (try Date.ISO8601FormatStyle().parse(text)))
        #expect(Timestamp.string(fast) == text)
    }

    /// The journal's numbers are written from their digits when they are decimals of up to six places;
    /// the text must be exactly what `description` (the shortest round-tripping form) gives, or the
    /// integer for whole values, for every value, whichever way it is written.
    @Test func numbersAreWrittenAsTheirShortestText() {
        var generator = SystemRandomNumberGenerator()
        func reference(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? (value == 0 && value.sign == .minus ? "-0" : String(Int64(value))) : value.description
        }
        var values: [Double] = [0.001, -0.001, 0.0015, 0.000999, 999_999_999.999999, 1e9 + 0.5, 0.1, 0.3, 2.675, -57.4379, 155.34624, 1e-7]
        for _ in 0..<100_000 {
            let places = Int.random(in: 1...7, using: &generator)
            let scale = [1.0, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7][places]
            let whole = [Double.random(in: -180...180, using: &generator), Double.random(in: -1e10...1e10, using: &generator),
                         Double.random(in: -1...1, using: &generator)][Int.random(in: 0..<3, using: &generator)]
            values.append((whole * scale).rounded() / scale)
            values.append(Double.random(in: -400...400, using: &generator))
        }
        var mismatches: [String] = []
        for value in values {
            var out: [UInt8] = []
            JSONText.appendNumber(value, to: &out)
            let written = String(decoding: out, as: UTF8.self)
            if written != reference(value) { mismatches.append("\(reference(value)) written as \(written)") }
            #expect(Double(written) == value)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// The journal's timestamps written from their digits agree with the ISO 8601 formatter (from
    /// 1600, where its calendar is the proleptic Gregorian one the journal uses).
    @Test func timestampsAreWrittenAsTheFormatterWritesThem() {
        var generator = SystemRandomNumberGenerator()
        let style = Date.ISO8601FormatStyle(timeZone: .gmt)
        for _ in 0..<5_000 {
            let date = Date(timeIntervalSince1970: Double(Int64.random(in: -11_676_096_000...253_402_300_799, using: &generator)))
            var out: [UInt8] = []
            FastTimestamp.append(date, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == date.formatted(style))
        }
    }

    /// Every byte value at every position of a timestamp, against a byte-at-a-time reading of the
    /// same rules: the reader checks eight bytes at a time, so one wrong byte in any lane must fail
    /// the whole date, and a right one must count as its own digit.
    @Test func everyByteAtEveryPositionOfATimestampIsReadAsTheRulesSay() {
        func reference(_ bytes: [UInt8]) -> Date? {
            let layout = Array("0000-00-00T00:00:00Z".utf8)
            guard bytes.count == 20 else { return nil }
            var digits: [Int] = []
            for (byte, expected) in zip(bytes, layout) {
                if expected == UInt8(ascii: "0") {
                    guard (0x30...0x39).contains(byte) else { return nil }
                    digits.append(Int(byte) - 0x30)
                } else if byte != expected {
                    return nil
                }
            }
            let year = digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3]
            let (month, day) = (digits[4] * 10 + digits[5], digits[6] * 10 + digits[7])
            let (hour, minute, second) = (digits[8] * 10 + digits[9], digits[10] * 10 + digits[11], digits[12] * 10 + digits[13])
            guard (1...12).contains(month), day >= 1, day <= FastTimestamp.daysInMonth(month, year: year),
                  hour < 24, minute < 60, second < 60 else { return nil }
            let days = FastTimestamp.daysSince1970(year: year, month: month, day: day)
            return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
        }
        var checked = 0
        for template in ["2024-02-29T23:59:59Z", "1969-12-31T00:00:00Z", "0001-01-01T12:34:56Z", "9999-12-31T23:59:59Z"] {
            let bytes = Array(template.utf8)
            #expect(bytes.withUnsafeBufferPointer(FastTimestamp.parse) == reference(bytes))
            #expect(reference(bytes) != nil)
            for position in bytes.indices {
                for byte in UInt8.min...UInt8.max {
                    var changed = bytes
                    changed[position] = byte
                    let date = changed.withUnsafeBufferPointer(FastTimestamp.parse)
                    #expect(date == reference(changed), "\(byte) at \(position) of \(template)")
                    checked += 1
                }
            }
        }
        #expect(checked == 4 * 20 * 256)
        // The day and the whole text as tables and the journal write them.
        let date = Date(timeIntervalSince1970: 1_714_564_800)
        #expect(Timestamp.string(date) == "2024-05-01T12:00:00Z" && Timestamp.day(date) == "2024-05-01")
        let farFuture = Date(timeIntervalSince1970: 253_402_300_800 + 86_400)
        #expect(Timestamp.string(farFuture) == FastTimestamp.outsideFourDigitYears(farFuture))
        #expect(Timestamp.day(farFuture) == String(FastTimestamp.outsideFourDigitYears(farFuture).prefix(10)))
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
        #expect(light.places.count == places.count)
        #expect(light.places.allSatisfy { $0.description.isEmpty })
        try expectSamePlaces(light.places, places.map { var place = $0; place.description = ""; return place })
        // The same checks as a full read: a description that is not valid UTF-8 is still refused.
        let broken = Array(#"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "description": "x"#.utf8)
            + [0xFF] + Array(#"", "latitude": 1, "longitude": 2}]}"#.utf8)
        #expect(JournalCodec.decode(broken, descriptions: false) == nil)
        let escaped = #"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "description": "say \"hi\"\n", "latitude": 1, "longitude": 2}]}"#
        #expect(JournalCodec.decode(Array(escaped.utf8), descriptions: false)?.places.first?.name == "A")
        // A lone surrogate in a description is refused by a listing as by a full read.
        let lone = #"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "description": "\ud800", "latitude": 1, "longitude": 2}]}"#
        #expect(JournalCodec.decode(Array(lone.utf8), descriptions: false) == nil)
        #expect(JournalCodec.decode(Array(lone.utf8)) == nil)
    }
}

/// Plain calendar dates are days of the proleptic Gregorian calendar, as ISO 8601 says: before
/// 1582 the platform's calendar switches to the Julian one and moved them by days.
@Suite struct PlainDateTests {
    @Test(arguments: [("1500-03-01", -14_826_672_000.0), ("0800-12-25", -36_890_640_000), ("1970-01-01", 0),
                      ("2024-05-01", 1_714_521_600)])
    func plainDatesAreMidnightUTC(_ text: String, _ seconds: Double) throws {
        let date = try #require(Timestamp.date(from: text))
        #expect(date.timeIntervalSince1970 == seconds)
        #expect(Timestamp.day(date) == text)
        #expect(Timestamp.string(date) == text + "T00:00:00Z")
    }

    @Test(arguments: ["2023-02-29", "1500-02-30", "1500-13-01"])
    func impossibleDaysAreRefused(_ text: String) {
        #expect(Timestamp.date(from: text) == nil)
    }

    /// Timestamps with an offset or a fraction of a second are read in the same calendar.
    @Test(arguments: [("1500-03-01T12:00:00+02:00", "1500-03-01T10:00:00Z"), ("1500-03-01T00:30:00-0530", "1500-03-01T06:00:00Z"),
                      ("2024-05-01T12:00:00.75Z", "2024-05-01T12:00:00Z"), ("2024-05-01T23:30:00-01:00", "2024-05-02T00:30:00Z")])
    func offsetsAndFractions(_ text: String, _ utc: String) throws {
        let date = try #require(Timestamp.date(from: text))
        #expect(Timestamp.string(date) == utc)
    }

    @Test func fractionsAreKeptUntilSaved() throws {
        let date = try #require(Timestamp.date(from: "2024-05-01T12:00:00.75Z"))
        #expect(date.timeIntervalSince1970 == 1_714_564_800.75)
    }
}
