import Foundation
import Testing

/// Jobs that used to be written twice and disagreed in front of users, checked through the binary.
@Suite struct ConsistencyTests {
    /// `near --radius 0x10km` was 16 km while `map --radius 0x10km` was refused; both refuse it now.
    @Test(arguments: ["0x10km", "inf", "1e400km"])
    func radiusIsReadTheSameByNearAndMap(_ radius: String) throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("Louvre", "48.8606,2.3376")
        let near = try runner.run(["near", "48.85,2.35", "--radius", radius])
        let map = try runner.run(["map", "--around", "48.85,2.35", "--radius", radius, "-o", runner.directory.appendingPathComponent("m.svg").path])
        for result in [near, map] {
            #expect(result.status == 64)
            #expect(result.stderr.contains("--radius \"\(radius)\" is not a distance"), "\(result.stderr)")
        }
    }

    /// `near` wrote 123.4 km as "123 km" and the map as "123.4 km".
    @Test func distancesAreWrittenTheSameByNearAndMap() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("Far away", "10,10")
        let near = try runner.run(["near", "48.85,2.35", "--radius", "123.4km"])
        #expect(near.status == 0)
        #expect(near.stderr.contains("No places in the journal within 123 km;"), "\(near.stderr)")
        let map = try runner.run(["map", "--terminal", "--around", "48.85,2.35", "--radius", "123.4km"],
                                 environment: ["COLUMNS": "60", "LINES": "30"])
        #expect(map.status == 0)
        #expect(map.stdout.hasPrefix("0 places · within 123 km of 48.8500, 2.3500\n"), "\(map.stdout.prefix(80))")
    }

    /// A place at (1e-7, 2.5e-8) came back as (0, 0) from every export format.
    @Test(arguments: ["geojson", "gpx", "kml", "csv"])
    func tinyCoordinatesSurviveExportAndImport(_ format: String) throws {
        let source = try PlacesRunner()
        let target = try PlacesRunner()
        defer { source.removeAll(); target.removeAll() }
        let id = try source.add("Null Island neighbour", "0.0000001,0.000000025")
        let file = source.directory.appendingPathComponent("out.\(format)").path
        let exported = try source.run(["export", "--format", format, "-o", file])
        #expect(exported.status == 0, "\(exported.stderr)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("0.0000001") && text.contains("0.000000025"), "\(text)")
        // Ids are hexadecimal with dashes ("…1e-07…" can occur in one): look at the rest only.
        #expect(!text.replacing(id, with: "").contains("e-0"), "no exponent: GPX and KML do not allow one")
        let imported = try target.run(["import", file])
        #expect(imported.status == 0, "\(imported.stderr)")
        let places = try target.journalPlaces()
        #expect(places.count == 1)
        #expect(places.first?["latitude"] as? Double == 1e-7)
        #expect(places.first?["longitude"] as? Double == 2.5e-8)
    }
}
