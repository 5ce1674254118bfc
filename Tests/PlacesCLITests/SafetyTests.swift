import Foundation
import Testing

/// Faults a journal must survive: full disks, read-only folders, hung lock holders, vanished
/// folders, crashes; and the tools that help afterwards: history, undo and doctor.
@Suite struct SafetyTests {
    /// A journal with `count` places, returning its bytes.
    func seed(_ places: PlacesRunner, count: Int) throws -> Data {
        for index in 0..<count {
            #expect(try places.run(["add", "Place \(index)", "--at", "\(index % 90),\(index % 180)",
                                    "--description", String(repeating: "notes ", count: 20)]).status == 0)
        }
        return try Data(contentsOf: places.journal)
    }

    func temporaryFiles(_ places: PlacesRunner) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: places.journal.deletingLastPathComponent().path)
            .filter { $0.contains(".tmp.") }
    }

    @Test func fullDiskLeavesTheJournalIntactAndSaysSo() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let before = try seed(places, count: 30)
        #expect(before.count > 8192)
        // A file-size limit of 8 KiB: the new journal cannot be written in full.
        let result = try places.run(["-c", "ulimit -f 8; exec \"$0\" add Overflow --at 1,2", PlacesRunner.executable.path],
                                    executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 1)
        #expect(result.stderr.contains("places: error: cannot write"))
        #expect(result.stderr.contains("File too large"))
        #expect(try Data(contentsOf: places.journal) == before)
        #expect(try temporaryFiles(places).isEmpty)
    }

    /// Needs root, to hand the files to the user "nobody" (root itself ignores permissions); other
    /// users see it skipped.
    @Test(.enabled(if: ExternalTool.isRoot && ExternalTool.available("setpriv"), "needs root and setpriv"))
    func readOnlyFolderLeavesTheJournalIntactAndSaysSo() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let before = try seed(places, count: 2)
        let folder = places.journal.deletingLastPathComponent().path
        // Root ignores permissions, so the write is attempted as the unprivileged user "nobody".
        for path in [places.directory.path, folder, places.journal.path, places.journal.path + ".lock"] {
            #expect(chown(path, 65534, 65534) == 0)
        }
        chmod(folder, 0o500)
        defer { chmod(folder, 0o700) }
        let result = try places.run(["--reuid=65534", "--regid=65534", "--clear-groups", PlacesRunner.executable.path,
                                     "add", "New", "--at", "1,2"], executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        #expect(result.status == 1)
        #expect(result.stderr.contains("Permission denied"), "\(result.stderr)")
        #expect(try Data(contentsOf: places.journal) == before)
        let list = try places.run(["--reuid=65534", "--regid=65534", "--clear-groups", PlacesRunner.executable.path, "list", "--json"],
                                  executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        #expect(list.status == 0, "reading still works: \(list.stderr)")
    }

    @Test func hungLockHolderGivesAClearMessageAfterTheWait() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let before = try seed(places, count: 1)
        // Held by this process, as another `places` would hold it, before the command starts: no
        // guessed time for a helper process to take it first.
        let holder = HeldLock(places.journal.path + ".lock")
        defer { holder.release() }
        let started = Date()
        let result = try places.run(["add", "Blocked", "--at", "1,2", "--wait", "0.5"])
        #expect(Date().timeIntervalSince(started) >= 0.5)
        #expect(result.status == 1)
        #expect(result.stderr.contains("the journal is locked by another places process"))
        #expect(result.stderr.contains("gave up after 0.5 s"))
        #expect(result.stderr.contains("--wait SECONDS"))
        #expect(try Data(contentsOf: places.journal) == before)
        #expect(try places.run(["add", "X", "--at", "1,2", "--wait", "soon"]).status == 64)
    }

    @Test func vanishedLinkedFolderIsNeitherEmptyNorRecreated() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let synced = places.directory.appendingPathComponent("Sync")
        try FileManager.default.createDirectory(at: synced, withIntermediateDirectories: true)
        let link = places.directory.appendingPathComponent("linked.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: synced.appendingPathComponent("places.json").path)
        #expect(try places.run(["add", "A", "--at", "1,2", "--store", link]).status == 0)
        #expect(try places.run(["add", "B", "--at", "1,2", "--store", link]).status == 0)
        #expect(FileManager.default.fileExists(atPath: synced.appendingPathComponent("places.json").path))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link)) != nil, "the link stays a link")

        try FileManager.default.removeItem(at: synced)
        for arguments in [["list"], ["add", "C", "--at", "1,2"]] {
            let result = try places.run(arguments + ["--store", link])
            #expect(result.status == 1)
            #expect(result.stderr.contains("does not exist (is the drive mounted?)"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: synced.path))
    }

    @Test func undoStepsBackThroughHistory() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Palace", "51.501,-0.141")
        _ = try places.add("Tower", "51.508,-0.076")
        #expect(try places.run(["edit", id, "--name", "Buckingham Palace", "--tag", "royal"]).status == 0)

        let history = try places.run(["history"])
        #expect(history.status == 0)
        let lines = history.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains("changed \"Buckingham Palace\" (name, tags)"))
        #expect(lines[1].contains("added \"Tower\""))

        let undo = try places.run(["undo"])
        #expect(undo.status == 0 && undo.stdout.contains("changed \"Palace\" (name, tags)"), "\(undo.stdout)")
        #expect(try places.journalPlaces().map { $0["name"] as? String } == ["Palace", "Tower"])
        #expect(try places.run(["undo"]).status == 0)
        #expect(try places.journalPlaces().map { $0["name"] as? String } == ["Palace"])
        let nothing = try places.run(["undo"])
        #expect(nothing.status == 1 && nothing.stderr.contains("nothing to undo"))
    }

    @Test func historyKeepsTheLastTwentyVersions() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        for index in 0..<24 { _ = try places.add("P\(index)", "1,\(index)") }
        let versions = try FileManager.default.contentsOfDirectory(atPath: places.journal.path + ".history")
        #expect(versions.count == 20)
        let json = try places.run(["history", "--json"])
        let entries = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(entries?.count == 20)
        #expect(entries?.first?["places"] as? Int == 23)
    }

    @Test func doctorFindsAndFixesWithoutLosingAnything() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("A", "1,2")
        _ = try places.add("B", "3,4")
        let healthy = try places.run(["doctor"])
        #expect(healthy.status == 0 && healthy.stdout.contains("parses: version 1, 2 places"))

        chmod(places.journal.path, 0o644)
        let stray = places.journal.deletingLastPathComponent().appendingPathComponent(".places.json.tmp.4242.1")
        try "{\"version\": 1, \"pla".write(to: stray, atomically: false, encoding: .utf8)
        let ill = try places.run(["doctor"])
        #expect(ill.status == 1)
        #expect(ill.stdout.contains("has mode 644") && ill.stdout.contains("temporary file left by an interrupted write"))
        #expect(try places.run(["doctor", "--fix"]).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: places.journal.path)[.posixPermissions] as? Int == 0o600)
        #expect(!FileManager.default.fileExists(atPath: stray.path))

        let broken = "{\"version\": 1, \"places\": [ {\"id\": "
        try broken.write(to: places.journal, atomically: false, encoding: .utf8)
        #expect(try places.run(["list"]).status == 65)
        let fix = try places.run(["doctor", "--fix"])
        #expect(fix.status == 0, "\(fix.stdout)\(fix.stderr)")
        #expect(fix.stdout.contains("restored the version saved"))
        #expect(try places.journalPlaces().map { $0["name"] as? String } == ["A"])
        let kept = try FileManager.default.contentsOfDirectory(atPath: places.journal.deletingLastPathComponent().path)
            .filter { $0.hasPrefix("places.json.unreadable-") }
        #expect(kept.count == 1)
        let keptText = try String(contentsOf: places.journal.deletingLastPathComponent().appendingPathComponent(kept[0]), encoding: .utf8)
        #expect(keptText == broken, "the unreadable journal is kept as it was")
    }

    @Test func doctorReportsInvalidRecordsWithoutBlockingOtherChanges() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        try FileManager.default.createDirectory(at: places.journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        try #"{"version": 1, "places": [{"id": "abcd0001-0000-0000-0000-000000000000", "name": "Typo", "latitude": 200, "longitude": 1}]}"#
            .write(to: places.journal, atomically: true, encoding: .utf8)
        let doctor = try places.run(["doctor"])
        #expect(doctor.status == 1 && doctor.stdout.contains("latitude 200 is out of range"))
        #expect(try places.run(["add", "Fine", "--at", "1,2"]).status == 0)
        #expect(try places.run(["edit", "abcd", "--lat", "20"]).status == 0)
        #expect(try places.run(["doctor"]).status == 0)
    }

    @Test func editorTemporaryFileIsPrivateAndRemoved() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Palace", "51.501,-0.141")
        let report = places.directory.appendingPathComponent("seen.txt")
        // The "editor" records the file's mode and name, then makes an edit.
        let script = places.directory.appendingPathComponent("editor.sh")
        try "#!/bin/sh\nstat -c '%a %n' \"$1\" > \(report.path)\nsed -i 's/^name: .*/name: Private/' \"$1\"\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let result = try places.run(["edit", id], environment: ["EDITOR": "/bin/sh \(script.path)", "TMPDIR": places.directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        let seen = try String(contentsOf: report, encoding: .utf8).split(separator: " ")
        #expect(seen.first == "600")
        let file = String(seen.last ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(file.hasPrefix(places.directory.path + "/places-edit-"))
        #expect(!FileManager.default.fileExists(atPath: file), "the temporary file is removed afterwards")
        #expect(try places.journalPlaces()[0]["name"] as? String == "Private")
    }
}
