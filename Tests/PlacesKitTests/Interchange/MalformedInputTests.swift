import Foundation
import PlacesKit
import Testing

@Suite struct MalformedInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let fixture: String
        let message: String
        var testDescription: String { fixture }
    }

    /// Every malformed fixture, with the exact message the user sees.
    static let cases: [Case] = [
        Case(fixture: "bad-syntax.geojson", message: "bad-syntax.geojson:3:76: not valid JSON: expected , or } in an object"),
        Case(fixture: "latitude-out-of-range.geojson",
             message: "latitude-out-of-range.geojson:3:3: feature 2: latitude 91.5 is out of range: it must be between -90 and 90"),
        Case(fixture: "missing-name.csv", message: "missing-name.csv:3:1: row 2: missing name: every place needs one"),
        Case(fixture: "mismatched.gpx",
             message: "mismatched.gpx:3:33: not valid XML: the end tag </desc> does not match <name> opened at 3:24"),
        Case(fixture: "missing-lat.gpx", message: "missing-lat.gpx:4:3: wpt 2: <wpt> has no lat attribute"),
        Case(fixture: "xxe.gpx",
             message: "xxe.gpx:2:1: not valid XML: DOCTYPE with an internal subset is refused: entity declarations are never expanded (protection against external-entity and entity-expansion attacks)"),
        Case(fixture: "billion-laughs.kml",
             message: "billion-laughs.kml:2:1: not valid XML: DOCTYPE with an internal subset is refused: entity declarations are never expanded (protection against external-entity and entity-expansion attacks)"),
        Case(fixture: "undefined-entity.kml",
             message: "undefined-entity.kml:2:75: not valid XML: the entity &eacute; is not defined: only &lt; &gt; &amp; &quot; &apos; and character references are allowed, and no entity is ever expanded"),
    ]

    @Test(arguments: cases)
    func malformedFileIsRefusedWithItsPositionAndReason(_ testCase: Case) throws {
        let bytes = try InterchangeFixtures.bytes(testCase.fixture)
        let error = try #require(throws: ImportError.self) {
            try Importer.parse(data: bytes, fileName: testCase.fixture)
        }
        #expect(error.description == testCase.message)
    }

    @Test func absurdNestingIsRefused() {
        let depth = 10_000
        let xml = "<gpx version=\"1.1\" creator=\"x\">" + String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth) + "</gpx>"
        let error = #expect(throws: ImportError.self) { try Importer.parse(data: Array(xml.utf8), fileName: "deep.gpx") }
        #expect(error?.reason == "not valid XML: elements nest deeper than 256 levels: refused")
        let json = "{\"type\":\"FeatureCollection\",\"features\":[" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "]}"
        let jsonError = #expect(throws: ImportError.self) { try Importer.parse(data: Array(json.utf8), fileName: "deep.geojson") }
        #expect(jsonError?.reason == "not valid JSON: values nest deeper than 256 levels: refused")
    }

    @Test func brokenKMZGetsAClearMessage() throws {
        let zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]
        let error = #expect(throws: ImportError.self) { try Importer.parse(data: zip, fileName: "trip.kmz") }
        #expect(error?.description == "trip.kmz: not a complete zip archive (no central directory)")
        let empty = #expect(throws: ImportError.self) {
            try Importer.parse(data: InterchangeFixtures.bytes("no-kml.kmz"), fileName: "no-kml.kmz")
        }
        #expect(empty?.description == "no-kml.kmz: the zip archive holds no .kml file")
    }

    @Test func externalDTDIsNeverFetched() throws {
        // Only an external identifier, no internal subset: accepted, and the DTD is ignored.
        let xml = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx SYSTEM "http://example.invalid/never-fetched.dtd">
            <gpx version="1.1" creator="x"><wpt lat="1" lon="2"><name>One</name></wpt></gpx>
            """
        let file = try Importer.parse(data: Array(xml.utf8), fileName: "dtd.gpx")
        #expect(file.places.map(\.location.name) == ["One"])
    }

    @Test func unknownContentSaysWhatIsExpected() {
        let error = #expect(throws: ImportError.self) { try Importer.parse(data: Array("hello".utf8), fileName: "notes") }
        #expect(error?.reason.hasPrefix("the format is not recognised") == true)
        // The library names the help, the program words it: no option names in the library's sentence.
        #expect(error?.hint == .sayTheFormat)
        #expect(error?.reason.contains("--") == false)
    }
}
