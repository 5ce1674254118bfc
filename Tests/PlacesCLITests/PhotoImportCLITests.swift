import Foundation
import PlacesTestSupport
import Testing

/// `places import` with photos and videos, through the real binary, on copies of the fixtures that
/// Scripts/media-fixtures/make.sh wrote with exiftool.
@Suite struct PhotoImportCLITests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("PlacesKitTests/Fixtures/Media")

    /// A folder of photos in the runner's directory: the named fixtures, some in a subfolder, and a
    /// text file that is not a photo.
    static func album(_ runner: PlacesRunner, _ names: [String] = ["paris.jpg", "paris.heic", "rio.jpg", "sydney.mp4",
                                                                    "sydney-keys.mov", "no-gps.jpg", "truncated.jpg"]) throws -> URL {
        let album = runner.directory.appendingPathComponent("Album")
        let nested = album.appendingPathComponent("2024/June")
        try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
        for (index, name) in names.enumerated() {
            let target = (index % 2 == 0 ? album : nested).appendingPathComponent(name)
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: target)
        }
        try Data("not a photo".utf8).write(to: album.appendingPathComponent("notes.txt"))
        return album
    }

    static func visits(_ place: [String: Any]) -> [[String: Any]] { place["visits"] as? [[String: Any]] ?? [] }

    @Test func importingAFolderMakesPlacesAndImportingItAgainAddsNothing() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let album = try Self.album(runner)
        let first = try runner.run(["import", album.path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.contains("Read 7 files: 5 with a position and a date, 2 skipped."), "\(first.stdout)")
        #expect(first.stdout.contains("Added 3 places and 3 visits."), "\(first.stdout)")
        #expect(first.stdout.contains("Skipped 1 file: no GPS position"))
        let places = try runner.journalPlaces()
        #expect(places.count == 3)
        let names = Set(places.compactMap { $0["name"] as? String })
        #expect(names.contains("Eiffel Tower") && names.contains("Sydney Opera House"), "\(names)")
        for place in places {
            #expect(place["tags"] as? [String] == ["photos"])
            #expect(Self.visits(place).count == 1)
            #expect((Self.visits(place).first?["source"] as? String)?.hasPrefix("photo:") == true)
        }
        let eiffel = try #require(places.first { $0["name"] as? String == "Eiffel Tower" })
        #expect(eiffel["description"] as? String == "2 photos, from paris.jpg to paris.heic" || eiffel["description"] as? String == "2 photos, from paris.heic to paris.jpg")
        #expect(Self.visits(eiffel).first?["date"] as? String == "2024-05-01")
        let journal = try Data(contentsOf: runner.journal)

        let again = try runner.run(["import", album.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("Added 0 places and 0 visits; 3 visits already there."), "\(again.stdout)")
        #expect(try Data(contentsOf: runner.journal) == journal)
    }

    @Test func dryRunShowsThePlacesAndWritesNothing() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let album = try Self.album(runner)
        let result = try runner.run(["import", album.path, "--dry-run", "--tag", "trip"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("+ Eiffel Tower  48.8584, 2.2945  2024-05-01"), "\(result.stdout)")
        #expect(result.stdout.contains("Would add 3 places and 3 visits."))
        #expect(result.stdout.contains("Nothing was written (--dry-run)."))
        #expect(!FileManager.default.fileExists(atPath: runner.journal.path))
    }

    @Test func sinceAndUntilKeepTheDaysAsked() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let album = try Self.album(runner)
        let june = try runner.run(["import", album.path, "--since", "2024-06-01", "--json"])
        #expect(june.status == 0, "\(june.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(june.stdout.utf8)) as? [String: Any])
        let created = report["created"] as? [[String: Any]] ?? []
        #expect(created.count == 1)
        #expect(created.first?["visits"] as? [String] == ["2024-06-10"])
        let skipped = report["skipped"] as? [[String: Any]] ?? []
        #expect(skipped.filter { $0["reason"] as? String == "taken outside the dates asked for" }.count == 4)

        // A month covers all its days.
        let may = try runner.run(["import", album.path, "--until", "2024-05"])
        #expect(may.stdout.contains("Added 2 places and 2 visits."), "\(may.stdout)")
        #expect(try runner.journalPlaces().count == 3)

        let backwards = try runner.run(["import", album.path, "--since", "2024-06-01", "--until", "2024-05-01"])
        #expect(backwards.status == 64)
        #expect(backwards.stderr.contains("--since \"2024-06-01\" is after --until \"2024-05-01\""))
        let bad = try runner.run(["import", album.path, "--since", "someday"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--since") && bad.stderr.contains("someday"), "\(bad.stderr)")
        #expect(try runner.journalPlaces().count == 3)
    }

    @Test func verboseListsEachSkippedFileWithItsReason() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let album = try Self.album(runner, ["no-gps.jpg", "truncated.jpg", "corrupt.jpg", "paris.png"])
        let result = try runner.run(["import", album.path, "--verbose"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Album/no-gps.jpg: no GPS position"), "\(result.stdout)")
        #expect(result.stdout.contains("truncated.jpg: truncated"))
        #expect(result.stdout.contains("corrupt.jpg: truncated: a TIFF offset points past the end"))
        #expect(result.stdout.contains("Added 1 place and 1 visit."))
    }

    @Test(.enabled(if: ProgressTests.hasTerminal, "needs script (apt-get install bsdutils)"))
    func aTerminalShowsAProgressBarWhileFilesAreRead() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let album = try Self.album(runner)
        let fast = ["PLACES_PROGRESS_DELAY": "0"]
        let shown = try ProgressTests.onTerminal(runner, ["import", album.path, "--dry-run"], environment: fast)
        #expect(shown.status == 0)
        #expect(shown.stdout.contains(ProgressTests.bar) && shown.stdout.contains("/7  "), "\(shown.stdout.debugDescription)")
        #expect(shown.stdout.contains("Would add 3 places"))
        let quiet = try ProgressTests.onTerminal(runner, ["import", album.path, "--dry-run", "--quiet"], environment: fast)
        #expect(!quiet.stdout.contains(ProgressTests.bar))
        let piped = try runner.run(["import", album.path, "--dry-run"], environment: fast)
        #expect(!piped.stderr.contains("\r"))
    }

    @Test func photosAndInterchangeFilesAreNotMixed() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let gpx = runner.directory.appendingPathComponent("trip.gpx")
        try Data("<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>A</name></wpt></gpx>".utf8).write(to: gpx)
        let photo = Self.fixtures.appendingPathComponent("paris.jpg").path
        let mixed = try runner.run(["import", photo, gpx.path])
        #expect(mixed.status == 64)
        #expect(mixed.stderr.contains("one import reads one kind"), "\(mixed.stderr)")
        let sinceForGPX = try runner.run(["import", gpx.path, "--since", "2024-01-01"])
        #expect(sinceForGPX.status == 64)
        #expect(sinceForGPX.stderr.contains("--since is for photos and videos"))
        // A KML option given to photos is refused, never silently ignored.
        let folderTagsForPhoto = try runner.run(["import", photo, "--folder-tags"])
        #expect(folderTagsForPhoto.status == 64)
        #expect(folderTagsForPhoto.stderr.contains("--folder-tags is for the folders of KML files, not photos and videos"), "\(folderTagsForPhoto.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.journal.path))
    }

    /// Photos whose GPS exiftool writes here: the grouping by distance and day, the radius, and a
    /// later import adding a visit to a place made before.
    @Test(.enabled(if: ExternalTool.available("exiftool")))
    func photosGroupByDistanceAndDay() throws {
        let exiftool = try ExternalTool.require("exiftool")
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let album = runner.directory.appendingPathComponent("Album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        // Three photos in the Jardin du Luxembourg within 100 m on one day, one there a week later,
        // and one 1 km north, by the Seine.
        let shots: [(String, Double, Double, String)] = [
            ("a.jpg", 48.8462, 2.3371, "2024:05:03 10:00:00"), ("b.jpg", 48.8468, 2.3375, "2024:05:03 11:00:00"),
            ("c.jpg", 48.8458, 2.3365, "2024:05:03 12:00:00"), ("d.jpg", 48.8463, 2.3372, "2024:05:10 09:00:00"),
            ("e.jpg", 48.8552, 2.3371, "2024:05:03 16:00:00"),
        ]
        for (name, latitude, longitude, time) in shots {
            let file = album.appendingPathComponent(name)
            try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("no-gps.jpg"), to: file)
            let written = try ExternalTool.run(exiftool, ["-q", "-overwrite_original", "-GPSLatitude=\(latitude)", "-GPSLatitudeRef=N",
                                                          "-GPSLongitude=\(longitude)", "-GPSLongitudeRef=E",
                                                          "-DateTimeOriginal=\(time)", "-OffsetTimeOriginal=+02:00", file.path])
            #expect(written.status == 0, "\(written.output)")
        }
        let wide = try runner.run(["import", album.path, "--dry-run", "--radius", "2km"])
        #expect(wide.stdout.contains("Would add 1 place and 2 visits."), "\(wide.stdout)")
        let badRadius = try runner.run(["import", album.path, "--radius", "near"])
        #expect(badRadius.status == 64)

        let result = try runner.run(["import", album.path])
        #expect(result.stdout.contains("Added 2 places and 3 visits."), "\(result.stdout)")
        let places = try runner.journalPlaces()
        let garden = try #require(places.first { Self.visits($0).count == 2 })
        #expect(Self.visits(garden).compactMap { $0["date"] as? String } == ["2024-05-03", "2024-05-10"])
        #expect(garden["description"] as? String == "4 photos, from a.jpg to d.jpg")

        // A later photo at the garden adds a visit to that place, not a new place.
        let later = album.appendingPathComponent("f.jpg")
        try FileManager.default.copyItem(at: album.appendingPathComponent("b.jpg"), to: later)
        _ = try ExternalTool.run(exiftool, ["-q", "-overwrite_original", "-DateTimeOriginal=2024:07:01 10:00:00", later.path])
        let next = try runner.run(["import", album.path])
        #expect(next.stdout.contains("Added 0 places and 1 visit, 1 of the places already in the journal"), "\(next.stdout)")
        #expect(try runner.journalPlaces().count == 2)
    }
}
