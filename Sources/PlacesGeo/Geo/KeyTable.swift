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
    func blockHead(_ block: Int) -> (keyStart: Int, length: Int)? {
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

/// A position in a ``KeyTable``: the entry read last, with its whole key rebuilt in a buffer of its own.
/// ``advance()`` reads the next entry; it stops (returns `false`) at the end or at the first entry that does
/// not fit the table's bytes or its rules.
final class KeyCursor {
    let table: KeyTable
    /// The current key's bytes (``keyLength`` of them).
    let key: UnsafeMutablePointer<UInt8>
    private(set) var keyLength = 0
    /// The current entry's kind index and offset.
    private(set) var value: UInt64 = 0
    /// Where the kind sits in ``value``.
    private let kindShift: UInt64
    private let offsetMask: UInt64
    /// How many leading bytes the current entry's key is stored as sharing with the key before it (0 for the
    /// first entry of a block, which is stored whole).
    private(set) var shared = 0
    /// The current entry's index, or -1 before the first.
    private(set) var index = -1
    /// Whether the cursor stands on an entry.
    private(set) var isValid = false
    /// Where the next entry starts.
    private var next: Int

    init(_ table: KeyTable) {
        self.table = table
        key = UnsafeMutablePointer<UInt8>.allocate(capacity: KeyTable.maximumKeyLength)
        next = table.byteCount
        kindShift = UInt64(table.layout.kindShift)
        offsetMask = UInt64(table.layout.maximumOffset)
    }

    deinit { key.deallocate() }

    /// Puts the cursor before the first entry of `block`.
    func move(toBlock block: Int) {
        isValid = false
        keyLength = 0
        guard block < table.blockCount, let start = table.blockStart(block) else {
            index = table.entryCount
            next = table.byteCount
            return
        }
        index = block * KeyTable.blockLength - 1
        next = start
    }

    /// The current key's bytes.
    var keyBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: key, count: keyLength) }

    /// The current entry's kind, or `nil` for an index this version does not know.
    var kind: GazetteerSchema.KeyKind? {
        let index = Int(value >> kindShift)
        return index < KeyTable.kinds.count ? KeyTable.kinds[index] : nil
    }

    /// The byte offset the current entry points to.
    var offset: Int { Int(value & offsetMask) }

    /// Reads the next entry. Returns `false`, and the cursor becomes invalid, at the end of the table or at
    /// an entry that is damaged: one that shares more bytes than the key before it has, runs past the
    /// table, is longer than ``KeyTable/maximumKeyLength``, or starts a block without being whole.
    @discardableResult @inline(__always)
    func advance() -> Bool {
        let base = table.base, end = table.byteCount
        let nextIndex = index + 1
        guard nextIndex < table.entryCount, next + 2 <= end else { return stop() }
        let shared = Int(base[next])
        var length = Int(base[next + 1]), position = next + 2
        if length >= 0x80 {
            guard position < end else { return stop() }
            length = length & 0x7F | Int(base[position]) << 7
            position += 1
        }
        guard shared <= (isValid ? keyLength : 0), shared + length <= KeyTable.maximumKeyLength,
              position + length + table.valueBytes <= end, nextIndex % KeyTable.blockLength != 0 || shared == 0 else { return stop() }
        (key + shared).update(from: base + position, count: length)
        keyLength = shared + length
        self.shared = shared
        position += length
        value = UInt64(UInt32(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt32.self)))
        if table.valueBytes == 5 { value |= UInt64(base[position + 4]) << 32 }
        next = position + table.valueBytes
        index = nextIndex
        isValid = true
        return true
    }

    /// Reads the next entry whose key differs from the current one within its first `prefix` bytes, skipping
    /// every key that starts with them (a typo scan's dead end: no key that begins so can be near the query).
    /// Skipped entries are not copied, only stepped over; at a block's first key, whole blocks are passed at
    /// once while the next block's first key still starts with the prefix (the keys are sorted, so every key
    /// between does too).
    /// Returns `false`, like ``advance()``, at the end or at a damaged entry.
    @discardableResult
    func advance(pastPrefix prefix: Int) -> Bool {
        guard isValid, prefix > 0, prefix <= keyLength else { return advance() }
        let base = table.base, end = table.byteCount
        while true {
            let nextIndex = index + 1
            guard nextIndex < table.entryCount, next + 2 <= end else { return stop() }
            let shared = Int(base[next])
            if nextIndex % KeyTable.blockLength == 0 {
                // A block's first key, stored whole: while it and the next block's first key both start
                // with the prefix, the whole block does too (the keys are sorted) and is passed at once.
                var block = nextIndex / KeyTable.blockLength
                guard let head = table.blockHead(block), head.length >= prefix,
                      memcmp(base + head.keyStart, key, prefix) == 0 else { return advance() }
                index = block * KeyTable.blockLength
                next = head.keyStart + head.length + table.valueBytes
                keyLength = head.length
                block += 1
                while block < table.blockCount, let following = table.blockHead(block), following.length >= prefix,
                      memcmp(base + following.keyStart, key, prefix) == 0 {
                    index = block * KeyTable.blockLength
                    next = following.keyStart + following.length + table.valueBytes
                    keyLength = following.length
                    block += 1
                }
                continue
            }
            // Otherwise entry by entry, reading only each one's header while it shares the prefix.
            if shared < prefix { return advance() }
            var length = Int(base[next + 1]), position = next + 2
            if length >= 0x80 {
                guard position < end else { return stop() }
                length = length & 0x7F | Int(base[position]) << 7
                position += 1
            }
            guard shared <= keyLength, shared + length <= KeyTable.maximumKeyLength,
                  position + length + table.valueBytes <= end else { return stop() }
            keyLength = shared + length
            next = position + length + table.valueBytes
            index = nextIndex
        }
    }

    private func stop() -> Bool {
        isValid = false
        index = table.entryCount
        next = table.byteCount
        return false
    }

    /// Compares the current key with `other`: negative, zero or positive.
    @inline(__always) func compare(_ other: [UInt8]) -> Int {
        let common = min(keyLength, other.count)
        let order = common == 0 ? 0 : other.withUnsafeBufferPointer { memcmp(key, $0.baseAddress!, common) }
        if order != 0 { return Int(order) }
        return keyLength - other.count
    }

    /// Whether the current key starts with `prefix`.
    @inline(__always) func hasPrefix(_ prefix: [UInt8]) -> Bool {
        guard keyLength >= prefix.count else { return false }
        guard !prefix.isEmpty else { return true }
        return prefix.withUnsafeBufferPointer { memcmp(key, $0.baseAddress!, prefix.count) } == 0
    }
}
