import Foundation
import Testing
@testable import PlacesKit
import PlacesTestSupport
@testable import PlacesInterchange

/// The fixtures in Fixtures/Media, made by Scripts/media-fixtures/make.sh with exiftool.
enum MediaFixtures {
    static let directory: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()  // Media
        url.deleteLastPathComponent()  // PlacesKitTests
        return url.appendingPathComponent("Fixtures/Media").path
    }()

    static func path(_ name: String) -> String { directory + "/" + name }
    static func bytes(_ name: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path(name)))) }

}

@Suite struct MediaReaderTests {
    /// 2024-05-01 10:30:00 UTC.
    static let parisMoment = Date(timeIntervalSince1970: 1_714_559_400)

    @Test(arguments: ["paris.jpg", "paris.heic", "paris.png", "paris.tif", "paris.dng"])
    func readsPositionAndTimeThatExiftoolWrote(_ name: String) throws {
        let metadata = try MediaReader.read(path: MediaFixtures.path(name))
        let position = try #require(metadata.position)
        #expect(abs(position.latitude - 48.8584) < 1e-6)
        #expect(abs(position.longitude - 2.2945) < 1e-6)
        let moment = try #require(metadata.moment)
        #expect(moment.date == Self.parisMoment)
        #expect(moment.utcOffset == 7200)
    }

    @Test func southAndWestAreNegativeAndTheGPSClockGivesTheOffset() throws {
        let metadata = try MediaReader.read(path: MediaFixtures.path("rio.jpg"))
        let position = try #require(metadata.position)
        #expect(abs(position.latitude + 22.9519) < 1e-6)
        #expect(abs(position.longitude + 43.2105) < 1e-6)
        let moment = try #require(metadata.moment)
        #expect(moment.date == Date(timeIntervalSince1970: 1_718_021_700))  // 2024-06-10T12:15:00Z
        #expect(moment.utcOffset == -3 * 3600)
    }

    @Test func aPhotoWithoutGPSHasATimeButNoPosition() throws {
        let metadata = try MediaReader.read(path: MediaFixtures.path("no-gps.jpg"))
        #expect(metadata.position == nil)
        #expect(metadata.localTime != nil)
    }

    @Test func videosGiveTheISO6709PointAndTheMovieHeadersTime() throws {
        let mp4 = try MediaReader.read(path: MediaFixtures.path("sydney.mp4"))
        let position = try #require(mp4.position)
        #expect(abs(position.latitude + 33.8568) < 1e-9 && abs(position.longitude - 151.2153) < 1e-9)
        #expect(mp4.moment?.date == Self.parisMoment)
        #expect(mp4.moment?.utcOffset == nil)

        let mov = try MediaReader.read(path: MediaFixtures.path("sydney-keys.mov"))
        let keyed = try #require(mov.position)
        #expect(abs(keyed.latitude + 33.8568) < 1e-9 && abs(keyed.longitude - 151.2153) < 1e-9)
        #expect(mov.moment?.date == Self.parisMoment)  // 20:30 at +10:00
        #expect(mov.moment?.utcOffset == 36_000)
    }

    @Test(arguments: [("truncated.jpg", "truncated"), ("corrupt.jpg", "past the end")])
    func brokenFilesAreSkippedWithTheirReason(_ name: String, _ words: String) throws {
        #expect { try MediaReader.read(path: MediaFixtures.path(name)) } throws: { error in
            (error as? MediaSkip)?.reason.contains(words) == true
        }
    }

    @Test func filesThatAreNotMediaAreRefusedByContentNotName() throws {
        let directory = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fake = directory.appendingPathComponent("notes.jpg")
        try Data("just text".utf8).write(to: fake)
        #expect(throws: MediaSkip.self) { try MediaReader.read(path: fake.path) }
        let empty = directory.appendingPathComponent("empty.heic")
        try Data().write(to: empty)
        #expect { try MediaReader.read(path: empty.path) } throws: { ($0 as? MediaSkip)?.reason == "empty file" }
    }

    /// Every prefix of every fixture reads or throws a reason; none traps. Then bytes are changed at
    /// random (a fixed seed), as a fuzzer would, a few thousand times.
    @Test(arguments: ["paris.jpg", "paris.heic", "paris.png", "paris.tif", "sydney.mp4", "sydney-keys.mov", "rio.jpg"])
    func cutAndDamagedCopiesNeverTrap(_ name: String) throws {
        let original = try MediaFixtures.bytes(name)
        for length in 0..<original.count { _ = try? MediaReader.read(MemoryBytes(Array(original.prefix(length)))) }
        var generator = SplitMix(seed: UInt64(original.count))
        var damagedButRead = 0
        for _ in 0..<3000 {
            var copy = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                let at = Int.random(in: 0..<copy.count, using: &generator)
                copy[at] = [0x00, 0xFF, 0x7F, 0x80, UInt8.random(in: 0...255, using: &generator)].randomElement(using: &generator)!
            }
            if (try? MediaReader.read(MemoryBytes(copy))) != nil { damagedButRead += 1 }
        }
        // Most single-byte damage falls in pixels or padding: the reader still reads those copies.
        #expect(damagedButRead > 0)
    }

    /// A video is never read whole: a 3 GB file (sparse, so it costs no disk) whose `moov` comes after
    /// the media data reads at once.
    @Test func aLargeVideoIsReadByItsHeadersOnly() throws {
        let directory = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = try MediaFixtures.bytes("sydney.mp4")
        // Move the moov after a 3 GB mdat written with a 64-bit size.
        let boxes = try ISOBox.children(of: MemoryBytes(original), from: 0, to: original.count)
        let ftyp = try #require(boxes.first { $0.type == ISOBox.ftyp }), moov = try #require(boxes.first { $0.type == ISOBox.moov })
        let mdatSize: UInt64 = 3 << 30
        var head = Array(original[(ftyp.start - 8)..<ftyp.end])
        head += [0, 0, 0, 1] + Array("mdat".utf8) + withUnsafeBytes(of: mdatSize.bigEndian, Array.init)
        let url = directory.appendingPathComponent("long.mp4")
        try Data(head).write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: UInt64(head.count - 16) + mdatSize)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(original[(moov.start - 8)..<moov.end]))
        try handle.close()
        let metadata = try MediaReader.read(path: url.path)
        #expect(metadata.position != nil)
    }

    @Test(arguments: [
        ("+48.8584+002.2945+035.000/", 48.8584, 2.2945),
        ("-33.8568+151.2153/", -33.8568, 151.2153),
        ("+4851.504+00217.670/", 48.8584, 2.29450),  // degrees and minutes
        ("-335124.48+1511255.08/", -33.8568, 151.2153),  // degrees, minutes and seconds
        ("+48.8584+2.2945/", 48.8584, 2.2945),  // longitude without its leading zeros
    ])
    func readsISO6709(_ text: String, _ latitude: Double, _ longitude: Double) throws {
        let point = try #require(QuickTimeReader.iso6709(Array(text.utf8)))
        #expect(abs(point.latitude - latitude) < 1e-4 && abs(point.longitude - longitude) < 1e-4)
    }

    @Test(arguments: ["", "+", "48.8+2.3", "+48.8584", "+48.8584+/", "+1234567.0+002.0/"])
    func refusesWhatIsNotISO6709(_ text: String) {
        #expect(QuickTimeReader.iso6709(Array(text.utf8)) == nil)
    }
}
