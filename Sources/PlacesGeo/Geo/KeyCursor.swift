#if canImport(Glibc)
import Glibc
#endif

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
