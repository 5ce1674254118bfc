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
    /// - Precondition: every key is 1 to ``maximumKeyLength`` bytes and every offset at most the layout's
    ///   ``Layout/maximumOffset``.
    static func encode(_ entries: some Sequence<Entry>, layout: Layout = .narrow) -> [UInt8] {
        var writer = Writer(layout: layout)
        for entry in Set(entries).sorted() {
            entry.key.withUnsafeBufferPointer { writer.append(key: $0, kind: entry.kind, offset: entry.offset) }
        }
        return writer.finish()
    }

    /// Builds a table from entries given already in the table's order, each once, without holding them:
    /// a writer that has millions of keys in a flat buffer of its own (a region pack's) needs no `Entry`
    /// (and no heap array) per key. ``encode(_:)`` is this writer fed from sorted entries.
    struct Writer {
        /// The layout it writes.
        let layout: Layout
        private var body: [UInt8] = []
        private var blocks: [UInt64] = []
        private var previous = [UInt8](repeating: 0, count: KeyTable.maximumKeyLength)
        private var previousLength = 0
        /// The entries appended so far.
        private(set) var count = 0

        init(layout: Layout = .narrow) { self.layout = layout }

        /// Appends the entry after the last one appended.
        /// - Precondition: `key` is 1 to ``KeyTable/maximumKeyLength`` bytes, `offset` at most the layout's
        ///   ``Layout/maximumOffset``, and the entry sorts after the one before it.
        mutating func append(key: UnsafeBufferPointer<UInt8>, kind: GazetteerSchema.KeyKind, offset: Int) {
            precondition(!key.isEmpty && key.count <= maximumKeyLength && offset >= 0 && offset <= layout.maximumOffset,
                         "a key table entry out of range")
            precondition(layout == .wide || body.count <= Int(UInt32.max), "a narrow key table over 4 GiB")
            var shared = 0
            if count % blockLength == 0 {
                blocks.append(UInt64(body.count))
            } else {
                let limit = min(255, previousLength, key.count)
                while shared < limit, previous[shared] == key[shared] { shared += 1 }
            }
            let length = key.count - shared
            body.append(UInt8(shared))
            if length < 0x80 {
                body.append(UInt8(length))
            } else {
                body.append(UInt8(length & 0x7F | 0x80))
                body.append(UInt8(length >> 7))
            }
            body += key[shared...]
            let value = UInt64(index(of: kind)) << UInt64(layout.kindShift) | UInt64(offset)
            appendLittleEndian(value, bytes: layout.valueBytes, to: &body)
            previous.withUnsafeMutableBufferPointer { _ = $0.update(fromContentsOf: key) }
            previousLength = key.count
            count += 1
        }

        /// The table's bytes: the header, the block index and the entries.
        func finish() -> [UInt8] {
            precondition(count <= Int(UInt32.max), "a key table of more than 2^32 entries")
            var table = layout.magic
            table.reserveCapacity(KeyTable.headerLength + layout.blockStartBytes * blocks.count + body.count)
            appendLittleEndian(UInt64(count), bytes: 4, to: &table)
            appendLittleEndian(UInt64(blocks.count), bytes: 4, to: &table)
            for block in blocks { appendLittleEndian(block, bytes: layout.blockStartBytes, to: &table) }
            table += body
            return table
        }
    }

    /// Appends the low `bytes` bytes of `value`, least significant first.
    fileprivate static func appendLittleEndian(_ value: UInt64, bytes count: Int, to bytes: inout [UInt8]) {
        for i in 0..<count { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(i)))) }
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
