import Foundation
import Testing

/// The journal commands end to end: the real binary, a real journal in a temporary directory.
@Suite struct JournalCommandTests {
    @Test func addListEditRemoveSession() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }

        let added = try places.run(["add", "Buckingham Palace", "--lat", "51.501", "--lon", "-0.141",
                                    "--description", "Lit by over 40,000 lightbulbs.", "--tag", "london"])
        #expect(added.status == 0)
        #expect(added.stdout.hasPrefix("Added Buckingham Palace ("))
        #expect(added.stdout.contains("at 51.501, -0.141"))
        let opera = try places.add("Sydney Opera House", "-33.8568,151.2153", ["--visited", "--on", "2019-12-31"])

        let table = try places.run(["list"])
        #expect(table.status == 0)
        let lines = table.stdout.split(separator: "\n")
        #expect(lines.count == 3 && lines[0].hasPrefix("ID  "))
        #expect(lines.contains { $0.contains("Sydney Opera House") && $0.contains("-33.8568") && $0.contains("2019-12-31") })
        #expect(!table.stdout.contains("\u{1B}["), "no colour in a pipe")

        let json = try places.run(["list", "--format", "json"])
        let array = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(array?.count == 2)
        #expect(try places.run(["list", "--json", "--visited"]).stdout.contains("Sydney Opera House"))
        #expect(!(try places.run(["list", "--json", "--unvisited"]).stdout.contains("Sydney Opera House")))
        #expect(try places.run(["list", "--tag", "LONDON"]).stdout.contains("Buckingham"))

        let edited = try places.run(["edit", String(opera.prefix(6)), "--name", "Opera House", "--at", "-33.857,151.215", "--tag", "music", "--unvisited"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let shown = try places.run(["show", opera, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        #expect(object?["name"] as? String == "Opera House")
        #expect(object?["latitude"] as? Double == -33.857)
        #expect(object?["tags"] as? [String] == ["music"])
        #expect(object?["visited"] is NSNull)
        #expect(object?["id"] as? String == opera)

        let removed = try places.run(["remove", String(opera.prefix(8)), "--yes"])
        #expect(removed.status == 0 && removed.stdout == "Removed Opera House (\(opera.prefix(8)))\n")
        #expect(try places.journalPlaces().count == 1)
    }

    @Test func editorFlowAppliesAValidEdit() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Buckingham Palace", "51.501,-0.141")
        // The "editor" is a shell script; it also proves an editor command may carry arguments.
        let script = places.directory.appendingPathComponent("editor.sh")
        try "#!/bin/sh\nsed -i -e \"s/^name: .*/name: $1/\" -e 's/^tags: .*/tags: royal, london/' \"$2\"\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let result = try places.run(["edit", id], environment: ["EDITOR": "/bin/sh \(script.path) Palace"])
        #expect(result.status == 0, "\(result.stderr)")
        let place = try places.journalPlaces()[0]
        #expect(place["name"] as? String == "Palace")
        #expect(place["tags"] as? [String] == ["royal", "london"])
        #expect(place["id"] as? String == id)
        #expect(place["updated"] as? String != nil)
    }

    @Test func editorFlowReopensAnInvalidEditWithTheProblems() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Palace", "51.501,-0.141")
        // First pass breaks the latitude; the second pass sees the problem comments and fixes it.
        let script = places.directory.appendingPathComponent("editor.sh")
        try """
        #!/bin/sh
        if grep -q '^#   ' "$1"; then
          sed -i 's/^latitude: .*/latitude: 48.8584/' "$1"
        else
          sed -i 's/^latitude: .*/latitude: 95/' "$1"
        fi
        """.write(to: script, atomically: true, encoding: .utf8)
        let result = try places.run(["edit", id], environment: ["VISUAL": "/bin/sh \(script.path)", "TMPDIR": places.directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("latitude 95 is out of range"))
        #expect(try places.journalPlaces()[0]["latitude"] as? Double == 48.8584)
    }

    @Test func emptiedOrUnchangedEditChangesNothing() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Palace", "51.501,-0.141")
        let before = try Data(contentsOf: places.journal)
        for editor in ["true", "/bin/sh -c ': > \"$0\"'"] {
            let result = try places.run(["edit", id], environment: ["EDITOR": editor])
            #expect(result.status == 0)
            #expect(result.stderr.contains("No changes."))
            #expect(try Data(contentsOf: places.journal) == before)
        }
        let failing = try places.run(["edit", id], environment: ["EDITOR": "false"])
        #expect(failing.status == 1 && failing.stderr.contains("exited with status 1; nothing was changed"))
    }

    @Test func negativeLongitudeAsTyped() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let result = try places.run(["add", "Palace", "--lat", "51.501", "--lon", "-0.141", "--json"])
        #expect(result.status == 0)
        #expect(try places.journalPlaces()[0]["longitude"] as? Double == -0.141)
    }

    @Test(arguments: [
        (["add", "X", "--lat", "91", "--lon", "0"], Int32(64), "places: error: latitude 91 is out of range: it must be between -90 and 90"),
        (["add", "X", "--lat", "1", "--lon", "-180.5"], 64, "places: error: longitude -180.5 is out of range"),
        (["add", "X", "--at", "51.5"], 64, "places: error: --at \"51.5\" is not a pair of coordinates"),
        (["add", "X", "--lat", "51,5", "--lon", "0"], 64, "use a decimal point, not a comma"),
        (["add", "X", "--lat", "1"], 64, "places: error: --lat needs --lon too"),
        (["add", "X"], 64, "places: error: missing coordinates for \"X\""),
        (["add", "", "--at", "1,2"], 64, "places: error: name \"\" is empty"),
        (["add", "X", "--at", "1,2", "--colour", "red"], 64, "places: error: unknown option --colour"),
        (["add", "X", "--at"], 64, "places: error: missing value for --at <lat,lon>"),
        (["lsit"], 64, "places: error: unknown command \"lsit\"\nhint: did you mean `list`?"),
        (["show", "ffff"], 1, "places: error: no place has the id ffff"),
        (["show", "ab"], 1, "is too short"),
        (["list", "--sort", "size"], 64, "places: error: --sort \"size\" is not one of: name, created, updated"),
        (["list", "--visited", "--unvisited"], 64, "exclude each other"),
    ])
    func errorsSayWhatAndExitWithTheRightCode(arguments: [String], status: Int32, message: String) throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("Palace", "51.501,-0.141")
        let before = try Data(contentsOf: places.journal)
        let result = try places.run(arguments)
        #expect(result.status == status)
        #expect(result.stderr.contains(message), "stderr was: \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try Data(contentsOf: places.journal) == before)
    }

    @Test func ambiguousPrefixListsCandidates() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let journal = #"{"version": 1, "places": [{"id": "abcd0001-0000-0000-0000-000000000000", "name": "A", "latitude": 1, "longitude": 1}, {"id": "abcd0002-0000-0000-0000-000000000000", "name": "B", "latitude": 1, "longitude": 1}]}"#
        try FileManager.default.createDirectory(at: places.journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        try journal.write(to: places.journal, atomically: true, encoding: .utf8)
        let result = try places.run(["show", "ABCD"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("the id ABCD is ambiguous: it starts 2 places"))
        #expect(result.stderr.contains("  abcd0001  A  ("), "\(result.stderr)")
    }

    @Test func removeRefusesWithoutATerminalUnlessYes() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Palace", "51.501,-0.141")
        let refused = try places.run(["remove", id])
        #expect(refused.status == 1 && refused.stderr.contains("pass --yes"))
        #expect(try places.journalPlaces().count == 1)
    }

    @Test func helpAndVersion() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let version = try places.run(["--version"])
        #expect(version.status == 0 && version.stdout.split(separator: ".").count == 3)
        let overview = try places.run(["--help"])
        #expect(overview.stdout.contains("SUBCOMMANDS:") && overview.stdout.contains("  add "))
        for command in ["add", "list", "show", "edit", "remove"] {
            let help = try places.run([command, "--help"])
            #expect(help.status == 0 && help.stdout.hasPrefix("OVERVIEW: ") && help.stdout.contains("USAGE: places \(command)"))
        }
    }

    @Test func storeOptionAndXDGDataHome() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let custom = places.directory.appendingPathComponent("elsewhere/mine.json").path
        #expect(try places.run(["add", "A", "--at", "1,2", "--store", custom]).status == 0)
        #expect(FileManager.default.fileExists(atPath: custom))
        let xdg = places.directory.appendingPathComponent("xdg").path
        #expect(try places.run(["add", "B", "--at", "1,2"], environment: ["PLACES_STORE": "", "XDG_DATA_HOME": xdg]).status == 0)
        #expect(FileManager.default.fileExists(atPath: xdg + "/places/places.json"))
    }
}
