import Foundation
@testable import PlacesKit
import Testing
@testable import PlacesInterchange

/// Every visit, not only the latest, goes out in each export format and comes back on import.
@Suite struct VisitListInterchangeTests {
    /// Visits of every precision, with notes that would break a naive encoding, and a source.
    static let visits: [Visit] = [
        Visit(date: .year(2019), note: "with \"Sam\", <b>friends</b> & co; [yes] {no}"),
        Visit(date: .month(year: 2023, month: 4)),
        Visit(date: .day(year: 2023, month: 8, day: 14), note: "=SUM(A1) — ☕ 東京", source: "photo:48a330b20cbb0328"),
        Visit(date: .instant(InterchangeFixtures.date("2024-05-03T18:30:00Z")), note: "back\\slash"),
    ]

    static var places: [Location] {
        var many = InterchangeFixtures.places[1]
        many.visits = visits
        // One plain day: `visited` says it all, so no list is written for it.
        let single = InterchangeFixtures.places[0]
        return [single, many]
    }

    @Test(arguments: InterchangeFormat.exportable)
    func everyVisitSurvivesExportThenImport(format: InterchangeFormat) throws {
        let text = try Exporter.export(Self.places, as: format)
        let file = try Importer.parse(data: Array(text.utf8), fileName: "export.\(format.fileExtension)", format: format)
        let back = file.places.map(\.location)
        #expect(back.count == 2)
        #expect(back.first?.visits == Self.places[0].visits, "\(format): the one visit of the first place")
        #expect(back.last?.visits == Self.visits, "\(format): \(back.last?.visits ?? [])")
        #expect(back.last?.visited == Self.visits.last?.date.start)
    }

    @Test(arguments: [InterchangeFormat.gpx, .kml, .csv])
    func visitedStaysWrittenForToolsThatOnlyKnowIt(format: InterchangeFormat) throws {
        let text = try Exporter.export(Self.places, as: format)
        #expect(text.contains("2024-05-03T18:30:00Z"), "the latest visit as `visited`")
        #expect(text.contains("visits"))
        // A single plain visit writes no list: the file reads as exports did before.
        let plain = try Exporter.export([Self.places[0]], as: format)
        #expect(!plain.contains("[{"), "\(plain)")
    }

    @Test func theFieldIsOneCompactJSONArray() {
        #expect(VisitListText.json(Self.visits) == #"[{"date":"2019","note":"with \"Sam\", <b>friends</b> & co; [yes] {no}"},"#
            + #"{"date":"2023-04"},{"date":"2023-08-14","note":"=SUM(A1) — ☕ 東京","source":"photo:48a330b20cbb0328"},"#
            + #"{"date":"2024-05-03T18:30:00Z","note":"back\\slash"}]"#)
        #expect(VisitListText.text(for: Self.places[0]).isEmpty)
        #expect(CSVExporter.columns.last == "visits", "the new column comes last: earlier columns keep their places")
    }

    @Test func theTextAsGDALRewritesItReadsBack() throws {
        let read = try VisitListText.read(#" [ { "date": "2019", "note": null }, { "date": "2024-05", "note": "x", "source": "s" } ] "#).get()
        #expect(read == [Visit(date: .year(2019)), Visit(date: .month(year: 2024, month: 5), note: "x", source: "s")])
        #expect(try VisitListText.read("").get().isEmpty)
    }

    @Test(arguments: ["[{\"when\":\"2019\"}]", "[{\"date\":\"someday\"}]", "[{\"date\":\"2019\",\"note\":5}]", "[2019]", "[{\"date\":\"2019\"}"])
    func aFieldThatIsNoListOfVisitsIsRefusedByName(text: String) throws {
        let csv = "name,latitude,longitude,visits\r\nSpot,1,2,\(CSVExporter.field(text))\r\n"
        #expect {
            _ = try Importer.parse(data: Array(csv.utf8), fileName: "bad.csv", format: .csv)
        } throws: { error in
            "\(error)".contains("visits \"") && "\(error)".contains("is not a list of visits such as [{\"date\":\"2024-05-01\"")
        }
    }

    @Test(arguments: ["3", "2024-05-01", "{\"date\":\"2019\"}", "often"])
    func anotherToolsVisitsColumnIsIgnored(text: String) throws {
        let csv = "name,latitude,longitude,visited,visits\r\nSpot,1,2,2023-06-01T00:00:00Z,\(CSVExporter.field(text))\r\n"
        let place = try #require(try Importer.parse(data: Array(csv.utf8), fileName: "theirs.csv", format: .csv).places.first?.location)
        #expect(place.visits == [Visit(date: .day(year: 2023, month: 6, day: 1))])
    }

    @Test func olderFilesWithoutTheFieldImportAsBefore() throws {
        let csv = "id,name,description,latitude,longitude,tags,visited,created,updated\r\n"
            + "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b,Palace,,51.5,-0.14,london,2023-06-01T00:00:00Z,,\r\n"
        let place = try #require(try Importer.parse(data: Array(csv.utf8), fileName: "old.csv", format: .csv).places.first?.location)
        #expect(place.visits == [Visit(date: .day(year: 2023, month: 6, day: 1))])
        let kml = #"<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>P</name><ExtendedData>"#
            + #"<Data name="visited"><value>2023-06-01T10:00:00Z</value></Data></ExtendedData>"#
            + #"<Point><coordinates>2,1</coordinates></Point></Placemark></kml>"#
        let fromKML = try #require(try Importer.parse(data: Array(kml.utf8), fileName: "old.kml", format: .kml).places.first?.location)
        #expect(fromKML.visits.map(\.date) == [.instant(InterchangeFixtures.date("2023-06-01T10:00:00Z"))])
    }

    @Test func gdalFieldNamesCarryTheList() throws {
        // Our GPX through ogr2ogr: the extension becomes a `places_visits` field (or column).
        let list = VisitListText.json(Self.visits)
        let csv = "name,Y,X,places_visits\r\nSpot,1,2,\(CSVExporter.field(list))\r\n"
        #expect(try Importer.parse(data: Array(csv.utf8), fileName: "gdal.csv", format: .csv).places.first?.location.visits == Self.visits)
        let geojson = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[2,1]},"#
            + #""properties":{"name":"Spot","places_visits":"# + list + "}}]}"
        #expect(try Importer.parse(data: Array(geojson.utf8), fileName: "gdal.geojson", format: .geojson).places.first?.location.visits == Self.visits)
        let asText = #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[2,1]},"#
            + #""properties":{"name":"Spot","visits":"# + JSONText.quoted(list) + "}}]}"
        #expect(try Importer.parse(data: Array(asText.utf8), fileName: "gdal.geojson", format: .geojson).places.first?.location.visits == Self.visits)
    }
}
