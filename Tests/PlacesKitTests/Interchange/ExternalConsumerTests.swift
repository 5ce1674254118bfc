import Foundation
import PlacesKit
import PlacesTestSupport
import Testing

/// Opens the exports with tools other people use. Each test is skipped (and says so) when its tool
/// is not installed; CI installs them all (gdal-bin, libxml2-utils, geojson-validator) and sets
/// `PLACES_REQUIRE_VALIDATORS=1`, which turns a missing tool into a failure instead.
@Suite struct ExternalConsumerTests {
    static let required = ProcessInfo.processInfo.environment["PLACES_REQUIRE_VALIDATORS"] == "1"
    static let ogrinfo = ExternalTool.find("ogrinfo")
    static let xmllint = ExternalTool.find("xmllint")
    static let python = ExternalTool.find("python3")
    static let hasGeoJSONValidator: Bool = {
        guard let python else { return false }
        return (try? ExternalTool.run(python, ["-c", "import geojson_validator"]).status) == 0
    }()

    /// The sample places, one with a list of visits (GPX's `places:visits` must validate too).
    static let exported: [Location] = {
        var places = InterchangeFixtures.places
        places[1].visits = VisitListInterchangeTests.visits
        return places
    }()

    private func write(_ format: InterchangeFormat, to directory: URL) throws -> URL {
        let url = directory.appendingPathComponent("places.\(format.fileExtension)")
        try Data(try Exporter.export(Self.exported, as: format).utf8).write(to: url)
        return url
    }

    @Test(.enabled(if: ogrinfo != nil || required, "skipped: ogrinfo (gdal-bin) is not installed"), arguments: InterchangeFormat.exportable)
    func ogrinfoOpensTheExportAndCountsEveryPlace(format: InterchangeFormat) throws {
        let directory = try makeTestDirectory("places-interchange")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try write(format, to: directory)
        var arguments = ["-ro", "-so", url.path]
        // GPX files hold several layers (waypoints, routes, tracks…): ask for the waypoints.
        if format == .gpx { arguments.append("waypoints") } else { arguments.insert("-al", at: 1) }
        let ogrinfo = try #require(Self.ogrinfo, "ogrinfo (gdal-bin) is required but not installed")
        let result = try ExternalTool.run(ogrinfo, arguments)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Feature Count: \(InterchangeFixtures.places.count)"), "\(result.output)")
    }

    @Test(.enabled(if: xmllint != nil || required, "skipped: xmllint (libxml2-utils) is not installed"))
    func gpxValidatesAgainstTheGPX11Schema() throws {
        let directory = try makeTestDirectory("places-interchange")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try write(.gpx, to: directory)
        let schema = InterchangeFixtures.folder.appendingPathComponent("gpx-1.1.xsd").path
        let xmllint = try #require(Self.xmllint, "xmllint (libxml2-utils) is required but not installed")
        let result = try ExternalTool.run(xmllint, ["--noout", "--nonet", "--schema", schema, url.path])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("validates"), "\(result.output)")
    }

    @Test(.enabled(if: xmllint != nil || required, "skipped: xmllint (libxml2-utils) is not installed"))
    func kmlIsWellFormed() throws {
        let directory = try makeTestDirectory("places-interchange")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try write(.kml, to: directory)
        let xmllint = try #require(Self.xmllint, "xmllint (libxml2-utils) is required but not installed")
        let result = try ExternalTool.run(xmllint, ["--noout", "--nonet", url.path])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test(.enabled(if: hasGeoJSONValidator || required, "skipped: the geojson-validator Python package is not installed"))
    func geoJSONPassesStructureAndGeometryChecks() throws {
        let directory = try makeTestDirectory("places-interchange")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = try write(.geojson, to: directory)
        try #require(Self.hasGeoJSONValidator, "the geojson-validator Python package is required but not installed")
        let script = """
            import json, sys
            import geojson_validator
            with open(sys.argv[1]) as f:
                d = json.load(f)
            structure = geojson_validator.validate_structure(d, check_crs=True)
            geometries = geojson_validator.validate_geometries(d)
            print(json.dumps({"structure": structure, "geometries": geometries}, default=str))
            sys.exit(1 if structure or geometries.get("invalid") or geometries.get("problematic") else 0)
            """
        let result = try ExternalTool.run(try #require(Self.python), ["-c", script, url.path])
        #expect(result.status == 0, "\(result.output)")
    }
}
