import Foundation
import Testing

/// `timeline`, `trips`, `review`, `today`, the travel filters and `export --trip`, through the real binary
/// on journals whose trips are known.
@Suite struct TravelsCLITests {
    /// Ids of the test journal's places.
    enum ID {
        static let home = "00000000-0000-4000-8000-000000000001"
        static let vienna = "00000000-0000-4000-8000-000000000002"
        static let bratislava = "00000000-0000-4000-8000-000000000003"
        static let budapest = "00000000-0000-4000-8000-000000000004"
        static let rome = "00000000-0000-4000-8000-000000000005"
        static let fushimi = "00000000-0000-4000-8000-000000000006"
        static let tokyo = "00000000-0000-4000-8000-000000000007"
        static let louvre = "00000000-0000-4000-8000-000000000008"
        static let wanted = "00000000-0000-4000-8000-000000000009"
    }

    /// One place of a journal the test writes.
    static func place(_ id: String, _ name: String, _ latitude: Double, _ longitude: Double, tags: [String] = [],
                      visits: [[String: String]]) -> [String: Any] {
        ["id": id, "name": name, "latitude": latitude, "longitude": longitude, "tags": tags, "description": "",
         "created": "2023-01-05T10:00:00Z", "updated": "2023-01-05T10:00:00Z", "visits": visits]
    }

    /// Berlin is home. Known trips, by first day:
    /// 1. 2018 (year only): the Colosseum. 2. May 2019 (month only): the Louvre.
    /// 3. Across New Year, through three countries: Vienna 2019-12-30, Bratislava 2020-01-01, Budapest 2020-01-03.
    /// 4. A Rome weekend, 2023-03-11 and 12. (Home on 2023-03-20.)
    /// 5. Japan, three weeks later: Fushimi Inari 2023-04-02, three quiet days, Tokyo Tower at 23:30 UTC on 2023-04-06.
    static func journal(_ runner: PlacesRunner, tripNames: [[String: String]]? = nil) throws {
        var document: [String: Any] = ["version": 2, "places": [
            place(ID.home, "Home", 52.52, 13.405, tags: ["home"], visits: [["date": "2019-12-20"], ["date": "2020-02-01"], ["date": "2023-03-20"]]),
            place(ID.vienna, "Vienna Opera", 48.203, 16.369, visits: [["date": "2019-12-30"]]),
            place(ID.bratislava, "Bratislava Castle", 48.1424, 17.1, visits: [["date": "2020-01-01"]]),
            place(ID.budapest, "Budapest Parliament", 47.5071, 19.0456, visits: [["date": "2020-01-03", "note": "New Year trip"]]),
            place(ID.rome, "Colosseum", 41.8902, 12.4922, visits: [["date": "2018"], ["date": "2023-03-11"], ["date": "2023-03-12"]]),
            place(ID.fushimi, "Fushimi Inari", 34.9671, 135.7727, visits: [["date": "2023-04-02", "note": "with Sam"]]),
            place(ID.tokyo, "Tokyo Tower", 35.6586, 139.7454, visits: [["date": "2023-04-06T23:30:00Z"]]),
            place(ID.louvre, "Louvre", 48.8606, 2.3376, visits: [["date": "2019-05"]]),
            place(ID.wanted, "Machu Picchu", -13.1631, -72.545, visits: []),
        ]]
        if let tripNames { document["tripNames"] = tripNames }
        try FileManager.default.createDirectory(at: runner.journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys]).write(to: runner.journal)
    }

    /// Runs `body` with a runner in a fresh temporary directory holding ``journal(_:tripNames:)``'s journal,
    /// and removes the directory after.
    static func withJournal(tripNames: [[String: String]]? = nil, _ body: (PlacesRunner) throws -> Void) throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        try journal(places, tripNames: tripNames)
        try body(places)
    }

    /// Great-circle kilometres by the spherical law of cosines (not the binary's haversine).
    static func km(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let (φ1, φ2) = (a.0 * .pi / 180, b.0 * .pi / 180)
        let Δλ = (b.1 - a.1) * .pi / 180
        return acos(min(1, sin(φ1) * sin(φ2) + cos(φ1) * cos(φ2) * cos(Δλ))) * 6371.0088
    }

    static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

    @Test func tripsFollowTheRule() throws {
        try Self.withJournal { places in
            let result = try places.run(["trips", "--json"])
            #expect(result.status == 0, "\(result.stderr)")
            let trips = try #require(try Self.json(result.stdout) as? [[String: Any]])
            #expect(trips.map { $0["start"] as? String } == ["2018", "2019-05", "2019-12-30", "2023-03-11", "2023-04-02"])
            #expect(trips.map { $0["number"] as? Int } == [1, 2, 3, 4, 5])
            #expect(trips.map { $0["days"] as? Int } == [nil, nil, 5, 2, 5])
            #expect(trips[2]["countries"] as? [String] == ["AT", "SK", "HU"])
            #expect(trips[2]["end"] as? String == "2020-01-03")
            #expect(trips[4]["countries"] as? [String] == ["JP"])
            #expect((trips[4]["stops"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Fushimi Inari", "Tokyo Tower"])
            let berlin = (52.52, 13.405)
            let newYear = Self.km(berlin, (48.203, 16.369)) + Self.km((48.203, 16.369), (48.1424, 17.1))
                + Self.km((48.1424, 17.1), (47.5071, 19.0456)) + Self.km((47.5071, 19.0456), berlin)
            #expect(abs((trips[2]["distanceKm"] as? Double ?? 0) - newYear) < 0.2, "\(trips[2]) vs \(newYear)")
            let japan = Self.km(berlin, (34.9671, 135.7727)) + Self.km((34.9671, 135.7727), (35.6586, 139.7454)) + Self.km((35.6586, 139.7454), berlin)
            #expect(abs((trips[4]["distanceKm"] as? Double ?? 0) - japan) < 0.2)

            let table = try places.run(["trips"])
            #expect(table.stdout.contains("2019-12-30 – 2020-01-03"), "\(table.stdout)")
            #expect(table.stdout.contains("AT, SK, HU"))
            let show = try places.run(["trips", "show", "3"])
            let rounded = Int(newYear.rounded())
            #expect(show.stdout.hasPrefix("Trip 3: 2019-12-30 – 2020-01-03, 5 days, AT, SK, HU, \(rounded / 1000),\(String(format: "%03d", rounded % 1000)) km"), "\(show.stdout)")
            #expect(show.stdout.contains("Budapest Parliament  New Year trip"))
            #expect(try places.run(["trips", "show", "9"]).stderr.contains("there is no trip 9: trips are numbered 1 to 5"))
            #expect(try places.run(["trips", "show", "9"]).status == 1)
        }
    }

    /// A trip that is not there is reported like a place or a region that is not there: exit 1, the name
    /// or number typed, and a hint where to look.
    @Test(arguments: [["trips", "show", "9"], ["trips", "show", "nosuch"], ["trips", "unname", "9"], ["trips", "unname", "nosuch"],
                      ["trips", "name", "9", "x"], ["export", "--trip", "9", "--format", "gpx"], ["show", "nosuch"],
                      ["region", "info", "nosuch"], ["region", "remove", "nosuch"]])
    func aNameThatNamesNothingExitsOne(_ arguments: [String]) throws {
        try Self.withJournal { places in
            let before = try Data(contentsOf: places.journal)
            let result = try places.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("nosuch") || result.stderr.contains("no trip 9"), "\(arguments): \(result.stderr)")
            if arguments.contains("trips") || arguments.contains("--trip") {
                #expect(result.stderr.contains("hint: `places trips` lists them"), "\(arguments): \(result.stderr)")
            }
            #expect(try Data(contentsOf: places.journal) == before)
        }
    }

    @Test func aHomeThatMovesStartsTripsFromTheNewHome() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let document: [String: Any] = ["version": 2, "places": [
            Self.place(ID.home, "Berlin flat", 52.52, 13.405, tags: ["home"], visits: [["date": "2015-01-01"]]),
            Self.place(ID.vienna, "Lisbon flat", 38.7223, -9.1393, tags: ["home"], visits: [["date": "2021-06-01"]]),
            Self.place(ID.bratislava, "Potsdam", 52.3906, 13.0645, visits: [["date": "2016-05-01"], ["date": "2022-03-01"]]),
            Self.place(ID.budapest, "Sintra", 38.8029, -9.3817, visits: [["date": "2020-05-01"], ["date": "2022-02-01"]]),
            Self.place(ID.rome, "Porto", 41.1579, -8.6291, visits: [["date": "2022-01-10"]]),
        ]]
        try FileManager.default.createDirectory(at: places.journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        try JSONSerialization.data(withJSONObject: document).write(to: places.journal)
        let trips = try #require(try Self.json(try places.run(["trips", "--json"]).stdout) as? [[String: Any]])
        // Before the move Sintra is away from Berlin and Potsdam is home; after it, the other way round.
        #expect(trips.map { $0["start"] as? String } == ["2020-05-01", "2022-01-10", "2022-03-01"], "\(trips)")
        #expect(trips.map { ($0["stops"] as? [[String: Any]])?.first?["name"] as? String } == ["Sintra", "Porto", "Potsdam"])
    }

    @Test func timelineGroupsByMonthAndTripAndKeepsPartialDates() throws {
        try Self.withJournal { places in
            let all = try places.run(["timeline"])
            #expect(all.status == 0, "\(all.stderr)")
            let lines = all.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first == "2018")
            #expect(lines.contains { $0.contains("2018 (year only)") && $0.contains("Colosseum") })
            #expect(lines.contains { $0.contains("May 2019 (month only)") && $0.contains("Louvre") })
            #expect(!all.stdout.contains("2019-05-01") && !all.stdout.contains("2018-01-01"), "partial dates never become days")
            #expect(lines.contains("December 2019") && lines.contains("January 2020"))
            #expect(lines.contains { $0.hasPrefix("  Trip 3: 2019-12-30 – 2020-01-03") })
            #expect(lines.contains { $0.contains("2023-04-06") && $0.contains("Tokyo Tower") })
            let year = try Self.json(try places.run(["timeline", "--year", "2020", "--json"]).stdout) as? [[String: Any]]
            #expect(year?.map { $0["date"] as? String } == ["2020-01-01", "2020-01-03", "2020-02-01"])
            #expect(year?.map { $0["trip"] as? Int } == [3, 3, nil])
            #expect(year?.first?["country"] as? String == "SK")
            #expect((year?.first?["place"] as? [String: Any])?["id"] as? String == ID.bratislava)
            let may = try Self.json(try places.run(["timeline", "--from", "May 2019", "--to", "May 2019", "--json"]).stdout) as? [[String: Any]]
            #expect(may?.map { $0["date"] as? String } == ["2019-05"])
            let japan = try Self.json(try places.run(["timeline", "--country", "日本", "--json"]).stdout) as? [[String: Any]]
            #expect(japan?.map { $0["date"] as? String } == ["2023-04-02", "2023-04-06T23:30:00Z"])
            #expect(try places.run(["timeline", "--year", "twenty"]).status == 64)
        }
    }

    @Test func reviewTellsTheYear() throws {
        try Self.withJournal { places in
            let review = try #require(try Self.json(try places.run(["review", "2023", "--json"]).stdout) as? [String: Any])
            #expect(review["year"] as? Int == 2023)
            #expect(review["visits"] as? Int == 5)
            #expect(review["places"] as? Int == 4)
            #expect(review["placesAdded"] as? Int == 9)
            #expect(review["countries"] as? [String] == ["IT", "DE", "JP"])
            #expect(review["newCountries"] as? [String] == ["JP"], "Italy was first visited in 2018, Germany in 2019")
            #expect(review["trips"] as? Int == 2)
            #expect(review["daysAway"] as? Int == 7)
            #expect((review["regions"] as? [String])?.contains("Kyoto") == true)
            #expect(review["months"] as? [Int] == [0, 0, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0])
            let text = try places.run(["review", "2023"])
            #expect(text.stdout.contains("Most visited: Colosseum (2 visits)"), "\(text.stdout)")
            #expect(text.stdout.contains("Furthest from home: Tokyo Tower"))
            #expect(text.stdout.contains("  Mar  ") && text.stdout.contains("█"))
            let year2018 = try Self.json(try places.run(["review", "2018", "--json"]).stdout) as? [String: Any]
            #expect(year2018?["visits"] as? Int == 1 && year2018?["months"] as? [Int] == Array(repeating: 0, count: 12))
            let map = places.directory.appendingPathComponent("2023.svg")
            let drawn = try places.run(["review", "2023", "-o", map.path])
            #expect(drawn.status == 0, "\(drawn.stderr)")
            let svg = try String(contentsOf: map, encoding: .utf8)
            #expect(svg.contains("<svg") && svg.contains("Tokyo Tower") && svg.contains("Colosseum") && !svg.contains("Louvre"))
            #expect(try places.run(["review", "2023", "-o", places.directory.appendingPathComponent("x.jpg").path]).status == 64)
        }
    }

    @Test func todayRemembersEarlierYears() throws {
        try Self.withJournal { places in
            let today = try places.run(["today", "--on", "2026-04-02"])
            #expect(today.stdout == "3 years ago on 2 April (2023-04-02): Fushimi Inari, with Sam\n", "\(today.stdout)")
            let json = try Self.json(try places.run(["today", "--on", "2026-04-06", "--json"]).stdout) as? [[String: Any]]
            #expect(json?.first?["yearsAgo"] as? Int == 3 && json?.first?["date"] as? String == "2023-04-06T23:30:00Z")
            let none = try places.run(["today", "--on", "2026-07-01"])
            #expect(none.status == 0 && none.stdout == "Nothing on 1 July in earlier years.\n")
            #expect(try places.run(["today", "--on", "2026"]).status == 64)
        }
    }

    @Test func timeZonesNeverShiftADate() throws {
        try Self.withJournal { places in
            let commands = [["timeline", "--json"], ["trips", "--json"], ["review", "2023", "--json"], ["today", "--on", "2026-04-06"],
                            ["timeline", "--year", "2023"]]
            for command in commands {
                let utc = try places.run(command, environment: ["TZ": "UTC"])
                for zone in ["Pacific/Kiritimati", "America/Adak"] {
                    let shifted = try places.run(command, environment: ["TZ": zone])
                    #expect(shifted.stdout == utc.stdout, "\(command) in \(zone)")
                }
            }
            #expect(try places.run(["today", "--on", "2026-04-06"], environment: ["TZ": "Pacific/Kiritimati"]).stdout.contains("Tokyo Tower"))
        }
    }

    @Test func aJournalWithNoVisits() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("Machu Picchu", "-13.1631,-72.545")
        let before = try Data(contentsOf: places.journal)
        let timeline = try places.run(["timeline"])
        #expect(timeline.status == 0 && timeline.stderr.contains("No visits yet"))
        let trips = try places.run(["trips"])
        #expect(trips.status == 0 && trips.stderr.contains("No trips: the journal has no visits yet."))
        #expect(try places.run(["trips", "--json"]).stdout == "[\n\n]\n" || (try Self.json(try places.run(["trips", "--json"]).stdout) as? [Any])?.isEmpty == true)
        #expect(try places.run(["review", "2024"]).stdout.contains("No visits in 2024"))
        #expect(try places.run(["today", "--on", "2026-01-01"]).stdout.contains("the journal has no visits yet"))
        #expect(try places.run(["trips", "name", "1", "x"]).status == 1)
        let unname = try places.run(["trips", "unname", "1"])
        #expect(unname.status == 1 && unname.stderr.contains("there is no trip 1: the journal has no trips\nhint: `places trips` lists them"), "\(unname.stderr)")
        #expect(try Data(contentsOf: places.journal) == before)
    }

    /// The travel commands read the journal with a reader of their own; what it does not take as plainly
    /// valid is read in full, so the same journals are read, and refused with the same words, as by `list`.
    @Test func journalsTheTravelReaderDeclinesAreReadInFull() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        func write(_ text: String) throws {
            try FileManager.default.createDirectory(at: places.journal.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: places.journal)
        }
        // Another tool's member in a place and in a visit, a member name written with escapes, a source.
        try write("""
            {"version": 2, "places": [
              {"id": "\(ID.home)", "name": "Home", "latitude": 52.52, "longitude": 13.405, "tags": ["home"], "rating": 5,
               "visits": [{"date": "2020-01-01"}]},
              {"id": "\(ID.rome)", "n\\u0061me": "Colosseum", "latitude": 41.8902, "longitude": 12.4922,
               "visits": [{"date": "2020-03-01", "note": "with Sam", "source": "photos", "mood": "sunny"}]}
            ]}
            """)
        let timeline = try places.run(["timeline"])
        #expect(timeline.status == 0, "\(timeline.stderr)")
        #expect(timeline.stdout.contains("Colosseum") && timeline.stdout.contains("with Sam") && timeline.stdout.contains("Trip 1"), "\(timeline.stdout)")
        // Visits written out of date order (the full read orders them: the coarser of dates starting
        // together first) and a place with only the older one-date `visited` member.
        try write("""
            {"version": 2, "places": [
              {"id": "\(ID.home)", "name": "Home", "latitude": 52.52, "longitude": 13.405, "tags": ["home"],
               "visits": [{"date": "2020-01-01"}, {"date": "2020-01", "note": "month"}, {"date": "2020"}]},
              {"id": "\(ID.rome)", "name": "Colosseum", "latitude": 41.8902, "longitude": 12.4922, "visited": "2021-06-01T00:00:00Z"}
            ]}
            """)
        let ordered = try places.run(["timeline", "--json"])
        #expect(ordered.status == 0, "\(ordered.stderr)")
        let visits = try #require(try Self.json(ordered.stdout) as? [[String: Any]])
        #expect(visits.map { $0["date"] as? String } == ["2020", "2020-01", "2020-01-01", "2021-06-01"], "\(ordered.stdout)")
        #expect(visits.map { $0["note"] as? String } == [nil, "month", nil, nil], "\(ordered.stdout)")
        // A repeated id, a control character in a description, a legacy bare array with a bad field.
        let refused = [
            """
            {"version": 2, "places": [{"id": "\(ID.home)", "name": "A", "latitude": 1, "longitude": 2},
              {"id": "\(ID.home)", "name": "B", "latitude": 1, "longitude": 2}]}
            """,
            "{\"version\": 2, \"places\": [{\"id\": \"\(ID.home)\", \"name\": \"A\", \"description\": \"a\u{07}b\", \"latitude\": 1, \"longitude\": 2}]}",
            "[{\"id\": \"\(ID.home)\", \"name\": 3, \"latitude\": 1, \"longitude\": 2}]",
        ]
        for text in refused {
            try write(text)
            let list = try places.run(["list"])
            #expect(list.status != 0)
            for command in [["timeline"], ["trips"], ["review", "2020"], ["today", "--on", "2026-01-01"]] {
                let result = try places.run(command)
                #expect(result.status == list.status && result.stderr == list.stderr, "\(command): \(result.stderr)")
            }
        }
    }

    @Test func tripNamesAreKeptInTheJournalAndSurviveNewVisits() throws {
        try Self.withJournal { places in
            let named = try places.run(["trips", "name", "5", "Japan 2023"])
            #expect(named.status == 0, "\(named.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: places.journal)) as? [String: Any])
            #expect(document["version"] as? Int == 2)
            #expect(document["tripNames"] as? [[String: String]] == [["date": "2023-04-02", "name": "Japan 2023", "place": ID.fushimi]])
            // A visit before the first stop grows the trip; the name stays with it.
            #expect(try places.run(["visit", ID.tokyo, "--on", "2023-03-31"]).status == 0)
            let show = try places.run(["trips", "show", "japan 2023"])
            #expect(show.stdout.hasPrefix("Trip 5 \"Japan 2023\": 2023-03-31 – 2023-04-06"), "\(show.stdout)")
            let before = try Data(contentsOf: places.journal)
            for command in [["timeline"], ["trips"], ["trips", "show", "5"], ["review", "2023"], ["today", "--on", "2026-04-02"],
                            ["list", "--country", "JP"], ["stats"], ["timeline", "--json"], ["trips", "--json"],
                            ["export", "--trip", "5", "--format", "geojson"]] {
                #expect(try places.run(command).status == 0, "\(command)")
            }
            #expect(try Data(contentsOf: places.journal) == before, "read-only commands leave the journal byte for byte")
            #expect(try places.run(["trips", "name", "5", ""]).status == 64)
            #expect(try Data(contentsOf: places.journal) == before)
        }
    }

    @Test func unnameRemovesATripsNameAndNothingElse() throws {
        try Self.withJournal { places in
            let pristine = try Data(contentsOf: places.journal)
            #expect(try places.run(["trips", "name", "5", "Japan 2023"]).status == 0)
            #expect(try places.run(["trips", "name", "3", "New Year"]).status == 0)
            let removed = try places.run(["trips", "unname", "japan 2023"])
            #expect(removed.status == 0, "\(removed.stderr)")
            #expect(removed.stderr.contains("Trip 5 is no longer named \"Japan 2023\""), "\(removed.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: places.journal)) as? [String: Any])
            #expect(document["tripNames"] as? [[String: String]] == [["date": "2019-12-30", "name": "New Year", "place": ID.vienna]])
            #expect(try places.run(["trips", "show", "Japan 2023"]).status == 1, "the name is gone")
            // A trip without a name: nothing is written.
            let before = try Data(contentsOf: places.journal)
            let again = try places.run(["trips", "unname", "5"])
            #expect(again.status == 0 && again.stderr.contains("Trip 5 has no name"), "\(again.stderr)")
            #expect(try Data(contentsOf: places.journal) == before)
            // A missing or extra argument is a usage error; a trip that is not there is not found (exit 1).
            for (bad, status) in [(["trips", "unname"], Int32(64)), (["trips", "unname", "9"], 1), (["trips", "unname", "3", "extra"], 64)] {
                let result = try places.run(bad)
                #expect(result.status == status, "\(bad): \(result.stderr)")
            }
            #expect(try Data(contentsOf: places.journal) == before)
            // The last name removed: the member goes, and the journal is as it was before any name.
            #expect(try places.run(["trips", "unname", "3"]).status == 0)
            #expect(try Data(contentsOf: places.journal).count < before.count)
            #expect(!(try String(contentsOf: places.journal, encoding: .utf8)).contains("tripNames"))
            _ = pristine
        }
    }

    @Test func aVisitThatChangesNothingElseWritesNoTripNames() throws {
        try Self.withJournal { places in
            #expect(try places.run(["visit", ID.rome, "--on", "2024-06-01"]).status == 0)
            let text = try String(contentsOf: places.journal, encoding: .utf8)
            #expect(!text.contains("tripNames"))
        }
    }

    @Test func mergingKeepsTheTripNamesOfBothCopies() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let ours = [["date": "2023-04-02", "name": "Japan 2023", "place": ID.fushimi],
                    ["date": "2019-12-30", "name": "Danube (ours)", "place": ID.vienna]]
        let theirs = [["date": "2023-03-11", "name": "Rome weekend", "place": ID.rome],
                      ["date": "2019-12-30", "name": "Danube (theirs)", "place": ID.vienna]]
        let expected = Set(["Japan 2023", "Danube (ours)", "Rome weekend"])
        func names(_ file: URL) throws -> Set<String> {
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            return Set((document?["tripNames"] as? [[String: String]] ?? []).compactMap { $0["name"] })
        }
        // merge
        let folder = places.journal.deletingLastPathComponent()
        try Self.journal(places, tripNames: theirs)
        let other = folder.appendingPathComponent("other.json")
        try FileManager.default.copyItem(at: places.journal, to: other)
        try Self.journal(places, tripNames: ours)
        let merged = try places.run(["merge", other.path])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(try names(places.journal) == expected)
        // the git merge driver
        let base = folder.appendingPathComponent("base.json"), mine = folder.appendingPathComponent("mine.json")
        try Self.journal(places)
        try FileManager.default.copyItem(at: places.journal, to: base)
        try Self.journal(places, tripNames: ours)
        try FileManager.default.copyItem(at: places.journal, to: mine)
        let driver = try places.run(["merge-driver", base.path, mine.path, other.path])
        #expect(driver.status == 0, "\(driver.stderr)")
        #expect(try names(mine) == expected)
        // doctor's conflict copies
        try Self.journal(places, tripNames: ours)
        let copy = folder.appendingPathComponent("places (conflicted copy).json")
        try FileManager.default.copyItem(at: other, to: copy)
        let fixed = try places.run(["doctor", "--fix"])
        #expect(!FileManager.default.fileExists(atPath: copy.path), "\(fixed.stdout)\(fixed.stderr)")
        #expect(try names(places.journal) == expected)
        #expect(try places.run(["trips", "show", "Rome weekend"]).stdout.hasPrefix("Trip 4 \"Rome weekend\""))
    }

    @Test func filtersByCountryRegionAndDate() throws {
        try Self.withJournal { places in
            func names(_ arguments: [String]) throws -> [String] {
                let result = try places.run(arguments + ["--json"])
                #expect(result.status == 0, "\(arguments): \(result.stderr)")
                return (try Self.json(result.stdout) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            }
            for country in ["FR", "fr", "France", "Frankreich", "FRA"] {
                #expect(try names(["list", "--country", country]) == ["Louvre"], "\(country)")
            }
            #expect(try names(["list", "--country", "日本"]) == ["Fushimi Inari", "Tokyo Tower"])
            #expect(try names(["list", "--region", "Kyoto"]) == ["Fushimi Inari"])
            #expect(try names(["list", "--from", "2020", "--to", "2020"]) == ["Home", "Bratislava Castle", "Budapest Parliament"])
            #expect(try names(["list", "--from", "2019", "--to", "2019"]) == ["Home", "Vienna Opera", "Louvre"])
            #expect(try names(["list", "--from", "2019-05-02", "--to", "2019-12-31"]) == ["Home", "Vienna Opera"], "May 2019 is not wholly inside")
            let geojson = try places.run(["export", "--format", "geojson", "--country", "IT"])
            #expect(geojson.stdout.contains("Colosseum") && !geojson.stdout.contains("Louvre"))
            let stats = try places.run(["stats", "--json", "--country", "JP"])
            #expect((try Self.json(stats.stdout) as? [String: Any])?["places"] as? Int == 2)
            let svg = try places.run(["map", "--format", "svg", "--country", "AT"])
            #expect(svg.stdout.contains("Vienna Opera") && !svg.stdout.contains("Louvre"))

            let before = try Data(contentsOf: places.journal)
            for (arguments, words) in [(["list", "--country", "Atlantis"], ["--country \"Atlantis\"", "not a country"]),
                                       (["timeline", "--region", "Nowhereshire"], ["--region \"Nowhereshire\"", "not a first-level region"]),
                                       (["list", "--region", "Kyoto", "--country", "FR"], ["--region \"Kyoto\"", "in FR"]),
                                       (["trips", "--from", "someday"], ["--from \"someday\""]),
                                       (["stats", "--from", "2021", "--to", "2020"], ["--from \"2021\" is after --to \"2020\""]),
                                       (["export", "--format", "gpx", "--to", "2019-02-30"], ["--to \"2019-02-30\""])] {
                let result = try places.run(arguments)
                #expect(result.status == 64, "\(arguments)")
                for word in words { #expect(result.stderr.contains(word), "\(arguments): \(result.stderr)") }
                #expect(result.stdout.isEmpty)
            }
            #expect(try Data(contentsOf: places.journal) == before)
        }
    }

    @Test(.enabled(if: ExternalTool.available("xmllint") && ExternalTool.available("ogrinfo"), "needs xmllint and ogrinfo"))
    func tripRoutesPassTheRealTools() throws {
        try Self.withJournal { places in
            let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("PlacesKitTests/Fixtures/gpx-1.1.xsd").path
            for format in ["gpx", "kml", "geojson"] {
                let file = places.directory.appendingPathComponent("trip.\(format)")
                let written = try places.run(["export", "--trip", "3", "--format", format, "-o", file.path])
                #expect(written.status == 0, "\(written.stderr)")
                if format == "gpx" {
                    let lint = try ExternalTool.run(try ExternalTool.require("xmllint"), ["--noout", "--nonet", "--schema", schema, file.path])
                    #expect(lint.status == 0, "\(lint.output)")
                    let text = try String(contentsOf: file, encoding: .utf8)
                    let order = ["Vienna Opera", "Bratislava Castle", "Budapest Parliament"].map { text.range(of: "<rtept")!.lowerBound < text.range(of: "<name>\($0)</name></rtept>")!.lowerBound }
                    #expect(order == [true, true, true])
                    #expect(text.range(of: "Vienna Opera</name></rtept>")!.lowerBound < text.range(of: "Budapest Parliament</name></rtept>")!.lowerBound)
                }
                let info = try ExternalTool.run(try ExternalTool.require("ogrinfo"), ["-ro", "-al", file.path])
                #expect(info.status == 0, "\(info.output)")
                #expect(info.output.contains("LINESTRING (16.369 48.203,17.1 48.1424,19.0456 47.5071)"), "\(format): \(info.output)")
                #expect(!info.output.contains("Louvre"))
            }
            #expect(try places.run(["export", "--trip", "3", "--format", "gpx", "--country", "AT"]).status == 64)
        }
    }

    @Test func statsTellsRegionsAndTheShareOfTheWorld() throws {
        try Self.withJournal { places in
            let stats = try places.run(["stats"])
            #expect(stats.stdout.contains("Regions visited:"), "\(stats.stdout)")
            #expect(stats.stdout.contains("JP  2  Kyoto, Tokyo"))
            #expect(stats.stdout.contains("World ") && stats.stdout.contains("7 of "))
            let json = try #require(try Self.json(try places.run(["stats", "--json"]).stdout) as? [String: Any])
            let world = try #require((json["world"] as? [[String: Any]])?.first)
            #expect(world["name"] as? String == "World" && world["countriesVisited"] as? Int == 7)
            let total = try #require(world["areaKm2"] as? Double)
            #expect(total > 130_000_000 && total < 155_000_000, "the land of the world is about 149 million km²: \(total)")
            let share = try #require(world["areaPercent"] as? Double)
            // Germany, Austria, Slovakia, Hungary, Italy, Japan, France (Peru is only wanted): about 2.1 million km².
            #expect(share > 1.0 && share < 2.0, "\(share)")
        }
    }
}

/// `map --scratch` and `find` by country and region names, through the real binary.
@Suite struct ScratchMapAndFindCLITests {
    @Test func scratchMapFillsTheCountriesVisited() throws {
        try TravelsCLITests.withJournal { places in
            let file = places.directory.appendingPathComponent("world.svg")
            let drawn = try places.run(["map", "--scratch", "-o", file.path])
            #expect(drawn.status == 0, "\(drawn.stderr)")
            #expect(drawn.stderr.contains("7 of 248 countries visited"), "\(drawn.stderr)")
            let svg = try String(contentsOf: file, encoding: .utf8)
            #expect(svg.contains("7 of 248 countries visited (2.8%), 1 wanted"))
            func path(_ kind: String) -> String {
                guard let start = svg.range(of: "class=\"\(kind)\" d=\"") else { return "" }
                return String(svg[start.upperBound...].prefix { $0 != "\"" })
            }
            #expect(path("visited").count > 1000 && path("wanted").count > 100 && path("other").count > path("visited").count)
            // Only 2023's countries (Italy, Germany, Japan): fewer rings filled.
            let year = try places.run(["map", "--scratch", "--year", "2023", "--format", "svg"])
            #expect(year.stdout.contains("3 of 248 countries visited"), "\(year.stderr)")
            let png = places.directory.appendingPathComponent("world.png")
            #expect(try places.run(["map", "--scratch", "-o", png.path]).status == 0)
            #expect(try Data(contentsOf: png).prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
            for refused in [["map", "--year", "2023", "-o", file.path], ["map", "--scratch", "--terminal", "-o", file.path],
                            ["map", "--scratch", "--compact", "-o", file.path], ["map", "--scratch", "--terminal", "--width", "5"]] {
                let result = try places.run(refused)
                #expect(result.status == 64, "\(refused)")
                #expect(result.stderr.contains("hint:"), "\(refused)")
            }
        }
    }

    @Test func findListsThePlacesInACountryOrRegionItNames() throws {
        try TravelsCLITests.withJournal { places in
            _ = try places.add("Sydney Opera House", "-33.8568,151.2153")
            _ = try places.add("Stari Most", "43.3373,17.8150")
            func names(_ text: String) throws -> [String] {
                let result = try places.run(["find", text, "--json"])
                return (try TravelsCLITests.json(result.stdout) as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
            }
            #expect(try names("japan") == ["Fushimi Inari", "Tokyo Tower"])
            #expect(try names("Frankreich") == ["Louvre"])
            #expect(try names("kyoto") == ["Fushimi Inari"])
            #expect(try names("tower") == ["Tokyo Tower"])
            #expect(try names("castle hungary") == ["Bratislava Castle", "Budapest Parliament"])
            // A name of several words inside a longer text, in any case.
            #expect(try names("dinner near new south wales") == ["Sydney Opera House"])
            #expect(try names("Opera Bosnia and Herzegovina") == ["Vienna Opera", "Sydney Opera House", "Stari Most"])
        }
    }
}
