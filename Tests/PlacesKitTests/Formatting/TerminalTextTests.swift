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
