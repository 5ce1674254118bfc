import Dispatch
import PlacesCore

/// Searches the journal's own places by what they say: names, tags and descriptions, folded as
/// ``NameFolding`` folds names (case, accents, punctuation and script aside), forgiving typos, ranked.
///
/// Each word of the query is matched on its own against the words of each field. A match is worth
/// more in a better field (name, then tag, then description) and, within a field, for a better kind
/// (the whole word, then the start of a word, then a word a typo or two away). Places are ranked by
/// whether their name is the whole query, then by how many query words they match, then by the sum
/// of what each query word's best match is worth.
public struct PlaceSearch: Sendable {
    /// Where a query word matched, from least to most telling.
    public enum Field: Int, Sendable, Comparable, CaseIterable {
        case description = 0, tag = 1, name = 2
        public static func < (a: Field, b: Field) -> Bool { a.rawValue < b.rawValue }
    }

    /// How a query word matched a word of the text, from weakest to strongest.
    public enum Kind: Int, Sendable, Comparable {
        case typo = 0, prefix = 1, word = 2
        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    /// One place found.
    public struct Hit: Sendable, Equatable {
        /// The place's position in the index (``JournalIndex/place(_:)``).
        public var position: Int
        /// Whether the place's folded name is the whole folded query.
        public var isExactName: Bool
        /// How many of the query's words it matched.
        public var matchedWords: Int
        /// The sum of the query words' best matches, each worth ``worth(_:_:)``.
        public var score: Int
        /// The fields any query word matched in, one bit each (a set per place costs hashing at 100,000 places).
        var fieldBits: UInt8
        /// The fields any query word matched in.
        public var fields: Set<Field> { Set(Field.allCases.filter { fieldBits & (1 << $0.rawValue) != 0 }) }
    }

    /// The folded query, and its words.
    public let folded: String
    let words: [[UInt8]]
    /// The most edits allowed for each word (0 for short words: "bar" one edit away is too much else).
    let typoLimits: [Int]

    /// - Parameter query: what the person typed.
    public init(query: String) {
        folded = NameFolding.fold(query)
        var seen = Set<[UInt8]>()
        words = folded.utf8.split(separator: 32).map(Array.init).filter { seen.insert($0).inserted }
        typoLimits = words.map { PlaceSearch.typoLimit(length: $0.count) }
    }

    /// Edits forgiven in a word of `length` bytes: none up to 3, one up to 7, two from 8.
    static func typoLimit(length: Int) -> Int { length >= 8 ? 2 : (length >= 4 ? 1 : 0) }

    /// What a match is worth: any match in a better field beats every match in a worse one.
    public static func worth(_ field: Field, _ kind: Kind) -> Int { field.rawValue * 3 + kind.rawValue + 1 }

    /// The best places for the query, best first (ties in journal order).
    /// - Parameter limit: the most hits to return.
    /// - Complexity: O(total length of the journal's names, tags and descriptions × query words).
    public func search(_ index: JournalIndex, limit: Int) -> [Hit] {
        search(index, limit: limit, parts: WorkParts.count(forWork: index.count, per: 10_000))
    }

    /// ``search(_:limit:)`` in `parts` parts, one thread each: each part's places are independent, and
    /// the results are ranked together, so the order is the same as one pass's. (Below 10,000 places a
    /// part, starting a thread costs more than it saves.)
    func search(_ index: JournalIndex, limit: Int, parts: Int) -> [Hit] {
        guard !words.isEmpty, limit > 0 else { return [] }
        let filter = PairFilter(self)
        let found = WorkParts.Results<[Hit]>(count: parts, empty: [])
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            var matcher = WordMatcher(search: self)
            var hits: [Hit] = []
            let size = (index.count + parts - 1) / parts
            for position in min(index.count, part * size)..<min(index.count, (part + 1) * size) {
                let fields = filter.fields(index, position, &matcher.folder)
                if fields != 0, let hit = matcher.match(index, position, fields: fields) { hits.append(hit) }
            }
            found.set(part, hits)
        }
        var hits = found.values.flatMap { $0 }
        hits.sort { a, b in
            if a.isExactName != b.isExactName { return a.isExactName }
            if a.matchedWords != b.matchedWords { return a.matchedWords > b.matchedWords }
            if a.score != b.score { return a.score > b.score }
            return a.position < b.position
        }
        return Array(hits.prefix(limit))
    }

    /// How `word` (one word as a person wrote it, e.g. in a name) matches the query, if it does: for
    /// highlighting what was found.
    public func kind(ofWord word: Substring) -> Kind? {
        var matcher = WordMatcher(search: self)
        var folded: [UInt8] = []
        matcher.folder.fold(String(word), into: &folded)
        var best: Kind?
        for q in words.indices {
            for part in folded.split(separator: 32) {
                if let kind = Array(part).withUnsafeBufferPointer({ matcher.kind(q, $0) }), best.map({ kind > $0 }) ?? true {
                    best = kind
                }
            }
        }
        return best
    }

    /// Splits `text` into its words and the spaces between them, marking the words that match.
    public func segments(_ text: String) -> [(text: Substring, matches: Bool)] {
        var result: [(Substring, Bool)] = []
        var start = text.startIndex
        var inWord = false
        func flush(_ end: String.Index) {
            guard start < end else { return }
            let piece = text[start..<end]
            result.append((piece, inWord && kind(ofWord: piece) != nil))
        }
        for index in text.indices {
            let isSpace = text[index].isWhitespace
            if isSpace == inWord {
                flush(index)
                start = index
                inWord = !isSpace
            }
        }
        flush(text.endIndex)
        return result
    }
}

/// The matching loop of ``PlaceSearch``, with its reused buffers. A struct, not a class: a class's
/// stored properties are checked for exclusive access at run time, a third of the loop's cost.
struct WordMatcher {
    let search: PlaceSearch
    var folder = NameFolder()
    var buffer: [UInt8] = []
    /// One per query word: each keeps its word's byte mask for the quick lower bound.
    var distances: [EditDistance]
    /// The best worth found so far for each query word in the current place.
    var best: [Int]
    /// The word being read by ``scanASCII(_:_:)``, folded as it is read.
    private var wordBuffer = [UInt8](repeating: 0, count: WordMatcher.wordCapacity)
    private static let wordCapacity = 1024

    init(search: PlaceSearch) {
        self.search = search
        best = Array(repeating: 0, count: search.words.count)
        distances = search.words.map { EditDistance(query: $0) }
        buffer.reserveCapacity(4096)
    }

    /// The place at `position` as a hit, if a query word matches it.
    /// - Parameter only: the fields to read (one bit each, ``PairFilter/fields(_:_:_:)``): the others
    ///   must match no query word. A name matching no query word is not the whole query either.
    mutating func match(_ index: JournalIndex, _ position: Int, fields only: UInt8 = PairFilter.allFields) -> PlaceSearch.Hit? {
        for i in best.indices { best[i] = 0 }
        var fields: UInt8 = 0
        let entry = index.entries[position]
        var isExactName = false
        if only & (1 << PlaceSearch.Field.name.rawValue) != 0 {
            _ = index.withName(position) { folder.fold($0, into: &buffer) }
            isExactName = buffer.elementsEqual(search.folded.utf8)
            if scan(.name) { fields |= 1 << PlaceSearch.Field.name.rawValue }
        }
        if entry.tags != nil, only & (1 << PlaceSearch.Field.tag.rawValue) != 0, best.contains(where: { $0 < PlaceSearch.worth(.tag, .word) }) {
            var any = false
            for tag in index.tags(position) {
                folder.fold(tag, into: &buffer)
                if scan(.tag) { any = true }
            }
            if any { fields |= 1 << PlaceSearch.Field.tag.rawValue }
        }
        if let description = entry.description, only & (1 << PlaceSearch.Field.description.rawValue) != 0, best.contains(where: { $0 < PlaceSearch.worth(.description, .word) }) {
            // Most descriptions are ASCII: read word by word, folding as it goes; others are folded whole first.
            let found = index.withText(description, escaped: entry.descriptionEscaped) { text -> Bool in
                if let found = scanASCII(text, .description) { return found }
                folder.fold(text, into: &buffer)
                return scan(.description)
            }
            if found { fields |= 1 << PlaceSearch.Field.description.rawValue }
        }
        var matched = 0, score = 0
        for value in best where value > 0 { matched += 1; score += value }
        guard matched > 0 else { return nil }
        return PlaceSearch.Hit(position: position, isExactName: isExactName, matchedWords: matched, score: score, fieldBits: fields)
    }

    /// Matches every query word against the words in ``buffer`` (folded); whether any matched.
    mutating func scan(_ field: PlaceSearch.Field) -> Bool {
        var any = false
        let text = buffer
        text.withUnsafeBufferPointer { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 32 { end += 1 }
                if matchWord(UnsafeBufferPointer(rebasing: bytes[start..<end]), field) { any = true }
                start = end + 1
            }
        }
        return any
    }

    /// ``scan(_:)`` for ASCII text not yet folded: each word is folded as ``NameFolding`` folds it
    /// (lower case; anything but letters and digits a break; `st`, `ste`, `mt`, `ft` expanded) while it
    /// is read. `nil` at the first byte that is not ASCII (the caller folds the text whole).
    mutating func scanASCII(_ bytes: UnsafeBufferPointer<UInt8>, _ field: PlaceSearch.Field) -> Bool? {
        // The buffer is taken out of `self` while it is written, so matching can change `self`.
        var storage = wordBuffer
        wordBuffer = []
        defer { wordBuffer = storage }
        return storage.withUnsafeMutableBufferPointer { buffer -> Bool? in
            let word = buffer.baseAddress!
            var any = false, length = 0
            for byte in bytes {
                switch byte {
                case 0x41...0x5A, 0x61...0x7A, 0x30...0x39:
                    if length < Self.wordCapacity { word[length] = byte | (byte >= 0x41 ? 0x20 : 0) }
                    length += 1
                case 0x80...:
                    return nil
                default:
                    if length > 0, matchWord(Self.expanded(word, min(length, Self.wordCapacity)), field) { any = true }
                    length = 0
                }
            }
            if length > 0, matchWord(Self.expanded(word, min(length, Self.wordCapacity)), field) { any = true }
            return any
        }
    }

    private static let expansions: [(word: [UInt8], expansion: [UInt8])] = NameFolding.tokenExpansions
        .map { (Array($0.key.utf8), Array($0.value.utf8)) }

    /// The word read so far, with ``NameFolding``'s abbreviations spelled out.
    private static func expanded(_ word: UnsafeMutablePointer<UInt8>, _ length: Int) -> UnsafeBufferPointer<UInt8> {
        if length == 2 || length == 3 {
            for (short, long) in expansions where short.count == length && short.elementsEqual(UnsafeBufferPointer(start: word, count: length)) {
                long.withUnsafeBufferPointer { word.update(from: $0.baseAddress!, count: long.count) }
                return UnsafeBufferPointer(start: word, count: long.count)
            }
        }
        return UnsafeBufferPointer(start: word, count: length)
    }

    /// Records the best match of each query word with one folded word of `field`.
    @inline(__always)
    private mutating func matchWord(_ text: UnsafeBufferPointer<UInt8>, _ field: PlaceSearch.Field) -> Bool {
        var any = false
        for q in search.words.indices where best[q] < PlaceSearch.worth(field, .word) {
            if let kind = kind(q, text) {
                best[q] = max(best[q], PlaceSearch.worth(field, kind))
                any = true
            }
        }
        return any
    }

    /// How query word `q` matches `word`: the whole word, its start (from two letters), or a few edits.
    @inline(__always)
    mutating func kind(_ q: Int, _ word: UnsafeBufferPointer<UInt8>) -> PlaceSearch.Kind? {
        let query = search.words[q], limit = search.typoLimits[q]
        if word.count == query.count, word.elementsEqual(query) { return .word }
        if query.count >= 2, word.count > query.count, word.starts(with: query) { return .prefix }
        guard limit > 0, abs(word.count - query.count) <= limit,
              distances[q].lowerBound(word, limit: limit) <= limit else { return nil }
        return distances[q].distance(query, word, limit: limit) != nil ? .typo : nil
    }
}
