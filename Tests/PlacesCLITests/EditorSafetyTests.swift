import Foundation
import Testing

/// `places edit` in an editor: changes saved meanwhile are merged or refused (never lost), Windows
/// line ends count, and the temporary file with the person's notes never outlives an interrupt.
@Suite struct EditorSafetyTests {
    /// Runs `places edit ID` with a scripted editor (a shell script given `$1`, the file).
    func edit(_ places: PlacesRunner, _ id: String, script: String) throws -> PlacesRunner.Result {
        let file = places.directory.appendingPathComponent("editor-\(UUID().uuidString).sh")
        try ("#!/bin/sh\nset -e\n" + script + "\n").write(to: file, atomically: true, encoding: .utf8)
        return try places.run(["edit", id], environment: ["EDITOR": "/bin/sh \(file.path)", "TMPDIR": places.directory.path,
                                                         "PLACES_BIN": PlacesRunner.executable.path])
    }

    @Test func changesSavedWhileTheEditorIsOpenAreMergedFieldByField() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Palace", "51.501,-0.141", ["--tag", "london"])
        // Meanwhile: a flag edit renames the place; the editor session changes the description.
        let result = try edit(places, id, script: """
            "$PLACES_BIN" edit \(id) --name "Buckingham Palace" >/dev/null
            sed -i 's/^description:$/description:\\nLit by 40,000 bulbs./' "$1"
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let place = try places.journalPlaces()[0]
        #expect(place["name"] as? String == "Buckingham Palace", "the change saved meanwhile survives")
        #expect(place["description"] as? String == "Lit by 40,000 bulbs.")
    }

    @Test func aSecondEditorSessionMeanwhileIsMergedToo() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Palace", "51.501,-0.141")
        let inner = places.directory.appendingPathComponent("inner.sh")
        try "#!/bin/sh\nsed -i 's/^tags: .*/tags: royal/' \"$1\"\n".write(to: inner, atomically: true, encoding: .utf8)
        let result = try edit(places, id, script: """
            EDITOR="/bin/sh \(inner.path)" "$PLACES_BIN" edit \(id) >/dev/null
            sed -i 's/^name: .*/name: Renamed/' "$1"
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let place = try places.journalPlaces()[0]
        #expect(place["name"] as? String == "Renamed")
        #expect(place["tags"] as? [String] == ["royal"])
    }

    @Test func aConflictIsRefusedWithBothValuesAndTheTextKept() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Palace", "51.501,-0.141")
        let result = try edit(places, id, script: """
            "$PLACES_BIN" edit \(id) --name "Saved meanwhile" >/dev/null
            sed -i 's/^name: .*/name: Typed in the editor/' "$1"
            """)
        #expect(result.status == 1)
        #expect(result.stderr.contains("name: saved meanwhile \"Saved meanwhile\", typed \"Typed in the editor\""), "\(result.stderr)")
        #expect(try places.journalPlaces()[0]["name"] as? String == "Saved meanwhile")
        let kept = try #require(result.stderr.components(separatedBy: "your text is kept in ").last?.components(separatedBy: ";").first)
        #expect(try String(contentsOfFile: kept, encoding: .utf8).contains("name: Typed in the editor"))
        #expect(try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int == 0o600)
    }

    @Test func windowsLineEndsAndAByteOrderMarkAreAccepted() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Palace", "51.501,-0.141")
        let result = try edit(places, id, script: """
            sed -i 's/^name: .*/name: Saved on Windows/' "$1"
            { printf '\\357\\273\\277'; sed 's/$/\\r/' "$1"; } > "$1.new" && mv "$1.new" "$1"
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("No changes"))
        let place = try places.journalPlaces()[0]
        #expect(place["name"] as? String == "Saved on Windows")
        #expect(place["description"] as? String == "")
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func interruptRemovesTheTemporaryFile(signal: Int32) throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Palace", "51.501,-0.141", ["--description", "private notes"])
        let report = places.directory.appendingPathComponent("file.txt")
        let script = places.directory.appendingPathComponent("editor.sh")
        // The editor waits while its file exists (at most 10 s), so it ends as soon as the file is removed.
        try "#!/bin/sh\necho \"$1\" > \(report.path).part && mv \(report.path).part \(report.path)\nfor i in $(seq 100); do [ -e \"$1\" ] || exit 0; sleep 0.1; done\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = PlacesRunner.executable
        process.arguments = ["edit", id]
        process.environment = ["PLACES_STORE": places.journal.path, "HOME": places.directory.path, "PATH": "/usr/bin:/bin",
                               "EDITOR": "/bin/sh \(script.path)", "TMPDIR": places.directory.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var waited = 0
        while !FileManager.default.fileExists(atPath: report.path) && waited < 200 { usleep(50_000); waited += 1 }
        let file = try String(contentsOf: report, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(FileManager.default.fileExists(atPath: file))
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(!FileManager.default.fileExists(atPath: file), "the notes must not stay behind")
    }
}
