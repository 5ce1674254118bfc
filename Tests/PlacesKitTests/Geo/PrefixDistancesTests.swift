import Testing

@testable import PlacesGeo
@testable import PlacesKit

/// The typo scan's edit distances per key prefix (as machine words for short queries, as rows for long ones):
/// run over sorted keys as the scan runs them (reusing the states of the bytes a key shares with the one
/// before, skipping every key that starts with a prefix already beyond the limit), they find exactly the keys
/// ``EditDistance`` puts within the limit, at the same distance, and the words and the rows cut the same
/// prefixes.
@Suite struct PrefixDistancesTests {
    /// Every string of one to five letters over "abcd" (swaps, doubled letters and shared prefixes
    /// everywhere), and real names near the queries below, sorted by bytes.
    static let keys: [[UInt8]] = {
        var words: [String] = [""]
        var all: [String] = []
        for _ in 1...5 {
            words = words.flatMap { word in ["a", "b", "c", "d"].map { word + $0 } }
            all += words
        }
        all += ["springfield", "springfield gardens", "sprinfield", "springdale", "sprngfield", "illinois", "ilinois",
                "illinoi", "london", "londonderry", "loddon", "lodnon", "lodno", "taipei", "tapei", "taipei city",
                "tapie", "zürich", "zurich", "zürch"]
        return Set(all.map { Array($0.utf8) }).sorted { $0.lexicographicallyPrecedes($1) }
    }()

    /// Runs the typo scan over sorted `keys` as ``Gazetteer/fuzzy(_:consider:)`` does: the keys found within
    /// `limit`, by index, with their distances, and every verdict in order (to compare the two ways).
    static func scan(_ keys: [[UInt8]], _ query: [UInt8], limit: Int,
                     rows: Bool = false) -> (found: [Int: Int], verdicts: [PrefixDistances.Verdict]) {
        let states = PrefixDistances(query: query, limit: limit, rows: rows)
        var found: [Int: Int] = [:]
        var verdicts: [PrefixDistances.Verdict] = []
        var known = 0, index = 0
        var previous: [UInt8] = []
        while index < keys.count {
            let key = keys[index]
            let shared = zip(key, previous).prefix { $0 == $1 }.count
            previous = key
            if key.count < query.count - limit {
                // As the scan does: a key too short to match leaves its rows for a longer one to compute.
                known = min(shared, known)
                index += 1
                continue
            }
            let verdict = key.withUnsafeBufferPointer { states.extend($0, from: min(shared, known)) }
            verdicts.append(verdict)
            switch verdict {
            case .beyond(let depth):
                known = depth
                let dead = key.prefix(depth)
                repeat { index += 1 } while index < keys.count && keys[index].starts(with: dead)
                continue
            case .within(let distance):
                known = key.count
                if let distance { found[index] = distance }
            }
            index += 1
        }
        return (found, verdicts)
    }

    /// The keys ``EditDistance`` puts within `limit` of `query`, by index, with their distances.
    static func expected(_ keys: [[UInt8]], _ query: [UInt8], limit: Int) -> [Int: Int] {
        var scratch = EditDistance(query: query)
        var expected: [Int: Int] = [:]
        for (index, key) in keys.enumerated() {
            if let distance = key.withUnsafeBufferPointer({ scratch.distance(query, $0, limit: limit) }) { expected[index] = distance }
        }
        return expected
    }

    @Test(arguments: ["abcd", "badc", "abcda", "dcba", "aab", "abab", "cdcd", "dabcd", "sprngfield", "ilinois",
                      "lodnon", "tapei", "zurch", "springfeild"])
    func theScanFindsWhatEditDistanceFinds(_ query: String) {
        let bytes = Array(query.utf8)
        for limit in [1, 2] {
            let expected = Self.expected(Self.keys, bytes, limit: limit)
            #expect(!expected.isEmpty)
            let words = Self.scan(Self.keys, bytes, limit: limit)
            #expect(words.found == expected, "\(query) within \(limit)")
            #expect(words.verdicts == Self.scan(Self.keys, bytes, limit: limit, rows: true).verdicts, "\(query) within \(limit)")
        }
    }

    /// Pieces random queries are made of: repeated letters, a swap-prone pair, and two- and three-byte UTF-8.
    static let pieces = ["a", "a", "b", "n", "o", "ü", "л", "東", " "].map { Array($0.utf8) }

    static func randomText(bytes: Int, _ random: inout SplitMix) -> [UInt8] {
        var text: [UInt8] = []
        while text.count < bytes { text += pieces[Int(random.next() % UInt64(pieces.count))] }
        return Array(text.prefix(bytes))
    }

    /// `text` with `edits` random edits: a byte dropped, two neighbours swapped, a byte changed or added.
    static func edited(_ text: [UInt8], edits: Int, _ random: inout SplitMix) -> [UInt8] {
        var text = text
        for _ in 0..<edits {
            let at = text.isEmpty ? 0 : Int(random.next() % UInt64(text.count))
            let byte = pieces[Int(random.next() % UInt64(pieces.count))][0]
            switch random.next() % 4 {
            case 0 where !text.isEmpty: text.remove(at: at)
            case 1 where at + 1 < text.count: text.swapAt(at, at + 1)
            case 2 where !text.isEmpty: text[at] = byte
            default: text.insert(byte, at: at)
            }
        }
        return text
    }

    /// Queries of every awkward length (empty, one byte, either side of a machine word) against keys made from
    /// them by up to three edits, plus unrelated keys and keys that share only a prefix: the words, the rows
    /// and ``EditDistance`` agree on every key, and the words and the rows on every verdict of the scan.
    @Test(arguments: [0, 1, 2, 7, 8, 31, 62, 63, 64, 65])
    func theWordsAndTheRowsAgreeWithEditDistance(_ length: Int) {
        var random = SplitMix(seed: 0x5EED_0025 &+ UInt64(length))
        var checked = 0
        for round in 0..<12 {
            let query = round == 0 ? Array(repeating: UInt8(ascii: "a"), count: length) : Self.randomText(bytes: length, &random)
            var keys: Set<[UInt8]> = [query]
            for _ in 0..<60 {
                let edits = Int(random.next() % 4)
                let key = Self.edited(query, edits: edits, &random)
                keys.insert(key)
                // Keys that share a prefix with a near key and then run off, so rows are reused and cut.
                let cut = key.isEmpty ? 0 : Int(random.next() % UInt64(key.count))
                keys.insert(Array(key.prefix(cut)) + Self.randomText(bytes: Int(random.next() % 6), &random))
            }
            let sorted = keys.sorted { $0.lexicographicallyPrecedes($1) }
            for limit in [1, 2] {
                let words = Self.scan(sorted, query, limit: limit)
                let rows = Self.scan(sorted, query, limit: limit, rows: true)
                let expected = Self.expected(sorted, query, limit: limit)
                #expect(words.found == expected, "length \(length), round \(round), limit \(limit)")
                #expect(rows.found == expected, "length \(length), round \(round), limit \(limit)")
                #expect(words.verdicts == rows.verdicts, "length \(length), round \(round), limit \(limit)")
                // Each key alone, from its first byte.
                let alone = PrefixDistances(query: query, limit: limit)
                for (index, key) in sorted.enumerated() {
                    let verdict = key.withUnsafeBufferPointer { alone.extend($0, from: 0) }
                    if case .within(let distance) = verdict {
                        #expect(distance == expected[index], "\(key) against \(query) within \(limit)")
                    } else {
                        #expect(expected[index] == nil, "\(key) against \(query) within \(limit)")
                    }
                }
                checked += expected.count
            }
        }
        // The edited keys are near the query: most rounds find some.
        #expect(checked > 100)
    }
}
