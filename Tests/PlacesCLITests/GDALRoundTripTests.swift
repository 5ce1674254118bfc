import Foundation
import PlacesTestSupport
import Testing

/// Our exports converted by the real `ogr2ogr` (GDAL, as QGIS uses it) to every other format and
/// back, then imported: ids, names, descriptions, coordinates, tags and every visit (dates as
/// precise as written, notes, sources) all survive, in every pair of formats.
/// CI installs gdal-bin and sets PLACES_REQUIRE_VALIDATORS=1, so there a missing ogr2ogr fails.
@Suite struct GDALRoundTripTests {
    static let formats = ["geojson", "gpx", "kml", "csv"]
    static let pairs: [(String, String)] = formats.flatMap { source in formats.map { (source, $0) } }

    /// The `ogr2ogr` arguments that convert `input` (in format `from`) to `output` (format `to`), as
    /// the README gives them: GPX keeps other fields only as extensions and holds points only; GDAL
    /// finds our CSV's point in its latitude/longitude (or its own X/Y) columns when told their
    /// names; a tag list goes as text, since GDAL's KML reader drops the list fields its writer makes.
    static func arguments(from: String, to: String, input: String, output: String) -> [String] {
        let driver = ["geojson": "GeoJSON", "gpx": "GPX", "kml": "KML", "csv": "CSV"][to]!
        var arguments = ["-f", driver, "-mapFieldType", "StringList=String"]
        if to == "gpx" { arguments += ["-dsco", "GPX_USE_EXTENSIONS=YES", "-nlt", "POINT"] }
        if to == "csv" { arguments += ["-lco", "GEOMETRY=AS_XY"] }
        if from == "csv" { arguments += ["-oo", "X_POSSIBLE_NAMES=longitude,X", "-oo", "Y_POSSIBLE_NAMES=latitude,Y"] }
        arguments += [output, input]
        if from == "gpx" { arguments.append("waypoints") }
        return arguments
    }

    /// The fields a round trip must keep, by id.
    private func fields(_ places: [[String: Any]]) -> [String: String] {
        var result: [String: String] = [:]
        for place in places {
            let id = place["id"] as? String ?? "?"
            // GDAL's GPX reader joins the lines of an extension's text (`<ogr:description>`): line
            // breaks are the one thing a round trip through GPX may lose, and only GDAL's GPX.
            let description = (place["description"] as? String ?? "").replacing("\n", with: "")
            // Every visit, not only the latest that `visited` holds.
            let visits = (place["visits"] as? [[String: Any]] ?? []).map { visit in
                ["date", "note", "source"].map { "\(visit[$0] ?? "-")" }.joined(separator: " ")
            }
            result[id] = [place["name"], description, place["latitude"], place["longitude"], place["tags"], place["visited"], visits]
                .map { "\($0 ?? "nil")" }.joined(separator: " | ")
        }
        return result
    }

    @Test(.enabled(if: ExternalTool.available("ogr2ogr"), "skipped: ogr2ogr (gdal-bin) is not installed"), arguments: pairs)
    func exportThroughGDALAndBackKeepsEverything(pair: (String, String)) throws {
        let ogr2ogr = try ExternalTool.require("ogr2ogr")
        let (source, target) = pair
        let original = try PlacesRunner()
        defer { original.removeAll() }
        _ = try original.add("Big Ben", "51.5007,-0.1246", ["--tag", "london", "--tag", "clock tower", "--visited", "--on", "2024-05-01"])
        _ = try original.add("Café \"Ñ\", Sydney", "-33.85,151.2", ["--tag", "food", "--description", "Line one\nline \"two\" & <three>"])
        _ = try original.add("東京タワー", "35.658581,139.745433", ["--visited", "--on", "2019-11-11"])
        let cafe = try original.add("Café Zimmer", "48.21,16.37")
        for (date, note) in [("2019", "with \"Sam\", <b> & co; [yes]"), ("2023-04", ""), ("2024-05-03T18:30:00Z", "late\u{00A0}lunch ☕")] {
            let visit = try original.run(["visit", cafe, "--on", date] + (note.isEmpty ? [] : ["--note", note]))
            #expect(visit.status == 0, "\(visit.stderr)")
        }
        // A visit with a source, as the photo and history importers give them.
        let sourced = original.directory.appendingPathComponent("sourced.geojson")
        try #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[2.2945,48.8584]},"properties":{"name":"Tower","visits":[{"date":"2022-07-14","source":"photo:48a330b20cbb0328"},{"date":"2024"}]}}]}"#
            .write(to: sourced, atomically: true, encoding: .utf8)
        let imported = try original.run(["import", sourced.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try original.journalPlaces().compactMap { $0["visits"] as? [Any] }.map(\.count).sorted() == [2, 3], "the visits to carry")
        let exported = original.directory.appendingPathComponent("ours.\(source)").path
        let export = try original.run(["export", "--format", source, "-o", exported])
        #expect(export.status == 0, "\(export.stderr)")

        // One hop to the target format, and one hop back to the source format.
        let there = original.directory.appendingPathComponent("gdal.\(target)").path
        let back = original.directory.appendingPathComponent("back.\(source)").path
        for (from, to, input, output) in [(source, target, exported, there), (target, source, there, back)] {
            let converted = try ExternalTool.run(ogr2ogr, Self.arguments(from: from, to: to, input: input, output: output))
            #expect(converted.status == 0, "ogr2ogr \(from) → \(to): \(converted.output)")
            let copy = try PlacesRunner()
            defer { copy.removeAll() }
            let imported = try copy.run(["import", output])
            #expect(imported.status == 0, "\(from) → \(to): \(imported.stderr)")
            #expect(imported.stdout.contains("added 5,"), "\(from) → \(to): \(imported.stdout)")
            let want = fields(try original.journalPlaces())
            let got = fields(try copy.journalPlaces())
            let written = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            #expect(got == want, "\(from) → \(to) lost something:\n\(got)\nwanted\n\(want)\n\(written)")
        }
    }
}
