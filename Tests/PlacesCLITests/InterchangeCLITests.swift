import Foundation
import Testing

/// `places import`, `places export` and `places list --format` run end to end.
@Suite struct InterchangeCLITests {
    static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("PlacesKitTests/Fixtures/Interchange")

    private func seeded() throws -> PlacesRunner {
        let places = try PlacesRunner()
        _ = try places.add("Buckingham Palace", "51.501,-0.141", ["--tag", "london", "--description", "Lit by \"40,000\" bulbs,\nsee notes"])
        _ = try places.add("Sydney Opera House", "-33.8568,151.2153", ["--visited", "--on", "2019-12-31"])
        _ = try places.add("Date line", "-16.8,180", ["--tag", "pacific"])
        return places
    }

    @Test(arguments: ["geojson", "gpx", "kml", "csv"])
    func exportThenImportIntoAnEmptyJournalGivesTheSamePlaces(format: String) throws {
        let source = try seeded()
        defer { source.removeAll() }
        let file = source.directory.appendingPathComponent("out.\(format)").path
        let export = try source.run(["export", "--format", format, "-o", file])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.stderr.contains("Exported 3 places"))

        let target = try PlacesRunner()
        defer { target.removeAll() }
        let result = try target.run(["import", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("added 3, updated 0, skipped 0."), "\(result.stdout)")
        let before = try source.journalPlaces().sorted { ($0["id"] as! String) < ($1["id"] as! String) }
        let after = try target.journalPlaces().sorted { ($0["id"] as! String) < ($1["id"] as! String) }
        #expect(after.map { $0["id"] as? String } == before.map { $0["id"] as? String })
        #expect(after.map { $0["name"] as? String } == before.map { $0["name"] as? String })
        #expect(after.map { $0["description"] as? String } == before.map { $0["description"] as? String })
        #expect(after.map { $0["visited"] as? String } == before.map { $0["visited"] as? String })
        #expect(after.map { $0["tags"] as? [String] } == before.map { $0["tags"] as? [String] })
    }

    @Test func listFormatWritesTheSameDocumentAsExport() throws {
        let places = try seeded()
        defer { places.removeAll() }
        for format in ["geojson", "gpx", "kml", "csv"] {
            let list = try places.run(["list", "--format", format])
            let export = try places.run(["export", "--format", format])
            #expect(list.status == 0 && export.status == 0)
            #expect(list.stdout == export.stdout)
            #expect(!list.stdout.isEmpty)
        }
    }

    @Test func exportFiltersByTagAndVisited() throws {
        let places = try seeded()
        defer { places.removeAll() }
        let tagged = try places.run(["export", "--format", "csv", "--tag", "london"])
        // The header and one record: the description's line break is a bare LF inside quotes, records end in CRLF.
        #expect(tagged.stdout.split(separator: "\r\n").count == 2)
        #expect(tagged.stdout.contains("Buckingham Palace"))
        let visited = try places.run(["export", "--format", "geojson", "--visited"])
        #expect(visited.stdout.contains("Sydney Opera House"))
        #expect(!visited.stdout.contains("Buckingham Palace"))
        let unvisited = try places.run(["export", "--format", "gpx", "--unvisited"])
        #expect(unvisited.stdout.components(separatedBy: "<wpt ").count == 3)
    }

    @Test func exportNeedsAFormat() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let result = try places.run(["export"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("missing --format"))
        let byExtension = try places.run(["export", "-o", places.directory.appendingPathComponent("a.kml").path])
        #expect(byExtension.status == 0, "\(byExtension.stderr)")
    }

    @Test func aBadFileAbortsTheWholeImportAndWritesNothing() throws {
        let places = try seeded()
        defer { places.removeAll() }
        let before = try Data(contentsOf: places.journal)
        let good = Self.fixtures.appendingPathComponent("osmand.gpx").path
        let bad = Self.fixtures.appendingPathComponent("latitude-out-of-range.geojson").path
        let result = try places.run(["import", good, bad])
        #expect(result.status == 65)
        #expect(result.stderr.contains("latitude-out-of-range.geojson:3:3: feature 2: latitude 91.5 is out of range"))
        #expect(result.stderr.contains("nothing was imported"))
        #expect(try Data(contentsOf: places.journal) == before)
    }

    @Test func hostileXMLIsRefused() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        for name in ["xxe.gpx", "billion-laughs.kml"] {
            let result = try places.run(["import", Self.fixtures.appendingPathComponent(name).path])
            #expect(result.status == 65)
            #expect(result.stderr.contains("DOCTYPE with an internal subset is refused"))
        }
        #expect(!FileManager.default.fileExists(atPath: places.journal.path))
    }

    @Test func dryRunReportsWithoutWriting() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let result = try places.run(["import", "--dry-run", Self.fixtures.appendingPathComponent("takeout-newer.json").path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Google Takeout saved places, 2 places"))
        #expect(result.stdout.contains("Dry run: would add 2, would update 0, skipped 1."))
        #expect(result.stdout.contains("feature 3: no location information"))
        #expect(!FileManager.default.fileExists(atPath: places.journal.path))
    }

    @Test func reimportSkipsDuplicatesAndUpdateReplaces() throws {
        let places = try seeded()
        defer { places.removeAll() }
        let file = places.directory.appendingPathComponent("backup.geojson").path
        #expect(try places.run(["export", "-o", file]).status == 0)
        let again = try places.run(["import", file, "--tag", "restored"])
        #expect(again.stdout.contains("added 0, updated 0, skipped 3."), "\(again.stdout)")
        #expect(again.stdout.contains("already in the journal (same id"))

        // Edit the exported file, then --update takes the change.
        let text = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(of: "Sydney Opera House", with: "Sydney Opera House (inside)")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let updated = try places.run(["import", file, "--update"])
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(updated.stdout.contains("added 0, updated 1, skipped 2."), "\(updated.stdout)")
        #expect(try places.journalPlaces().contains { $0["name"] as? String == "Sydney Opera House (inside)" })

        // Same name within 50 m, different id: skipped as a duplicate.
        let nearby = places.directory.appendingPathComponent("near.csv").path
        try "name,lat,lon\nbuckingham palace,51.5012,-0.141\n".write(toFile: nearby, atomically: true, encoding: .utf8)
        let near = try places.run(["import", nearby])
        #expect(near.stdout.contains("added 0, updated 0, skipped 1."), "\(near.stdout)")
        #expect(near.stdout.contains("a place of the same name"))

        // The rule is add's: the name folded (accents and case), within 100 m; farther is a new place.
        let folded = places.directory.appendingPathComponent("folded.csv").path
        try "name,lat,lon\nBÜCKINGHAM PALACE,51.5017,-0.141\nBuckingham Palace,51.5030,-0.141\n".write(toFile: folded, atomically: true, encoding: .utf8)
        let foldedRun = try places.run(["import", folded])
        #expect(foldedRun.stdout.contains("added 1, updated 0, skipped 1."), "\(foldedRun.stdout)")
    }

    @Test func brokenKMZAndMissingFilesGetClearMessages() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let kmz = places.directory.appendingPathComponent("trip.kmz")
        try Data([0x50, 0x4B, 0x03, 0x04, 0, 0, 0, 0]).write(to: kmz)
        let result = try places.run(["import", kmz.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("trip.kmz: not a complete zip archive"))
        let missing = try places.run(["import", places.directory.appendingPathComponent("nope.gpx").path])
        #expect(missing.status == 65)
        #expect(missing.stderr.contains("nope.gpx: no such file"))
    }
}
