import Foundation
@testable import PlacesKit
import Testing
@testable import PlacesCore

@Suite struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONValue {
        var parser = JSONParser(bytes: Array(text.utf8))
        return try parser.parse()
    }

    @Test func valuesEscapesAndSurrogatePairs() throws {
        let value = try parse(#"{"a": [1, -2.5e3, true, false, null], "s": "q\"\\\/\n\u00e9\ud83d\ude00"}"#)
        #expect(value["a"]?.arrayValue?.count == 5)
        #expect(value["a"]?.arrayValue?[1].numberValue == -2500)
        #expect(value["s"]?.stringValue == "q\"\\/\né😀")
    }

    @Test(arguments: [
        ("{\"a\": 01}", "1:7: a number cannot have leading zeros"),
        ("{\"a\": 1,}", "1:9: expected a quoted member name in an object"),
        ("[1 2]", "1:4: expected , or ] in an array"),
        ("\n\n  \"abc", "3:3: the string is not closed"),
        ("{\"a\": \"x\ny\"}", "1:9: a control character (such as a raw line break) inside a string: write it as \\n"),
        ("[1] x", "1:5: unexpected text after the JSON value"),
        ("{\"a\": tru}", "1:7: unexpected text: expected a JSON value"),
        ("\"\\ud800\"", "1:8: an unpaired UTF-16 surrogate in \\u escape"),
    ])
    func malformedJSONIsReportedWithLineAndColumn(text: String, message: String) {
        #expect(throws: JSONSyntaxError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func streamingHandsOverElementsOneByOne() throws {
        var parser = JSONParser(bytes: Array(#"{"type": "FeatureCollection", "features": [{"n": 1}, {"n": 2}], "x": 3}"#.utf8))
        var seen: [Double] = []
        let document = try parser.parseDocument(streaming: ["features"]) { key, index, value, _ in
            #expect(key == "features")
            #expect(index == seen.count)
            seen.append(value["n"]?.numberValue ?? -1)
        }
        #expect(seen == [1, 2])
        #expect(document["x"]?.numberValue == 3)
        #expect(document["features"]?.arrayValue?.isEmpty == true)
    }
}

@Suite struct TimestampTests {
    /// The arithmetic formatter agrees with Foundation's ISO 8601 format style.
    @Test(arguments: [0.0, 1_700_000_000, 951_782_400, 4_102_444_799, -86_401, 1_709_164_800.75])
    func formattingMatchesTheFormatStyle(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        let reference = Date(timeIntervalSince1970: seconds.rounded(.down)).formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
        #expect(Timestamp.string(date) == reference)
        #expect(Timestamp.date(from: Timestamp.string(date)) == Date(timeIntervalSince1970: seconds.rounded(.down)))
    }

    @Test func parsingRejectsImpossibleDatesAndAcceptsOtherForms() {
        #expect(Timestamp.date(from: "2023-02-29T00:00:00Z") == nil)
        #expect(Timestamp.date(from: "2024-02-29T00:00:00Z") == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(Timestamp.date(from: "2024-05-01") == Date(timeIntervalSince1970: 1_714_521_600))
        #expect(Timestamp.date(from: "2024-05-01T14:00:00+02:00") == Date(timeIntervalSince1970: 1_714_564_800))
        #expect(Timestamp.date(from: "not a date") == nil)
    }
}

/// The scanner reads short decimals without `strtod` (Clinger's fast path): it must give the very
/// double `strtod` gives, for every number it takes, and leave every other number to `strtod`.
@Suite struct ShortDecimalTests {
    private func fast(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { JSONScanner.shortDecimal($0, 0..<$0.count) }
    }

    @Test func agreesWithStrtodOnEveryShortDecimal() {
        var generator = SystemRandomNumberGenerator()
        var taken = 0
        for _ in 0..<200_000 {
            let digits = Int.random(in: 1...17, using: &generator)
            var text = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &generator)) }.joined()
            if text.count > 1 { text = String(text.drop { $0 == "0" }); if text.isEmpty { text = "0" } }
            let point = Int.random(in: 0...text.count, using: &generator)
            if point < text.count, point > 0 { text.insert(".", at: text.index(text.startIndex, offsetBy: point)) }
            if Bool.random(using: &generator) { text = "-" + text }
            guard let expected = Double(text) else { continue }
            if let value = fast(text) {
                taken += 1
                #expect(value.bitPattern == expected.bitPattern, "\(text): \(value) against strtod's \(expected)")
            }
        }
        #expect(taken > 100_000, "the fast path took only \(taken) numbers")
    }

    @Test(arguments: ["51.50853", "-0.1257", "0", "-0", "180", "0.000001", "123456789012345", "12345.6789012345"])
    func coordinatesAreTaken(text: String) {
        #expect(fast(text)?.bitPattern == Double(text)!.bitPattern, "\(text)")
    }

    @Test(arguments: ["1e5", "2.5E-3", "1234567890123456", "0.1234567890123456", "1.0000000000000000000000001"])
    func longerOrExponentNumbersAreLeftToStrtod(text: String) {
        #expect(fast(text) == nil, "\(text)")
    }
}
