import Testing
@testable import PlacesCore
@testable import PlacesKit

@Suite struct TerminalTextTests {
    @Test(arguments: [("Palace", 6), ("Kraków", 6), ("İstanbul", 8), ("São Paulo", 9), ("東京", 4), ("Москва", 6),
                      ("e\u{301}toile", 6), ("🇯🇵", 2), ("서울", 4), ("", 0)])
    func widthCountsColumns(text: String, columns: Int) {
        #expect(TerminalText.width(text) == columns)
    }

    /// Text made only of the scalars measured one by one is measured as its characters would be:
    /// every such scalar is a character of its own, beside any other of them, with the width
    /// ``CellWidth`` gives that character.
    @Test func scalarsMeasuredOneByOneAreCharactersOfTheirOwn() {
        let ranges: [ClosedRange<UInt32>] = [0x00...0x7FF, 0x1D00...0x20FF, 0x3000...0x3100, 0x4DF0...0xA010,
                                             0xABF0...0xD7FF, 0x1F000...0x1F0FF]
        var measured: [Unicode.Scalar] = []
        for value in ranges.joined() {
            guard let scalar = Unicode.Scalar(value) else { continue }
            // Text is measured in one pass over its bytes exactly when each of its scalars can be.
            #expect(TerminalText.isolatedWidth(String(scalar)) == TerminalText.isolatedWidth(value), "U+\(String(value, radix: 16))")
            // At the start, inside, at the end of and just after the eight-byte word ASCII is read in.
            for prefix in [0, 5, 7, 8] {
                let text = String(repeating: "a", count: prefix) + String(scalar) + "bcdefghi東"
                #expect(TerminalText.isolatedWidth(text) == TerminalText.isolatedWidth(value).map { $0 + prefix + 10 })
            }
            guard let columns = TerminalText.isolatedWidth(value) else { continue }
            measured.append(scalar)
            #expect(columns == TerminalText.width(of: Character(scalar)), "U+\(String(value, radix: 16))")
        }
        #expect(measured.count > 30_000)
        // Each beside the next and beside the first: never one character.
        for (index, scalar) in measured.enumerated() {
            for other in [measured[(index + 1) % measured.count], measured[0]] {
                var pair = String.UnicodeScalarView()
                pair.append(scalar)
                pair.append(other)
                #expect(String(pair).count == 2, "U+\(String(scalar.value, radix: 16)) U+\(String(other.value, radix: 16))")
            }
        }
        // And whole names measure as the sum of their characters.
        for text in ["Hà Nội Market", "Москва Гостиница", "東京タワー", "ひらがな", "서울 Tower", "Ἀθῆναι", "ǅemal"] {
            #expect(TerminalText.width(text) == text.reduce(0) { $0 + TerminalText.width(of: $1) }, "\(text)")
        }
    }

    @Test func tablesAlignWideAndAccentedText() {
        let lines = TerminalText.table([["NAME", "N"], ["Kraków", "1"], ["東京", "22"]], rightAligned: [1])
        #expect(lines == ["NAME     N", "Kraków   1", "東京    22"])
        // The same lines as one text, and nothing at all for no rows.
        #expect(TerminalText.tableText([["NAME", "N"], ["Kraków", "1"], ["東京", "22"]], rightAligned: [1]) == lines.joined(separator: "\n"))
        #expect(TerminalText.tableText([]) == "")
        #expect(TerminalText.tableText([["A", ""], ["", ""]]) == ["A", ""].joined(separator: "\n"))
    }

    /// Cells that need escapes are shown escaped and measured as shown; a bold first line keeps its
    /// escapes around the line; no line ends in spaces, even when its last cells are empty or end in
    /// spaces.
    @Test func tablesEscapeTrimAndStyleTheirLines() {
        let columns = [TableFit.Column(key: "a", title: "A", cells: ["x\ty", "Hà Nội  ", "é\u{301}"]),
                       TableFit.Column(key: "b", title: "BB", cells: ["1", "", "333"], rightAligned: true),
                       TableFit.Column(key: "c", title: "C", cells: ["", "", "end  "])]
        var out: [UInt8] = Array("before\n".utf8)
        TerminalText.appendTable(columns, firstLine: (before: "<b>", after: "</b>"), to: &out)
        #expect(String(decoding: out, as: UTF8.self) == """
            before
            <b>A          BB  C</b>
            x\\ty        1
            Hà Nội
            é\u{301}         333  end

            """)
    }
}

@Suite struct TerminalTextVisibleTests {
    @Test(arguments: [
        ("plain Kraków 東京", "plain Kraków 東京"),
        ("\u{1B}]0;title\u{7}", "\\e]0;title\\u{7}"),
        ("a\tb\rc\nd", "a\\tb\\rc\\nd"),
        ("C1 \u{9B}31m and DEL \u{7F}", "C1 \\u{9B}31m and DEL \\u{7F}"),
        ("gpj\u{202E}exe \u{2066}x\u{2069} \u{200F}", "gpj\\u{202E}exe \\u{2066}x\\u{2069} \\u{200F}"),
        ("Arabic \u{061C}mark, en dash – and NBSP\u{A0}", "Arabic \\u{61C}mark, en dash – and NBSP\u{A0}"),
    ])
    func controlsAreEscapedAndTextIsKept(input: String, shown: String) {
        #expect(TerminalText.visible(input) == shown)
    }

    @Test func lineBreaksCanBeKept() {
        #expect(TerminalText.visible("one\ntwo\u{1B}", keepingLineBreaks: true) == "one\ntwo\\e")
    }
}

@Suite struct SaturatingIntTests {
    @Test(arguments: [(1e300, Int.max), (-1e300, Int.min), (Double.nan, 0), (Double.infinity, Int.max), (41.9, 41), (-2.5, -2)])
    func hugeValuesSaturate(value: Double, expected: Int) {
        #expect(Int(saturating: value) == expected)
    }
}
