import Foundation
import Testing

/// Progress bars of the gazetteer commands: `search --batch` and `gazetteer import`.
@Suite struct GeoProgressTests {
    @Test(.enabled(if: ProgressTests.hasTerminal, "needs script (apt-get install bsdutils)"))
    func searchBatchShowsABarOnlyWhenItsOutputGoesElsewhere() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let queries = places.directory.appendingPathComponent("queries.txt")
        try String(repeating: "London\nParis\nKyoto\n", count: 200).write(to: queries, atomically: true, encoding: .utf8)
        let out = places.directory.appendingPathComponent("results.txt").path
        let fast = ["PLACES_PROGRESS_DELAY": "0"]
        // The shell redirects: standard output to a file, standard error still the terminal.
        let toFile = try ProgressTests.onTerminal(places, ["search", "--batch", "--json"], environment: fast,
                                                  redirect: " < '\(queries.path)' > '\(out)'")
        #expect(toFile.status == 0)
        #expect(toFile.stdout.hasPrefix("\r") && toFile.stdout.contains("/s"), "\(toFile.stdout.debugDescription)")
        #expect(try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").count == 600)
        let quiet = try ProgressTests.onTerminal(places, ["search", "--batch", "--quiet"], environment: fast,
                                                 redirect: " < '\(queries.path)' > '\(out)'")
        #expect(!quiet.stdout.contains("/s"))
        // Results streaming to the terminal: no bar among them.
        let onScreen = try ProgressTests.onTerminal(places, ["search", "--batch", "--json"], environment: fast,
                                                    redirect: " < '\(queries.path)'")
        #expect(onScreen.stdout.contains("\"query\""))
        #expect(!onScreen.stdout.contains("/s"))
        let piped = try places.run(["search", "--batch"], stdin: "London\nParis\n", environment: fast)
        #expect(!piped.stderr.contains("/s"))
    }

    @Test(.enabled(if: ProgressTests.hasTerminal, "needs script (apt-get install bsdutils)"))
    func gazetteerImportShowsBytesRead() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let dump = places.directory.appendingPathComponent("cities.txt")
        var text = ""
        for i in 0..<10_000 {
            text += "\(100_000 + i)\tTown \(i)\tTown \(i)\t\t\(Double(i % 80) + 0.5)\t\(Double(i % 170) + 0.25)\tP\tPPL\tCH\t\tBE\t\t\t\t\(1000 + i)\t\t500\tEurope/Zurich\t2023-01-01\n"
        }
        try text.write(to: dump, atomically: true, encoding: .utf8)
        let imported = try ProgressTests.onTerminal(places, ["gazetteer", "import", dump.path],
                                                    environment: ["PLACES_PROGRESS_DELAY": "0"])
        #expect(imported.status == 0, "\(imported.stdout)")
        #expect(imported.stdout.contains(" MB  "), "\(imported.stdout.debugDescription)")
        #expect(imported.stdout.contains("Imported 10,000 places"))
    }
}
