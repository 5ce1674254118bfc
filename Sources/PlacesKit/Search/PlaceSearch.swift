/// Searches the journal's own places by what they say: names, tags and descriptions, folded as
/// ``NameFolding`` folds names (case, accents, punctuation and script aside), forgiving typos, ranked.
///
/// Each word of the query is matched on its own against the words of each field. A match is worth
/// more in a better field (name, then tag, then description) and, within a field, for a better kind
/// (the whole word, then the start of a word, then a word a typo or two away). Places are ranked by
/// whether their name is the whole query, then by how many query words they match, then by the sum
/// of what each query word's best match is worth.
public struct PlaceSearch {
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
        /// The fields any query word matched in.
        public var fields: Set<Field>
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
        guard !words.isEmpty, limit > 0 else { return [] }
        var matcher = WordMatcher(search: self)
        var hits: [Hit] = []
        for position in 0..<index.count {
            if let hit = matcher.match(index, position) { hits.append(hit) }
        }
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

/// The matching loop of ``PlaceSearch``, with its reused buffers.
struct WordMatcher {
    let search: PlaceSearch
    var folder = NameFolder()
    var buffer: [UInt8] = []
    /// One per query word: each keeps its word's byte mask for the quick lower bound.
    var distances: [EditDistance]
    /// The best worth found so far for each query word in the current place.
    var best: [Int]

    init(search: PlaceSearch) {
        self.search = search
        best = Array(repeating: 0, count: search.words.count)
        distances = search.words.map { EditDistance(query: $0) }
        buffer.reserveCapacity(4096)
    }

    mutating func match(_ index: JournalIndex, _ position: Int) -> PlaceSearch.Hit? {
        for i in best.indices { best[i] = 0 }
        var fields = Set<PlaceSearch.Field>()
        let entry = index.entries[position]
        index.withName(position) { folder.fold($0, into: &buffer) }
        let isExactName = buffer.elementsEqual(search.folded.utf8)
        if scan(.name) { fields.insert(.name) }
        if entry.tags != nil, best.contains(where: { $0 < PlaceSearch.worth(.tag, .word) }) {
            var any = false
            for tag in index.tags(position) {
                folder.fold(tag, into: &buffer)
                if scan(.tag) { any = true }
            }
            if any { fields.insert(.tag) }
        }
        if let description = entry.description, best.contains(where: { $0 < PlaceSearch.worth(.description, .word) }) {
            index.withText(description, escaped: entry.descriptionEscaped) { folder.fold($0, into: &buffer) }
            if scan(.description) { fields.insert(.description) }
        }
        let matched = best.filter { $0 > 0 }.count
        guard matched > 0 else { return nil }
        return PlaceSearch.Hit(position: position, isExactName: isExactName, matchedWords: matched,
                               score: best.reduce(0, +), fields: fields)
    }

    /// Matches every query word against the words in ``buffer``; whether any matched.
    mutating func scan(_ field: PlaceSearch.Field) -> Bool {
        var any = false
        let text = buffer
        text.withUnsafeBufferPointer { bytes in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 32 { end += 1 }
                let word = UnsafeBufferPointer(rebasing: bytes[start..<end])
                for q in search.words.indices where best[q] < PlaceSearch.worth(field, .word) {
                    if let kind = kind(q, word) {
                        best[q] = max(best[q], PlaceSearch.worth(field, kind))
                        any = true
                    }
                }
                start = end + 1
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
