import Foundation
import PlacesTestSupport
import Testing

/// A Takeout folder with Google Photos beside the location history imports both, in one step,
/// through the real binary.
@Suite struct TakeoutFolderTests {
    @Test func photosBesideTheLocationHistoryAreImportedToo() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let takeout = runner.directory.appendingPathComponent("Takeout")
        let history = takeout.appendingPathComponent("Location History/Semantic Location History/2019")
        let photos = takeout.appendingPathComponent("Google Photos/Paris")
        for folder in [history, photos] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Data(ImportFromPipeTests.history.utf8).write(to: history.appendingPathComponent("2019_JANUARY.json"))
        try FileManager.default.copyItem(at: PhotoImportCLITests.fixtures.appendingPathComponent("paris.jpg"),
                                         to: photos.appendingPathComponent("paris.jpg"))
        // Google Photos' sidecar: JSON, but not location history.
        try Data("{\"title\": \"paris.jpg\"}".utf8).write(to: photos.appendingPathComponent("paris.jpg.json"))

        let dry = try runner.run(["import", takeout.path, "--dry-run", "--json"])
        #expect(dry.status == 0, "\(dry.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(dry.stdout.utf8)) as? [String: Any])
        let photoReport = try #require(report["photos"] as? [String: Any], "\(dry.stdout)")
        #expect(photoReport["filesRead"] as? Int == 1)

        let result = try runner.run(["import", takeout.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Photos and videos beside the location history:"), "\(result.stdout)")
        let places = try runner.journalPlaces()
        let tags = Dictionary(uniqueKeysWithValues: places.map { ($0["name"] as? String ?? "", $0["tags"] as? [String] ?? []) })
        #expect(tags == ["Louvre Museum": ["location-history"], "Eiffel Tower": ["photos"]], "\(result.stdout)")
    }
}
