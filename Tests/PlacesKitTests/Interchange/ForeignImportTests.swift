import Foundation
import PlacesKit
import Testing

@Suite struct ForeignImportTests {
    private func read(_ name: String, format: InterchangeFormat? = nil) throws -> ImportedFile {
        try Importer.parse(data: InterchangeFixtures.bytes(name), fileName: name, format: format)
    }

    @Test func foreignGeoJSONTakesNamesAndDescriptionsFromTheUsualKeysAndSkipsOtherGeometries() throws {
        let file = try read("foreign.geojson")
        #expect(file.format == .geojson)
        #expect(file.places.map(\.location.name) == ["Trafalgar Square", "Eiffel Tower", "Colosseum"])
        #expect(file.places.map(\.location.description) == ["Lions and fountains", "Go up at sunset", "Book tickets ahead"])
        #expect(file.places[0].location.longitude == -0.1276)
        #expect(file.places[0].location.latitude == 51.5072)
        #expect(file.places[2].location.tags == ["rome", "history"])
        #expect(file.places.allSatisfy { !$0.hasOwnID })
        #expect(file.skipped.map(\.item) == ["feature 4", "feature 5", "feature 6"])
        #expect(file.skipped[0].reason == "is a LineString, not a Point")
        #expect(file.skipped[2].reason == "has no geometry")
    }

    @Test func olderTakeoutScheme() throws {
        let file = try read("takeout-older.json")
        #expect(file.format == .takeout)
        #expect(file.places.count == 2)
        let palace = file.places[0].location
        #expect(palace.name == "Buckingham Palace")
        #expect(palace.latitude == 51.5014 && palace.longitude == -0.1419)
        #expect(palace.description == "London SW1A 1AA, United Kingdom\nhttp://maps.google.com/?cid=1234567890123456789")
        #expect(palace.created == InterchangeFixtures.date("2019-03-02T10:15:30Z"))
        #expect(palace.updated == InterchangeFixtures.date("2019-03-04T08:00:00Z"))
        // At [0,0] with "No location information", but the URL says where.
        let louvre = file.places[1].location
        #expect(louvre.name == "Louvre")
        #expect(louvre.latitude == 48.8606 && louvre.longitude == 2.3376)
        #expect(file.skipped.count == 1)
        #expect(file.skipped[0].name == "Mystery bakery")
        #expect(file.skipped[0].reason.contains("no location information"))
    }

    @Test func newerTakeoutScheme() throws {
        let file = try read("takeout-newer.json")
        #expect(file.format == .takeout)
        #expect(file.places.map(\.location.name) == ["Brandenburg Gate", "Sagrada Família"])
        #expect(file.places[0].location.description.hasPrefix("Pariser Platz, 10117 Berlin, Germany\n"))
        #expect(file.places[0].location.created == InterchangeFixtures.date("2023-08-14T17:41:02Z"))
        #expect(file.places[1].location.latitude == 41.4036 && file.places[1].location.longitude == 2.1744)
        #expect(file.skipped.map(\.item) == ["feature 3"])
    }

    @Test func osmAndGPXWaypointsWithTheirExtensionsTolerated() throws {
        let file = try read("osmand.gpx")
        #expect(file.format == .gpx)
        #expect(file.places.count == 2)
        let first = file.places[0].location
        #expect(first.name == "Gamla stan")
        #expect(first.description == "Old town & palace")
        #expect(first.tags == ["Sweden"])
        #expect(first.created == InterchangeFixtures.date("2022-07-01T08:30:00Z"))
        #expect(first.latitude == 59.3293 && first.longitude == 18.0686)
        let second = file.places[1].location
        #expect(second.name == "Helsinki <Cathedral>")
        #expect(second.description == "White church on the square")
        #expect(file.skipped.map(\.reason) == ["routes are not imported, only waypoints", "tracks are not imported, only waypoints"])
    }

    @Test func organicMapsKMLBookmarks() throws {
        let file = try read("organic-maps.kml")
        #expect(file.format == .kml)
        #expect(file.places.map(\.location.name) == ["Torre de Belém", "Pastéis de Belém", "Miradouro da Senhora do Monte"])
        let tower = file.places[0].location
        // The description's HTML is read as the text it shows.
        #expect(tower.description == "Fortified tower, 1519")
        #expect(tower.latitude == 38.6916 && tower.longitude == -9.2159)
        #expect(tower.created == InterchangeFixtures.date("2024-04-18T15:20:11Z"))
        #expect(file.places[1].location.latitude == 38.6975)
        // A Folder's name is kept beside the place; it becomes a tag only with --folder-tags.
        #expect(file.places[2].location.tags == [])
        #expect(file.places[2].folder == "Viewpoints")
        #expect(file.skipped.count == 1)
        #expect(file.skipped[0].name == "Tram 28")
        #expect(file.skipped[0].reason == "is a LineString, not a Point")
    }

    @Test func semicolonCSVWithDecimalCommasQuotesAndLineBreaks() throws {
        let file = try read("semicolon.csv")
        #expect(file.format == .csv)
        #expect(file.places.count == 2)
        let cafe = file.places[0].location
        #expect(cafe.name == "Café \"Central\"")
        #expect(cafe.latitude == 48.2104 && cafe.longitude == 16.3655)
        #expect(cafe.description == "Melange and\ncake; since 1876")
        #expect(cafe.tags == ["vienna", "coffee"])
        #expect(file.places[1].location.tags == ["vienna"])
    }

    @Test func tabSeparatedCSV() throws {
        let file = try read("tabs.tsv")
        #expect(file.format == .csv)
        #expect(file.places.map(\.location.name) == ["Rijksmuseum", "Vondelpark"])
        #expect(file.places[0].location.description == "Night Watch")
        #expect(file.places[1].location.longitude == 4.8686)
    }

    @Test func bucketListArrayWithoutTheNewerFields() throws {
        let file = try read("bucket-list.json")
        #expect(file.format == .json)
        #expect(file.places.count == 2)
        #expect(file.places.allSatisfy { $0.hasOwnID })
        #expect(file.places[0].location.id == UUID(uuidString: "0B3E7F4A-1C2D-4E5F-8A9B-0C1D2E3F4A5B"))
        #expect(file.places[0].location.tags == [])
        #expect(file.places[0].location.visited == nil)
        #expect(file.places[1].location.visited == InterchangeFixtures.date("2021-09-10T00:00:00Z"))
    }

    @Test func formatIsDetectedFromContentNotTheExtension() throws {
        let gpx = try InterchangeFixtures.bytes("osmand.gpx")
        #expect(try Importer.parse(data: gpx, fileName: "favourites.txt").format == .gpx)
        let kml = try InterchangeFixtures.bytes("organic-maps.kml")
        #expect(try Importer.parse(data: kml, fileName: "bookmarks.xml").format == .kml)
        let geojson = try InterchangeFixtures.bytes("foreign.geojson")
        #expect(try Importer.parse(data: geojson, fileName: "walk.json").format == .geojson)
        #expect(FormatDetection.detect(bytes: Array("name,lat,lon\n".utf8), fileName: "places") == .format(.csv))
    }
}
