import Foundation
import Synchronization
import Testing
@testable import PlacesKit
import PlacesTestSupport

/// Import inputs are classified once: each folder walked once, each file's kind decided once.
@Suite struct ImportInputsTests {
    typealias F = HistoryFixtures

    /// A walker that counts how often each directory is read.
    final class CountingWalker: Sendable {
        let reads = Mutex<[String: Int]>([:])
        var walker: DirectoryWalker {
            DirectoryWalker(maximumDepth: PhotoScan.maximumDepth) { [self] folder throws(FileError) in
                reads.withLock { $0[folder, default: 0] += 1 }
                return try FileSystem.entries(folder)
            }
        }
        var counts: [String: Int] { reads.withLock { $0 } }
    }

    /// A Takeout-like folder: location history, photos in a subfolder, and a GPX file.
    static func mixedFolder() throws -> URL {
        let root = try makeTestDirectory()
        let manager = FileManager.default
        let year = root.appendingPathComponent("Location History/Semantic Location History/2019")
        try manager.createDirectory(at: year, withIntermediateDirectories: true)
        try Data(F.semantic([F.activitySegment]).utf8).write(to: year.appendingPathComponent("2019_JANUARY.json"))
        try manager.createDirectory(at: root.appendingPathComponent("Google Photos/Paris"), withIntermediateDirectories: true)
        try manager.copyItem(atPath: MediaFixtures.path("paris.jpg"), toPath: root.appendingPathComponent("Google Photos/Paris/paris.jpg").path)
        try manager.copyItem(atPath: MediaFixtures.path("rio.jpg"), toPath: root.appendingPathComponent("rio.jpg").path)
        try Data("<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><name>A</name></wpt></gpx>".utf8)
            .write(to: root.appendingPathComponent("trip.gpx"))
        return root
    }

    @Test func aFolderOfHistoryPhotosAndGPXIsWalkedOnceAndEachFileClassifiedOnce() throws {
        let root = try Self.mixedFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let counter = CountingWalker()
        let inputs = try ImportInputs.classify([root.path], walker: counter.walker)

        #expect(inputs.kind == .locationHistory)
        #expect(inputs.history.inputs.map(\.path) == [root.path + "/Location History/Semantic Location History/2019/2019_JANUARY.json"])
        #expect(inputs.history.others.isEmpty)
        // The photos beside the history come from the same walk, each once; the GPX in a folder is neither.
        #expect(inputs.photos == [root.path + "/Google Photos/Paris/paris.jpg", root.path + "/rio.jpg"])
        #expect(!inputs.photos.contains { $0.hasSuffix(".gpx") })
        // Every directory of the tree was read exactly once.
        let counts = counter.counts
        #expect(counts.count == 6)
        #expect(counts.values.allSatisfy { $0 == 1 })
        #expect(counts[root.path] == 1)
        #expect(counts[root.path + "/Google Photos/Paris"] == 1)
    }

    @Test func aPhotoFolderIsWalkedOnceAndItsPhotosListedOnce() throws {
        let root = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("May"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: MediaFixtures.path("paris.jpg"), toPath: root.path + "/May/paris.jpg")
        try Data("notes".utf8).write(to: root.appendingPathComponent("notes.txt"))
        let counter = CountingWalker()
        let inputs = try ImportInputs.classify([root.path, MediaFixtures.path("rio.jpg")], walker: counter.walker)
        #expect(inputs.kind == .photos)
        #expect(inputs.photos == [root.path + "/May/paris.jpg", MediaFixtures.path("rio.jpg")])
        #expect(counter.counts == [root.path: 1, root.path + "/May": 1])
        // The same as the photo scan finds on its own.
        #expect(try PhotoScan.find([root.path, MediaFixtures.path("rio.jpg")]).files == inputs.photos)
    }

    @Test func namedFilesAreSortedIntoOneKindOrRefusedAsAMix() throws {
        let root = try Self.mixedFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let gpx = root.path + "/trip.gpx", photo = root.path + "/rio.jpg"
        let history = root.path + "/Location History/Semantic Location History/2019/2019_JANUARY.json"
        #expect(try ImportInputs.classify([gpx]).kind == .interchange)
        #expect(try ImportInputs.classify([photo]).kind == .photos)
        #expect(try ImportInputs.classify([history]).kind == .locationHistory)
        #expect(throws: ImportInputs.MixError.notPhotos(other: gpx, photo: photo)) { try ImportInputs.classify([photo, gpx]) }
        #expect(throws: ImportInputs.MixError.notLocationHistory(other: gpx)) { try ImportInputs.classify([history, gpx]) }
        // A format named for the files: a photo is read as an interchange file (and fails there).
        #expect(try ImportInputs.classify([photo], formatNamed: true).kind == .interchange)
        // A missing file is left to the interchange importer to report.
        #expect(try ImportInputs.classify([root.path + "/missing.gpx"]).kind == .interchange)
        // Bytes already read (a pipe) are classified by their content.
        #expect(try ImportInputs.classify(["/dev/stdin"], contents: ["/dev/stdin": MediaFixtures.bytes("rio.jpg")]).kind == .photos)
    }

    @Test func eachKindDeclaresTheSettingsItTakes() {
        let taken = Dictionary(uniqueKeysWithValues: ImportInputs.Kind.allCases.map { kind in
            (kind, ImportInputs.Setting.allCases.filter(kind.accepts))
        })
        #expect(taken[.interchange] == [.format, .update, .folderTags])
        #expect(taken[.photos] == [.dateRange, .radius, .skippedList])
        #expect(taken[.locationHistory] == [.dateRange, .skippedList])
    }
}
