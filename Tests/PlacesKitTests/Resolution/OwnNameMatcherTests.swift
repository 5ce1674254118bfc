import Testing
@testable import PlacesInterchange
@testable import PlacesKit

/// The byte-by-byte folding of ASCII journal names must agree with NameFolding exactly.
@Suite struct OwnNameMatcherTests {
    static let samples = [
        "Dishoom", "Grandma's house", "St. John's pub", "ST IVES", "Ste-Foy", "Mt Fuji camp", "Ft. Worth BBQ",
        "  spaced   out  ", "---", "", "a", "st", "stx", "mtn view", "Fort st", "12 Downing St.", "O'Brien's",
        "tab\there", "Saint-Étienne", "Café Zürich", "Łódź flat", "東京 station", "x-st-y", "ste", "ft",
    ]

    @Test func asciiFoldingAgreesWithNameFolding() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("abcdeSTMFtsmf '.-,0129Zz".unicodeScalars)
        var names = Self.samples
        for _ in 0..<2_000 {
            names.append(String(String.UnicodeScalarView((0..<Int.random(in: 0...14, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            })))
        }
        var buffer: [UInt8] = []
        var checked = 0
        for name in names {
            var copy = name
            let ascii = copy.withUTF8 { OwnNameMatcher.foldASCII($0, into: &buffer) }
            #expect(ascii == name.utf8.allSatisfy { $0 < 0x80 }, "\(name)")
            if ascii {
                #expect(String(decoding: buffer, as: UTF8.self) == NameFolding.fold(name), "\(name)")
                checked += 1
            }
        }
        #expect(checked > 1_500)
    }

    @Test(arguments: ["krakow hostel", "grandmas house", "saint ives", "sao", "lodz", "moskva", "zurich", "ste foy", "x"])
    func skippingUnfoldedNamesNeverLosesAMatch(_ query: String) {
        // Against a reference that folds every name, on names mixing ASCII and other letters.
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aeiknorstvzSTMKGHłóüãÆßМоскваé東京 '-.".unicodeScalars)
        var names = ["Kraków hostel", "Łódź", "São Paulo", "Zürich", "Москва", "St Ives", "Ste-Foy", "Æbeltoft",
                     "Grandma’s house", "Straße", "ÉTÉ", "Kraków", "Moskva"]
        for _ in 0..<3_000 {
            names.append(String(String.UnicodeScalarView((0..<Int.random(in: 1...12, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            })))
        }
        var matcher = OwnNameMatcher(query: query)
        let key = NameFolding.fold(query)
        for name in names {
            let folded = NameFolding.fold(name)
            let expected: PlaceCandidate.Match?
            if folded == key || (!key.isEmpty && folded.replacing(" ", with: "") == key.replacing(" ", with: "")) {
                expected = .exact
            } else if folded.hasPrefix(key + " ") {
                expected = .prefix
            } else {
                expected = nil
            }
            #expect(matcher.match(name) == expected, "\(query) ~ \(name)")
        }
    }

    @Test func matchesExactCompactAndPrefix() {
        var matcher = OwnNameMatcher(query: "grandmas house")
        #expect(matcher.match("Grandma's house") == .exact)
        #expect(matcher.match("GRANDMAS HOUSE") == .exact)
        #expect(matcher.match("Grandma's house garden") == nil)
        #expect(matcher.match("Grandpa's house") == nil)
        var word = OwnNameMatcher(query: "Grandma")
        #expect(word.match("Grandma's house") == .prefix)
        #expect(word.match("Grandmaster flat") == nil)
        #expect(word.match("grandma") == .exact)
        var accents = OwnNameMatcher(query: "cafe zurich")
        #expect(accents.match("Café Zürich") == .exact)
        var empty = OwnNameMatcher(query: "!!")
        #expect(empty.match("!!") == nil)
    }
}
