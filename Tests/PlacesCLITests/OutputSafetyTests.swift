import Foundation
import Testing

/// Output the program writes, to standard output and to `-o` files: errors are reported, a closed
/// pipe is quiet, and an output file never replaces the journal, a directory, a device or a link.
@Suite struct OutputSafetyTests {
    /// A journal of `count` places written directly (faster than `count` runs of `add`).
    func seedJournal(_ places: PlacesRunner, count: Int) throws -> Data {
        let folder = places.journal.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let records = (0..<count).map { index in
            String(format: #"{"id": "%08x-0000-4000-8000-000000000000", "name": "Place %d", "latitude": %d, "longitude": %d, "tags": [], "description": "notes"}"#,
                   index + 1, index, index % 80, index % 170)
        }
        try ("{\"version\": 1, \"places\": [" + records.joined(separator: ",\n") + "]}").write(to: places.journal, atomically: true, encoding: .utf8)
        chmod(places.journal.path, 0o600)
        return try Data(contentsOf: places.journal)
    }

    func shell(_ places: PlacesRunner, _ script: String) throws -> PlacesRunner.Result {
        try places.run(["-c", script, PlacesRunner.executable.path], executable: URL(fileURLWithPath: "/bin/bash"))
    }

    @Test func fullStandardOutputIsAnErrorWithExit74() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try seedJournal(places, count: 50)
        for command in ["list --json", "list", "export --format csv", "show 00000001", "stats", "completion bash", "--help"] {
            let result = try shell(places, "exec \"$0\" \(command) > /dev/full")
            #expect(result.status == 74, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("cannot write to standard output: No space left on device"), "\(command): \(result.stderr)")
        }
    }

    @Test func closedPipeEndsQuietly() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try seedJournal(places, count: 3000)
        let errors = places.directory.appendingPathComponent("errors.txt")
        for command in ["list --json", "export --format geojson", "list"] {
            let result = try shell(places, "\"$0\" \(command) 2> \(errors.path) | head -c 10 > /dev/null")
            #expect(result.status == 0)
            #expect(try String(contentsOf: errors, encoding: .utf8) == "", "\(command)")
        }
    }

    @Test func outputFileOnAFullDiskIsAnErrorAndLeavesTheOldFile() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try seedJournal(places, count: 3000)
        let out = places.directory.appendingPathComponent("out.geojson")
        try "old".write(to: out, atomically: true, encoding: .utf8)
        let result = try shell(places, "ulimit -f 8; exec \"$0\" export -o \(out.path)")
        #expect(result.status == 74, "\(result.stderr)")
        #expect(result.stderr.contains("cannot write \(out.path): File too large"), "\(result.stderr)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "old")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: places.directory.path).filter { $0.contains(".tmp.") }
        #expect(leftovers.isEmpty)
    }

    @Test func outputFileNeverReplacesTheJournalItsCopiesADirectoryOrADevice() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("A", "1,2")
        _ = try places.add("B", "3,4")
        let folder = places.journal.deletingLastPathComponent()
        let history = folder.appendingPathComponent("places.json.history")
        let copy = history.appendingPathComponent(try FileManager.default.contentsOfDirectory(atPath: history.path).sorted().last!)
        let alias = places.directory.appendingPathComponent("alias.geojson")
        try FileManager.default.createSymbolicLink(atPath: alias.path, withDestinationPath: places.journal.path)
        let hardLink = places.directory.appendingPathComponent("hard.geojson")
        #expect(link(places.journal.path, hardLink.path) == 0)
        let before = try Data(contentsOf: places.journal)
        let targets = [places.journal.path, places.journal.path + ".lock", places.journal.path + ".bak", copy.path,
                       history.appendingPathComponent("new.json").path, folder.path + "/../data/places.json",
                       alias.path, hardLink.path, places.directory.path, "/dev/null", ""]
        for target in targets {
            for command in [["export", "--format", "geojson", "-o", target], ["map", "-o", target]] {
                let result = try places.run(command)
                #expect(result.status == 73, "\(command): \(result.stderr)")
                #expect(result.stderr.contains("refusing to write"), "\(command): \(result.stderr)")
            }
        }
        #expect(try Data(contentsOf: places.journal) == before)
        #expect(try places.run(["list"]).status == 0)
        let nowhere = try places.run(["export", "-o", places.directory.path + "/no/such/folder/out.csv"])
        #expect(nowhere.status == 73 && nowhere.stderr.contains("cannot create") && nowhere.stderr.contains("No such file or directory"),
                "\(nowhere.stderr)")
    }

    @Test func outputFileKeepsLinksAndModesAndHonoursTheUmask() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("A", "1,2")
        let real = places.directory.appendingPathComponent("real.svg")
        let link = places.directory.appendingPathComponent("link.svg")
        try "old".write(to: real, atomically: true, encoding: .utf8)
        chmod(real.path, 0o600)
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
        #expect(try places.run(["map", "-o", link.path]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path, "still a link")
        #expect(try String(contentsOf: real, encoding: .utf8).hasPrefix("<svg") || String(contentsOf: real, encoding: .utf8).hasPrefix("<?xml"))
        #expect(try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions] as? Int == 0o600, "never loosened")
        let private_ = places.directory.appendingPathComponent("private.csv")
        #expect(try shell(places, "umask 077; exec \"$0\" export -o \(private_.path)").status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: private_.path)[.posixPermissions] as? Int == 0o600)
        let shared = places.directory.appendingPathComponent("shared.csv")
        #expect(try shell(places, "umask 022; exec \"$0\" export -o \(shared.path)").status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: shared.path)[.posixPermissions] as? Int == 0o644)
    }
}
