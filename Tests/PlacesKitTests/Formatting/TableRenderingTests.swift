import Testing
@testable import PlacesCore

/// Tables laid out through their fast paths (cells measured on their bytes, written as bytes) are the
/// tables a plain layout gives: each cell made visible, measured character by character, padded.
@Suite struct TableRenderingTests {
    /// Cells of every kind a table meets: ASCII, accented, wide, emoji and flags, combining marks, a
    /// trip's dates joined by an en dash, quotes and ellipses, text that needs escapes, empty cells, and
    /// cells with spaces at either end.
    static let cells = ["Kraków", "東京", "🇯🇵 JP", "👨‍👩‍👧", "e\u{301}toile", "2023-04-02 – 2023-04-20", "“Rome” – ‘2024’…",
                        "a\tb", "\u{202E}evil", "\u{1B}[31m", "", " lead", "trail ", "12,345 km", "Ἀθῆναι", "서울 Tower",
                        "x\u{2028}y", "‐‒—―•‣", "JP, KR, CN", "-", "7"]

    /// The layout written out plainly.
    static func plainTable(_ rows: [[String]], rightAligned: Set<Int>) -> String {
        let count = rows.map { $0.count }.max() ?? 0
        let shown = rows.map { row in (0..<count).map { $0 < row.count ? TerminalText.visible(row[$0]) : "" } }
        func width(_ text: String) -> Int { text.reduce(0) { $0 + TerminalText.width(of: $1) } }
        let widths = (0..<count).map { column in shown.map { width($0[column]) }.max() ?? 0 }
        var text = ""
        for row in shown {
            var line = ""
            for (column, cell) in row.enumerated() {
                if column > 0 { line += "  " }
                let padding = String(repeating: " ", count: widths[column] - width(cell))
                if rightAligned.contains(column) { line += padding + cell } else { line += cell + (column < count - 1 ? padding : "") }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            text += line + "\n"
        }
        return text
    }

    @Test(arguments: 1...40 as ClosedRange<UInt64>)
    func generatedTablesAreLaidOutAsPlainly(seed: UInt64) {
        var random = SplitMix(seed: seed)
        let columns = Int.random(in: 1...7, using: &random)
        let rows = (0..<Int.random(in: 1...30, using: &random)).map { _ in
            // Short rows too: they are given empty cells.
            (0..<Int.random(in: max(1, columns - 2)...columns, using: &random)).map { _ in Self.cells.randomElement(using: &random)! }
        }
        let rightAligned = Set((0..<columns).filter { _ in Bool.random(using: &random) })
        let expected = Self.plainTable(rows, rightAligned: rightAligned)
        #expect(String(decoding: TerminalText.tableBytes(rows, rightAligned: rightAligned), as: UTF8.self) == expected)
        #expect(TerminalText.tableText(rows, rightAligned: rightAligned) + "\n" == expected)
        #expect(TerminalText.table(rows, rightAligned: rightAligned).map { $0 + "\n" }.joined() == expected)
    }

    @Test func tripDatesAreMeasuredOnTheirBytes() {
        // The en dash, quotes and ellipsis stand alone: measured without breaking text into characters.
        #expect(TerminalText.isolatedWidth("2023-04-02 – 2023-04-20") == 23)
        #expect(TerminalText.isolatedWidth("“Rome” ‘2024’…") == 14)
        // The marks after them do not: a line separator and the bidirectional overrides.
        #expect(TerminalText.isolatedWidth("a\u{2028}b") == nil)
        #expect(TerminalText.isolatedWidth("a\u{202E}b") == nil)
        #expect(TerminalText.tableBytes([]) == [])
    }
}
