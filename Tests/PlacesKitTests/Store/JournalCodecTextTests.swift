import Foundation
import Testing
@testable import PlacesKit

/// The journal reader and writer pass over plain string text eight bytes at a time, match known
/// member names on their bytes and read visit dates in place: these tests put what ends or breaks
/// such a run at every offset, and names and dates in every form JSON allows.
@Suite struct JournalCodecTextTests {
    static let id = "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b"

    /// A journal of one place whose name is `name` (raw bytes, between the quotes) and whose other
    /// members are `rest`.
    static func journal(name: [UInt8], rest: String = "") -> [UInt8] {
        Array(#"{"version": 2, "places": [{"id": "\#(id)", "name": ""#.utf8) + name
            + Array(#"", "latitude": 1, "longitude": 2\#(rest)}]}"#.utf8)
    }

    /// The reason the store gives for refusing `bytes`, or `nil` when it reads them.
    static func refusal(_ bytes: [UInt8]) -> String? {
        do {
            _ = try JournalStore.decode(bytes, path: "j.json")
            return nil
        } catch JournalError.unreadable(_, let reason, _) {
            return reason
        } catch {
            return "\(error)"
        }
    }

    @Test func textWithSomethingToEscapeAtEveryOffsetReadsAndWritesAsJSONEncoderDoes() throws {
        var places: [Location] = []
        for length in 0..<20 {
            for offset in 0...length {
                for special in ["\"", "\\", "\n", "\u{1}", "\u{7F}", "é", "東", "🇯🇵", "/"] {
                    let text = String(repeating: "a", count: offset) + special + String(repeating: "b", count: length - offset)
                    places.append(Location(name: text, description: text, latitude: 1, longitude: 2, tags: [text]))
                }
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let reference = try encoder.encode(JournalCodecTests.Document(places: places)) + Data("\n".utf8)
        let written = JournalCodec.encode(places)
        #expect(String(decoding: written, as: UTF8.self) == String(decoding: reference, as: UTF8.self))
        let read = try #require(JournalCodec.decode(written))
        try expectSamePlaces(read.places, places)
        let listed = try #require(JournalCodec.decode(written, descriptions: false))
        #expect(listed.places.map(\.name) == places.map(\.name))
    }

    @Test func brokenUTF8OrAControlCharacterAfterPlainTextIsRefusedWhereItIs() throws {
        for offset in 0..<20 {
            let plain = Array(repeating: UInt8(ascii: "a"), count: offset)
            for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE2, 0x82]] {
                let bytes = Self.journal(name: plain + bad + Array("bbbbbbbbb".utf8))
                #expect(JournalCodec.decode(bytes) == nil)
                #expect(Self.refusal(bytes)?.contains("not valid UTF-8") == true, "offset \(offset) \(bad)")
                // A listing leaves descriptions unread, but checks them as strictly.
                let inDescription = Self.journal(name: Array("A".utf8), rest: #", "description": ""#)
                let description = Array(inDescription.dropLast(3)) + plain + bad + Array(#"bbbbbbbbb"}]}"#.utf8)
                #expect(JournalCodec.decode(description, descriptions: false) == nil, "offset \(offset) \(bad)")
            }
            let control = Self.journal(name: plain + [0x01] + Array("bbbbbbbbb".utf8))
            #expect(JournalCodec.decode(control) == nil)
            #expect(Self.refusal(control)?.contains("a control character") == true, "offset \(offset)")
            let unclosed = Array(#"{"version": 1, "places": [{"id": "\#(Self.id)", "name": ""#.utf8) + plain
            #expect(JournalCodec.decode(unclosed) == nil)
            #expect(Self.refusal(unclosed) != nil)
        }
    }

    /// A member name written with escapes is the same name: a place's or visit's own field, never
    /// an unknown field that saving would write beside the real one.
    @Test func escapedNamesOfKnownFieldsAreThoseFields() throws {
        let text = #"{"version": 2, "places": [{"id": "\#(Self.id)", "n\u0061me": "A", "latitude": 1, "longitude": 2, "#
            + #""visits": [{"d\u0061te": "2024-05", "\u006eote": "with Sam", "s\u006furce": "photos:1", "mood": "good"}]}]}"#
        let place = try #require(JournalCodec.decode(Array(text.utf8))?.places.first)
        #expect(place.name == "A")
        #expect(place.extraFields.isEmpty)
        #expect(place.visits == [Visit(date: .month(year: 2024, month: 5), note: "with Sam", source: "photos:1",
                                       extraFields: ["mood": try JSONFragment(json: #""good""#)])])
        let twice = #"{"version": 1, "places": [{"id": "\#(Self.id)", "name": "A", "n\u0061me": "B", "latitude": 1, "longitude": 2}]}"#
        #expect(JournalCodec.decode(Array(twice.utf8)) == nil)
        #expect(Self.refusal(Array(twice.utf8)) == #"places[0] has "name" twice"#)
    }

    @Test(arguments: [(#""2024""#, VisitDate.year(2024)), (#""2024-05""#, .month(year: 2024, month: 5)),
                      (#""2024-05-01""#, .day(year: 2024, month: 5, day: 1)), (#""2024\u002d05""#, .month(year: 2024, month: 5)),
                      (#""2024-05-01T12:00:00Z""#, .instant(Date(timeIntervalSince1970: 1_714_564_800))),
                      (#""2024-05-01T14:00:00+02:00""#, .instant(Date(timeIntervalSince1970: 1_714_564_800)))])
    func visitDatesAreReadInEveryForm(json: String, date: VisitDate) throws {
        let bytes = Self.journal(name: Array("A".utf8), rest: #", "visits": [{"date": \#(json)}]"#)
        let place = try #require(JournalCodec.decode(bytes)?.places.first)
        #expect(place.visits.map(\.date) == [date])
    }

    @Test(arguments: ["2024-13", "2024-02-30", "０２０２４", "2024-05-01T12:00:00Z ", "", "20245", "2024-5-01"])
    func impossibleVisitDatesAreRefusedByName(text: String) throws {
        let bytes = Self.journal(name: Array("A".utf8), rest: #", "visits": [{"date": "\#(text)"}]"#)
        #expect(JournalCodec.decode(bytes) == nil)
        let reason = try #require(Self.refusal(bytes))
        #expect(reason.contains(#"date "\#(text)" is not a visit date"#), "\(reason)")
    }
}
