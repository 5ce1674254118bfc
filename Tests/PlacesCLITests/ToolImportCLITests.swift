import Foundation
import Testing

/// `places import` of files from other tools, through the binary: a Google Maps saved list placed
/// by the gazetteer and said so, Takeout's dropped pins named, folder tags only when asked, and the
/// all-or-nothing rule for the new readers.
@Suite struct ToolImportCLITests {
    private func write(_ text: String, _ name: String, in runner: PlacesRunner) throws -> String {
        let url = runner.directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func googleSavedListRowsWithoutCoordinatesArePlacedByNameAndMarked() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let file = try write("""
            Title,Note,URL,Tags,Comment
            Café Central,Best cake,https://www.google.com/maps/search/48.2103%2C16.3654,,
            Kyoto,,https://www.google.com/maps/place/Kyoto/data=!4m2!3m1!1s0x6001a8d6cd3cc3f1:0xc0961d366bbb1d3d,,

            """, "Want to go.csv", in: runner)
        let result = try runner.run(["import", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("added 2, updated 0, skipped 0."), "\(result.stdout)")
        #expect(result.stdout.contains("1 place has no coordinates in the file and was placed by name (tagged approximate); check them:"),
                "\(result.stdout)")
        #expect(result.stdout.contains("Want to go.csv row 2 \"Kyoto\": at Kyoto"), "\(result.stdout)")
        let places = try runner.journalPlaces()
        let kyoto = try #require(places.first { $0["name"] as? String == "Kyoto" })
        #expect(kyoto["tags"] as? [String] == ["approximate"])
        #expect((kyoto["description"] as? String ?? "").contains("Position approximate"))
        let cafe = try #require(places.first { $0["name"] as? String == "Café Central" })
        #expect(cafe["latitude"] as? Double == 48.2103 && cafe["tags"] as? [String] == [])
        let json = try runner.run(["import", file, "--dry-run", "--json"])
        #expect(json.stdout.contains("\"approximate\""), "\(json.stdout)")
    }

    @Test func takeoutDroppedPinsAreNamedAfterTheNearestTown() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let file = try write("""
            {"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[13.6493,47.5622]},
            "properties":{"date":"2024-01-02T10:00:00Z","google_maps_url":"http://maps.google.com/?q=47.5622,13.6493","location":{}}}]}
            """, "Saved Places.json", in: runner)
        let result = try runner.run(["import", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try runner.journalPlaces().first?["name"] as? String == "Dropped pin near Hallstatt")
    }

    @Test func kmlFolderNamesBecomeTagsOnlyWithFolderTags() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let file = try write("""
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><name>Waypoints</name>
            <Placemark><ExtendedData><SchemaData schemaUrl="#w"><SimpleData name="Name">Hallstatt</SimpleData>
            <SimpleData name="tags">austria</SimpleData></SchemaData></ExtendedData>
            <Point><coordinates>13.6493,47.5622</coordinates></Point></Placemark></Folder></Document></kml>
            """, "qgis.kml", in: runner)
        let plain = try runner.run(["import", file, "--dry-run", "--json"])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(try runner.run(["import", file]).status == 0)
        #expect(try runner.journalPlaces().first?["tags"] as? [String] == ["austria"])
        #expect(try runner.journalPlaces().first?["name"] as? String == "Hallstatt")
        let other = try PlacesRunner()
        defer { other.removeAll() }
        let tagged = try other.run(["import", file, "--folder-tags"])
        #expect(tagged.status == 0, "\(tagged.stderr)")
        #expect(try other.journalPlaces().first?["tags"] as? [String] == ["austria", "Waypoints"])
    }

    @Test(arguments: [
        ("name,wkt\nGood,POINT (1 2)\nBad,POINT (1 two)\n", "bad.csv", "bad.csv:3:1: row 2: the geometry \"POINT (1 two)\" is not a WKT POINT"),
        ("Name,X\nA,1\n", "bad.csv", "the header has no latitude column, nor X/Y, WKT or URL columns"),
        ("<kml><Placemark><ExtendedData><SchemaData><SimpleData name=\"places_id\">7</SimpleData></SchemaData></ExtendedData><name>A</name>"
            + "<Point><coordinates>1,2</coordinates></Point></Placemark></kml>", "bad.kml", "the id \"7\" is not a UUID"),
    ])
    func aBadRowStopsTheWholeImport(row: (String, String, String)) throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("Existing", "1,1")
        let before = try Data(contentsOf: runner.journal)
        let file = try write(row.0, row.1, in: runner)
        let result = try runner.run(["import", file])
        #expect(result.status == 65)
        #expect(result.stderr.contains(row.2), "\(result.stderr)")
        #expect(result.stderr.contains("nothing was imported"))
        #expect(try Data(contentsOf: runner.journal) == before)
    }
}
