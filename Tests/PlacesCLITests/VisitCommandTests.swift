import Foundation
import Testing

/// Visits through the real binary: `visit`, `show`, `list --sort visited`, `stats` by year, typed
/// dates, old journals, the editor form, and merges that keep every visit.
@Suite struct VisitCommandTests {
    static func journalText(_ places: PlacesRunner) throws -> String {
        try String(contentsOf: places.journal, encoding: .utf8)
    }

    static func visits(_ place: [String: Any]?) -> [String] {
        (place?["visits"] as? [[String: Any]] ?? []).map { visit in
            (visit["date"] as? String ?? "?") + ((visit["note"] as? String).map { " " + $0 } ?? "")
        }
    }

    @Test func visitAddsVisitsThatShowListsAndTheJournalKeeps() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Dishoom", "51.5124,-0.1269", ["--on", "2024-05-01"])
        #expect(try Self.journalText(places).contains(#""version" : 1"#), "one plain date: still version 1")
        let first = try places.run(["visit", String(id.prefix(8)), "--on", "May 2019", "--note", "first time"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout == "Visited Dishoom (\(id.prefix(8))) on 2019-05 (2 visits)\n")
        #expect(try places.run(["visit", id, "--on", "2025"]).status == 0)
        let again = try places.run(["visit", id, "--on", "2019-05", "--note", "first time"])
        #expect(again.status == 0 && again.stdout.hasPrefix("No changes: Dishoom"), "\(again.stdout)")

        let text = try Self.journalText(places)
        #expect(text.contains(#""version" : 2"#))
        let place = try places.journalPlaces().first
        #expect(Self.visits(place) == ["2019-05 first time", "2024-05-01", "2025"])
        #expect(place?["visited"] as? String == "2025-01-01T00:00:00Z", "visited is the latest visit's start")

        let show = try places.run(["show", id])
        #expect(show.stdout.contains("  visited:     2025 (3 visits)\n  "), "\(show.stdout)")
        #expect(show.stdout.contains("  visits:\n    2025\n    2024-05-01\n    2019-05     first time\n"), "\(show.stdout)")
        let json = try places.run(["show", id, "--json"])
        #expect(json.stdout.contains(#""note" : "first time""#))
    }

    @Test func listSortsByTheLatestVisit() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("Wanted", "1,1")
        let old = try places.add("Old", "2,2", ["--on", "2019"])
        _ = try places.add("Recent", "3,3", ["--on", "2024-06-02"])
        #expect(try places.run(["visit", old, "--on", "2024-06"]).status == 0)
        let list = try places.run(["list", "--sort", "visited"])
        #expect(list.status == 0, "\(list.stderr)")
        let names = list.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] }
        #expect(names == ["Recent", "Old", "Wanted"], "\(list.stdout)")
        #expect(list.stdout.contains("  2024-06\n"), "a month is shown as a month: \(list.stdout)")
    }

    @Test func relativeDatesAreDaysInTheMachinesTimeZone() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Anywhere", "0,0")
        // UTC+14 and UTC-12 are a day or two apart at every moment.
        for zone in ["Pacific/Kiritimati", "Etc/GMT+12"] {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: zone))
            func day(_ offset: Int) -> String {
                let parts = calendar.dateComponents([.year, .month, .day], from: calendar.date(byAdding: .day, value: offset, to: Date())!)
                return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
            }
            let before = day(-1)
            let result = try places.run(["visit", id, "--on", "yesterday", "--json"], environment: ["TZ": zone])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.contains(#""date" : "\#(before)""#) || result.stdout.contains(#""date" : "\#(day(-1))""#),
                    "\(zone): \(result.stdout)")
        }
        #expect(Self.visits(try places.journalPlaces().first).count == 2, "the two zones' yesterdays are different days")
    }

    @Test func aDateThatIsNotOneIsRefusedAndNothingChanges() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Somewhere", "1,2")
        let before = try Data(contentsOf: places.journal)
        for (arguments, message) in [
            (["visit", id, "--on", "next tuesday"], #"--on "next tuesday" is not a date: use today, yesterday, friday, last friday"#),
            (["visit", id, "--on", "2023-02-29"], #"--on "2023-02-29" is not a date that exists"#),
            (["edit", id, "--on", "someday"], #"--on "someday" is not a date: use"#),
            (["add", "Other", "--at", "1,2", "--on", "31 April 2024"], #"--on "31 April 2024" is not a date that exists"#),
        ] {
            let result = try places.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        let note = try places.run(["visit", id, "--note", "two\nlines"])
        #expect(note.status != 0 && note.stderr.contains("visit note"), "\(note.stderr)")
        #expect(try Data(contentsOf: places.journal) == before)
    }

    @Test func anOldJournalReadsUnchangedAndStaysReadableByOlderVersions() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        try FileManager.default.createDirectory(at: places.journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = """
            {"version": 1, "places": [
              {"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "Palace", "latitude": 51.501, "longitude": -0.141,
               "tags": [], "visited": "2023-07-14T00:00:00Z", "created": "2023-07-14T09:00:00Z"},
              {"id": "6a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "Tower", "latitude": 51.508, "longitude": -0.076,
               "visited": "2022-03-01T16:45:10Z"}
            ]}
            """
        try old.write(to: places.journal, atomically: true, encoding: .utf8)
        let show = try places.run(["show", "5a3b"])
        #expect(show.stdout.contains("  visited:     2023-07-14\n"), "\(show.stdout)")
        #expect(try places.run(["show", "6a3b"]).stdout.contains("  visited:     2022-03-01\n"))
        #expect(try places.run(["edit", "5a3b", "--tag", "royal"]).status == 0)
        let text = try Self.journalText(places)
        #expect(text.contains(#""version" : 1"#) && !text.contains("visits"), "\(text)")
        #expect(text.contains(#""visited" : "2023-07-14T00:00:00Z""#) && text.contains(#""visited" : "2022-03-01T16:45:10Z""#))
        #expect(try places.run(["visit", "6a3b", "--on", "2024-01-01"]).status == 0)
        let after = try places.journalPlaces()
        #expect(Self.visits(after[1]) == ["2022-03-01T16:45:10Z", "2024-01-01"])
        #expect(try Self.journalText(places).contains(#""version" : 2"#))
    }

    @Test func statsCountEachYear() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let palace = try places.add("Palace", "51.501,-0.141", ["--on", "2023-06-01"])
        _ = try places.add("Louvre", "48.8606,2.3376", ["--on", "2024-05"])
        _ = try places.add("Tower", "51.5081,-0.0759", ["--on", "2024-02-10"])
        _ = try places.add("Wanted", "35,135")
        #expect(try places.run(["visit", palace, "--on", "2024-07-01"]).status == 0)
        let stats = try places.run(["stats", "--no-flags"])
        #expect(stats.status == 0, "\(stats.stderr)")
        #expect(stats.stdout.contains("By year:\n  2024: 2 new places in 2 countries, 3 visits\n  2023: 1 new place in 1 country, 1 visit\n"),
                "\(stats.stdout)")
        let json = try JSONSerialization.jsonObject(with: Data(try places.run(["stats", "--json"]).stdout.utf8)) as? [String: Any]
        let years = json?["years"] as? [[String: Any]]
        #expect(years?.map { $0["year"] as? Int } == [2024, 2023])
        #expect(years?.first?["visits"] as? Int == 3 && years?.first?["newCountries"] as? Int == 2)
    }

    /// Runs `places edit ID` with a scripted editor (a shell script given `$1`, the file).
    func edit(_ places: PlacesRunner, _ id: String, script: String) throws -> PlacesRunner.Result {
        let file = places.directory.appendingPathComponent("editor-\(UUID().uuidString).sh")
        try ("#!/bin/sh\nset -e\n" + script + "\n").write(to: file, atomically: true, encoding: .utf8)
        return try places.run(["edit", id], environment: ["EDITOR": "/bin/sh \(file.path)", "TMPDIR": places.directory.path,
                                                         "PLACES_BIN": PlacesRunner.executable.path])
    }

    @Test func theEditorFormShowsVisitsAsTypedAndWhereThePlaceIs() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Palace", "51.501,-0.141", ["--on", "2024-05"])
        #expect(try places.run(["visit", id, "--on", "2023-08-14", "--note", "rain"]).status == 0)
        let seen = places.directory.appendingPathComponent("seen.txt").path
        let result = try edit(places, id, script: """
            cp "$1" \(seen)
            sed -i 's/^visit: 2024-05$/visit: 2024-05  sunny/' "$1"
            sed -i 's/^description:$/visit: 2019\\ndescription:/' "$1"
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let form = try String(contentsOfFile: seen, encoding: .utf8)
        #expect(form.contains("\nvisit: 2023-08-14  rain\nvisit: 2024-05\n"), "\(form)")
        #expect(form.contains("; in United Kingdom (GB)\n") && form.contains("\n# Near "), "\(form)")
        #expect(!form.contains("visited:"))
        #expect(Self.visits(try places.journalPlaces().first) == ["2019", "2023-08-14 rain", "2024-05 sunny"])
    }

    @Test func theEditorReportsEveryProblemAtOnceWithItsLine() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Palace", "51.501,-0.141")
        let reopened = places.directory.appendingPathComponent("reopened.txt").path
        // First save: three mistakes. The form comes back with them on top; the second save fixes them.
        let result = try edit(places, id, script: """
            if grep -q 'had problems' "$1"; then
              cp "$1" \(reopened)
              sed -i -e 's/^latitude: .*/latitude: 51.5/' -e 's/^visit: .*/visit: last friday  lunch/' -e 's/^tags: .*/tags: ok/' "$1"
            else
              sed -i -e 's/^latitude: .*/latitude: 95/' -e 's/^tags: .*/tags: a\\tb/' -e 's/^description:$/visit: someday\\ndescription:/' "$1"
            fi
            """)
        #expect(result.status == 0, "\(result.stderr)")
        let form = try String(contentsOfFile: reopened, encoding: .utf8)
        for line in ["#   line 8: latitude 95 is out of range", "#   line 10: tag \"aU+0009b\" contains the control character U+0009",
                     "#   line 11: visit \"someday\" is not a date: use today"] {
            #expect(form.contains(line), "\(line) in \(form)")
        }
        #expect(form.contains("; in United Kingdom (GB)\n"), "the orientation line stays: \(form)")
        let place = try places.journalPlaces().first
        #expect(place?["latitude"] as? Double == 51.5 && Self.visits(place).first?.hasSuffix(" lunch") == true)
    }

    @Test func visitsAddedMeanwhileSurviveAnEditorSave() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Palace", "51.501,-0.141", ["--on", "2020-01-01"])
        let result = try edit(places, id, script: """
            "$PLACES_BIN" visit \(id) --on 2024-05 --note meanwhile >/dev/null
            sed -i 's/^visit: 2020-01-01$/visit: 2020-01-01  typed/' "$1"
            """)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.visits(try places.journalPlaces().first) == ["2020-01-01 typed", "2024-05 meanwhile"])
    }

    @Test func exportsKeepVisitedAsTheLatestAndImportsKeepEveryVisit() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Kyoto", "35,135", ["--on", "2019"])
        #expect(try places.run(["visit", id, "--on", "2023-04", "--note", "cherry blossom"]).status == 0)
        let csv = try places.run(["export", "--format", "csv"])
        #expect(csv.stdout.contains(",2023-04-01T00:00:00Z,"), "visited is the latest visit's start: \(csv.stdout)")
        let geojson = try places.run(["export", "--format", "geojson"])
        #expect(geojson.stdout.contains(#""visits":[{"date":"2019"},{"date":"2023-04","note":"cherry blossom"}]"#), "\(geojson.stdout)")

        // Into another journal: every format brings every visit back.
        for format in ["geojson", "gpx", "kml", "csv"] {
            let file = places.directory.appendingPathComponent("kyoto.\(format)")
            #expect(try places.run(["export", "-o", file.path]).status == 0)
            let other = places.directory.appendingPathComponent("other-\(format)/places.json").path
            let imported = try places.run(["import", file.path, "--store", other])
            #expect(imported.status == 0, "\(format): \(imported.stderr)")
            let journal = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: other))) as? [String: Any]
            #expect(Self.visits((journal?["places"] as? [[String: Any]])?.first) == ["2019", "2023-04 cherry blossom"], "\(format)")
        }

        // Back into this one with --update: a CSV's one date adds nothing and loses nothing.
        let csvFile = places.directory.appendingPathComponent("kyoto.csv")
        try csv.stdout.write(to: csvFile, atomically: true, encoding: .utf8)
        let update = try places.run(["import", csvFile.path, "--update"])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(Self.visits(try places.journalPlaces().first) == ["2019", "2023-04 cherry blossom"])
    }

    @Test func anImportedVisitsFieldThatIsNoListIsRefusedAndNothingChanges() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("Kyoto", "35,135")
        let before = try Data(contentsOf: places.journal)
        let file = places.directory.appendingPathComponent("visits.csv")
        try "name,latitude,longitude,visits\r\nNara,34.68,135.8,\"[{\"\"date\"\":\"\"someday\"\"}]\"\r\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try places.run(["import", file.path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains(#"row 1: visits "[{\"date\":\"someday\"}]" is not a list of visits such as [{"date":"2024-05-01","note":"with Sam"}]"#),
                "\(result.stderr)")
        #expect(try Data(contentsOf: places.journal) == before)
    }

    @Test func mergeKeepsTheVisitsOfBothCopies() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Kyoto", "35,135", ["--on", "2019"])
        let laptop = places.directory.appendingPathComponent("laptop")
        try FileManager.default.createDirectory(at: laptop, withIntermediateDirectories: true)
        let other = laptop.appendingPathComponent("places.json").path
        try FileManager.default.copyItem(atPath: places.journal.path, toPath: other)
        #expect(try places.run(["visit", id, "--on", "2023-04"]).status == 0)
        #expect(try places.run(["visit", id, "--on", "2024-11-02", "--note", "autumn", "--store", other]).status == 0)
        let merged = try places.run(["merge", other])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(Self.visits(try places.journalPlaces().first) == ["2019", "2023-04", "2024-11-02 autumn"])
    }
}
