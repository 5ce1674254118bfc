import Foundation
import Testing
@testable import PlacesJournal
@testable import PlacesKit

/// The index behind `find` and every lookup by name: read in parts on several threads, and its ids
/// read straight from the text; both must give exactly what one plain pass gives.
@Suite struct JournalIndexTests {
    /// Places with what makes a journal's layout vary: escapes, non-Latin names, tags, visits (objects
    /// nested inside a place) and descriptions of many lengths.
    static let places: [Location] = (0..<600).map { number in
        Location(name: number % 7 == 0 ? "Café \"\(number)\" \\ 東京" : "Place \(number)",
                 description: String(repeating: "word \(number) ", count: number % 23),
                 latitude: Double(number % 90), longitude: Double(number % 180),
                 tags: number % 3 == 0 ? ["tag\(number)", "{ not an object }"] : [],
                 visits: number % 5 == 0 ? [Visit(date: VisitDate(journalText: "2024-05-0\(number % 9 + 1)")!, note: "note\n  {")] : [])
    }

    static func withJournal<T>(_ text: [UInt8], _ body: (UnsafeBufferPointer<UInt8>, Int) throws -> T) rethrows -> T {
        try text.withUnsafeBufferPointer { bytes in
            let first = text.firstIndex(of: UInt8(ascii: "{"), after: text.firstIndex(of: UInt8(ascii: "["))!)
            return try body(bytes, first)
        }
    }

    @Test(arguments: [2, 3, 5, 8])
    func partsReadTheSamePlacesAsOnePass(parts: Int) throws {
        let text = JournalCodec.encode(Self.places, members: [:])
        try Self.withJournal(text) { bytes, first in
            let starts = JournalIndex.partStarts(bytes, first: first, parts: parts)
            #expect(starts.count == parts)
            #expect(starts == starts.sorted() && Set(starts).count == starts.count)
            for start in starts { #expect(JournalCodec.decodePlace(bytes, at: start) != nil, "part starts at a place: \(start)") }
            let one = try #require(try JournalIndex.placesInPart(bytes, from: first, until: nil))
            let many = try #require(JournalIndex.placesInParts(bytes, starts: starts))
            #expect(one.end == many.end)
            #expect(one.0.map(\.offset) == many.0.map(\.offset))
            #expect(one.0.map(\.id) == many.0.map(\.id))
            #expect(many.0.map { $0.id.uuid } == Self.places.map(\.id))
        }
    }

    @Test func aPartStartThatIsNotAPlaceIsRefused() throws {
        // A hand-edited journal: a place's member value opens on its own line, as deep as a place.
        let text = Array("""
        {"version": 1, "places": [
          {"id": "0b7e6c1a-0000-4000-8000-000000000001", "name": "A", "latitude": 1, "longitude": 2, "extra":
          {"x": 1}},
          {"id": "0b7e6c1a-0000-4000-8000-000000000002", "name": "B", "latitude": 1, "longitude": 2}
        ]}
        """.utf8)
        try Self.withJournal(text) { bytes, first in
            let inner = text.firstIndex(of: UInt8(ascii: "{"), after: text.firstIndex(of: UInt8(ascii: "x"))! - 3)
            let second = text.firstIndex(of: UInt8(ascii: "{"), after: inner + 1)
            #expect(JournalIndex.placesInParts(bytes, starts: [first, inner]) == nil)
            let parts = try #require(JournalIndex.placesInParts(bytes, starts: [first, second]))
            #expect(parts.0.map(\.offset) == [first, second])
            // Whatever the starts, the index as a whole reads both places.
            #expect(JournalIndex.partStarts(bytes, first: first, parts: 2).count <= 2)
        }
    }

    @Test func idsAreReadAsAFullReadReadsThem() throws {
        func bits(_ text: String) -> JournalIndex.IDBits? {
            Array("\"\(text)\"".utf8).withUnsafeBufferPointer { JournalIndex.IDBits(quoted: $0, at: 0) }
        }
        let id = UUID()
        #expect(bits(id.uuidString)?.uuid == id)
        #expect(bits(id.uuidString.lowercased())?.uuid == id)
        #expect(bits(id.uuidString.lowercased()) == bits(id.uuidString))
        #expect(bits("0b7e6c1a-0000-4000-8000-00000000000g") == nil)
        #expect(bits("0b7e6c1a-0000-4000-8000-00000000000:") == nil)
        #expect(bits("0b7e6c1a00000-4000-8000-000000000001") == nil)
        #expect(bits("0b7e6c1a-0000-4000-8000-0000000001") == nil)
        for text in ["0b7e6c1a-0000-4000-8000-000000000001", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF", "00000000-0000-0000-0000-000000000000"] {
            #expect(bits(text)?.uuid == UUID(uuidString: text), "\(text)")
        }
    }

    /// Every byte value at every digit position, against `UUID(uuidString:)` for hex digits of
    /// either case and refused otherwise: the reader takes eight digits at a time, so a byte that is wrong in
    /// one lane must fail the whole id, and a right one must land in its own nibble.
    @Test func everyByteAtEveryDigitIsReadAsUUIDReadsIt() {
        let template = Array("0b7e6c1a-9f3d-4a2b-8c5e-d1f2a3b4c5d6".utf8)
        let digitPositions = template.indices.filter { template[$0] != UInt8(ascii: "-") }
        var checked = 0
        for position in digitPositions {
            for byte in UInt8.min...UInt8.max {
                var text = template
                text[position] = byte
                let quoted = [UInt8(ascii: "\"")] + text + [UInt8(ascii: "\"")]
                let bits = quoted.withUnsafeBufferPointer { JournalIndex.IDBits(quoted: $0, at: 0) }
                // Only a hex digit makes an id, as before (`UUID(uuidString:)` alone is more lenient:
                // it takes a sign or a space in a group).
                let isHexDigit = (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
                let expected = isHexDigit ? UUID(uuidString: String(decoding: text, as: UTF8.self)) : nil
                #expect(!isHexDigit || expected != nil)
                #expect(bits?.uuid == expected, "byte \(byte) at \(position)")
                checked += 1
            }
        }
        #expect(checked == 32 * 256)
    }

    @Test func aRepeatedIdInEitherCaseSendsTheJournalToAFullRead() {
        let id = "0b7e6c1a-abcd-4000-8000-000000000001"
        let text = Array("""
        {"version": 1, "places": [
          {"id": "\(id)", "name": "A", "latitude": 1, "longitude": 2},
          {"id": "\(id.uppercased())", "name": "B", "latitude": 1, "longitude": 2}
        ]}
        """.utf8)
        #expect(JournalIndex.scan(MappedFile(copying: text)) == nil)
        let distinct = Array(String(decoding: text, as: UTF8.self).replacingOccurrences(of: id.uppercased(), with: UUID().uuidString).utf8)
        #expect(JournalIndex.scan(MappedFile(copying: distinct))?.count == 2)
        // Many ids, one repeated at the end.
        var entries = Self.places.map { JournalIndex.Entry(id: Self.bits($0.id), offset: 0, name: 0..<0, nameEscaped: false, description: nil, descriptionEscaped: false, tags: nil) }
        #expect(!JournalIndex.IDBits.anyRepeated(in: entries))
        entries.append(entries[123])
        #expect(JournalIndex.IDBits.anyRepeated(in: entries))
    }

    @Test func anEntryKeepsEveryRangeInFortyEightBytes() {
        let entry = JournalIndex.Entry(id: Self.bits(UUID()), offset: 7, name: 10..<20, nameEscaped: true,
                                       description: 30..<4_000_000_000, descriptionEscaped: false, tags: nil)
        #expect(MemoryLayout<JournalIndex.Entry>.stride == 48)
        #expect(entry.offset == 7 && entry.name == 10..<20 && entry.nameEscaped)
        #expect(entry.description == 30..<4_000_000_000 && !entry.descriptionEscaped && entry.tags == nil)
        let other = JournalIndex.Entry(id: entry.id, offset: 0, name: 0..<0, nameEscaped: false, description: nil,
                                       descriptionEscaped: true, tags: 5..<9)
        #expect(other.description == nil && !other.descriptionEscaped && other.tags == 5..<9 && !other.nameEscaped)
    }

    static func bits(_ id: UUID) -> JournalIndex.IDBits {
        Array("\"\(id.uuidString)\"".utf8).withUnsafeBufferPointer { JournalIndex.IDBits(quoted: $0, at: 0)! }
    }

    @Test func aSearchInPartsFindsWhatOnePassFinds() {
        let index = JournalIndex(places: Self.places)
        for query in ["word 12", "cafe", "tag3", "plce", "note"] {
            let search = PlaceSearch(query: query)
            let one = search.search(index, limit: 50, parts: 1)
            #expect(!one.isEmpty, "\(query)")
            for parts in [2, 3, 7] { #expect(search.search(index, limit: 50, parts: parts) == one, "\(query) in \(parts) parts") }
        }
        // More parts than places: the parts past the end are empty.
        let few = JournalIndex(places: Array(Self.places.prefix(3)))
        #expect(PlaceSearch(query: "place").search(few, limit: 5, parts: 8).count == PlaceSearch(query: "place").search(few, limit: 5, parts: 1).count)
    }
}

private extension Array where Element == UInt8 {
    func firstIndex(of byte: UInt8, after start: Int) -> Int { self[start...].firstIndex(of: byte)! }
}
