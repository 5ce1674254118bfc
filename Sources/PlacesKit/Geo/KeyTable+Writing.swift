#if canImport(Glibc)
import Glibc
#endif

/// Writing a ``KeyTable``: the layout `Scripts/gazetteer/keytable.py` writes for the bundled gazetteer, byte
/// for byte, used here for imported gazetteers.
extension KeyTable {
    /// One key: its folded bytes, its kind and the byte offset of the line it names.
    struct Entry: Hashable, Comparable {
        var key: [UInt8]
        var kind: GazetteerSchema.KeyKind
        var offset: Int

        /// The table's order: key bytes, then kind (the byte order of its letter), then offset.
        static func < (a: Entry, b: Entry) -> Bool {
            let common = min(a.key.count, b.key.count)
            let order = common == 0 ? 0 : a.key.withUnsafeBufferPointer { x in
                b.key.withUnsafeBufferPointer { y in memcmp(x.baseAddress!, y.baseAddress!, common) }
            }
            if order != 0 { return order < 0 }
            if a.key.count != b.key.count { return a.key.count < b.key.count }
            if a.kind != b.kind { return a.kind.rawValue < b.kind.rawValue }
            return a.offset < b.offset
        }
    }

    /// The table holding `entries`, sorted, each once.
    /// - Precondition: every key is 1 to ``maximumKeyLength`` bytes and every offset at most ``maximumOffset``.
    static func encode(_ entries: some Sequence<Entry>) -> [UInt8] {
        let sorted = Set(entries).sorted()
        var body: [UInt8] = []
        var blocks: [UInt32] = []
        var previous: [UInt8] = []
        for (number, entry) in sorted.enumerated() {
            precondition(!entry.key.isEmpty && entry.key.count <= maximumKeyLength && entry.offset >= 0 && entry.offset <= maximumOffset,
                         "a key table entry out of range")
            var shared = 0
            if number % blockLength == 0 {
                blocks.append(UInt32(body.count))
            } else {
                let limit = min(255, previous.count, entry.key.count)
                while shared < limit, previous[shared] == entry.key[shared] { shared += 1 }
            }
            let length = entry.key.count - shared
            body.append(UInt8(shared))
            if length < 0x80 {
                body.append(UInt8(length))
            } else {
                body.append(UInt8(length & 0x7F | 0x80))
                body.append(UInt8(length >> 7))
            }
            body += entry.key[shared...]
            appendLittleEndian(index(of: entry.kind) << 28 | UInt32(entry.offset), to: &body)
            previous = entry.key
        }
        var table = magic
        appendLittleEndian(UInt32(sorted.count), to: &table)
        appendLittleEndian(UInt32(blocks.count), to: &table)
        for block in blocks { appendLittleEndian(block, to: &table) }
        return table + body
    }

    private static func appendLittleEndian(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    /// Every entry of the table, in order (until the end or a damaged entry).
    func entries() -> [Entry] {
        var result: [Entry] = []
        result.reserveCapacity(entryCount)
        forEach { cursor in
            if let kind = cursor.kind { result.append(Entry(key: Array(cursor.keyBytes), kind: kind, offset: cursor.offset)) }
        }
        return result
    }
}
