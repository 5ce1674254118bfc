import Foundation
import PlacesTestSupport
import Testing

/// What other tools put in their files is read as they mean it, through the real binary: a KML
/// description's HTML as text, a GIS layer's numeric id as that tool's field.
@Suite struct ImportForeignFieldsTests {
    @Test func aMyMapsDescriptionIsStoredAsTextNotHTML() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let file = runner.directory.appendingPathComponent("Rome.kml")
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><name>Rome</name>
            <Placemark><name>Roscioli</name>
            <description><![CDATA[Rating: 5<br>Carbonara &amp; burrata<br><br>See <a href="https://www.salumeriaroscioli.com/">their site</a><br>Open&nbsp;late &#233;t&eacute;]]></description>
            <Point><coordinates>12.4729,41.8940,0</coordinates></Point></Placemark>
            </Document></kml>
            """.write(to: file, atomically: true, encoding: .utf8)
        let result = try runner.run(["import", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let place = try #require(try runner.journalPlaces().first)
        #expect(place["description"] as? String == """
            Rating: 5
            Carbonara & burrata

            See their site (https://www.salumeriaroscioli.com/)
            Open late été
            """)
    }

    @Test func ourOwnKMLKeepsItsDescriptionAsWritten() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("Tag test", "41.89,12.47", ["--description", "write <br> for a break & more"])
        let kml = runner.directory.appendingPathComponent("out.kml")
        #expect(try runner.run(["export", "--format", "kml", "-o", kml.path]).status == 0)
        let other = try PlacesRunner()
        defer { other.removeAll() }
        #expect(try other.run(["import", kml.path]).status == 0)
        #expect(try other.journalPlaces().first?["description"] as? String == "write <br> for a break & more")
    }

    @Test func aGISLayersNumericIDIsKeptAsItsOwnField() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let file = runner.directory.appendingPathComponent("layer.csv")
        try "id;X;Y;label\n1;12.4729;41.8940;Roscioli\n2;2.2945;48.8584;Eiffel Tower\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try runner.run(["import", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("added 2, updated 0, skipped 0."), "\(result.stdout)")
        let places = try runner.journalPlaces()
        #expect(places.map { $0["externalID"] as? String } == ["1", "2"])
        #expect(places.allSatisfy { UUID(uuidString: $0["id"] as? String ?? "") != nil })
    }
}
