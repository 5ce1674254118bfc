import Foundation
@testable import PlacesKit
import Testing
@testable import PlacesInterchange

/// Telling location history from other files, folders of it, and files that are broken or hostile.
@Suite struct LocationHistoryInputTests {
    typealias F = HistoryFixtures

    struct Detection: CustomTestStringConvertible, Sendable {
        let label: String
        let text: String
        let shape: LocationHistoryShape?
        var testDescription: String { label }
    }

    static let detections: [Detection] = [
        Detection(label: "semantic", text: F.semantic([F.activitySegment]), shape: .semantic),
        Detection(label: "timeline", text: F.timeline([F.pathSegment]), shape: .timeline),
        Detection(label: "records", text: F.records([]), shape: .records),
        Detection(label: "records with a byte order mark", text: "\u{FEFF}{\"locations\": []}", shape: .records),
        Detection(label: "timeline, entries after another member", text: "{\"rawSignals\": [{\"locations\": 1}], \"semanticSegments\": []}",
                  shape: .timeline),
        Detection(label: "phone array", text: "[{\"startTime\": \"x\", \"visit\": {}}]", shape: .timeline),
        Detection(label: "GeoJSON", text: "{\"type\": \"FeatureCollection\", \"features\": []}", shape: nil),
        Detection(label: "the key nested, not at the top", text: "{\"data\": {\"locations\": []}}", shape: nil),
        Detection(label: "a JSON array of places", text: "[{\"name\": \"Paris\", \"latitude\": 48.85}]", shape: nil),
        Detection(label: "a key only as a string value", text: "{\"note\": \"locations\"}", shape: nil),
        Detection(label: "empty", text: "", shape: nil),
        Detection(label: "GPX", text: "<gpx/>", shape: nil),
    ]

    @Test(arguments: detections)
    func shapeIsToldByContent(_ detection: Detection) {
        #expect(FormatDetection.locationHistoryShape(Array(detection.text.utf8)) == detection.shape)
    }

    struct Broken: CustomTestStringConvertible, Sendable {
        let label: String
        let text: String
        let message: String
        var testDescription: String { label }
    }

    static let broken: [Broken] = [
        Broken(label: "truncated inside the array", text: "{\n  \"locations\": [\n    {\"latitudeE7\": 1, \"longitudeE7\": 2,",
               message: "h.json:3:40: not valid JSON: the file ends inside an object: it is truncated"),
        Broken(label: "truncated inside a string", text: "{\"timelineObjects\": [{\"placeVisit\": {\"location\": {\"name\": \"Eiff",
               message: "h.json:1:59: not valid JSON: the string is not closed: the file is truncated"),
        Broken(label: "bad syntax inside an entry", text: "{\n  \"locations\": [\n    {\"latitudeE7\": 01}\n  ]\n}",
               message: "h.json:3:20: not valid JSON: a number cannot have leading zeros"),
        Broken(label: "mismatched brackets", text: "{\"semanticSegments\": [{\"visit\": [}]}",
               message: "h.json:1:34: not valid JSON: unexpected '}': brackets do not match"),
        Broken(label: "text after the document", text: "{\"locations\": []} {}",
               message: "h.json:1:19: not valid JSON: unexpected text after the JSON value"),
        Broken(label: "missing comma", text: "{\"locations\": [] \"x\": 1}",
               message: "h.json:1:18: not valid JSON: expected , or } in an object"),
        Broken(label: "GeoJSON", text: "{\"type\": \"FeatureCollection\", \"features\": []}",
               message: "h.json: not Google location history: expected a JSON object with a timelineObjects, semanticSegments or "
                   + "locations array (Takeout's Semantic Location History, Timeline.json or Records.json)"),
    ]

    @Test(arguments: broken)
    func brokenFileIsRefusedWithPositionAndReason(_ testCase: Broken) {
        let error = #expect(throws: ImportError.self) { try F.read(testCase.text, name: "h.json") }
        #expect(error?.description == testCase.message)
    }

    @Test func entriesOfTheWrongShapeAreSkippedWithReasons() throws {
        let text = "{\"locations\": [1, \"x\", {\"latitudeE7\": \"abc\", \"longitudeE7\": 2, \"timestamp\": \"2020-01-01T00:00:00Z\"},"
            + " {\"latitudeE7\": 1e300, \"longitudeE7\": 2, \"timestamp\": \"2020-01-01T00:00:00Z\"},"
            + " {\"latitudeE7\": 1, \"longitudeE7\": 2}, null, [], {\"latitudeE7\": 1, \"longitudeE7\": 2, \"timestampMs\": \"soon\"}]}"
        let (sightings, summary) = try F.read(text)
        #expect(sightings.isEmpty)
        #expect(summary.entries == 8)
        #expect(summary.skipped == [
            "is not a JSON object": 4, "has no latitudeE7/longitudeE7": 1, "has no timestamp": 1, "timestampMs is not a number of milliseconds": 1,
            "latitudeE7 1e+300 is out of range: at most ±90 degrees (±900000000)": 1,
        ])
    }

    @Test func anEntryLargerThanTheLimitIsRefusedNotBuffered() {
        let huge = "{\"locations\": [{\"x\": \"" + String(repeating: "a", count: JSONEntryStream.maximumEntrySize + 10) + "\"}]}"
        let error = #expect(throws: ImportError.self) { try F.read(huge, name: "h.json") }
        #expect(error?.reason.hasPrefix("an entry is larger than 8 MB") == true)
    }

    @Test func hostileNestingIsRefusedWithoutCrashing() {
        let deep = "{\"locations\": [" + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "]}"
        let error = #expect(throws: ImportError.self) { try F.read(deep, name: "h.json") }
        #expect(error?.reason.contains("nest deeper than") == true)
        // A large member that is not read is skipped however big, as long as it is well formed.
        let skipped = "{\"semanticSegments\": [], \"rawSignals\": [" + Array(repeating: "{\"a\": [1, \"]\\\"\"]}", count: 200_000).joined(separator: ",")
            + "]}"
        #expect(throws: Never.self) { try F.read(skipped) }
    }

    @Test func aFolderYieldsItsSemanticFilesAndPassesOverRecords() throws {
        let root = try F.directory()
        defer { try? FileManager.default.removeItem(at: root) }
        let year = root.appendingPathComponent("Location History/Semantic Location History/2019")
        try FileManager.default.createDirectory(at: year, withIntermediateDirectories: true)
        try Data(F.semantic([F.activitySegment]).utf8).write(to: year.appendingPathComponent("2019_JANUARY.json"))
        try Data(F.semantic([]).utf8).write(to: year.appendingPathComponent("2019_FEBRUARY.json"))
        try Data(F.records([]).utf8).write(to: root.appendingPathComponent("Location History/Records.json"))
        try Data("{\"deviceSettings\": []}".utf8).write(to: root.appendingPathComponent("Location History/Settings.json"))
        let photos = try F.directory()
        defer { try? FileManager.default.removeItem(at: photos) }
        try Data([0xFF, 0xD8, 0xFF]).write(to: photos.appendingPathComponent("a.jpg"))

        let found = try LocationHistoryFiles.find([root.path, photos.path])
        #expect(found.inputs.map { ($0.path as NSString).lastPathComponent } == ["2019_FEBRUARY.json", "2019_JANUARY.json"])
        #expect(found.inputs.allSatisfy { $0.shape == .semantic && $0.size > 0 })
        #expect(found.others == [photos.path])
        #expect(found.notes.count == 1 && found.notes[0].contains("Records.json in a folder is not read"))

        // With nothing else beside it, a folder's Records.json is read.
        try FileManager.default.removeItem(at: root.appendingPathComponent("Location History/Semantic Location History"))
        let recordsOnly = try LocationHistoryFiles.find([root.path])
        #expect(recordsOnly.inputs.map(\.shape) == [.records] && recordsOnly.notes.isEmpty)
    }
}
