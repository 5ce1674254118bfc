import Testing

@testable import PlacesGeo
@testable import PlacesKit

/// The typo scan's walk (``KeyCursor/walkTypos(before:shortest:rows:found:)``, which steps over dead runs and
/// gallops over the block index for long ones) finds what a key-by-key scan finds, and the whole typo scan
/// what a brute-force edit distance over every key finds: on generated tables whose runs of one prefix span
/// dozens of blocks, in both layouts, and on the bundled table for real queries.
@Suite struct TypoSeekTests {
    typealias Entry = KeyTable.Entry

    /// Every string of one to seven letters over "abc" (3,279 keys): the keys starting with "a" fill 68 blocks,
    /// those with "aa" 23, and every run length from one entry to many blocks starts at every place in a block.
    static let dense: [[UInt8]] = {
        var words: [String] = [""], all: [String] = []
        for _ in 1...7 {
            words = words.flatMap { word in ["a", "b", "c"].map { word + $0 } }
            all += words
        }
        return all.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }
    }()

    /// The walk over every key of a table (the cursor's skips and gallops), as index → distance.
    static func walk(_ table: KeyTable, _ query: [UInt8], limit: Int) -> [Int: Int] {
        let rows = PrefixDistances(query: query, limit: limit)
        let cursor = table.lowerBound([])
        var found: [Int: Int] = [:]
        cursor.walkTypos(before: table.entryCount, shortest: query.count - limit, rows: rows) { distance in
            found[cursor.index] = distance
        }
        return found
    }

    /// Over the dense keys, whose dead runs span from one entry to dozens of blocks and end at every place in
    /// a block, the walk finds exactly what the plain model of the scan (``PrefixDistancesTests/scan``, which
    /// skips a dead prefix key by key) finds, and what ``EditDistance`` finds.
    @Test(arguments: KeyTable.Layout.allCases)
    func theWalkFindsWhatAKeyByKeyScanFinds(_ layout: KeyTable.Layout) {
        let keys = Self.dense
        let entries = keys.enumerated().map { Entry(key: $0.element, kind: .placeName, offset: $0.offset) }
        var random = SplitMix(seed: 0x7E25_0025)
        var queries = ["a", "ab", "abc", "cab", "aaaaaaa", "ccccccc", "abcabca", "bacbacb", "cbacbacbac", "aabbccaabb"]
        for _ in 0..<40 {
            queries.append(String((0..<Int(2 + random.next() % 8)).map { _ in "abcd".randomElement(using: &random)! }))
        }
        KeyTableTests().withTable(KeyTable.encode(entries, layout: layout)) { table in
            #expect(table.entryCount == keys.count)
            var found = 0
            for query in queries.map({ Array($0.utf8) }) {
                for limit in [1, 2] {
                    let walked = Self.walk(table, query, limit: limit)
                    #expect(walked == PrefixDistancesTests.scan(keys, query, limit: limit).found, "\(query) within \(limit)")
                    #expect(walked == PrefixDistancesTests.expected(keys, query, limit: limit), "\(query) within \(limit)")
                    found += walked.count
                }
            }
            #expect(found > 1_000)
        }
    }

    /// A hit as the scan reports it, for comparing two lists in order.
    static func describe(_ ref: Gazetteer.Ref, _ kind: GazetteerSchema.KeyKind?, _ distance: Int, _ key: String) -> String {
        "\(ref.table) \(ref.offset) \(kind.map { "\($0)" } ?? "?") \(distance) \(key)"
    }

    /// What ``Gazetteer/fuzzy(_:consider:)`` promises, computed the slow way: every key starting with the query's
    /// first character (else, when none is near, with its second) measured by ``EditDistance``, one by one, then
    /// the query with each other Latin first letter looked up exactly.
    static func bruteForce(_ table: KeyTable, _ query: [UInt8]) -> [String] {
        let budget = Gazetteer.typoBudget(query.count)
        var scratch = EditDistance(query: query)
        func character(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
            guard let first = bytes.first else { return [] }
            return Array(bytes.prefix(first < 0x80 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4))
        }
        var leads = [character(query[...])]
        let second = character(query.dropFirst(leads[0].count))
        if !second.isEmpty, second != leads[0] { leads.append(second) }
        var hits: [String] = []
        for (number, lead) in leads.enumerated() where number == 0 || hits.isEmpty {
            let cursor = table.lowerBound(lead)
            while cursor.isValid, cursor.hasPrefix(lead) {
                let key = Array(cursor.keyBytes)
                let (ref, kind) = Gazetteer.ref(of: cursor)
                if kind != .regionCode, let distance = key.withUnsafeBufferPointer({ scratch.distance(query, $0, limit: budget) }) {
                    hits.append(describe(ref, kind, distance, String(decoding: key, as: UTF8.self)))
                }
                cursor.advance()
            }
        }
        guard let first = query.first, first < 0x80 else { return hits }
        var variant = query
        for letter in UInt8(ascii: "a")...UInt8(ascii: "z") where letter != first {
            variant[0] = letter
            let cursor = table.lowerBound(variant)
            while cursor.isValid, cursor.compare(variant) == 0 {
                let (ref, kind) = Gazetteer.ref(of: cursor)
                if kind != .regionCode { hits.append(describe(ref, kind, 1, String(decoding: variant, as: UTF8.self))) }
                cursor.advance()
            }
        }
        return hits
    }

    static func scan(_ gazetteer: Gazetteer, _ query: [UInt8]) -> [String] {
        var hits: [String] = []
        gazetteer.fuzzy(query) { ref, kind, distance, key in hits.append(describe(ref, kind, distance, key)) }
        return hits
    }

    /// Keys near the queries (up to three random edits), keys sharing only their first bytes with them, the
    /// dense "abc" keys, and each kind, so hits come in every block, after long dead runs, and in the second
    /// letter's block.
    @Test(arguments: KeyTable.Layout.allCases)
    func theScanFindsWhatABruteForceFinds(_ layout: KeyTable.Layout) {
        var random = SplitMix(seed: 0x7E25_0024)
        let queries = ["sprngfield", "ilinois", "cafe de parsi", "abcabca", "bacab", "lodnon", "tapei", "nimes",
                       "zürch", "müncen", "caab", "aaaa", "cbacbacbac"].map { Array($0.utf8) }
        var keys = Set(Self.dense)
        for query in queries {
            for _ in 0..<80 {
                let key = PrefixDistancesTests.edited(query, edits: Int(random.next() % 4), &random)
                if !key.isEmpty { keys.insert(key) }
                let cut = Int(random.next() % UInt64(query.count)) + 1
                keys.insert(Array(query.prefix(cut)) + PrefixDistancesTests.randomText(bytes: Int(random.next() % 9), &random))
            }
        }
        let kinds = KeyTable.kinds
        let entries = keys.sorted { $0.lexicographicallyPrecedes($1) }.enumerated().map {
            Entry(key: $0.element, kind: kinds[$0.offset % kinds.count], offset: $0.offset)
        }
        let placesBytes: [UInt8] = [0x0A]
        KeyTableTests().withTable(KeyTable.encode(entries, layout: layout)) { table in
            placesBytes.withUnsafeBufferPointer { places in
                let gazetteer = Gazetteer(keys: table, places: SortedTable(base: places.baseAddress!, count: places.count),
                                          occupancy: nil, source: .bundled, info: [:])
                var found = 0
                for query in queries {
                    let expected = Self.bruteForce(table, query)
                    #expect(Self.scan(gazetteer, query) == expected, "\(String(decoding: query, as: UTF8.self))")
                    found += expected.count
                }
                #expect(found > 200)
            }
        }
    }

    /// Real typos against the bundled table (1.27 million keys): the scan with its seeks reports, in order,
    /// exactly what measuring every key of the first letter's block reports.
    @Test(arguments: ["sprngfield", "ilinois", "cafe de parsi", "lodnon", "tapei", "nimes", "occitany", "frnace",
                      "sanfrancisco", "xyzzyq", "muncen", "zurch"])
    func realTyposAgreeWithAFullScan(_ query: String) {
        let gazetteer = Gazetteer.bundled
        let bytes = Array(query.utf8)
        let expected = Self.bruteForce(gazetteer.keys, bytes)
        #expect(Self.scan(gazetteer, bytes) == expected)
        // "cafe de parsi" is near no key of the bundled table (only of a region pack's).
        if !["xyzzyq", "cafe de parsi"].contains(query) { #expect(!expected.isEmpty, "\(query)") }
    }
}
