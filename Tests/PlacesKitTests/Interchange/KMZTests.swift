import Foundation
@testable import PlacesKit
import Testing
@testable import PlacesInterchange

@Suite struct KMZTests {
    @Test func organicMapsKMZReadsLikeItsKML() throws {
        let kmz = try Importer.parse(data: InterchangeFixtures.bytes("organic-maps.kmz"), fileName: "lisbon.kmz")
        let kml = try Importer.parse(data: InterchangeFixtures.bytes("organic-maps.kml"), fileName: "lisbon.kml")
        #expect(kmz.format == .kml)
        #expect(kmz.fileName == "lisbon.kmz")
        #expect(kmz.places.map(\.location.name) == kml.places.map(\.location.name))
        #expect(kmz.places.map(\.location.latitude) == kml.places.map(\.location.latitude))
        #expect(kmz.skipped.count == 1)
    }

    @Test func storedEntriesAndOtherNamesAreFound() throws {
        let file = try Importer.parse(data: InterchangeFixtures.bytes("stored.kmz"), fileName: "stored.kmz")
        #expect(file.places.count == 3)
    }

    @Test func aThousandPlacemarksInflateExactly() throws {
        // Dynamic Huffman blocks with long back-references; the CRC check guards every byte.
        let file = try Importer.parse(data: InterchangeFixtures.bytes("thousand.kmz"), fileName: "thousand.kmz")
        #expect(file.places.count == 1000)
        #expect(file.places.first?.location.name.hasPrefix("0 ") == true)
        #expect(file.places.last?.location.name.hasPrefix("999 ") == true)
    }

    @Test func inflateRefusesToGrowPastItsLimit() throws {
        // 4096 × "a", raw DEFLATE (fixed Huffman), 22 bytes.
        let compressed: [UInt8] = [237, 193, 1, 13, 0, 0, 0, 194, 160, 172, 239, 95, 194, 30, 14, 40, 0, 0, 0, 224, 221, 0]
        let whole = try Inflate.decompress(compressed, from: 0, to: compressed.count, limit: 4096)
        #expect(whole == [UInt8](repeating: UInt8(ascii: "a"), count: 4096))
        #expect(throws: Inflate.Failure.self) { try Inflate.decompress(compressed, from: 0, to: compressed.count, limit: 4095) }
        #expect(throws: Inflate.Failure.self) { try Inflate.decompress(Array(compressed.prefix(10)), from: 0, to: 10, limit: 4096) }
    }

    @Test func anEntryLargerThanTheLimitIsRefusedBeforeInflating() throws {
        let bytes = try InterchangeFixtures.bytes("thousand.kmz")
        let error = #expect(throws: ImportError.self) { try KMZ.kmlDocument(in: bytes, fileName: "big.kmz", limit: 1024) }
        #expect(error?.reason.hasSuffix("uncompressed: the limit is 0 MB") == true)
    }
}
