@testable import PlacesTerminal
import Testing

/// A tiny terminal: cursor moves (`CSI r;c H`), clear (`CSI 2 J`), styles (`CSI … m`, kept as their
/// text), and characters, wide ones taking two cells. Enough to replay what a frame writes.
struct TinyTerminal {
    var columns: Int, rows: Int
    var text: [String]
    var styles: [String]
    var row = 0, column = 0, style = "0"

    init(columns: Int, rows: Int) {
        (self.columns, self.rows) = (columns, rows)
        text = Array(repeating: " ", count: columns * rows)
        styles = Array(repeating: "0", count: columns * rows)
    }

    mutating func replay(_ bytes: [UInt8]) {
        let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "\u{1B}" {
                var j = i + 2
                var parameters = ""
                while !(("@"..."~").contains(scalars[j])) { parameters.unicodeScalars.append(scalars[j]); j += 1 }
                switch scalars[j] {
                case "H":
                    let parts = parameters.split(separator: ";").map { Int($0)! }
                    (row, column) = parts.isEmpty ? (0, 0) : (parts[0] - 1, parts[1] - 1)
                case "J":
                    text = Array(repeating: " ", count: columns * rows)
                    styles = Array(repeating: "0", count: columns * rows)
                case "m": style = parameters
                default: Issue.record("unexpected sequence \(parameters)\(scalars[j])")
                }
                i = j + 1
                continue
            }
            let character = Character(scalars[i])
            let width = CellWidth.of(character)
            text[row * columns + column] = String(character)
            styles[row * columns + column] = style
            if width == 2 { text[row * columns + column + 1] = "" }
            column += width
            i += 1
        }
    }

    func line(_ row: Int) -> String { text[(row * columns)..<((row + 1) * columns)].joined() }
}

@Suite struct ScreenBufferTests {
    private func check(_ screen: ScreenBuffer, _ terminal: TinyTerminal) {
        for row in 0..<screen.rows {
            let expected = (0..<screen.columns).map { screen[$0, row].text }.joined()
            #expect(terminal.line(row) == expected, "row \(row)")
        }
    }

    @Test func secondFrameWritesOnlyTheChangedCells() {
        var screen = ScreenBuffer(columns: 40, rows: 10)
        var terminal = TinyTerminal(columns: 40, rows: 10)
        for row in 0..<10 { screen.put(String(repeating: "ab", count: 20), column: 0, row: row, style: CellStyle(foreground: 109)) }
        let first = screen.frame()
        terminal.replay(first)
        check(screen, terminal)
        screen.put("X", column: 5, row: 3, style: CellStyle(foreground: 1, bold: true))
        screen.put("Y", column: 30, row: 8)
        let second = screen.frame()
        terminal.replay(second)
        check(screen, terminal)
        #expect(second.count < 40, "\(second.count) bytes for two cells")
        #expect(terminal.styles[3 * 40 + 5] == "0;1;38;5;1")
        // Nothing changed: nothing written.
        #expect(screen.frame().isEmpty)
    }

    @Test func shortGapsAreRewrittenRatherThanJumped() {
        var screen = ScreenBuffer(columns: 20, rows: 2)
        var terminal = TinyTerminal(columns: 20, rows: 2)
        screen.put("abcdefghij", column: 0, row: 0)
        terminal.replay(screen.frame())
        screen.put("X", column: 1, row: 0)
        screen.put("Y", column: 3, row: 0)
        let bytes = screen.frame()
        terminal.replay(bytes)
        check(screen, terminal)
        // One cursor move, then X, the unchanged c, and Y.
        #expect(String(decoding: bytes, as: UTF8.self) == "\u{1B}[1;2HXcY")
    }

    @Test func wideCharactersAndTheirOverwrites() {
        var screen = ScreenBuffer(columns: 10, rows: 1)
        var terminal = TinyTerminal(columns: 10, rows: 1)
        screen.put("a東京b", column: 0, row: 0)
        terminal.replay(screen.frame())
        check(screen, terminal)
        #expect(terminal.line(0) == "a東京b    ")
        // Half of 京 overwritten: the other half becomes a space, on the buffer and on the screen.
        screen.put("x", column: 4, row: 0)
        terminal.replay(screen.frame())
        check(screen, terminal)
        #expect(terminal.line(0) == "a東 xb    ")
    }

    @Test func resizeAndInvalidateRedrawEverything() {
        var screen = ScreenBuffer(columns: 10, rows: 2)
        screen.put("hello", column: 0, row: 0)
        _ = screen.frame()
        screen.invalidate()
        let again = String(decoding: screen.frame(), as: UTF8.self)
        #expect(again.contains("\u{1B}[2J") && again.contains("hello"))
        screen.resize(columns: 12, rows: 3)
        screen.put("world", column: 7, row: 2)
        var terminal = TinyTerminal(columns: 12, rows: 3)
        terminal.replay(screen.frame())
        check(screen, terminal)
    }

    @Test func stylesWithoutColourKeepReverse() {
        let style = CellStyle(foreground: 33, bold: true, reverse: true).withoutColor
        #expect(style.foreground == nil && style.reverse && style.bold)
        var screen = ScreenBuffer(columns: 4, rows: 1)
        screen.put("ab", column: 0, row: 0, style: style)
        #expect(String(decoding: screen.frame(), as: UTF8.self).contains("\u{1B}[0;1;7m"))
    }
}
