import Foundation
import PlacesTestSupport
import Testing

/// Imports do not make a second place beside one already in the journal, through the real binary.
@Suite struct ImportDuplicateTests {
    @Test func aPhotoBesideAPlaceInTheJournalIsAVisitOfIt() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        // About 11 m from where paris.jpg was taken (48.8584, 2.2945), added by hand, untagged.
        let id = try runner.add("Eiffel Tower", "48.8583,2.2944")
        let album = runner.directory.appendingPathComponent("Album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PhotoImportCLITests.fixtures.appendingPathComponent("paris.jpg"),
                                         to: album.appendingPathComponent("paris.jpg"))
        let result = try runner.run(["import", album.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("~ Eiffel Tower  +1 visit"), "\(result.stdout)")
        #expect(result.stdout.contains("Added 0 places and 1 visit"), "\(result.stdout)")
        let places = try runner.journalPlaces()
        #expect(places.count == 1, "\(places)")
        #expect(places.first?["id"] as? String == id)
        #expect(PhotoImportCLITests.visits(places[0]).map { $0["date"] as? String } == ["2024-05-01"])
    }

    @Test func aHistoryVisitBesideAPlaceInTheJournalIsAVisitOfIt() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("Louvre", "48.8606,2.3376", ["--tag", "museum"])
        let history = """
            {"timelineObjects": [
              {"placeVisit": {"location": {"latitudeE7": 488606111, "longitudeE7": 23376000, "placeId": "ChIJLouvre", "name": "Louvre Museum"},
                 "duration": {"startTimestamp": "2019-01-05T12:00:00Z", "endTimestamp": "2019-01-05T15:00:00Z"}}}
            ]}
            """
        let file = runner.directory.appendingPathComponent("2019_JANUARY.json")
        try Data(history.utf8).write(to: file)
        let result = try runner.run(["import", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let places = try runner.journalPlaces()
        #expect(places.map { $0["name"] as? String } == ["Louvre"], "\(result.stdout)")
        #expect(PhotoImportCLITests.visits(places[0]).map { $0["date"] as? String } == ["2019-01-05"])
        #expect(places[0]["tags"] as? [String] == ["museum"])
    }

    static let similar = """
        name,latitude,longitude
        Fushimi Inari Taisha,34.9671,135.7727
        Dishoom Covent Garden,51.5133,-0.1269
        Big Ben,51.5007,-0.1246

        """

    @Test func placesWhoseNamesDifferButAreBesideOnesInTheJournalAreReported() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("Fushimi Inari", "34.9671,135.7727")
        _ = try runner.add("Dishoom", "51.5124,-0.1269")
        let file = runner.directory.appendingPathComponent("saved.csv")
        try Self.similar.write(to: file, atomically: true, encoding: .utf8)
        let result = try runner.run(["import", file.path, "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("possible duplicate: \(file.path) row 1 \"Fushimi Inari Taisha\" is 0 m from \"Fushimi Inari\""),
                "\(result.stdout)")
        #expect(result.stdout.contains("row 2 \"Dishoom Covent Garden\" is 100 m from \"Dishoom\""), "\(result.stdout)")
        #expect(!result.stdout.contains("\"Big Ben\" is"), "\(result.stdout)")
        let json = try runner.run(["import", file.path, "--dry-run", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((report["possibleDuplicates"] as? [[String: Any]])?.compactMap { $0["existingName"] as? String } == ["Fushimi Inari", "Dishoom"])
    }

    @Test(.enabled(if: ExternalTool.available("script"), "needs script (apt-get install bsdutils)"))
    func onATerminalEachPossibleDuplicateIsAsked() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("Fushimi Inari", "34.9671,135.7727")
        _ = try runner.add("Dishoom", "51.5124,-0.1269")
        let file = runner.directory.appendingPathComponent("saved.csv")
        try Self.similar.write(to: file, atomically: true, encoding: .utf8)
        let command = [PlacesRunner.executable.path, "import", file.path].map { "'\($0)'" }.joined(separator: " ")
        let env = ["PLACES_STORE": runner.journal.path, "HOME": runner.directory.path, "PATH": "/usr/bin:/bin",
                   "LANG": "C.UTF-8", "TERM": "xterm", "SHELL": "/bin/sh"]
        let script = try ExternalTool.require("script")
        // No to the shrine (the same place), yes to the restaurant (another branch).
        let answered = try ExternalTool.run(script, ["-qec", command, "/dev/null"], stdin: "n\ny\n", environment: env)
        #expect(answered.status == 0, "\(answered.output)")
        #expect(answered.stdout.contains("\"Fushimi Inari Taisha\" is 0 m from \"Fushimi Inari\""), "\(answered.output)")
        #expect(answered.stdout.contains("Add it anyway? [y/N]"), "\(answered.output)")
        let names = try runner.journalPlaces().compactMap { $0["name"] as? String }
        #expect(names.sorted() == ["Big Ben", "Dishoom", "Dishoom Covent Garden", "Fushimi Inari"], "\(answered.output)")
    }
}
