import Testing

@testable import PlacesKit

/// The typo scan's rows of edit distances per key prefix: run over sorted keys as the scan runs them (reusing
/// the rows of the bytes a key shares with the one before, skipping every key that starts with a prefix
/// already beyond the limit), they find exactly the keys ``EditDistance`` puts within the limit, at the same
/// distance.
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

    /// The keys the scan finds for `query`, by index, with their distances.
    func scan(_ query: [UInt8], limit: Int) -> [Int: Int] {
        let rows = PrefixDistances(query: query, limit: limit)
        var found: [Int: Int] = [:]
        var known = 0, index = 0
        var previous: [UInt8] = []
        while index < Self.keys.count {
            let key = Self.keys[index]
            let shared = zip(key, previous).prefix { $0 == $1 }.count
            previous = key
            if key.count < query.count - limit {
                // As the scan does: a key too short to match leaves its rows for a longer one to compute.
                known = min(shared, known)
                index += 1
                continue
            }
            switch key.withUnsafeBufferPointer({ rows.extend($0, from: min(shared, known)) }) {
            case .beyond(let depth):
                known = depth
                let dead = key.prefix(depth)
                repeat { index += 1 } while index < Self.keys.count && Self.keys[index].starts(with: dead)
                continue
            case .within(let distance):
                known = key.count
                if let distance { found[index] = distance }
            }
            index += 1
        }
        return found
    }

    @Test(arguments: ["abcd", "badc", "abcda", "dcba", "aab", "abab", "cdcd", "dabcd", "sprngfield", "ilinois",
                      "lodnon", "tapei", "zurch", "springfeild"])
    func theScanFindsWhatEditDistanceFinds(_ query: String) {
        let bytes = Array(query.utf8)
        for limit in [1, 2] {
            var scratch = EditDistance(query: bytes)
            var expected: [Int: Int] = [:]
            for (index, key) in Self.keys.enumerated() {
                if let distance = key.withUnsafeBufferPointer({ scratch.distance(bytes, $0, limit: limit) }) { expected[index] = distance }
            }
            #expect(!expected.isEmpty)
            #expect(scan(bytes, limit: limit) == expected, "\(query) within \(limit)")
        }
    }
}
