import Foundation
import Testing

/// `--json` gives machine-readable output on every command that reports something.
@Suite struct JSONOutputTests {
    @Test func everyCommandsJSONParses() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Palace", "51.501,-0.141", ["--tag", "london"])
        let geojson = places.directory.appendingPathComponent("in.geojson")
        try #"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[2.2945,48.8584]},"properties":{"name":"Eiffel Tower"}}]}"#
            .write(to: geojson, atomically: true, encoding: .utf8)
        let commands: [[String]] = [
            ["list", "--json"], ["show", id, "--json"], ["edit", id, "--tag", "royal", "--json"], ["undo", "--json"],
            ["search", "Kyoto", "--json"], ["where", "48.8584,2.2945", "--json"], ["near", "London", "--json"],
            ["import", geojson.path, "--json"], ["gazetteer", "info", "--json"], ["history", "--json"],
            ["doctor", "--json"], ["stats", "--json"],
            ["add", "Tower", "--at", "51.508,-0.076", "--json"], ["remove", id, "--yes", "--json"],
        ]
        for arguments in commands {
            let result = try places.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil,
                    "\(arguments) printed no JSON: \(result.stdout)")
        }
        let imported = try places.run(["import", geojson.path, "--json", "--dry-run"])
        let report = try JSONSerialization.jsonObject(with: Data(imported.stdout.utf8)) as? [String: Any]
        #expect(report?["dryRun"] as? Bool == true)
        #expect((report?["skipped"] as? [[String: Any]])?.first?["reason"] as? String != nil, "the Eiffel Tower is already there")
    }
}
