import Foundation
import Testing

/// Bad input, command by command: each case must exit with its code and a message that names the
/// value and the rule, and leave the journal byte for byte as it was.
@Suite struct BadInputTests {
    static let long = String(repeating: "x", count: 10_000)

    /// (arguments, exit code, a piece of the error message)
    static let cases: [([String], Int32, String)] = [
        // add: coordinates
        (["add", "X", "--lat", "91", "--lon", "0"], 64, "latitude 91 is out of range: it must be between -90 and 90"),
        (["add", "X", "--lat", "-90.0001", "--lon", "0"], 64, "latitude -90.0001 is out of range"),
        (["add", "X", "--lat", "0", "--lon", "-180.0001"], 64, "longitude -180.0001 is out of range: it must be between -180 and 180"),
        (["add", "X", "--lat", "0", "--lon", "180.5"], 64, "longitude 180.5 is out of range"),
        (["add", "X", "--lat", "NaN", "--lon", "0"], 64, "latitude \"NaN\" is not a number nor degrees and minutes (e.g. 51.501, 51°30′4″N or 51.501N)"),
        (["add", "X", "--lat", "0", "--lon", "inf"], 64, "longitude \"inf\" is not a number"),
        (["add", "X", "--lat", "1e309", "--lon", "0"], 64, "latitude \"1e309\" is too large"),
        (["add", "X", "--lat", "51,5", "--lon", "0"], 64, "use a decimal point, not a comma"),
        (["add", "X", "--lat", "0x10", "--lon", "0"], 64, "latitude \"0x10\" is not a number"),
        (["add", "X", "--lat", "", "--lon", "0"], 64, "latitude \"\" is not a number"),
        (["add", "X", "--at", "51.5;;0.1"], 64, "--at \"51.5;;0.1\" is not a pair of coordinates"),
        (["add", "X", "--at", "51.5"], 64, "--at \"51.5\" is not a pair of coordinates"),
        (["add", "X", "--at", "1,2,3"], 64, "is not a pair of coordinates"),
        (["add", "X", "--at", "1,2", "--lat", "1", "--lon", "2"], 64, "give either --at or --lat and --lon, not both"),
        (["add", "X", "--lat", "1"], 64, "--lat needs --lon too"),
        (["add", "X", "--lon", "1"], 64, "--lon needs --lat too"),
        // add: names, tags, dates, text
        (["add", "", "--at", "1,2"], 64, "name \"\" is empty: a place needs a name"),
        (["add", "   ", "--at", "1,2"], 64, "name \"\" is empty"),
        (["add", long, "--at", "1,2"], 64, "name of 10000 characters is too long: the limit is 200 characters"),
        (["add", "bell\u{7}", "--at", "1,2"], 64, "contains the control character U+0007"),
        (["add", "two\nlines", "--at", "1,2"], 64, "contains the control character U+000A"),
        (["add", "esc\u{1B}[31m", "--at", "1,2"], 64, "contains the control character U+001B"),
        (["add", "X", "--at", "1,2", "--tag", ""], 64, "tag \"\" is empty"),
        (["add", "X", "--at", "1,2", "--tag", "a,b"], 64, "tag \"a,b\" contains a comma"),
        (["add", "X", "--at", "1,2", "--tag", String(repeating: "t", count: 65)], 64, "is too long: the limit is 64 characters"),
        (["add", "X", "--at", "1,2", "--on", "someday"], 64, "--on \"someday\" is not a date: use today, yesterday"),
        (["add", "X", "--at", "1,2", "--on", "2023-02-29"], 64, "--on \"2023-02-29\" is not a date"),
        (["add", "X", "--at", "1,2", "--description", "a\u{1}b"], 64, "description \"aU+0001b\" contains the control character U+0001"),
        (["add", "X", "--at", "1,2", "--description", String(repeating: "d", count: 20_001)], 64, "description of 20001 characters is too long"),
        // add: the command line itself
        (["add", "X", "--at", "1,2", "--bogus"], 64, "unknown option --bogus"),
        (["add", "X", "--at", "1,2", "--tga", "x"], 64, "did you mean --tag?"),
        (["add", "X", "--lat"], 64, "missing value for --lat <lat>"),
        (["add"], 64, "missing <name>"),
        (["add", "X", "--at", "1,2", "extra"], 64, "unexpected argument \"extra\""),
        (["add", "X", "--at", "1,2", "--visited", "2019-05-03"], 64, "unexpected argument \"2019-05-03\": the flag --visited takes no value"),
        (["add", "X", "--at", "1,2", "--visited=yes"], 64, "the flag --visited takes no value"),
        (["add", "X", "--at", "1,2", "--wait", "-1"], 64, "--wait \"-1\" is not a number of seconds"),
        (["add", "Qqqqzzzxw"], 64, "missing coordinates for \"Qqqqzzzxw\""),
        (["add", "X", "--in", "Qqqqzzzxw"], 1, "no place called \"Qqqqzzzxw\" in the gazetteer or among your places"),
        (["add", "X", "--in", "Paris", "--pick", "0"], 64, "--pick \"0\" is not a position in the list of places"),
        (["add", "X", "--in", "Springfield", "--pick", "9"], 64, "--pick 9 is not in the list: \"Springfield\" has 6 candidates"),
        (["add", "X", "--at", "1,2", "--pick", "1"], 64, "--pick chooses among the places a name could mean"),
        // ids
        (["show", "abc"], 1, "the id abc is too short: type at least 4 characters of it"),
        (["show", "ffff"], 1, "no place has the id ffff"),
        (["show", "ABCD"], 1, "the id ABCD is ambiguous: it starts 2 places"),
        (["show", "zz-top"], 1, "no place is called \"zz-top\" or has it in its name"),
        (["show"], 64, "missing <id>"),
        (["edit", "ffff", "--name", "X"], 1, "no place has the id ffff"),
        (["edit", "abcd", "--name", "X"], 1, "is ambiguous"),
        (["edit", "abcd0001", "--lat", "95"], 64, "latitude 95 is out of range"),
        (["edit", "abcd0001", "--name", ""], 64, "name \"\" is empty"),
        (["edit", "abcd0001", "--visited", "--unvisited"], 64, "--unvisited cannot go with --visited or --on"),
        (["edit", "abcd0001", "--tag", "x,y"], 64, "tag \"x,y\" contains a comma"),
        (["visit"], 64, "missing <id>"),
        (["visit", "ffff"], 1, "no place has the id ffff"),
        (["visit", "abcd0001", "--on", "next week"], 64, "--on \"next week\" is not a date: use today, yesterday, friday"),
        (["visit", "abcd0001", "--on", "2024-13"], 64, "--on \"2024-13\" is not a date that exists"),
        (["visit", "abcd0001", "--on", "3000 years ago"], 64, "--on \"3000 years ago\" is outside the years 1 to 9999"),
        (["visit", "abcd0001", "--note", "a\u{7}b"], 64, "visit note \"aU+0007b\" contains the control character U+0007"),
        (["remove"], 64, "missing <id>"),
        (["remove", "ffff", "--yes"], 1, "no place has the id ffff"),
        (["remove", "abcd", "--yes"], 1, "is ambiguous"),
        (["remove", "abcd0001"], 1, "refusing to remove 1 place without confirmation"),
        // list
        (["list", "--sort", "size"], 64, "--sort \"size\" is not one of: name, created, updated, visited, distance"),
        (["list", "--format", "xml"], 64, "--format \"xml\" is not one of: table, json, geojson, gpx, kml, csv"),
        (["list", "--visited", "--unvisited"], 64, "--visited and --unvisited exclude each other"),
        (["list", "--tag"], 64, "missing value for --tag <tag>"),
        (["list", "--sort", "distance"], 64, "--sort distance needs --from PLACE"),
        // geosearch
        (["search"], 64, "missing <query>"),
        (["search", "London", "--limit", "0"], 64, "--limit \"0\" is not a positive whole number"),
        (["search", "London", "--limit", "many"], 64, "--limit \"many\" is not a positive whole number"),
        (["search", "London", "--country", "ZZ"], 64, "--country \"ZZ\" is not an ISO 3166-1 country code"),
        (["where", "abc"], 64, "\"abc\" is not a pair of coordinates"),
        (["where", "91,0"], 64, "\"91,0\" is outside the world"),
        (["where"], 64, "missing <lat,lon>"),
        (["near"], 64, "missing <place>"),
        (["near", "London", "--radius", "5parsecs"], 64, "--radius \"5parsecs\" is not a distance"),
        (["near", "Qqqqzzzxw"], 1, "no place called \"Qqqqzzzxw\" in the gazetteer"),
        (["gazetteer"], 64, "missing <action>"),
        (["gazetteer", "frobnicate"], 64, "unknown gazetteer action \"frobnicate\""),
        (["gazetteer", "import", "/nonexistent/cities500.txt"], 65, "cannot read /nonexistent/cities500.txt"),
        // interchange and maps
        (["export"], 64, "missing --format"),
        (["export", "--format", "xml"], 64, "--format \"xml\" is not one of: geojson, gpx, kml, csv"),
        (["import"], 64, "missing <file>"),
        (["import", "/nonexistent/places.gpx"], 65, "/nonexistent/places.gpx: no such file"),
        (["map", "--width", "abc"], 64, "--width \"abc\" is not a whole number"),
        (["map", "--radius", "5km"], 64, "--radius needs --around"),
        (["map", "--format", "jpg"], 64, "--format \"jpg\" is not one of: svg, html, png"),
        (["map", "-o", "trip.jpg"], 64, "-o \"trip.jpg\": .jpg is not a map format places writes"),
        // everything else
        (["undo", "--bogus"], 64, "unknown option --bogus"),
        (["doctor", "extra"], 64, "unexpected argument \"extra\""),
        (["frobnicate"], 64, "unknown command \"frobnicate\""),
        (["lsit"], 64, "did you mean `list`?"),
        (["--frobnicate"], 64, "unknown option --frobnicate"),
        (["help", "nothing"], 64, "unknown command \"nothing\""),
    ]

    static let journal = #"""
    {"version": 1, "places": [
      {"id": "abcd0001-0000-4000-8000-000000000001", "name": "Palace", "description": "", "latitude": 51.501, "longitude": -0.141, "tags": ["london"]},
      {"id": "abcd0002-0000-4000-8000-000000000002", "name": "Tower", "description": "", "latitude": 51.508, "longitude": -0.076, "tags": []}
    ]}
    """#

    func seeded() throws -> (PlacesRunner, Data) {
        let places = try PlacesRunner()
        try FileManager.default.createDirectory(at: places.journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.journal.write(to: places.journal, atomically: true, encoding: .utf8)
        return (places, try Data(contentsOf: places.journal))
    }

    @Test(arguments: cases)
    func badInputIsRefusedClearly(arguments: [String], status: Int32, message: String) throws {
        let (places, before) = try seeded()
        defer { places.removeAll() }
        let result = try places.run(arguments)
        #expect(result.status == status, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("places: error: "), "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(try Data(contentsOf: places.journal) == before, "\(arguments) changed the journal")
        #expect(!FileManager.default.fileExists(atPath: places.journal.path + ".history"), "\(arguments) wrote a version")
    }

    @Test func invalidUTF8ArgumentIsRefused() throws {
        let (places, before) = try seeded()
        defer { places.removeAll() }
        let result = try places.run(["-c", "exec \"$0\" add \"$(printf 'caf\\351')\" --at 1,2", PlacesRunner.executable.path],
                                    executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(result.status == 64)
        #expect(result.stderr.contains("argument 2 (caf\u{FFFD}) is not valid UTF-8 text"))
        #expect(try Data(contentsOf: places.journal) == before)
    }

    /// Every case's whole message, pinned in one file people can read and review: a change of
    /// wording shows as a diff of `Fixtures/error-messages.txt`. `PLACES_UPDATE_GOLDEN=1` rewrites
    /// the file, and that run fails, so a rewritten file is never what makes a test pass.
    @Test func wholeMessagesMatchTheGoldenFile() throws {
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/error-messages.txt")
        var transcript = ""
        for (arguments, _, _) in Self.cases {
            let (places, _) = try seeded()
            defer { places.removeAll() }
            let result = try places.run(arguments)
            transcript += "$ places " + arguments.map(Self.shown).joined(separator: " ") + "\n"
            transcript += "exit \(result.status)\n" + Self.shown(result.stderr.replacing(places.directory.path, with: "$TMP")) + "\n"
        }
        if ProcessInfo.processInfo.environment["PLACES_UPDATE_GOLDEN"] != nil {
            try FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
            try transcript.write(to: golden, atomically: true, encoding: .utf8)
            Issue.record("rewrote \(golden.lastPathComponent); review the diff and run again without PLACES_UPDATE_GOLDEN")
            return
        }
        let expected = try String(contentsOf: golden, encoding: .utf8)
        let expectedBlocks = expected.components(separatedBy: "\n$ places ")
        let actualBlocks = transcript.components(separatedBy: "\n$ places ")
        #expect(actualBlocks.count == expectedBlocks.count, "the table and the golden file list different cases")
        for (actual, wanted) in zip(actualBlocks, expectedBlocks) where actual != wanted {
            Issue.record("message changed:\n--- expected\n\(wanted)\n--- actual\n\(actual)")
        }
    }

    /// Text as the golden file shows it: control characters escaped, very long words shortened.
    static func shown(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 && scalar != "\n" || scalar.value == 0x7F {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result.replacing(String(repeating: "x", count: 10_000), with: "x…(10000 characters)")
            .replacing(String(repeating: "d", count: 20_001), with: "d…(20001 characters)")
            .replacing(String(repeating: "t", count: 65), with: "t…(65 characters)")
    }

    @Test(arguments: ["\u{200B}", "\u{FEFF}", "\u{301}", " \u{200B}\u{FEFF}\u{2060} ", "\u{200D}\u{FE0F}"])
    func anInvisibleNameIsRefusedByAddEditAndImport(name: String) throws {
        let (places, before) = try seeded()
        defer { places.removeAll() }
        let added = try places.run(["add", name, "--at", "1,2"])
        #expect(added.status == 64, "\(name.unicodeScalars.map(\.value)): \(added.stderr)")
        #expect(added.stderr.contains("has no visible character: a place needs a name that can be seen and typed"), "\(added.stderr)")
        #expect(added.stderr.contains("U+"), "\(added.stderr)")
        let edited = try places.run(["edit", "Palace", "--name", name])
        #expect(edited.status == 64 && edited.stderr.contains("has no visible character"), "\(edited.stderr)")
        let file = places.directory.appendingPathComponent("in.geojson")
        let quoted = String(decoding: try JSONEncoder().encode(name), as: UTF8.self)
        try #"{"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point", "coordinates": [2, 1]}, "properties": {"name": \#(quoted)}}]}"#
            .write(to: file, atomically: true, encoding: .utf8)
        let imported = try places.run(["import", file.path])
        #expect(imported.status != 0 && imported.stderr.contains("has no visible character"), "\(imported.stderr)")
        #expect(try Data(contentsOf: places.journal) == before)
        // A name with something to see is a name, marks and joiners included.
        #expect(try places.run(["add", "Cafe\u{301}\u{200B}", "--at", "1,2"]).status == 0)
    }

    @Test func aDescriptionWithWindowsLineBreaksIsTakenAsTheEditorTakesIt() throws {
        let (places, _) = try seeded()
        defer { places.removeAll() }
        let added = try places.run(["add", "Notes", "--at", "1,2", "--description", "first\r\nsecond\rthird", "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let stored = { try places.journalPlaces().first { $0["name"] as? String == "Notes" }?["description"] as? String }
        #expect(try stored() == "first\nsecond\nthird")
        let edited = try places.run(["edit", "Notes", "--description", "one\r\ntwo\r\n"])
        #expect(edited.status == 0, "\(edited.stderr)")
        #expect(try stored() == "one\ntwo\n")
        // Other control characters are still refused.
        let bell = try places.run(["edit", "Notes", "--description", "ring\u{7}"])
        #expect(bell.status == 64 && bell.stderr.contains("contains the control character U+0007"), "\(bell.stderr)")
    }

    @Test func tableHasAtLeastSixtyCases() {
        #expect(Self.cases.count >= 60)
    }
}
