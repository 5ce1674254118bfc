import Foundation
import Testing

@testable import PlacesGeo
@testable import PlacesKit

/// The front-coded key table: what it holds reads back, lookups agree with a linear search at every block
/// edge, Swift and the generator write the same bytes, and damage never makes a scan read outside the table.
@Suite struct KeyTableTests {
    typealias Entry = KeyTable.Entry

    /// Keys that share long prefixes, cross several blocks, hold a non-ASCII byte, one key longer than 127
    /// bytes (two-byte suffix length) and one longer than 255 (the shared length is capped), and duplicates.
    static let sample: [Entry] = {
        var entries: [Entry] = []
        let kinds = KeyTable.kinds
        for i in 0..<70 {
            let word = "lon" + String(repeating: "d", count: i % 7) + "on" + (i % 3 == 0 ? " colney" : "") + "\(i / 10)"
            entries.append(Entry(key: Array(word.utf8), kind: kinds[i % kinds.count], offset: i * 37))
        }
        entries.append(Entry(key: Array("zürich".utf8), kind: .placeName, offset: 5))
        entries.append(Entry(key: Array(String(repeating: "a", count: 200).utf8), kind: .placeAlias, offset: 9))
        entries.append(Entry(key: Array((String(repeating: "a", count: 300) + "b").utf8), kind: .placeAlias, offset: 10))
        entries.append(Entry(key: Array((String(repeating: "a", count: 300) + "c").utf8), kind: .placeAlias, offset: 11))
        entries.append(Entry(key: Array("paris".utf8), kind: .placeName, offset: KeyTable.maximumOffset))
        entries.append(Entry(key: Array("paris".utf8), kind: .placeName, offset: KeyTable.maximumOffset))  // a duplicate
        return entries
    }()

    /// Calls `body` with a table of `bytes` that lives for the call.
    func withTable<R>(_ bytes: [UInt8], _ body: (KeyTable) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { buffer in
            let storage = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, buffer.count))
            defer { storage.deallocate() }
            if let base = buffer.baseAddress { storage.update(from: base, count: buffer.count) }
            return try body(KeyTable(base: storage, count: buffer.count))
        }
    }

    @Test func entriesReadBackSortedWithoutDuplicates() {
        let bytes = KeyTable.encode(Self.sample)
        let expected = Set(Self.sample).sorted()
        #expect(expected.count == Self.sample.count - 1)
        withTable(bytes) { table in
            #expect(table.isWellFormed)
            #expect(table.entryCount == expected.count)
            #expect(table.blockCount == (expected.count + 15) / 16)
            #expect(table.entries() == expected)
        }
    }

    @Test func lowerBoundAgreesWithALinearSearchAcrossBlockEdges() {
        let expected = Set(Self.sample).sorted()
        withTable(KeyTable.encode(Self.sample)) { table in
            func linear(_ key: [UInt8]) -> Int {
                expected.firstIndex { !$0.key.lexicographicallyPrecedes(key) } ?? expected.count
            }
            var probes: [[UInt8]] = [[], [0x00], [0xFF], Array("m".utf8)]
            for entry in expected {
                probes.append(entry.key)
                probes.append(Array(entry.key.dropLast()))             // a prefix
                probes.append(entry.key + [0])                        // just after it
                var successor = entry.key
                successor[successor.count - 1] &+= 1                  // the next key that is not it
                probes.append(successor)
            }
            for probe in probes {
                let index = linear(probe)
                #expect(table.lowerBoundIndex(probe) == index, "lowerBound of \(String(decoding: probe, as: UTF8.self))")
                let cursor = table.lowerBound(probe)
                #expect(cursor.isValid == (index < expected.count))
                if cursor.isValid {
                    #expect(Array(cursor.keyBytes) == expected[index].key)
                    #expect(cursor.kind == expected[index].kind && cursor.offset == expected[index].offset)
                }
            }
        }
    }

    @Test func anEmptyTableHasNoEntries() {
        let bytes = KeyTable.encode([Entry]())
        #expect(bytes == KeyTable.magic + [0, 0, 0, 0, 0, 0, 0, 0])
        withTable(bytes) { table in
            #expect(table.isWellFormed && table.entryCount == 0)
            #expect(!table.lowerBound(Array("a".utf8)).isValid)
            #expect(table.lowerBoundIndex([]) == 0)
            #expect(table.entries().isEmpty)
        }
        withTable([]) { table in
            #expect(!table.isWellFormed && table.entryCount == 0)
            #expect(!table.lowerBound(Array("a".utf8)).isValid)
        }
    }

    /// The generator (Scripts/gazetteer/keytable.py) wrote the bundled table; Swift's writer, given what it
    /// holds, writes the same bytes: one layout, two writers that agree.
    @Test func theSwiftWriterRewritesTheBundledTableByteForByte() {
        let bundled = GazetteerData.keys
        let entries = bundled.entries()
        #expect(entries.count == bundled.entryCount)
        #expect(entries.count > 1_000_000)
        let again = KeyTable.encode(entries)
        let same = again.count == bundled.byteCount
            && again.withUnsafeBufferPointer { memcmp($0.baseAddress!, bundled.base, again.count) == 0 }
        #expect(same, "\(again.count) bytes rewritten, \(bundled.byteCount) bundled")
    }

    /// Cut tables and tables with bytes changed read as fewer entries and stop: with AddressSanitizer in the
    /// fuzz build (target `keys`) and here by the counts, no scan reads outside the bytes.
    @Test func damagedAndCutTablesEndTheScan() {
        let bytes = KeyTable.encode(Self.sample)
        let count = Set(Self.sample).count
        for length in stride(from: 0, to: bytes.count, by: 3) {
            withTable(Array(bytes.prefix(length))) { table in
                let read = table.entries().count
                #expect(read < count, "a table cut to \(length) bytes read all its entries")
                _ = table.lowerBound(Array("london".utf8))
                _ = table.lowerBound(Array(String(repeating: "a", count: 301).utf8))
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var damaged = bytes
            for _ in 0..<3 { damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            withTable(damaged) { table in
                #expect(table.entries().count <= table.entryCount)
                for probe in ["lon", "paris", "zz", ""] {
                    let cursor = table.lowerBound(Array(probe.utf8))
                    while cursor.isValid { #expect(cursor.keyLength <= KeyTable.maximumKeyLength); cursor.advance() }
                    // The typo walk, skipping and galloping over dead runs, reads only whole entries too.
                    let walking = table.lowerBound(Array(probe.utf8))
                    walking.walkTypos(before: table.entryCount, shortest: 3, rows: PrefixDistances(query: Array("londom".utf8), limit: 2)) { _ in
                        #expect(walking.keyLength <= KeyTable.maximumKeyLength)
                    }
                }
            }
        }
    }

    @Test func kindIndicesFollowTheLettersByteOrder() {
        #expect(KeyTable.kinds.map(\.rawValue) == KeyTable.kinds.map(\.rawValue).sorted())
        for (index, kind) in KeyTable.kinds.enumerated() { #expect(KeyTable.index(of: kind) == UInt32(index)) }
    }
}

/// The wide layout (`PKY2`, a region pack's): offsets past the narrow layout's 2^28 read back exactly, and
/// lookups and damage behave as in the narrow one.
@Suite struct WideKeyTableTests {
    typealias Entry = KeyTable.Entry

    /// Offsets on both sides of 2^28 (the narrow limit, 256 MiB), of 2^32, and the widest, 2^36 - 1.
    static let offsets = [0, (1 << 28) - 1, 1 << 28, (1 << 28) + 1, 3 << 28, (1 << 32) - 1, 1 << 32, (1 << 32) + 7, (1 << 36) - 1]

    static let sample: [Entry] = {
        var entries: [Entry] = []
        for (i, offset) in offsets.enumerated() {
            for (j, kind) in KeyTable.kinds.enumerated() {
                entries.append(Entry(key: Array("rue de rivoli \(i) \(j)".utf8), kind: kind, offset: offset))
            }
        }
        return entries
    }()

    @Test func offsetsPastTheNarrowLimitReadBack() {
        #expect(KeyTable.Layout.narrow.maximumOffset == (1 << 28) - 1)
        #expect(KeyTable.Layout.wide.maximumOffset == (1 << 36) - 1)
        let bytes = KeyTable.encode(Self.sample, layout: .wide)
        #expect(bytes.starts(with: Array("PKY2".utf8)))
        KeyTableTests().withTable(bytes) { table in
            #expect(table.isWellFormed && table.layout == .wide)
            #expect(table.entries() == Self.sample.sorted())
            for entry in Self.sample {
                let cursor = table.lowerBound(entry.key)
                #expect(cursor.isValid && Array(cursor.keyBytes) == entry.key)
                #expect(cursor.offset == entry.offset && cursor.kind == entry.kind, "\(entry.offset)")
            }
        }
    }

    /// The same entries in both layouts: the same lookups, and the narrow table the smaller.
    @Test func bothLayoutsHoldTheSameEntries() {
        let entries = KeyTableTests.sample.filter { $0.offset <= KeyTable.maximumOffset }
        let narrow = KeyTable.encode(entries), wide = KeyTable.encode(entries, layout: .wide)
        #expect(narrow.starts(with: Array("PKY1".utf8)) && wide.count > narrow.count)
        KeyTableTests().withTable(narrow) { a in
            KeyTableTests().withTable(wide) { b in
                #expect(a.entries() == b.entries() && a.entries().count == Set(entries).count)
                for entry in entries { #expect(a.lowerBoundIndex(entry.key) == b.lowerBoundIndex(entry.key)) }
            }
        }
    }

    @Test func damagedAndCutWideTablesEndTheScan() {
        let bytes = KeyTable.encode(Self.sample, layout: .wide)
        for length in stride(from: 0, to: bytes.count, by: 5) {
            KeyTableTests().withTable(Array(bytes.prefix(length))) { table in
                #expect(table.entries().count < Self.sample.count, "a table cut to \(length) bytes read all its entries")
                _ = table.lowerBound(Array("rue".utf8))
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            var damaged = bytes
            for _ in 0..<3 { damaged[Int.random(in: 0..<damaged.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            KeyTableTests().withTable(damaged) { table in
                #expect(table.entries().count <= table.entryCount)
                let cursor = table.lowerBound(Array("rue de".utf8))
                while cursor.isValid { #expect(cursor.keyLength <= KeyTable.maximumKeyLength); cursor.advance() }
            }
        }
    }
}
