import Testing
@testable import PlacesKit

@Suite struct TerminalTextTests {
    @Test(arguments: [("Palace", 6), ("Kraków", 6), ("İstanbul", 8), ("São Paulo", 9), ("東京", 4), ("Москва", 6),
                      ("e\u{301}toile", 6), ("🇯🇵", 2), ("서울", 4), ("", 0)])
    func widthCountsColumns(text: String, columns: Int) {
        #expect(TerminalText.width(text) == columns)
    }

    @Test func tablesAlignWideAndAccentedText() {
        let lines = TerminalText.table([["NAME", "N"], ["Kraków", "1"], ["東京", "22"]], rightAligned: [1])
        #expect(lines == ["NAME     N", "Kraków   1", "東京    22"])
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
