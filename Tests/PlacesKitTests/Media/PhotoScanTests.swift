import Foundation
import Testing
@testable import PlacesKit
import PlacesTestSupport

@Suite struct PhotoScanTests {
    /// A folder tree: photos at two depths, a hidden folder, a text file, a link back to the top.
    static func tree() throws -> URL {
        let top = try makeTestDirectory()
        let manager = FileManager.default
        try manager.createDirectory(at: top.appendingPathComponent("2024/May"), withIntermediateDirectories: true)
        try manager.createDirectory(at: top.appendingPathComponent(".thumbnails"), withIntermediateDirectories: true)
        for (name, folder) in [("paris.jpg", ""), ("rio.jpg", "2024"), ("sydney.mp4", "2024/May"), ("no-gps.jpg", "2024/May"),
                               ("paris.heic", ".thumbnails")] {
            try manager.copyItem(atPath: MediaFixtures.path(name), toPath: top.appendingPathComponent(folder).appendingPathComponent(name).path)
        }
        try manager.copyItem(atPath: MediaFixtures.path("paris.jpg"), toPath: top.appendingPathComponent("2024/May/IMG_0001.JPG").path)
        try Data("notes".utf8).write(to: top.appendingPathComponent("2024/notes.txt"))
        try manager.createSymbolicLink(atPath: top.appendingPathComponent("2024/May/loop").path, withDestinationPath: top.path)
        return top
    }

    @Test func foldersAreSearchedAtAnyDepthForPhotoAndVideoNamesOnly() throws {
        let top = try Self.tree()
        defer { try? FileManager.default.removeItem(at: top) }
        let files = try PhotoScan.files([top.path])
        let relative = files.map { String($0.dropFirst(top.path.count + 1)) }
        #expect(relative == ["2024/May/IMG_0001.JPG", "2024/May/no-gps.jpg", "2024/May/sydney.mp4", "2024/rio.jpg", "paris.jpg"])
        #expect(throws: ImportError.self) { try PhotoScan.files([top.appendingPathComponent("missing").path]) }
    }

    @Test func theScanKeepsASightingPerPhotoWithAPositionAndAReasonForTheRest() throws {
        let top = try Self.tree()
        defer { try? FileManager.default.removeItem(at: top) }
        var progress: [Int] = []
        let scan = PhotoScan.scan(try PhotoScan.files([top.path]) + [MediaFixtures.path("truncated.jpg")]) { progress.append($0) }
        #expect(scan.filesRead == 6)
        #expect(progress == [1, 2, 3, 4, 5, 6])
        #expect(scan.sightings.count == 4)
        #expect(scan.withoutPosition.map { ($0 as NSString).lastPathComponent } == ["no-gps.jpg"])
        #expect(scan.skipped.last?.reason.hasPrefix("truncated") == true)
        // A copy of a photo under another name is the same sighting: same identity.
        let paris = scan.sightings.filter { $0.sourceItem.hasSuffix("paris.jpg") || $0.sourceItem.hasSuffix("IMG_0001.JPG") }
        #expect(paris.count == 2 && paris[0].identity == paris[1].identity)
        #expect(Set(scan.sightings.map(\.identity)).count == 3)
    }

    @Test func onlyPhotosTakenOnTheDaysAskedAreKept() throws {
        // 2024-05-01 is day 19,844; Rio was taken on 2024-06-10 (day 19,884).
        let files = ["paris.jpg", "rio.jpg", "sydney-keys.mov"].map(MediaFixtures.path)
        let may = PhotoScan.scan(files, days: 19_844...19_844)
        #expect(may.sightings.count == 2)
        #expect(may.skipped.map(\.reason) == ["taken outside the dates asked for"])
        #expect(PhotoScan.scan(files, days: 19_884...Int.max / 2).sightings.map(\.sourceItem) == [MediaFixtures.path("rio.jpg")])
    }
}
