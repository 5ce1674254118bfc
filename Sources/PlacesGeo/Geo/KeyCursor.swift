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
        copy(base + position, count: length, to: shared)
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

    /// Entries a typo walk steps over one by one before it looks whether a dead run reaches the next block:
    /// most dead ends are a few keys long.
    static let linearSteps = 4

    /// Where the block after the one holding entry `index` starts, when its first key starts with the current
    /// key's first `prefix` bytes.
    private func followingBlock(after index: Int, startsWith prefix: Int) -> Int? {
        let following = index / KeyTable.blockLength &+ 1
        guard following < table.blockCount, blockStarts(following, withPrefix: prefix) != nil else { return nil }
        return table.blockStart(following)
    }

    /// The first key of `block` when it is whole and starts with the current key's first `prefix` bytes.
    @inline(__always)
    private func blockStarts(_ block: Int, withPrefix prefix: Int) -> (keyStart: Int, length: Int)? {
        guard let head = table.blockHead(block), head.length >= prefix else { return nil }
        let bytes = table.base + head.keyStart
        var i = 0
        while i < prefix {
            if bytes[i] != key[i] { return nil }
            i &+= 1
        }
        return head
    }

    /// The last block from `block` on whose first key starts with the current key's first `prefix` bytes,
    /// given that `block`'s does: the blocks after it are probed 1, 2, 4… ahead until one does not, then
    /// the gap is halved. Sorted keys make "starts with the prefix" hold for a run of blocks, then never.
    private func lastBlock(from block: Int, withPrefix prefix: Int) -> Int {
        let count = table.blockCount
        var good = block, step = 1, bad = block &+ 1
        while bad < count, blockStarts(bad, withPrefix: prefix) != nil {
            good = bad
            step &*= 2
            bad = good &+ step
        }
        bad = Swift.min(bad, count)
        while bad &- good > 1 {
            let middle = good &+ (bad &- good) / 2
            if blockStarts(middle, withPrefix: prefix) != nil { good = middle } else { bad = middle }
        }
        return good
    }

    /// The typo scan's walk (``Gazetteer/fuzzy(_:consider:)``) from the current entry up to entry `end`:
    /// each key at least `shortest` bytes long gets its edit distances from `rows`, computed past the bytes it
    /// shares with the key before; a key whose first bytes are beyond the limit starts a dead run, every key
    /// that starts with those bytes, stepped over unread; `found` is called, with the cursor on the key, for
    /// each key within the limit.
    ///
    /// One loop with its state in locals: keys too short to match and dead runs (most of a scan's entries)
    /// cost a few instructions each, without a call or a copy. A dead run longer than ``linearSteps`` entries
    /// whose next block starts with the dead bytes too is crossed by galloping over the block index to the
    /// last block whose first key does (the keys are sorted, so every key before it does too), then stepped
    /// within that block alone: a few dozen block heads compared instead of thousands of entries.
    func walkTypos(before end: Int, shortest: Int, rows: PrefixDistances, found: (Int) -> Void) {
        guard isValid else { return }
        let base = table.base, stopAt = base + table.byteCount, valueBytes = table.valueBytes
        let last = Swift.min(end, table.entryCount) &- 1
        // The current entry: its key whole in the buffer, `length` bytes, `shared` with the key before.
        var index = self.index, entry = base + next, length = keyLength, shared = self.shared
        var known = 0
        while index <= last {
            let from = Swift.min(shared, known)
            var dead = Int.max
            if length < shortest {
                // Too short to be within the budget: its rows wait until a longer key needs them.
                known = from
            } else {
                switch rows.extend(UnsafeBufferPointer(start: key, count: length), from: from) {
                case .beyond(let depth):
                    // No key that starts with these bytes can be near the query.
                    known = depth
                    dead = depth
                case .within(let distance):
                    known = length
                    if let distance {
                        self.index = index
                        next = entry - base
                        keyLength = length
                        self.shared = shared
                        found(distance)
                    }
                }
            }
            // The next entry: those sharing the `dead` bytes are stepped over, the first other one read whole.
            var steps = 0
            while true {
                guard index < last else {
                    self.index = index
                    next = entry - base
                    return
                }
                if (index &+ 1) & (KeyTable.blockLength &- 1) == 0 {
                    // A block's first key, stored whole. Within a dead run, if it starts with the dead bytes, so
                    // does every key up to the last block whose first key does: the walk gallops there.
                    let block = (index &+ 1) / KeyTable.blockLength
                    if dead != Int.max, blockStarts(block, withPrefix: dead) != nil {
                        let final = lastBlock(from: block, withPrefix: dead)
                        guard let head = blockStarts(final, withPrefix: dead) else {
                            _ = stop()
                            return
                        }
                        index = final &* KeyTable.blockLength
                        entry = base + head.keyStart + head.length + valueBytes
                        length = head.length
                        // The block after it is known not to start with the dead bytes.
                        steps = Int.min
                        continue
                    }
                    // Otherwise read whole by the cursor's own step.
                    self.index = index
                    next = entry - base
                    keyLength = length
                    guard advance() else { return }
                    entry = base + next
                    index = self.index
                    length = keyLength
                    shared = 0
                    break
                }
                if steps == KeyCursor.linearSteps {
                    // A dead run this long may go on for blocks: when the next block's first key starts with
                    // the dead bytes, the rest of this block does too and is passed unread.
                    if let start = followingBlock(after: index, startsWith: dead) {
                        index = (index / KeyTable.blockLength &+ 1) &* KeyTable.blockLength &- 1
                        entry = base + start
                        continue
                    }
                    steps = Int.min
                }
                guard stopAt - entry >= 2 else {
                    _ = stop()
                    return
                }
                let stored = Int(entry[0])
                var suffix = Int(entry[1]), bytes = entry + 2
                if suffix >= 0x80 {
                    guard bytes < stopAt else {
                        _ = stop()
                        return
                    }
                    suffix = suffix & 0x7F | Int(bytes[0]) << 7
                    bytes += 1
                }
                guard stored <= length, stored &+ suffix <= KeyTable.maximumKeyLength,
                      stopAt - bytes >= suffix &+ valueBytes else {
                    _ = stop()
                    return
                }
                index &+= 1
                length = stored &+ suffix
                if stored >= dead {
                    entry = bytes + suffix + valueBytes
                    steps &+= 1
                    continue
                }
                copy(bytes, count: suffix, to: stored)
                value = UInt64(UInt32(littleEndian: UnsafeRawPointer(bytes + suffix).loadUnaligned(as: UInt32.self)))
                if valueBytes == 5 { value |= UInt64(bytes[suffix &+ 4]) << 32 }
                entry = bytes + suffix + valueBytes
                shared = stored
                break
            }
        }
        self.index = index
        next = entry - base
    }

    /// Copies `count` bytes of an entry's suffix into the key buffer at `offset`.
    @inline(__always)
    private func copy(_ bytes: UnsafePointer<UInt8>, count: Int, to offset: Int) {
        if count <= 16, table.base + table.byteCount - bytes >= 16, offset &+ 16 <= KeyTable.maximumKeyLength {
            // Most suffixes are a few bytes: two word copies (past the suffix into the buffer's spare room)
            // cost less than a call to memmove, which a typo scan would make for most keys it reads.
            let from = UnsafeRawPointer(bytes), to = UnsafeMutableRawPointer(key + offset)
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: 8, as: UInt64.self), toByteOffset: 8, as: UInt64.self)
        } else {
            (key + offset).update(from: bytes, count: count)
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
