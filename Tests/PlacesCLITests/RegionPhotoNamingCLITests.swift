import Foundation
import PlacesKit
import PlacesTestSupport
import Testing

/// Photo import names a place from an added region as search does (the Monaco extract in Fixtures/osm,
/// ODbL, © OpenStreetMap contributors): the café a photo was taken at, else a friend's address.
@Suite struct RegionPhotoNamingCLITests {
    @Test(.enabled(if: ExternalTool.available("exiftool"), "needs libimage-exiftool-perl"))
    func photosAreNamedAfterTheRegionsCafeOrAddressThere() throws {
        let exiftool = try ExternalTool.require("exiftool")
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let album = runner.directory.appendingPathComponent("Album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        // Where osmium puts the Café de Paris's node and the address 45 Rue Grimaldi, two days apart.
        let shots: [(String, Double, Double, String)] = [("cafe.jpg", 43.7397, 7.4277, "2024:05:03 10:00:00"),
                                                         ("flat.jpg", 43.73613, 7.41990, "2024:05:04 10:00:00")]
        for (name, latitude, longitude, time) in shots {
            let file = album.appendingPathComponent(name)
            try FileManager.default.copyItem(at: PhotoImportCLITests.fixtures.appendingPathComponent("no-gps.jpg"), to: file)
            let written = try ExternalTool.run(exiftool, ["-q", "-overwrite_original", "-GPSLatitude=\(latitude)", "-GPSLatitudeRef=N",
                                                          "-GPSLongitude=\(longitude)", "-GPSLongitudeRef=E", "-DateTimeOriginal=\(time)", file.path])
            try #require(written.status == 0, "\(written.output)")
        }
        let without = try runner.run(["import", album.path, "--dry-run"])
        #expect(without.status == 0, "\(without.stderr)")
        #expect(!without.stdout.contains("Café de Paris") && !without.stdout.contains("Rue Grimaldi"), "\(without.stdout)")

        try RegionCLITests.addMadePack("monaco", to: runner)
        let with = try runner.run(["import", album.path, "--dry-run"])
        #expect(with.status == 0, "\(with.stderr)")
        #expect(with.stdout.contains("+ Café de Paris  "), "\(with.stdout)")
        #expect(with.stdout.contains("+ 45 Rue Grimaldi  "), "\(with.stdout)")
    }
}
