import Foundation
import PlacesTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// One bad file or entry in a photo or location-history import skips that file or entry, with its
/// reason and path, and the rest is imported: through the real binary, on files the tests write.
@Suite struct ImportEntrySafetyTests {
    static let media = PhotoImportCLITests.fixtures

    /// paris.jpg with its EXIF DateTimeOriginal ("2024:05:01 12:30:00") replaced by `date`.
    static func paris(dated date: String) throws -> Data {
        var bytes = [UInt8](try Data(contentsOf: media.appendingPathComponent("paris.jpg")))
        let old = Array("2024:05:01 12:30:00".utf8), new = Array(date.utf8)
        precondition(old.count == new.count)
        let at = try #require((0...(bytes.count - old.count)).first { Array(bytes[$0..<($0 + old.count)]) == old })
        bytes.replaceSubrange(at..<(at + old.count), with: new)
        return Data(bytes)
    }

    /// A minimal MP4: `ftyp`, then `moov` with a version-1 `mvhd` whose creation time is `created`
    /// (seconds since 1904) and a `udta` `©xyz` position at the Eiffel Tower.
    static func video(created: UInt64) -> Data {
        func box(_ type: [UInt8], _ body: [UInt8]) -> [UInt8] {
            let size = UInt32(8 + body.count)
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + type + body
        }
        func u64(_ value: UInt64) -> [UInt8] { (0..<8).reversed().map { UInt8(value >> (8 * UInt64($0)) & 0xFF) } }
        let mvhd = box(Array("mvhd".utf8), [1, 0, 0, 0] + u64(created) + u64(created) + [0, 0, 0x03, 0xE8] + u64(1000))
        let point = Array("+48.8584+002.2945/".utf8)
        let xyz = box([0xA9] + Array("xyz".utf8), [0, UInt8(point.count), 0x15, 0xC7] + point)
        let moov = box(Array("moov".utf8), mvhd + box(Array("udta".utf8), xyz))
        let ftyp = box(Array("ftyp".utf8), Array("isom".utf8) + [0, 0, 2, 0] + Array("isommp41".utf8))
        return Data(ftyp + moov)
    }

    /// Seconds from 1904-01-01 to 10000-01-01.
    static let year10000: UInt64 = 253_402_300_800 + 2_082_844_800

    @Test func aPhotoOrVideoWithAnImpossibleDateIsSkippedAndTheRestImported() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let album = runner.directory.appendingPathComponent("Album")
        try FileManager.default.createDirectory(at: album, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.media.appendingPathComponent("rio.jpg"), to: album.appendingPathComponent("rio.jpg"))
        try Self.paris(dated: "9999:12:31 23:59:60").write(to: album.appendingPathComponent("leap.jpg"))
        try Self.paris(dated: "2024:02:31 12:30:00").write(to: album.appendingPathComponent("feb31.jpg"))
        try Self.video(created: Self.year10000).write(to: album.appendingPathComponent("future.mp4"))
        try Self.video(created: UInt64(Int64.max)).write(to: album.appendingPathComponent("max.mp4"))
        // The control character is the file's name, not the reason to refuse it.
        try Self.paris(dated: "2024:05:01 12:30:00").write(to: album.appendingPathComponent("IMG\u{7}.jpg"))

        let result = try runner.run(["import", album.path, "--verbose"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Read 6 files: 2 with a position and a date, 4 skipped."), "\(result.stdout)")
        #expect(result.stdout.contains("leap.jpg: date taken is after the year 9999"), "\(result.stdout)")
        #expect(result.stdout.contains("feb31.jpg: date taken \"2024:02:31 12:30:00\" is not a date that exists"), "\(result.stdout)")
        #expect(result.stdout.contains("future.mp4: time recorded in UTC is after the year 9999"), "\(result.stdout)")
        #expect(result.stdout.contains("max.mp4: time recorded in UTC is after the year 9999"), "\(result.stdout)")
        let places = try runner.journalPlaces()
        #expect(places.count == 2, "\(places)")
        let eiffel = try #require(places.first { $0["name"] as? String == "Eiffel Tower" })
        #expect(eiffel["description"] as? String == "1 photo, IMG\\u{7}.jpg")
        #expect(PhotoImportCLITests.visits(eiffel).map { $0["date"] as? String } == ["2024-05-01"])
    }

    @Test func whatTheFolderWalkPassesOverIsCountedInTheSummary() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let album = runner.directory.appendingPathComponent("Album")
        var deep = album
        for level in 0..<66 { deep.appendPathComponent("\(level)") }
        try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.media.appendingPathComponent("rio.jpg"), to: deep.appendingPathComponent("rio.jpg"))
        let elsewhere = runner.directory.appendingPathComponent("Elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.media.appendingPathComponent("paris.jpg"), to: elsewhere.appendingPathComponent("paris.jpg"))
        try FileManager.default.createSymbolicLink(at: album.appendingPathComponent("linked-folder"), withDestinationURL: elsewhere)
        try FileManager.default.createSymbolicLink(at: album.appendingPathComponent("linked.jpg"),
                                                   withDestinationURL: elsewhere.appendingPathComponent("paris.jpg"))
        // A name with a byte that is not UTF-8.
        let name = Array(album.path.utf8) + Array("/IMG_".utf8) + [0xFF] + Array(".jpg".utf8)
        let descriptor = (name.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer { open($0.baseAddress!, O_CREAT | O_WRONLY, 0o644) }
        try #require(descriptor >= 0)
        let photo = [UInt8](try Data(contentsOf: Self.media.appendingPathComponent("sydney.mp4")))
        _ = photo.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)

        let result = try runner.run(["import", album.path, "--json", "--dry-run"])
        #expect(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        // The linked photo is read; the linked folder, the folder too deep and the undecodable name are passed over.
        #expect(report["filesRead"] as? Int == 1, "\(report)")
        let passed = (report["passedOver"] as? [[String: Any]] ?? []).compactMap { $0["reason"] as? String }
        #expect(passed.sorted() == ["file name is not UTF-8: rename it to import it", "folder more than 64 levels deep",
                                    "symbolic link to a folder, not followed"], "\(report)")

        let text = try runner.run(["import", album.path, "--dry-run"])
        #expect(text.stdout.contains("Passed over 1: symbolic link to a folder, not followed"), "\(text.stdout)")
        #expect(text.stdout.contains("Passed over 1: folder more than 64 levels deep"), "\(text.stdout)")
    }

    @Test func aHistoryEntryWithAnImpossibleTimeIsSkippedAndALongNameIsCut() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let long = String(repeating: "Trattoria ", count: 30)
        let history = """
        {"timelineObjects": [
          {"placeVisit": {"location": {"latitudeE7": 488583701, "longitudeE7": 22944813, "placeId": "ChIJEiffel", "name": "Eiffel Tower"},
             "duration": {"startTimestampMs": "999999999999999", "endTimestampMs": "999999999999999"}}},
          {"placeVisit": {"location": {"latitudeE7": 418902000, "longitudeE7": 124922000, "placeId": "ChIJLong", "name": "\(long)\\u0007"},
             "duration": {"startTimestamp": "2019-01-07T09:00:00Z", "endTimestamp": "2019-01-07T10:00:00Z"}}},
          {"placeVisit": {"location": {"latitudeE7": 488606111, "longitudeE7": 23376000, "placeId": "ChIJLouvre", "name": "Louvre Museum"},
             "duration": {"startTimestamp": "2019-01-05T12:00:00Z", "endTimestamp": "2019-01-05T15:00:00Z"}}}
        ]}
        """
        let file = runner.directory.appendingPathComponent("2019_JANUARY.json")
        try Data(history.utf8).write(to: file)
        let result = try runner.run(["import", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("timelineObjects entry 1: startTimestampMs \"999999999999999\" is after the year 9999"), "\(result.stdout)")
        let names = try runner.journalPlaces().compactMap { $0["name"] as? String }
        #expect(names.count == 2, "\(names)")
        #expect(names.contains("Louvre Museum"))
        let cut = try #require(names.first { $0.hasPrefix("Trattoria") })
        #expect(cut.count == 200 && cut.hasSuffix("…"), "\(cut)")
    }
}
