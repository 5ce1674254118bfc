import PlacesCore

/// A quick test of which fields of a place (name, tags, description) any query word of a
/// ``PlaceSearch`` could match, made before the place is read word by word: most places of a large
/// journal share no word with the query, most fields of the others none either, and this test, one
/// pass over the bytes with a table look-up per byte, is far cheaper than reading them word by word.
///
/// It rests on neighbouring letter pairs. A word `w` that matches query word `q` (`q` itself, a word
/// starting with `q`, or one at most `k` edits away) holds at least `(|q| - 1) - 3k` of the pairs of
/// neighbouring bytes of `q`, counted at each position: an insertion breaks at most one of `q`'s pairs,
/// a deletion or a substitution two, a swap of neighbours three, and every other pair of `q` is still
/// side by side in `w`. So a field none of whose folded words holds that many of `q`'s pairs, for
/// every query word, matches no query word, and ``WordMatcher`` need not read it.
///
/// The pairs of each word are collected from the place's bytes folded as ``NameFolder`` folds them
/// (words break where folding breaks them), without storing the folded text; the test stops at the
/// first word that may match. Where that is not exact the test only lets more places through: a word
/// with `st`, `mt` or `ft` (which folding spells out when they are the whole word) is taken to bring
/// every pair of `saint`, `sainte`, `mount` or `fort` too; a place whose tags have escapes is always
/// let through. A query word with a byte other than a-z or 0-9, or one a word may match holding none
/// of its pairs (a single letter; four letters, one typo forgiven), turns the test off.
struct PairFilter {
    /// Whether the test can rule places out for this query (else every place passes).
    let enabled: Bool
    /// For each byte: its code (0 ..< 36 for a-z and 0-9, upper case as lower), ``breakCode`` for other
    /// ASCII, ``otherCode`` for the rest.
    private let codes: [UInt8]
    /// For each pair of codes (first × ``codeCount`` + second): the bit of that pair in a word's set of
    /// the query's pairs, or 0 (no bit) when it is no query pair. A table of bits rather than a test per
    /// byte: the loop over a journal's text has no branch but the one at the end of each word.
    private let pairBits: [UInt64]
    /// For each query word: its pairs' bits held once, twice, … in the word (a pair the word repeats
    /// counts at each position, so the pairs a text word holds count as the sum of its masks' hits).
    private let wordMasks: [[UInt64]]
    /// For each query word: the fewest of its pairs a place holds when the word matches it.
    private let needed: [Int]
    /// The fewest different query pairs any query word can be matched with (a quick first test).
    private let fewestDistinct: Int
    /// For `st`, `mt` and `ft` (bits 0, 1, 2): the bits of the query's pairs their spelling out brings.
    private let expansionBits: [UInt64]
    /// Whether any of ``expansionBits`` is set (a query with letters of `saint`, `mount` or `fort`).
    private let expands: Bool
    /// A byte that breaks words (ASCII but not a letter or digit).
    private static let breakCode: UInt8 = 36
    /// A byte of a word that is in no query pair (not ASCII).
    private static let otherCode: UInt8 = 37
    private static let codeCount = 38
    private static let noSlot: UInt8 = 255
    private static let expansions = [("st", ["saint", "sainte"]), ("mt", ["mount"]), ("ft", ["fort"])]

    init(_ search: PlaceSearch) {
        var codes = [UInt8](repeating: Self.breakCode, count: 128) + [UInt8](repeating: Self.otherCode, count: 128)
        for (offset, byte) in Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8).enumerated() {
            codes[Int(byte)] = UInt8(offset)
            if byte >= 0x61 { codes[Int(byte - 32)] = UInt8(offset) }
        }
        self.codes = codes
        // Each query pair's bit, by pair of codes (first × 36 + second), while they are handed out.
        var slots = [UInt8](repeating: Self.noSlot, count: 36 * 36)
        var used = 0
        /// The bit of pair `a`,`b` (ASCII letters or digits), made on first use; `nil` past 64 pairs.
        func slot(_ a: UInt8, _ b: UInt8) -> UInt8? {
            let pair = Int(codes[Int(a)]) * 36 + Int(codes[Int(b)])
            if slots[pair] == Self.noSlot {
                guard used < 64 else { return nil }
                slots[pair] = UInt8(used)
                used += 1
            }
            return slots[pair]
        }
        // The words folding spells out come first, so they always have bits 0, 1 and 2.
        for (short, _) in Self.expansions { _ = slot(Array(short.utf8)[0], Array(short.utf8)[1]) }
        var enabled = !search.words.isEmpty
        var wordSlots: [[UInt8]] = [], needed: [Int] = []
        for (word, limit) in zip(search.words, search.typoLimits) {
            let need = (word.count - 1) - 3 * limit
            if need <= 0 || word.contains(where: { codes[Int($0)] >= 36 }) { enabled = false; break }
            var bits: [UInt8] = []
            for i in 0..<(word.count - 1) {
                guard let bit = slot(word[i], word[i + 1]) else { enabled = false; break }
                bits.append(bit)
            }
            wordSlots.append(bits)
            needed.append(need)
        }
        var expansionBits: [UInt64] = []
        for (_, spellings) in Self.expansions {
            var bits: UInt64 = 0
            for spelling in spellings {
                let bytes = Array(spelling.utf8)
                for i in 0..<(bytes.count - 1) {
                    let pair = Int(codes[Int(bytes[i])]) * 36 + Int(codes[Int(bytes[i + 1])])
                    if slots[pair] != Self.noSlot { bits |= 1 << UInt64(slots[pair]) }
                }
            }
            expansionBits.append(bits)
        }
        var pairBits = [UInt64](repeating: 0, count: Self.codeCount * Self.codeCount)
        for first in 0..<36 {
            for second in 0..<36 where slots[first * 36 + second] != Self.noSlot {
                pairBits[first * Self.codeCount + second] = 1 << UInt64(slots[first * 36 + second])
            }
        }
        var wordMasks: [[UInt64]] = [], fewestDistinct = Int.max
        for (bits, need) in zip(wordSlots, needed) {
            var times: [UInt8: Int] = [:]
            for bit in bits { times[bit, default: 0] += 1 }
            var masks: [UInt64] = []
            for level in 1...(times.values.max() ?? 1) {
                masks.append(times.filter { $0.value >= level }.keys.reduce(0) { $0 | 1 << UInt64($1) })
            }
            wordMasks.append(masks)
            // The fewest different pairs that reach `need`, the most repeated first.
            var held = 0, distinct = 0
            for count in times.values.sorted(by: >) where held < need { held += count; distinct += 1 }
            fewestDistinct = min(fewestDistinct, distinct)
        }
        self.enabled = enabled
        self.pairBits = pairBits
        self.wordMasks = wordMasks
        self.needed = needed
        self.fewestDistinct = enabled ? fewestDistinct : 0
        self.expansionBits = expansionBits
        self.expands = expansionBits.contains { $0 != 0 }
    }

    /// The fields of the place at `position` (one bit each, `1 << Field.rawValue`) where some query
    /// word could match; a field not in them matches no query word.
    func fields(_ index: JournalIndex, _ position: Int, _ folder: inout NameFolder) -> UInt8 {
        guard enabled else { return Self.allFields }
        let entry = index.entries[position]
        var fields: UInt8 = 0
        if index.withName(position, { mayMatch($0, &folder) }) { fields |= 1 << PlaceSearch.Field.name.rawValue }
        if let tags = entry.tags {
            let tags = UnsafeBufferPointer(rebasing: index.bytes[tags])
            let found = tags.contains(UInt8(ascii: "\\")) || mayMatch(tags, &folder)
            if found { fields |= 1 << PlaceSearch.Field.tag.rawValue }
        }
        if let description = entry.description,
           index.withText(description, escaped: entry.descriptionEscaped, { mayMatch($0, &folder) }) {
            fields |= 1 << PlaceSearch.Field.description.rawValue
        }
        return fields
    }

    /// Every field: what ``fields(_:_:_:)`` says when the test is off.
    static let allFields: UInt8 = 0b111

    /// Whether a word of `bytes` (valid UTF-8, folded as it is read: ASCII by ``codes``, any other
    /// scalar by what ``NameFolder`` folds it to) holds enough of a query word's pairs.
    private func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>, _ folder: inout NameFolder) -> Bool {
        codes.withUnsafeBufferPointer { codes in
            pairBits.withUnsafeBufferPointer { pairBits in
                var previous = Self.breakCode, word: UInt64 = 0
                /// Takes the next folded byte's code; whether the word it ends may match.
                @inline(__always) func step(_ code: UInt8) -> Bool {
                    word |= pairBits[Int(previous) &* Self.codeCount &+ Int(code)]
                    previous = code
                    if code == Self.breakCode {
                        if word != 0, wordMayMatch(word) { return true }
                        word = 0
                    }
                    return false
                }
                var index = 0
                let count = bytes.count
                while index < count {
                    let byte = bytes[index]
                    if byte < 0x80 {
                        if step(codes[Int(byte)]) { return true }
                        index += 1
                    } else {
                        let (folded, length) = folder.foldedScalar(bytes, at: index)
                        for byte in folded where step(codes[Int(byte)]) { return true }
                        index += length
                    }
                }
                return word != 0 && wordMayMatch(word)
            }
        }
    }

    /// Whether a folded word holding the query pairs `found` may match a query word.
    @inline(__always)
    private func wordMayMatch(_ found: UInt64) -> Bool {
        var found = found
        if expands, found & 0b111 != 0 {
            for bit in 0..<3 where found & (1 << UInt64(bit)) != 0 { found |= expansionBits[bit] }
        }
        guard found.nonzeroBitCount >= fewestDistinct else { return false }
        for (masks, need) in zip(wordMasks, needed) {
            var held = 0
            for mask in masks { held &+= (found & mask).nonzeroBitCount }
            if held >= need { return true }
        }
        return false
    }
}
