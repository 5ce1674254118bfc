import Foundation
import PlacesTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Imports and merges read from a pipe (`cat f | places import /dev/stdin`, `<(…)`) as from a file,
/// and a FIFO nobody writes to is refused at once: through the real binary.
@Suite struct ImportFromPipeTests {
    static let csv = "name,latitude,longitude\nBig Ben,51.5007,-0.1246\nLouvre,48.8606,2.3376\n"
    static let history = """
        {"timelineObjects": [
          {"placeVisit": {"location": {"latitudeE7": 488606111, "longitudeE7": 23376000, "placeId": "ChIJLouvre", "name": "Louvre Museum"},
             "duration": {"startTimestamp": "2019-01-05T12:00:00Z", "endTimestamp": "2019-01-05T15:00:00Z"}}}
        ]}
        """

    @Test func everyFormatImportsFromStandardInput() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let csv = try runner.run(["import", "/dev/stdin", "--dry-run"], stdin: Self.csv)
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.contains("/dev/stdin: CSV, 2 places"), "\(csv.stdout)")

        let history = try runner.run(["import", "/dev/stdin", "--dry-run"], stdin: Self.history)
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.contains("+ Louvre Museum"), "\(history.stdout)")

        let shell = try runner.run(["import", "/dev/stdin"], stdin: Self.csv)
        #expect(shell.status == 0, "\(shell.stderr)")
        #expect(Set(try runner.journalPlaces().compactMap { $0["name"] as? String }) == ["Big Ben", "Louvre"])
    }

    @Test func processSubstitutionAndAPipedPhotoImport() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let file = runner.directory.appendingPathComponent("saved.csv")
        try Self.csv.write(to: file, atomically: true, encoding: .utf8)
        let photo = PhotoImportCLITests.fixtures.appendingPathComponent("paris.jpg").path
        let places = PlacesRunner.executable.path
        let env = ["PLACES_STORE": runner.journal.path, "HOME": runner.directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let substituted = try ExternalTool.run("/bin/bash", ["-c", "'\(places)' import <(cat '\(file.path)') --dry-run"], environment: env)
        #expect(substituted.status == 0, "\(substituted.output)")
        #expect(substituted.stdout.contains("CSV, 2 places"), "\(substituted.output)")
        let piped = try ExternalTool.run("/bin/sh", ["-c", "cat '\(photo)' | '\(places)' import /dev/stdin --dry-run"], environment: env)
        #expect(piped.status == 0, "\(piped.output)")
        #expect(piped.stdout.contains("+ Eiffel Tower"), "\(piped.output)")
    }

    @Test func mergeReadsTheOtherCopyFromAPipe() throws {
        let other = try PlacesRunner()
        defer { other.removeAll() }
        _ = try other.add("Kyoto", "35.0116,135.7681")
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("Lima", "-12.0464,-77.0428")
        let copy = try String(contentsOf: other.journal, encoding: .utf8)
        let merged = try runner.run(["merge", "/dev/stdin"], stdin: copy)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(Set(try runner.journalPlaces().compactMap { $0["name"] as? String }) == ["Kyoto", "Lima"])
    }

    @Test func aFIFONobodyWritesToIsRefusedAtOnce() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let fifo = runner.directory.appendingPathComponent("pipe").path
        try #require(mkfifo(fifo, 0o600) == 0)
        // `timeout` only stops a hang from holding the whole test run; the check is the refusal.
        let result = try ExternalTool.run("/usr/bin/timeout", ["600", PlacesRunner.executable.path, "import", fifo],
                                          environment: ["PLACES_STORE": runner.journal.path, "HOME": runner.directory.path,
                                                        "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        #expect(result.status == 65, "\(result.output)")
        #expect(result.stderr.contains("it is a named pipe and nothing was written to it"), "\(result.output)")
        #expect(!FileManager.default.fileExists(atPath: runner.journal.path))
    }
}
