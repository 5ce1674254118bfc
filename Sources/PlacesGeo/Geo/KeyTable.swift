#if canImport(Glibc)
import Glibc
#endif

/// The gazetteer's folded names and codes in a compact, front-coded binary layout, searched in place.
///
/// Neighbouring keys share most of their bytes ("london", "london colney", "londonderry"), so each entry
/// holds only how many leading bytes it shares with the key before it, the bytes that differ, and one
/// little-endian value: the key's kind (its index in ``kinds``) in the top 4 bits and the byte offset of
/// the line it names below them. Every ``blockLength``-th entry is stored whole (it shares nothing), and
/// a block index points at those: a lookup binary-searches the blocks' first keys, then reads at most
/// ``blockLength`` entries.
///
/// ```
/// "PKY1" or "PKY2"          magic and layout (``Layout``)
/// u32 entry count, u32 block count (entry count / 16, rounded up)
/// u32 × blocks (PKY2: u64)  where each block's first entry starts, counted from the first entry
/// entries                   u8 shared bytes, suffix length (1 byte below 128, else 2: low 7 bits | 0x80,
///                           then the rest), the suffix, then kind and offset: PKY1 a u32
///                           kind << 28 | offset, PKY2 five bytes (a u40) kind << 36 | offset
/// ```
///
/// PKY1, with offsets below 256 MiB, is the bundled gazetteer's and an imported one's; PKY2 is a region
/// pack's, whose places outgrow 256 MiB for a country-sized extract.
///
/// Keys are sorted by bytes, then by kind (the byte order of their letters), then by offset, with no
/// duplicates. `Scripts/gazetteer/keytable.py` writes the bundled table, ``encode(_:)`` imported ones;
/// the two give the same bytes. A damaged or cut table reads as fewer entries, never outside its bytes.
struct KeyTable: @unchecked Sendable {
    /// Entries per block: one in so many is stored whole.
    static let blockLength = 16
    /// The longest key a table holds, in bytes (longer names are not names).
    static let maximumKeyLength = 1024
    /// The largest offset a narrow (PKY1) entry can point to (28 bits).
    static let maximumOffset = Layout.narrow.maximumOffset
    /// The narrow layout's magic.
    static let magic = Layout.narrow.magic
    /// Where the block index starts: after the magic and the two counts.
    static let headerLength = 12

    /// How wide an entry's kind and offset, and a block index entry, are.
    enum Layout: Sendable, CaseIterable {
        /// `PKY1`: a `u32` of kind and offset (offsets below 2^28, 256 MiB), `u32` block starts.
        case narrow
        /// `PKY2`: five bytes of kind and offset (offsets below 2^36, 64 GiB), `u64` block starts.
        case wide

        var magic: [UInt8] { Array((self == .narrow ? "PKY1" : "PKY2").utf8) }
        /// Bytes of an entry's kind and offset.
        var valueBytes: Int { self == .narrow ? 4 : 5 }
        /// Bytes of a block index entry.
        var blockStartBytes: Int { self == .narrow ? 4 : 8 }
        /// Where the kind sits in the value.
        var kindShift: Int { valueBytes * 8 - 4 }
        /// The largest offset an entry can point to.
        var maximumOffset: Int { (1 << kindShift) - 1 }
    }

    /// The kinds in the byte order of their letters (`C K P R a c g p r`); an entry stores its kind's index.
    static let kinds: [GazetteerSchema.KeyKind] = [.countryCode, .placeCode, .placeName, .regionCode, .countyName,
                                                   .countryName, .placeShortName, .placeAlias, .regionName]

    /// The index of a kind in ``kinds``.
    static func index(of kind: GazetteerSchema.KeyKind) -> UInt32 {
        switch kind {
        case .countryCode: 0
        case .placeCode: 1
        case .placeName: 2
        case .regionCode: 3
        case .countyName: 4
        case .countryName: 5
        case .placeShortName: 6
        case .placeAlias: 7
        case .regionName: 8
        }
    }

    let base: UnsafePointer<UInt8>
    /// The table's length in bytes.
    let byteCount: Int
    /// The entries the header announces (0 when the header is damaged).
    let entryCount: Int
    let blockCount: Int
    /// Where the first entry starts.
    let entriesStart: Int
    /// Whether the header is whole and consistent (a damaged table reads as empty).
    let isWellFormed: Bool
    /// The table's layout, read from its magic.
    let layout: Layout
    /// Bytes of an entry's kind and offset (``Layout/valueBytes``), kept apart for the hot loop.
    let valueBytes: Int

    /// Reads the header of the table at `base`; a table too short or with another magic reads as empty.
    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        byteCount = count
        func u32(_ at: Int) -> Int { Int(UInt32(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt32.self))) }
        var entries = 0, blocks = 0, start = count
        let layout = count >= KeyTable.headerLength
            ? Layout.allCases.first { layout in layout.magic.indices.allSatisfy { base[$0] == layout.magic[$0] } } : nil
        var good = layout != nil
        if let layout {
            entries = u32(4)
            blocks = u32(8)
            start = KeyTable.headerLength + layout.blockStartBytes * blocks
            good = blocks == (entries + KeyTable.blockLength - 1) / KeyTable.blockLength && start <= count
        }
        self.layout = layout ?? .narrow
        valueBytes = self.layout.valueBytes
        isWellFormed = good
        entryCount = good ? entries : 0
        blockCount = good ? blocks : 0
        entriesStart = good ? start : count
    }

    /// Where block `block`'s first entry starts, or `nil` when the index points outside the table.
    @inline(__always) func blockStart(_ block: Int) -> Int? {
        let offset: UInt64
        if layout == .narrow {
            offset = UInt64(UInt32(littleEndian: UnsafeRawPointer(base + KeyTable.headerLength + 4 * block).loadUnaligned(as: UInt32.self)))
        } else {
            offset = UInt64(littleEndian: UnsafeRawPointer(base + KeyTable.headerLength + 8 * block).loadUnaligned(as: UInt64.self))
        }
        guard offset < UInt64(byteCount) else { return nil }
        let start = entriesStart + Int(offset)
        return start < byteCount ? start : nil
    }

    /// Where the first key of `block` starts and its length, or `nil` when the block is damaged (its first
    /// entry not stored whole, or its key or value past the table's end).
    @inline(__always) func blockHead(_ block: Int) -> (keyStart: Int, length: Int)? {
        guard let start = blockStart(block), start + 2 <= byteCount, base[start] == 0 else { return nil }
        var length = Int(base[start + 1]), position = start + 2
        if length >= 0x80 {
            guard position < byteCount else { return nil }
            length = length & 0x7F | Int(base[position]) << 7
            position += 1
        }
        guard length <= KeyTable.maximumKeyLength, position + length + valueBytes <= byteCount else { return nil }
        return (position, length)
    }

    /// Compares the first key of `block` with `key` without decoding it: negative, zero or positive. A
    /// damaged block sorts after everything, so searches stop before it.
    func compareBlockHead(_ block: Int, _ key: [UInt8]) -> Int {
        guard let start = blockStart(block), start + 2 <= byteCount, base[start] == 0 else { return 1 }
        var length = Int(base[start + 1]), position = start + 2
        if length >= 0x80 {
            guard position < byteCount else { return 1 }
            length = length & 0x7F | Int(base[position]) << 7
            position += 1
        }
        guard position + length <= byteCount else { return 1 }
        let common = min(length, key.count)
        let order = common == 0 ? 0 : key.withUnsafeBufferPointer { memcmp(base + position, $0.baseAddress!, common) }
        if order != 0 { return Int(order) }
        return length - key.count
    }

    /// A cursor at the first entry whose key is not less than `key` (invalid when there is none).
    /// - Complexity: O(log(n / 16)) block heads compared, then at most 16 entries read.
    func lowerBound(_ key: [UInt8]) -> KeyCursor {
        let cursor = KeyCursor(self)
        // The first block whose head is not less than the key; the answer is in the block before it, or is its head.
        var lo = 0, hi = blockCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if compareBlockHead(mid, key) < 0 { lo = mid + 1 } else { hi = mid }
        }
        cursor.move(toBlock: max(0, lo - 1))
        while cursor.advance() {
            if cursor.compare(key) >= 0 { return cursor }
        }
        return cursor
    }

    /// The index of the first entry whose key is not less than `key` (``entryCount`` when there is none).
    func lowerBoundIndex(_ key: [UInt8]) -> Int {
        let cursor = lowerBound(key)
        return cursor.isValid ? cursor.index : entryCount
    }

    /// Calls `body` with every entry, in order, until a damaged entry or the end.
    func forEach(_ body: (KeyCursor) throws -> Void) rethrows {
        let cursor = KeyCursor(self)
        cursor.move(toBlock: 0)
        while cursor.advance() { try body(cursor) }
    }
}
