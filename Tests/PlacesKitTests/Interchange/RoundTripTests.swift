import Foundation
import PlacesKit
import Testing

@Suite struct RoundTripTests {
    @Test(arguments: InterchangeFormat.exportable)
    func exportThenImportReproducesThePlaces(format: InterchangeFormat) throws {
        let text = try Exporter.export(InterchangeFixtures.places, as: format)
        let file = try Importer.parse(data: Array(text.utf8), fileName: "export.\(format.fileExtension)")
        #expect(file.format == format)
        #expect(file.skipped.isEmpty)
        let expected = InterchangeFixtures.placesAsImported.map { place -> Location in
            var copy = place
            // GPX's longitude range excludes 180; −180 is the same meridian.
            if format == .gpx && copy.longitude == 180 { copy.longitude = -180 }
            return copy
        }
        #expect(file.places.filter { !$0.hasOwnID }.isEmpty, "every place keeps the id it was exported with")
        try expectSamePlaces(file.places.map(\.location), expected)
    }

    @Test(arguments: InterchangeFormat.exportable)
    func importingAnExportIntoAnEmptyJournalAddsEverything(format: InterchangeFormat) throws {
        let text = try Exporter.export(InterchangeFixtures.places, as: format)
        let file = try Importer.parse(data: Array(text.utf8), fileName: "places.\(format.fileExtension)", format: format)
        let plan = try ImportPlanner.plan(existing: [], files: [file], options: ImportOptions())
        #expect(plan.added.map(\.id) == InterchangeFixtures.places.map(\.id))
        #expect(plan.skipped.isEmpty)
        // Importing the same file again adds nothing: every id is already there.
        let again = try ImportPlanner.plan(existing: plan.places, files: [file], options: ImportOptions())
        #expect(again.added.isEmpty)
        #expect(again.skipped.count == InterchangeFixtures.places.count)
        #expect(again.skipped.allSatisfy { $0.reason == .sameID })
    }

    @Test(arguments: InterchangeFormat.exportable)
    func anEmptyJournalExportsAReadableFile(format: InterchangeFormat) throws {
        let text = try Exporter.export([], as: format)
        let file = try Importer.parse(data: Array(text.utf8), fileName: "empty.\(format.fileExtension)", format: format)
        #expect(file.places.isEmpty)
    }

    @Test func geoJSONHasBoundingBoxPositionsAndNoCRS() throws {
        let text = GeoJSONExporter.export(InterchangeFixtures.places)
        #expect(!text.contains("crs"))
        #expect(text.contains("\"bbox\":[-179.5,-16.8,180,51.501]"))
        #expect(text.contains("\"coordinates\":[-0.141,51.501]"))
        #expect(text.contains("\"visited\":null"))
    }

    @Test func gpxWritesLongitude180AsMinus180AndElementsInSchemaOrder() throws {
        let text = GPXExporter.export(InterchangeFixtures.places)
        #expect(text.contains("lon=\"-180\""))
        #expect(!text.contains("lon=\"180\""))
        #expect(text.contains("version=\"1.1\" creator=\"places\""))
        let first = try #require(text.split(separator: "</wpt>").first)
        let order = ["<time>", "<name>", "<desc>", "<type>", "<extensions>"].compactMap { first.range(of: $0)?.lowerBound }
        #expect(order.count == 5)
        #expect(order == order.sorted())
    }

    @Test func csvQuotesWhatNeedsQuoting() {
        let text = CSVExporter.export([InterchangeFixtures.places[1]])
        #expect(text.hasPrefix("id,name,description,latitude,longitude,tags,visited,created,updated,visits\r\n"))
        #expect(text.contains("\"Café \"\"Le Procope\"\", Paris\""))
        #expect(text.contains("\"Quotes \"\"here\"\", commas, and\na second line;"))
    }
}
