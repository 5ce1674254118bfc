import Foundation
import Testing

/// `places import` of Google location history, run end to end on files written by the tests.
@Suite struct LocationHistoryCLITests {
    static let semantic = """
    {"timelineObjects": [
      {"placeVisit": {"location": {"latitudeE7": 488583701, "longitudeE7": 22944813, "placeId": "ChIJEiffel",
         "name": "Eiffel Tower", "address": "Champ de Mars, Paris"},
         "duration": {"startTimestamp": "2019-01-05T10:00:00.000Z", "endTimestamp": "2019-01-05T11:30:00.000Z"}}},
      {"activitySegment": {"startLocation": {"latitudeE7": 488583701, "longitudeE7": 22944813},
         "duration": {"startTimestamp": "2019-01-05T11:30:00Z", "endTimestamp": "2019-01-05T12:00:00Z"}, "activityType": "WALKING"}},
      {"placeVisit": {"location": {"latitudeE7": 488606111, "longitudeE7": 23376000, "placeId": "ChIJLouvre", "name": "Louvre Museum"},
         "duration": {"startTimestamp": "2019-01-05T12:00:00Z", "endTimestamp": "2019-01-05T15:00:00Z"}}},
      {"placeVisit": {"location": {"latitudeE7": 488583000, "longitudeE7": 22945000, "placeId": "ChIJEiffel", "name": "Eiffel Tower"},
         "duration": {"startTimestamp": "2019-01-09T09:00:00Z", "endTimestamp": "2019-01-09T10:00:00Z"}}}
    ]}
    """

    private func write(_ text: String, _ name: String, in places: PlacesRunner) throws -> String {
        let url = places.directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    static let timeline = """
    {"semanticSegments": [
      {"startTime": "2019-01-05T11:00:00.000+01:00", "endTime": "2019-01-05T12:30:00.000+01:00", "startTimeTimezoneUtcOffsetMinutes": 60,
       "visit": {"hierarchyLevel": 0, "topCandidate": {"placeId": "ChIJEiffel", "placeLocation": {"latLng": "48.8583701°, 2.2944813°"}}}},
      {"startTime": "2019-01-06T09:00:00.000+01:00", "endTime": "2019-01-06T10:00:00.000+01:00",
       "timelinePath": [{"point": "48.85°, 2.29°", "time": "2019-01-06T09:01:00.000+01:00"}]},
      {"startTime": "2019-01-07T09:00:00.000+01:00", "endTime": "2019-01-07T10:00:00.000+01:00",
       "visit": {"topCandidate": {"placeId": "ChIJColosseum", "placeLocation": {"latLng": "41.8902°, 12.4922°"}}}}
    ], "rawSignals": [], "userLocationProfile": {}}
    """

    /// Points every two minutes: 30 minutes at Westminster, a walk, 10 minutes at a corner (no
    /// stay), 20 minutes at the British Museum.
    static var records: String {
        var points: [String] = []
        var time = Date(timeIntervalSince1970: 1_591_000_000)
        func add(_ latitude: Double, _ longitude: Double, minutes: Int) {
            for _ in 0...(minutes / 2) {
                let stamp = ISO8601DateFormatter().string(from: time)
                points.append("{\"latitudeE7\": \(Int(latitude * 1e7)), \"longitudeE7\": \(Int(longitude * 1e7)), \"accuracy\": 12, \"timestamp\": \"\(stamp)\"}")
                time += 120
            }
        }
        add(51.4995, -0.1248, minutes: 30)
        add(51.5050, -0.1300, minutes: 0)
        add(51.5100, -0.1350, minutes: 10)
        add(51.5194, -0.1270, minutes: 20)
        return "{\"locations\": [\n" + points.joined(separator: ",\n") + "\n]}"
    }

    @Test func importThenReimportAddsNothing() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let file = try write(Self.semantic, "Semantic Location History/2019/2019_JANUARY.json", in: places)
        let first = try places.run(["import", file])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("2019_JANUARY.json: Google Semantic Location History, 4 entries read, 3 visits (ignored: 1 activity segment)"),
                "\(first.stdout)")
        #expect(first.stdout.contains("Added 2 places and 3 visits."), "\(first.stdout)")
        let journal = try places.journalPlaces()
        let names: [String?] = journal.map { $0["name"] as? String }.sorted { ($0 ?? "") < ($1 ?? "") }
        #expect(names == ["Eiffel Tower", "Louvre Museum"])
        let eiffel = try #require(journal.first { $0["name"] as? String == "Eiffel Tower" })
        let dates: [String?]? = (eiffel["visits"] as? [[String: Any]])?.map { $0["date"] as? String }
        #expect(dates == ["2019-01-05", "2019-01-09"])
        #expect(eiffel["tags"] as? [String] == ["location-history"])
        let saved = try Data(contentsOf: places.journal)

        let again = try places.run(["import", places.directory.appendingPathComponent("Semantic Location History").path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Added 0 places and 0 visits; 3 visits already there."), "\(again.stdout)")
        #expect(try Data(contentsOf: places.journal) == saved)
    }

    @Test func dryRunWritesNothingAndSaysWhatWouldBeAdded() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("Home", "51.5,-0.12")
        let before = try Data(contentsOf: places.journal)
        let file = try write(Self.semantic, "2019_JANUARY.json", in: places)
        let result = try places.run(["import", "--dry-run", file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("+ Eiffel Tower"), "\(result.stdout)")
        #expect(result.stdout.contains("Would add 2 places and 3 visits."), "\(result.stdout)")
        #expect(result.stdout.contains("Nothing was written (--dry-run)."))
        #expect(try Data(contentsOf: places.journal) == before)
    }

    @Test func timelineVisitsAreNamedFromTheGazetteerAndJoinTakeoutsPlaces() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let takeout = try write(Self.semantic, "2019_JANUARY.json", in: places)
        let timeline = try write(Self.timeline, "Timeline.json", in: places)
        #expect(try places.run(["import", takeout]).status == 0)
        let result = try places.run(["import", timeline, "--tag", "phone"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Timeline.json: Google Timeline (on-device export), 3 entries read, 2 visits (ignored: 1 path)"),
                "\(result.stdout)")
        // The Eiffel Tower visit of the 5th is the one Takeout gave: only Rome is new.
        #expect(result.stdout.contains("Added 1 place and 1 visit; 1 visit already there."), "\(result.stdout)")
        let rome = try #require(try places.journalPlaces().first { ($0["latitude"] as? Double ?? 0) > 41 && ($0["latitude"] as? Double ?? 0) < 42 })
        #expect((rome["name"] as? String)?.contains("Colosseum") == true, "\(rome)")
        #expect(rome["tags"] as? [String] == ["location-history", "phone"])
    }

    @Test func recordsStaysBecomePlacesAndDatesFilterThem() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let file = try write(Self.records, "Records.json", in: places)
        let outside = try places.run(["import", file, "--since", "2021-01-01"])
        #expect(outside.status == 0, "\(outside.stderr)")
        #expect(outside.stdout.contains("2 stays outside --since/--until, left out"), "\(outside.stdout)")
        #expect(outside.stdout.contains("Added 0 places and 0 visits."), "\(outside.stdout)")
        let result = try places.run(["import", file, "--until", "2020-06-01"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Records.json: Google location Records, 34 points read, 2 stays of 15 minutes or more found"),
                "\(result.stdout)")
        #expect(result.stdout.contains("Added 2 places and 2 visits."), "\(result.stdout)")
        let journal = try places.journalPlaces()
        #expect(journal.count == 2)
        #expect(journal.allSatisfy { ($0["visits"] as? [[String: Any]])?.first?["date"] as? String == "2020-06-01" })
    }

    @Test(.enabled(if: ProgressTests.hasTerminal, "needs script (apt-get install bsdutils)"))
    func theProgressBarCountsMegabytesOnATerminal() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let file = try write(Self.records, "Records.json", in: places)
        let result = try ProgressTests.onTerminal(places, ["import", file, "--dry-run"], environment: ["PLACES_PROGRESS_DELAY": "0"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains(ProgressTests.bar) && result.stdout.contains(" MB  ") && result.stdout.contains(" MB/s"),
                "\(result.stdout.debugDescription)")
        #expect(result.stdout.contains("Would add 2 places and 2 visits."))
        let quiet = try ProgressTests.onTerminal(places, ["import", file, "--dry-run", "--quiet"], environment: ["PLACES_PROGRESS_DELAY": "0"])
        #expect(!quiet.stdout.contains(ProgressTests.bar))
    }

    @Test func aTruncatedFileImportsNothingAndSaysWhere() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("Home", "51.5,-0.12")
        let before = try Data(contentsOf: places.journal)
        let good = try write(Self.semantic, "2019_JANUARY.json", in: places)
        let cut = try write(String(Self.semantic.prefix(300)), "2019_FEBRUARY.json", in: places)
        let result = try places.run(["import", good, cut])
        #expect(result.status == 65)
        #expect(result.stderr.contains("2019_FEBRUARY.json:4:"), "\(result.stderr)")
        #expect(result.stderr.contains("truncated") && result.stderr.contains("nothing was imported"), "\(result.stderr)")
        #expect(try Data(contentsOf: places.journal) == before)
    }

    @Test func historyMixedWithOtherFilesIsRefused() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let history = try write(Self.semantic, "2019_JANUARY.json", in: places)
        let geojson = try write("{\"type\": \"FeatureCollection\", \"features\": []}", "saved.geojson", in: places)
        let result = try places.run(["import", history, geojson])
        #expect(result.status == 64)
        #expect(result.stderr.contains("saved.geojson is not Google location history"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: places.journal.path))
    }

    @Test func aBadDateIsAUsageError() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let history = try write(Self.semantic, "2019_JANUARY.json", in: places)
        let result = try places.run(["import", history, "--since", "2019-02-30"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--since \"2019-02-30\" is not a date"), "\(result.stderr)")
    }
}
