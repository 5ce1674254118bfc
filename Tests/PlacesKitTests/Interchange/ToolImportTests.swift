import Foundation
import PlacesKit
import Testing

/// Files written by the tools people use (GDAL, QGIS, gpsbabel, Google Maps saved lists, Takeout's
/// dropped pins), read into places; what the gazetteer completes; folder tags only when asked.
@Suite struct ToolImportTests {
    private func read(_ name: String) throws -> ImportedFile {
        try Importer.parse(data: InterchangeFixtures.bytes(name), fileName: name)
    }

    private func read(text: String, name: String) throws -> ImportedFile {
        try Importer.parse(data: Array(text.utf8), fileName: name)
    }

    @Test func kmlFromQGISTakesNameDescriptionAndOurFieldsFromSchemaData() throws {
        let file = try read("qgis.kml")
        #expect(file.places.count == 2)
        let first = file.places[0]
        #expect(first.location.name == "Hallstatt Marktplatz")
        #expect(first.location.description == "Lake view & boats")
        #expect(first.hasOwnID && first.location.idString.lowercased() == "0d9a7c1e-5b3f-4e2a-9c8d-7f6e5d4c3b2a")
        #expect(first.location.tags == ["austria", "lakes"])
        #expect(first.location.visited == InterchangeFixtures.date("2023-08-14T00:00:00Z"))
        let second = file.places[1].location
        #expect(second.name == "Dachstein" && second.tags == ["mountains"])
        #expect(second.visited == InterchangeFixtures.date("2023-08-15T09:30:00Z"))
        // The folder is kept beside the place, not made a tag.
        #expect(file.places.allSatisfy { $0.folder == "Waypoints" })
    }

    @Test func folderNamesBecomeATagOnlyWhenAsked() throws {
        let file = try read("qgis.kml")
        let plain = try ImportPlanner.plan(existing: [], files: [file], options: ImportOptions())
        #expect(plain.added.map(\.tags) == [["austria", "lakes"], ["mountains"]])
        let tagged = try ImportPlanner.plan(existing: [], files: [file], options: ImportOptions(folderTags: true))
        #expect(tagged.added.map(\.tags) == [["austria", "lakes", "Waypoints"], ["mountains", "Waypoints"]])
    }

    @Test func csvWithWKTPointsAndGDALTagLists() throws {
        let file = try read("qgis-wkt.csv")
        #expect(file.places.map(\.location.name) == ["Hallstatt", "Eiffel Tower"])
        #expect(file.places[0].location.latitude == 47.5622 && file.places[0].location.longitude == 13.6493)
        #expect(file.places[1].location.latitude == 48.8584 && file.places[1].location.longitude == 2.2945)
        #expect(file.places[1].location.tags == ["paris", "views"])
        #expect(file.skipped.map(\.reason) == ["is a LINESTRING, not a POINT"])
    }

    @Test func csvWithYBeforeXAndDecimalCommas() throws {
        let file = try read("xy-semicolon.csv")
        #expect(file.places.map(\.location.latitude) == [47.5622, 48.8584])
        #expect(file.places.map(\.location.longitude) == [13.6493, 2.2945])
    }

    @Test(arguments: [
        "lng,lat,title\n2.2945,48.8584,Eiffel Tower\n",
        "Longitude;Name;Latitude\n2.2945;Eiffel Tower;48.8584\n",
        "name\tgeometry\nEiffel Tower\tSRID=4326;POINT(2.2945 48.8584)\n",
        "label,point_x,point_y\nEiffel Tower,2.2945,48.8584\n",
        "Name,URL\nEiffel Tower,https://www.openstreetmap.org/?mlat=48.8584&mlon=2.2945\n",
    ])
    func csvColumnsInAnyOrderAndSpelling(text: String) throws {
        let file = try read(text: text, name: "in.csv")
        let place = try #require(file.places.first?.location)
        #expect(place.name == "Eiffel Tower" && place.latitude == 48.8584 && place.longitude == 2.2945)
        #expect(file.places.first?.pending == nil)
    }

    @Test(arguments: [("name,wkt\nX,POINT (1)\n", "is not a WKT POINT"), ("name,wkt\nX,POINT (a b)\n", "is not a WKT POINT"),
                      ("name,x\nX,1\n", "the header has no latitude column, nor X/Y, WKT or URL columns")])
    func badWKTAndMissingCoordinateColumnsStopTheImport(row: (String, String)) {
        #expect { try read(text: row.0, name: "bad.csv") } throws: { "\($0)".contains(row.1) }
    }

    @Test func googleSavedListTakesCoordinatesFromTheURLElseWaitsForTheGazetteer() throws {
        let file = try read("google-saved-list.csv")
        #expect(file.places.count == 3)
        let cafe = file.places[0]
        #expect(cafe.pending == nil)
        #expect(cafe.location.latitude == 48.2103 && cafe.location.longitude == 16.3654)
        #expect(cafe.location.description.hasPrefix("Best cake\nhttps://www.google.com/maps/place/"))
        #expect(file.places[1].pending == .position(query: "Kyoto"))
        #expect(file.places[1].location.description.hasPrefix("temples\n"))
        // Without the gazetteer's help nothing is added at the placeholder 0,0.
        let unplaced = try ImportPlanner.plan(existing: [], files: [file], options: ImportOptions())
        #expect(unplaced.added.map(\.name) == ["Café Central"])
        #expect(unplaced.unreadable.map(\.reason) == ["has no coordinates", "has no coordinates"])
    }

    @Test func theGazetteerPlacesTitlesAndMarksThemApproximate() throws {
        let (files, approximate, _) = ImportCompletion.complete([try read("google-saved-list.csv")], gazetteer: .bundled)
        let file = try #require(files.first)
        #expect(file.places.map(\.location.name) == ["Café Central", "Kyoto"])
        let kyoto = file.places[1].location
        #expect(abs(kyoto.latitude - 35.02) < 0.1 && abs(kyoto.longitude - 135.75) < 0.1)
        #expect(kyoto.tags == ["approximate"])
        #expect(kyoto.description.contains("Position approximate: placed by its name at Kyoto"))
        #expect(approximate.map(\.name) == ["Kyoto"])
        #expect(file.skipped.map(\.name) == ["Xqzzyvq Plonk"])
        #expect(file.skipped.first?.reason == "has no coordinates, and the gazetteer knows no place by its name")
    }

    @Test func takeoutDroppedPinsAreNamedAfterTheirNearestTown() throws {
        let json = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","geometry":{"type":"Point","coordinates":[13.6493,47.5622]},
             "properties":{"date":"2024-01-02T10:00:00Z","google_maps_url":"http://maps.google.com/?q=47.5622,13.6493","location":{}}},
            {"type":"Feature","geometry":{"type":"Point","coordinates":[0,0]},
             "properties":{"Title":"Dropped pin","Google Maps URL":"http://maps.google.com/?q=48.8584,2.2945"}}]}
            """
        let file = try read(text: json, name: "Saved Places.json")
        #expect(file.places.map(\.location.name) == ["Dropped pin", "Dropped pin"])
        #expect(file.places.allSatisfy { $0.pending == .nearestTown })
        let completed = ImportCompletion.complete([file], gazetteer: .bundled).files[0]
        // The nearest town as `places where` names it: the gazetteer's nearest entry.
        #expect(completed.places[0].location.name == "Dropped pin near Hallstatt")
        #expect(completed.places[1].location.name.hasPrefix("Dropped pin near Paris"))
        #expect(completed.places[1].location.latitude == 48.8584)
    }

    @Test func savedListDroppedPinsAreNamedAfterTheirNearestTown() throws {
        let csv = "Title,Note,URL,Tags,Comment\n"
            + "\"47°33'43.9\"\"N 13°38'57.5\"\"E\",,https://www.google.com/maps/search/47.562194+13.649306,,\n"
            + ",,\"https://www.google.com/maps/search/48.8584,2.2945\",,\n"
        let file = try read(text: csv, name: "Saved.csv")
        #expect(file.places.map(\.pending) == [.nearestTown, .nearestTown])
        #expect(abs(file.places[0].location.latitude - 47.562194) < 0.00001)
        let names = ImportCompletion.complete([file], gazetteer: .bundled).files[0].places.map(\.location.name)
        #expect(names[0] == "Dropped pin near Hallstatt")
        #expect(names[1].hasPrefix("Dropped pin near Paris"))
    }

    @Test(arguments: [("2024/05/01 00:00:00+00", "2024-05-01T00:00:00Z"), ("2024/05/01 12:30:00+0130", "2024-05-01T11:00:00Z"),
                      ("2024-05-01 12:30:00", "2024-05-01T12:30:00Z"), ("2024/05/01", "2024-05-01T00:00:00Z"),
                      ("2024/05/01 12:30:00.5-02:00", "2024-05-01T14:30:00Z")])
    func datesAsGDALWritesThem(row: (String, String)) throws {
        let kml = """
            <kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>X</name><ExtendedData><SchemaData>
            <SimpleData name="visited">\(row.0)</SimpleData></SchemaData></ExtendedData>
            <Point><coordinates>1,2</coordinates></Point></Placemark></kml>
            """
        let visited = try #require(try read(text: kml, name: "d.kml").places.first?.location.visited)
        #expect(Timestamp.string(visited) == row.1)
    }

    @Test func ourIDThatIsNotAUUIDStopsTheImportAndAnotherToolsIsKept() throws {
        let ours = """
            <kml><Placemark><name>X</name><ExtendedData><SchemaData><SimpleData name="places_id">42</SimpleData></SchemaData></ExtendedData>
            <Point><coordinates>1,2</coordinates></Point></Placemark></kml>
            """
        #expect { try read(text: ours, name: "d.kml") } throws: { "\($0)".contains("the id \"42\" is not a UUID") }
        let theirs = ours.replacing("places_id", with: "id")
        let place = try #require(try read(text: theirs, name: "d.kml").places.first?.location)
        #expect(place.extraFields[Location.externalIDField]?.text == "\"42\"")
    }
}
