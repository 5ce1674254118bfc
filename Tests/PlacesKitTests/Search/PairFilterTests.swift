import Foundation
import Testing
@testable import PlacesJournal
@testable import PlacesKit

/// The quick test `find` makes before reading a place word by word never changes what the full matcher
/// finds (nor a hit's score and fields), on random journals and queries made from their words with random typos.
@Suite struct PairFilterTests {
    static let words = ["harbour", "Market", "lighthouse", "CATHEDRAL", "noodle", "bar", "St", "Ste", "Mt", "Ft",
                        "fort", "saint", "mount", "Kraków", "Zürich", "São", "København", "Москва", "東京", "Hà",
                        "Nội", "İstanbul", "Tromsø", "straße", "Œuvre", "café", "2025", "o'clock", "self-service",
                        "Grandma's", "lunches", "ramen", "tonkotsu", "a", "ab", "abc", "trip", "mill", "e\u{301}cole"]

    static func text(_ count: Int, _ rng: inout SplitMix) -> String {
        (0..<count).map { _ in words.randomElement(using: &rng)! }.joined(separator: [" ", ", ", "-", ". "].randomElement(using: &rng)!)
    }

    /// A word of the journal with up to two random edits, or cut short.
    static func queryWord(_ rng: inout SplitMix) -> String {
        var scalars = Array(words.randomElement(using: &rng)!.unicodeScalars)
        let letters = Array("abcdefghijklmnopqrstuvwxyzøé".unicodeScalars)
        for _ in 0..<Int.random(in: 0...2, using: &rng) where scalars.count > 1 {
            let at = Int.random(in: 0..<scalars.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: scalars.insert(letters.randomElement(using: &rng)!, at: at)
            case 1: scalars.remove(at: at)
            case 2: scalars[at] = letters.randomElement(using: &rng)!
            case 3: if at + 1 < scalars.count { scalars.swapAt(at, at + 1) }
            default: scalars = Array(scalars.prefix(max(1, at)))
            }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars)
        return text
    }

    @Test func neverChangesWhatTheFullMatcherFinds() {
        var rng = SplitMix(seed: 15)  // the tests' seeded generator: a failure can be replayed
        var places: [Location] = []
        for i in 0..<400 {
            let tags = (0..<Int.random(in: 0...2, using: &rng)).map { _ in
                i % 7 == 0 ? "say \"\(Self.text(1, &rng))\"\\" : Self.text(Int.random(in: 1...2, using: &rng), &rng)
            }
            let description = i % 5 == 0 ? "" : Self.text(Int.random(in: 1...12, using: &rng), &rng) + (i % 11 == 0 ? "\n\"quoted\"\t\\" : "")
            places.append(Location(name: Self.text(Int.random(in: 1...3, using: &rng), &rng), description: description,
                                   latitude: 35, longitude: 135, tags: tags))
        }
        let index = JournalIndex(places: places)
        #expect(index.count == places.count)
        var ruledOut = 0, enabledQueries = 0
        for _ in 0..<400 {
            let query = (0..<Int.random(in: 1...2, using: &rng)).map { _ in Self.queryWord(&rng) }.joined(separator: " ")
            let search = PlaceSearch(query: query)
            guard !search.words.isEmpty else { continue }
            var matcher = WordMatcher(search: search)
            let filter = PairFilter(search)
            if filter.enabled { enabledQueries += 1 }
            for position in 0..<index.count {
                let fields = filter.fields(index, position, &matcher.folder)
                if fields == 0 { ruledOut += 1 }
                let full = matcher.match(index, position)
                let filtered = fields == 0 ? nil : matcher.match(index, position, fields: fields)
                #expect(filtered == full, "\(query) in \(places[position]): fields \(fields)")
            }
        }
        // The test is worth having: it is on for most queries and rules out places.
        #expect(enabledQueries > 100)
        #expect(ruledOut > 10_000)
    }

    @Test func aQueryOfShortWordsLetsEveryPlaceThrough() {
        // "bar" needs two of its pairs (no typo is forgiven in three letters): the test is on.
        #expect(PairFilter(PlaceSearch(query: "bar")).enabled)
        // "cafe" may be one typo away from a word sharing none of its pairs ("cfae"): the test is off.
        #expect(!PairFilter(PlaceSearch(query: "cafe")).enabled)
        #expect(!PairFilter(PlaceSearch(query: "москва")).enabled)
    }
}
