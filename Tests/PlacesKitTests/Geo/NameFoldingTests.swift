import Testing
@testable import PlacesCore
@testable import PlacesKit

@Suite struct NameFoldingTests {
    @Test(arguments: [
        ("São Paulo", "sao paulo"), ("Köln", "koln"), ("Łódź", "lodz"), ("København", "kobenhavn"),
        ("Straße", "strasse"), ("St. Louis", "saint louis"), ("Saint Louis", "saint louis"),
        ("Mt. Vernon", "mount vernon"), ("Ft Worth", "fort worth"), ("Æbeltoft", "aebeltoft"),
        ("Œuf", "oeuf"), ("Đà Nẵng", "da nang"), ("İstanbul", "istanbul"), ("Þórshöfn", "thorshofn"),
        ("  Aix-en-Provence ", "aix en provence"), ("L'Aquila", "l aquila"), ("Лондон", "лондон"),
        ("ΑΘΉΝΑ", "αθηνα"), ("伦敦", "伦敦"), ("서울", "서울"), ("", ""), ("...", ""),
    ])
    func folds(_ pair: (String, String)) {
        #expect(NameFolding.fold(pair.0) == pair.1)
    }

    /// The generator folded these names in Python; Swift must fold them to the same bytes, or the bundled
    /// keys could not be found.
    @Test func swiftFoldsLikeTheGenerator() throws {
        let rows = try GeoFixtures.text("fold-sample.tsv").split(separator: "\n")
        #expect(rows.count > 1000)
        var mismatches: [String] = []
        for row in rows {
            let f = row.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count == 2 else { continue }
            let folded = NameFolding.fold(String(f[0]))
            if folded != String(f[1]) { mismatches.append("\(f[0]) → \(folded), generator: \(f[1])") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func sampledNamesAreFound() throws {
        let rows = try GeoFixtures.text("fold-sample.tsv").split(separator: "\n")
        var missing: [String] = []
        for row in rows.enumerated() where row.offset % 10 == 0 {
            let name = String(row.element.split(separator: "\t")[0])
            if CoordinateParser.parse(name) != nil || name.contains(",") { continue }
            // Every name is found outright (as a main name, another name or a code), though a typo of a far larger
            // place may rank above it.
            if !Gazetteer.bundled.search(name, limit: 20).contains(where: { $0.quality.isExact }) { missing.append(name) }
        }
        #expect(missing.isEmpty, "\(missing.prefix(10))")
    }

    /// A code point's folded form, looked up in the sorted table, is the whole table's for every code point
    /// it holds, and nothing for those it does not (below, between and above them).
    @Test func theLookupReadsTheTableItself() {
        for (code, text) in NameFolding.table { #expect(NameFolding.folded(code).map(String.init) == text, "\(code)") }
        #expect(NameFolding.table.count > 3000)
        let codes = NameFolding.table.keys.sorted()
        for code in [UInt32(0x80), codes[0] - 1, codes[codes.count - 1] + 1, 0x10FFFF] + codes.indices.dropFirst().compactMap({ i in
            codes[i] - codes[i - 1] > 1 ? codes[i] - 1 : nil
        }) where NameFolding.table[code] == nil {
            #expect(NameFolding.folded(code) == nil, "\(code)")
        }
    }

    /// Names whose folded form is ASCII are split into words as bytes, the others as characters: both give
    /// what splitting every folded name as characters gives, also where a space and the scalar after it
    /// make one character (a spacing mark, a prepended letter).
    @Test func bytesSplitLikeCharacters() throws {
        let rows = try GeoFixtures.text("fold-sample.tsv").split(separator: "\n")
        let tricky = ["a \u{093F}b", "-\u{093F} st", "\u{0D4E} x", "\u{0D4E}-x", "St. \u{0301}Ste", "Ft\u{200D} mt",
                      "e\u{0301} st-\u{0904}", "\u{1F3FB} a", "A\r\nB", "x\u{00A0}y", "ß st", "ST STE MT FT ftx stee",
                      "Łódź  st.", "  ", "\u{0301}", "É\u{0300} \u{0903}"]
        var mismatches: [String] = []
        for name in rows.map({ String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }) + tricky {
            let expected = Self.foldedAsCharacters(name)
            if NameFolding.fold(name) != expected { mismatches.append("\(name) → \(NameFolding.fold(name)), \(expected)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
        #expect(NameFolding.fold("a \u{093F}b") == Self.foldedAsCharacters("a \u{093F}b"))
        #expect(NameFolding.fold("a \u{093F}b").split(separator: " ").count == 1)
    }

    /// Folding as it was written before names were folded as bytes: every name split as characters.
    static func foldedAsCharacters(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                switch value {
                case 0x41...0x5A: out.append(Unicode.Scalar(value + 32)!)
                case 0x61...0x7A, 0x30...0x39: out.append(scalar)
                default: out.append(" ")
                }
                continue
            }
            if let replacement = NameFolding.folded(value) {
                out.append(contentsOf: replacement.unicodeScalars)
                continue
            }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format:
                continue
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                 .initialPunctuation, .finalPunctuation, .otherPunctuation,
                 .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
                 .spaceSeparator, .lineSeparator, .paragraphSeparator, .control:
                out.append(" ")
            default:
                out.append(scalar)
            }
        }
        var result = ""
        for word in String(out).split(separator: " ", omittingEmptySubsequences: true) {
            if !result.isEmpty { result += " " }
            result += NameFolding.tokenExpansions[String(word)] ?? String(word)
        }
        return result
    }
}
