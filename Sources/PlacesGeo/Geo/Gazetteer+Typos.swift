import PlacesCore

/// Typo search: the keys within a small edit distance of a query, found without scanning every key.
extension Gazetteer {
    /// The largest edit distance a typo search allows for a folded query of this many bytes.
    static func typoBudget(_ length: Int) -> Int { length <= 7 ? 1 : 2 }

    /// Calls `consider` with every line whose key is within ``typoBudget(_:)`` edits of `key`, the key's kind,
    /// the edit distance and the key found.
    /// - Complexity: a walk over the keys sharing the query's first or second character that computes one
    ///   row of edit distances per key byte not shared with the key before, and steps over every key whose
    ///   first bytes are already beyond the budget (a long run by galloping over the block index); plus 26
    ///   exact lookups.
    func fuzzy(_ key: [UInt8], consider: (Ref, GazetteerSchema.KeyKind?, Int, String) -> Void) {
        let budget = Gazetteer.typoBudget(key.count)
        // Keys sharing the first letter catch most typos; keys starting with the query's second letter
        // catch a dropped or swapped first letter.
        var blocks: [[UInt8]] = [firstCharacter(of: key)]
        let rest = Array(key.dropFirst(blocks[0].count))
        if !rest.isEmpty {
            let second = firstCharacter(of: rest)
            if second != blocks[0] { blocks.append(second) }
        }
        let rows = PrefixDistances(query: key, limit: budget)
        var foundInAnEarlierBlock = false
        // The key last handed over, as bytes and as a string: a name's entries follow each other (a pack
        // holds hundreds of one name), so its string is made once, not once an entry.
        var lastBytes: [UInt8] = [], lastText = ""
        for (index, block) in blocks.enumerated() {
            // A typo in the first letter is the rarer case: its block is scanned only when the query's own
            // first letter led nowhere (Tapei is Taipei; the keys starting with "a" need not be read).
            if index > 0, foundInAnEarlierBlock { break }
            // The block ends where keys stop starting with it: one search instead of a test per entry.
            var after = block
            after[after.count - 1] &+= 1  // a UTF-8 byte is never 0xFF
            let blockEnd = keys.lowerBoundIndex(after)
            let cursor = keys.lowerBound(block)
            // Rows of distances are reused across keys sharing their first bytes, and dead prefixes skipped
            // (``KeyCursor/walkTypos(before:shortest:rows:found:)``).
            cursor.walkTypos(before: blockEnd, shortest: key.count - budget, rows: rows) { distance in
                let (ref, kind) = Gazetteer.ref(of: cursor)
                guard kind != .regionCode else { return }
                foundInAnEarlierBlock = true
                let candidate = cursor.keyBytes
                if !candidate.elementsEqual(lastBytes) {
                    lastBytes = Array(candidate)
                    lastText = String(decoding: candidate, as: UTF8.self)
                }
                consider(ref, kind, distance, lastText)
            }
        }
        // A wrong first letter falls outside both blocks: try each Latin letter in its place (26 exact lookups).
        guard let first = key.first, first < 0x80 else { return }
        var variant = key
        for letter in UInt8(ascii: "a")...UInt8(ascii: "z") where letter != first {
            variant[0] = letter
            let cursor = keys.lowerBound(variant)
            while cursor.isValid, cursor.compare(variant) == 0 {
                let (ref, kind) = Gazetteer.ref(of: cursor)
                if kind != .regionCode { consider(ref, kind, 1, String(decoding: variant, as: UTF8.self)) }
                cursor.advance()
            }
        }
    }

    /// Whether a typo match is too weak to be a result, only a "did you mean": it reached the place through
    /// another of its names that is a mere variant spelling of the main one (within two edits of it), while
    /// the main name itself lies beyond the query's typo budget. `Colaba` reaches Cuiabá only through the
    /// rare "Culaba"; `Müncen` reaches München, a name of Munich in its own right, and stays a result.
    func isWeakTypo(_ match: GazetteerMatch, of folded: String) -> Bool {
        guard match.quality == .fuzzy else { return false }
        let main = Array(NameFolding.fold(match.entry.name).utf8)
        let matched = Array(match.matchedKey.utf8)
        guard main != matched else { return false }
        let query = Array(folded.utf8)
        var scratch = EditDistance(query: query)
        let reachesMain = main.withUnsafeBufferPointer {
            scratch.distance(query, $0, limit: Gazetteer.typoBudget(query.count)) != nil
        }
        guard !reachesMain else { return false }
        var variant = EditDistance(query: matched)
        return main.withUnsafeBufferPointer { variant.distance(matched, $0, limit: 2) != nil }
    }

    private func firstCharacter(of bytes: [UInt8]) -> [UInt8] {
        guard let first = bytes.first else { return [] }
        let length = first < 0x80 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
        return Array(bytes.prefix(length))
    }
}

/// The edit distances (as ``EditDistance`` counts them) between a query and every prefix of a key, one state
/// per prefix, so that the next key in sorted order recomputes only the states past the bytes it shares.
///
/// A query of up to ``wordLimit`` bytes, with a limit of 1 or 2 (the typo budgets), is one machine word per
/// distance: bit `i` of word `e` at depth `d` says whether the key's first `d` bytes are within `e` edits of
/// the query's first `i` bytes, for `e` in `0...limit` (the bit-parallel automaton of Wu and Manber, with the
/// neighbour swap added). A key byte then costs a few shifts and masks per word instead of a row of cells.
/// Another query or limit keeps one row of distances per prefix, each computing only the cells within
/// `limit` of its diagonal; distances above the limit are stored as `limit + 1`. Both say the same thing:
/// they are exact up to the limit, and a prefix is beyond it at the same depth.
final class PrefixDistances {
    /// The longest query kept as machine words: bit 0 stands for the query's empty prefix.
    static let wordLimit = 63

    private let query: UnsafeMutablePointer<UInt8>
    private let count: Int
    private let limit: Int
    /// Depths a key is read to at most: a key longer than the query by more than the limit is beyond it
    /// at this depth at the latest.
    private let depths: Int
    /// Row `d` (the key's first `d` bytes against the query's first `0...count`) at `d * width`; long queries only.
    private let cells: UnsafeMutablePointer<Int>?
    private let width: Int
    /// For each byte value, the query positions `i` (as bit `i`) whose byte `i - 1` it is; short queries only.
    private let matches: UnsafeMutablePointer<UInt64>?
    /// The words of depth `d` at `(d + 1) * 3` (word 2 unused for limit 1); a zero depth -1 before them keeps
    /// the swap's look two bytes back free of a test.
    private let words: UnsafeMutablePointer<UInt64>?
    /// The bits of the query's prefixes, `0...count`, and of the whole query.
    private let live: UInt64, whole: UInt64

    /// What a key's states say.
    enum Verdict: Equatable {
        /// The key's first `depth` bytes are already more than the limit from every start of the query,
        /// and so is every key that begins with them.
        case beyond(depth: Int)
        /// The whole key was read: its distance, or `nil` when above the limit.
        case within(Int?)
    }

    /// - Parameter rows: keep rows of distances whatever the query's length (to compare the two ways).
    init(query: [UInt8], limit: Int, rows: Bool = false) {
        count = query.count
        self.query = UnsafeMutablePointer<UInt8>.allocate(capacity: max(1, count))
        self.query.initialize(from: query, count: count)
        self.limit = limit
        width = count + 1
        depths = count + limit + 2
        live = count >= 63 ? ~0 : (1 << UInt64(count + 1)) - 1
        whole = 1 << UInt64(min(count, 63))
        if rows || count > PrefixDistances.wordLimit || !(1...2).contains(limit) {
            let cells = UnsafeMutablePointer<Int>.allocate(capacity: width * depths)
            cells.initialize(repeating: limit + 1, count: width * depths)
            for i in 0...min(limit, count) { cells[i] = i }
            self.cells = cells
            matches = nil
            words = nil
        } else {
            cells = nil
            let matches = UnsafeMutablePointer<UInt64>.allocate(capacity: 256)
            matches.initialize(repeating: 0, count: 256)
            for (i, byte) in query.enumerated() { matches[Int(byte)] |= 1 << UInt64(i + 1) }
            self.matches = matches
            let words = UnsafeMutablePointer<UInt64>.allocate(capacity: (depths + 1) * 3)
            words.initialize(repeating: 0, count: (depths + 1) * 3)
            // Depth 0: the empty key is within `e` edits of the query's first `e` bytes.
            for e in 0...2 { words[3 + e] = (1 << UInt64(e + 1)) - 1 }
            self.words = words
        }
    }

    deinit {
        query.deallocate()
        cells?.deallocate()
        matches?.deallocate()
        words?.deallocate()
    }

    /// Computes the states of `key` past its first `shared` bytes (whose states are those of the previous key).
    func extend(_ key: UnsafeBufferPointer<UInt8>, from shared: Int) -> Verdict {
        guard let k = key.baseAddress else { return .within(count <= limit ? count : nil) }
        if let words, let matches { return extendWords(k, key.count, from: shared, words, matches) }
        return extendRows(k, key.count, from: shared)
    }

    /// The bit-parallel step. Bit `i` of a new word `e` is set when the query's first `i` bytes are within `e`
    /// edits of the key's first `depth` bytes by one of: a match after `e` (the byte above-left, shifted
    /// up, where the query byte is the key's), any edit after `e - 1` (a substitution from above-left, the
    /// key byte dropped from the same bit at the depth before, a query byte dropped from the bit below in the
    /// new word `e - 1`), or a swap of the last two key bytes after `e - 1` two depths back.
    private func extendWords(_ k: UnsafePointer<UInt8>, _ length: Int, from shared: Int,
                             _ words: UnsafeMutablePointer<UInt64>, _ matches: UnsafeMutablePointer<UInt64>) -> Verdict {
        let wide = limit == 2, live = live
        var depth = shared + 1
        var new = words + (depth + 1) * 3
        while depth <= length {
            if depth >= depths { return .beyond(depth: depth) }
            let byte = matches[Int(k[depth - 1])]
            // Where the query's bytes i - 1 and i - 2 are the key's last two bytes swapped.
            let swapped = depth > 1 ? matches[Int(k[depth - 2])] & (byte &<< 1) : 0
            let above = new - 3, twoAbove = new - 6
            let w0 = (above[0] &<< 1) & byte
            let w1 = ((above[1] &<< 1) & byte) | ((above[0] | w0) &<< 1) | above[0] | ((twoAbove[0] &<< 2) & swapped)
            new[0] = w0
            new[1] = w1
            var last = w1
            if wide {
                last = ((above[2] &<< 1) & byte) | ((above[1] | w1) &<< 1) | above[1] | ((twoAbove[1] &<< 2) & swapped)
                new[2] = last
            }
            if last & live == 0 { return .beyond(depth: depth) }
            depth += 1
            new += 3
        }
        let final = words + (length + 1) * 3, whole = whole
        if final[0] & whole != 0 { return .within(0) }
        if final[1] & whole != 0 { return .within(1) }
        return .within(wide && final[2] & whole != 0 ? 2 : nil)
    }

    /// The row step, for a query too long for a word or another limit: each row computes only the cells within `limit` of its
    /// diagonal (the others stay `limit + 1`).
    private func extendRows(_ k: UnsafePointer<UInt8>, _ length: Int, from shared: Int) -> Verdict {
        guard let cells else { return .within(nil) }
        let n = count, limit = limit, cap = limit + 1, width = width, q = query
        var depth = shared + 1
        while depth <= length {
            if depth >= depths { return .beyond(depth: depth) }
            let c = k[depth - 1]
            let row = depth * width, above = row - width
            var smallest = Swift.min(depth, cap)
            cells[row] = smallest
            let first = Swift.max(1, depth - limit), last = Swift.min(n, depth + limit)
            var i = first
            while i <= last {
                var value = Swift.min(Swift.min(cells[above + i], cells[row + i - 1]) + 1,
                                      cells[above + i - 1] + (q[i - 1] == c ? 0 : 1))
                if depth > 1, i > 1, q[i - 1] == k[depth - 2], q[i - 2] == c {
                    value = Swift.min(value, cells[above - width + i - 2] + 1)
                }
                value = Swift.min(value, cap)
                cells[row + i] = value
                smallest = Swift.min(smallest, value)
                i += 1
            }
            if smallest > limit { return .beyond(depth: depth) }
            depth += 1
        }
        let distance = cells[length * width + n]
        return .within(distance <= limit ? distance : nil)
    }
}
