@testable import PlacesTerminal
import Testing

/// A tiny terminal: cursor moves (`CSI r;c H`), clear (`CSI 2 J`), styles (`CSI … m`, kept as their
/// text), a scrolling region (`CSI t;b r`) scrolled up and down (`CSI n S`, `CSI n T`), characters
/// deleted and inserted on a line (`CSI n P`, `CSI n @`), and characters, wide ones taking two
/// cells. Enough to replay what a frame writes.
struct TinyTerminal {
    var columns: Int, rows: Int
    var text: [String]
    var styles: [String]
    var row = 0, column = 0, style = "0"
    var region: ClosedRange<Int>

    /// Moves the cells of one row: `move(from)` gives the old column for each new one, or `nil` for a blank.
    private mutating func rewrite(row: Int, _ from: (Int) -> Int?) {
        let line = Array(text[(row * columns)..<((row + 1) * columns)]), looks = Array(styles[(row * columns)..<((row + 1) * columns)])
        for c in 0..<columns {
            let old = from(c)
            text[row * columns + c] = old.map { line[$0] } ?? " "
            styles[row * columns + c] = old.map { looks[$0] } ?? "0"
        }
    }

    private mutating func scroll(by n: Int) {
        let copyText = text, copyStyles = styles
        for r in region {
            let from = r + n
            for c in 0..<columns {
                text[r * columns + c] = region.contains(from) ? copyText[from * columns + c] : " "
                styles[r * columns + c] = region.contains(from) ? copyStyles[from * columns + c] : "0"
            }
        }
    }

    init(columns: Int, rows: Int) {
        (self.columns, self.rows) = (columns, rows)
        text = Array(repeating: " ", count: columns * rows)
        styles = Array(repeating: "0", count: columns * rows)
        region = 0...(rows - 1)
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
                    // A missing column is the first.
                    (row, column) = parts.isEmpty ? (0, 0) : (parts[0] - 1, parts.count > 1 ? parts[1] - 1 : 0)
                case "G": column = Int(parameters)! - 1
                case "J":
                    text = Array(repeating: " ", count: columns * rows)
                    styles = Array(repeating: "0", count: columns * rows)
                case "m": style = parameters
                case "r":
                    let parts = parameters.split(separator: ";").map { Int($0)! }
                    region = parts.isEmpty ? 0...(rows - 1) : (parts[0] - 1)...(parts[1] - 1)
                    (row, column) = (0, 0)
                case "S": scroll(by: Int(parameters) ?? 1)
                case "T": scroll(by: -(Int(parameters) ?? 1))
                case "P":
                    let n = Int(parameters) ?? 1, at = column, width = columns
                    rewrite(row: row) { $0 < at ? $0 : ($0 + n < width ? $0 + n : nil) }
                case "@":
                    let n = Int(parameters) ?? 1, at = column
                    rewrite(row: row) { $0 < at ? $0 : ($0 - n >= at ? $0 - n : nil) }
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

    /// Cursor moves as short as they come: a short gap is rewritten rather than jumped; a far change on
    /// the cursor's row is reached by its column alone (CHA), the first column of a row by the row alone.
    @Test(arguments: [
        // One cursor move, then X, the unchanged c, and Y.
        ([Change("X", column: 1, row: 0), Change("Y", column: 3, row: 0)], "\u{1B}[1;2HXcY"),
        ([Change("X", column: 1, row: 0), Change("Y", column: 15, row: 0), Change("Z", column: 0, row: 1)],
         "\u{1B}[1;2HX\u{1B}[16GY\u{1B}[2HZ"),
    ])
    func cursorMovesAreShort(changes: [Change], expected: String) {
        var screen = ScreenBuffer(columns: 20, rows: 2)
        var terminal = TinyTerminal(columns: 20, rows: 2)
        screen.put("abcdefghijklmnopqrst", column: 0, row: 0)
        terminal.replay(screen.frame())
        for change in changes { screen.put(change.text, column: change.column, row: change.row) }
        let bytes = screen.frame()
        terminal.replay(bytes)
        check(screen, terminal)
        #expect(String(decoding: bytes, as: UTF8.self) == expected)
    }

    /// Text put at a cell, for ``cursorMovesAreShort(changes:expected:)``.
    struct Change: Sendable {
        var text: String, column: Int, row: Int
        init(_ text: String, column: Int, row: Int) { (self.text, self.column, self.row) = (text, column, row) }
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

    /// A map of letters with a side column that must stay put, as browse's side list does.
    private func letters(_ screen: inout ScreenBuffer, offsetX: Int, offsetY: Int, mapColumns: Int, mapRows: Int) {
        screen.clear()
        for row in 0..<mapRows {
            for column in 0..<mapColumns {
                let value = (column + offsetX + 50) * 7 + (row + offsetY + 50) * 13
                screen.set(column: column, row: row, ScreenCell(String(UnicodeScalar(UInt8(97 + value % 26))), style: CellStyle(foreground: UInt8(value % 5))))
            }
            screen.put("|side\(row)", column: mapColumns, row: row)
        }
        screen.put("status", column: 0, row: screen.rows - 1, style: CellStyle(reverse: true))
    }

    @Test func shiftedBlocksScrollAndOnlyTheNewStripIsWritten() {
        let (columns, rows, mapColumns, mapRows) = (40, 12, 30, 11)
        var screen = ScreenBuffer(columns: columns, rows: rows)
        var terminal = TinyTerminal(columns: columns, rows: rows)
        letters(&screen, offsetX: 0, offsetY: 0, mapColumns: mapColumns, mapRows: mapRows)
        let full = screen.frame()
        terminal.replay(full)
        var offset = (x: 0, y: 0)
        // East, west, south, north, and both at once: the content moves the other way.
        for (dx, dy) in [(4, 0), (-3, 0), (0, 2), (0, -5), (2, 1)] {
            offset.x += dx
            offset.y += dy
            screen.shift(columns: 0..<mapColumns, rows: 0..<mapRows, byColumns: -dx, rows: -dy)
            letters(&screen, offsetX: offset.x, offsetY: offset.y, mapColumns: mapColumns, mapRows: mapRows)
            let bytes = screen.frame()
            terminal.replay(bytes)
            check(screen, terminal)
            for index in 0..<(columns * rows) {
                #expect(terminal.styles[index] == String(decoding: screen[index % columns, index / columns].style.sequence.dropFirst(2).dropLast(), as: UTF8.self),
                        "style of cell \(index % columns), \(index / columns) after \(dx), \(dy)")
            }
            if dy == 0 { #expect(bytes.count * 3 < full.count, "\(bytes.count) bytes for a pan of \(dx), a full frame \(full.count)") }
        }
    }

    /// A sparse map (a few pins on blank rows, a dense band of coast): only the rows whose move
    /// saves bytes are moved; the others get their few changed cells written.
    @Test func onlyRowsThatGainAreMoved() {
        let (columns, rows, mapColumns, mapRows) = (40, 12, 30, 11)
        var screen = ScreenBuffer(columns: columns, rows: rows)
        var terminal = TinyTerminal(columns: columns, rows: rows)
        func draw(offset: Int) {
            screen.clear()
            for row in 0..<mapRows {
                if row == 5 {
                    // The coast: every cell differs from its neighbour.
                    for column in 0..<mapColumns { screen.put(String(UnicodeScalar(UInt8(97 + (column + offset) % 26))), column: column, row: row) }
                } else if (row * 7 + offset) % 3 == 0, (row * 5 + 40 - offset) % 40 < mapColumns {
                    screen.put("o", column: (row * 5 + 40 - offset) % 40, row: row)
                }
                screen.put("|side\(row)", column: mapColumns, row: row)
            }
        }
        draw(offset: 0)
        terminal.replay(screen.frame())
        var offset = 0
        for dx in [4, -3, 6] {
            offset += dx
            screen.shift(columns: 0..<mapColumns, rows: 0..<mapRows, byColumns: -dx, rows: 0)
            draw(offset: offset)
            let bytes = screen.frame()
            terminal.replay(bytes)
            check(screen, terminal)
            let text = String(decoding: bytes, as: UTF8.self)
            // The coast's row alone is moved: one delete and one insert.
            #expect(text.ranges(of: "\u{1B}[\(abs(dx))P").count == 1, "\(text.debugDescription)")
            #expect(text.ranges(of: "\u{1B}[\(abs(dx))@").count == 1, "\(text.debugDescription)")
        }
    }

    @Test func shiftCutsWideCharactersCleanly() {
        var screen = ScreenBuffer(columns: 12, rows: 2)
        var terminal = TinyTerminal(columns: 12, rows: 2)
        screen.put("ab東京cdefgh", column: 0, row: 0)
        terminal.replay(screen.frame())
        // Three columns left: 東 is cut in two at the left edge.
        screen.shift(columns: 0..<12, rows: 0..<1, byColumns: -3, rows: 0)
        screen.clear()
        screen.put(" 京cdefgh", column: 0, row: 0)
        terminal.replay(screen.frame())
        check(screen, terminal)
        // Unknown content and oversized moves are ignored: the frame is right all the same.
        screen.invalidate()
        screen.shift(columns: 0..<12, rows: 0..<2, byColumns: 1, rows: 0)
        screen.shift(columns: 0..<12, rows: 0..<2, byColumns: 0, rows: 5)
        var fresh = TinyTerminal(columns: 12, rows: 2)
        fresh.replay(screen.frame())
        check(screen, fresh)
    }

    @Test func stylesWithoutColourKeepReverse() {
        let style = CellStyle(foreground: 33, bold: true, reverse: true).withoutColor
        #expect(style.foreground == nil && style.reverse && style.bold)
        var screen = ScreenBuffer(columns: 4, rows: 1)
        screen.put("ab", column: 0, row: 0, style: style)
        #expect(String(decoding: screen.frame(), as: UTF8.self).contains("\u{1B}[0;1;7m"))
    }
}
