import Foundation
import Testing

/// The progress bar appears on a terminal and nowhere else. `script` (util-linux) gives the command
/// a pseudo-terminal for all three streams, so what it records is what a person would see.
@Suite struct ProgressTests {
    /// A journal of `count` places, brought in with `places import` from a generated GeoJSON file.
    static func journal(count: Int) throws -> (PlacesRunner, geojson: URL) {
        let places = try PlacesRunner()
        var text = "{\"type\":\"FeatureCollection\",\"features\":[\n"
        for i in 0..<count {
            let lat = Double(i % 170) - 85 + 0.123, lon = Double(i % 350) - 175 + 0.456
            text += (i == 0 ? "" : ",\n") + "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(lon),\(lat)]},\"properties\":{\"name\":\"Place \(i)\"}}"
        }
        text += "\n]}\n"
        let file = places.directory.appendingPathComponent("points.geojson")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return (places, file)
    }

    /// Runs `places` on a pseudo-terminal; returns everything the terminal received.
    /// - Parameter redirect: shell redirections appended to the command line (`> out.txt`).
    static func onTerminal(_ places: PlacesRunner, _ arguments: [String], environment: [String: String] = [:],
                           redirect: String = "") throws -> PlacesRunner.Result {
        let script = try ExternalTool.require("script")
        let command = ([PlacesRunner.executable.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ") + redirect
        var env = ["PLACES_STORE": places.journal.path, "HOME": places.directory.path, "PATH": "/usr/bin:/bin",
                   "LANG": "C.UTF-8", "TERM": "xterm", "SHELL": "/bin/sh"]
        env.merge(environment) { $1 }
        return try DailyUseTests.run(script, ["-qec", command, "/dev/null"], environment: env)
    }

    static let bar = "\r["

    /// Tests on a pseudo-terminal need `script` (util-linux/bsdutils); they show as skipped without it.
    static let hasTerminal = ExternalTool.available("script")

    @Test(.enabled(if: hasTerminal, "needs script (apt-get install bsdutils)"))
    func importAndExportShowABarOnATerminalAndNotInAPipe() throws {
        let (places, geojson) = try Self.journal(count: 3_000)
        defer { places.removeAll() }
        let fast = ["PLACES_PROGRESS_DELAY": "0"]
        let imported = try Self.onTerminal(places, ["import", geojson.path], environment: fast)
        #expect(imported.status == 0, "\(imported.stdout)")
        #expect(imported.stdout.contains(Self.bar), "no bar: \(imported.stdout.debugDescription)")
        #expect(imported.stdout.contains("/3,000  ") && imported.stdout.contains("/s"))
        #expect(imported.stdout.contains("\r\u{1B}[K"), "the bar is erased at the end")
        #expect(imported.stdout.contains("GeoJSON, 3000 places"), "\(imported.stdout)")
        #expect(try places.journalPlaces().count == 3_000)

        let out = places.directory.appendingPathComponent("out.gpx").path
        let exported = try Self.onTerminal(places, ["export", "-o", out], environment: fast)
        #expect(exported.status == 0)
        #expect(exported.stdout.contains(Self.bar) && exported.stdout.contains("/3,000"))

        // --quiet silences it; so does output streaming to the same terminal.
        let quiet = try Self.onTerminal(places, ["export", "-o", out, "--quiet"], environment: fast)
        #expect(!quiet.stdout.contains(Self.bar))
        let streamed = try Self.onTerminal(places, ["export", "--format", "csv"], environment: fast)
        #expect(streamed.stdout.contains("Place 2999"))
        #expect(!streamed.stdout.contains(Self.bar))

        // In a pipe: never.
        let piped = try places.run(["export", "-o", out], environment: fast)
        #expect(piped.status == 0)
        #expect(!piped.stderr.contains("\r"), "\(piped.stderr.debugDescription)")
        let pipedImport = try places.run(["import", geojson.path, "--dry-run"], environment: fast)
        #expect(!pipedImport.stderr.contains("\r") && !pipedImport.stdout.contains("\r"))
    }

    /// Without the test's override, quick work draws nothing even on a terminal.
    @Test(.enabled(if: hasTerminal, "needs script (apt-get install bsdutils)"))
    func quickWorkDrawsNothing() throws {
        let (places, geojson) = try Self.journal(count: 50)
        defer { places.removeAll() }
        let imported = try Self.onTerminal(places, ["import", geojson.path])
        #expect(imported.status == 0)
        #expect(!imported.stdout.contains(Self.bar))
    }
}
