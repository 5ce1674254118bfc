/// How a cell is drawn: a 256-colour foreground, bold, dim, reversed, underlined.
public struct CellStyle: Hashable, Sendable {
    /// An xterm 256-colour index, or `nil` for the terminal's own colour.
    public var foreground: UInt8?
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var underline: Bool

    public init(foreground: UInt8? = nil, bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false) {
        (self.foreground, self.bold, self.dim, self.reverse, self.underline) = (foreground, bold, dim, reverse, underline)
    }

    /// The terminal's default look.
    public static let plain = CellStyle()

    /// The same style without its colour (for `NO_COLOR`): emphasis and reversal stay.
    public var withoutColor: CellStyle {
        var copy = self
        copy.foreground = nil
        return copy
    }

    /// The SGR sequence that sets exactly this style from any other.
    var sequence: [UInt8] {
        var text = "\u{1B}[0"
        if bold { text += ";1" }
        if dim { text += ";2" }
        if underline { text += ";4" }
        if reverse { text += ";7" }
        if let foreground { text += ";38;5;\(foreground)" }
        return Array((text + "m").utf8)
    }
}

/// One cell of the screen: a character and its style. The right half of a wide character is a
/// cell with empty text.
public struct ScreenCell: Equatable, Sendable {
    public var text: String
    public var style: CellStyle

    public init(_ text: String, style: CellStyle = .plain) {
        self.text = text
        self.style = style
    }

    public static let blank = ScreenCell(" ")
}

/// A grid of cells the size of the terminal, drawn into freely; ``frame()`` returns the bytes that
/// bring the terminal from the last frame to this one, writing only the cells that changed (over
/// ssh a pan costs what it moves, not the whole screen).
public struct ScreenBuffer: Sendable {
    public private(set) var columns: Int
    public private(set) var rows: Int
    private var cells: [ScreenCell]
    /// What the terminal shows, or `nil` when unknown (first frame, resize, resume): then the next
    /// frame clears and draws everything.
    private var shown: [ScreenCell]?

    /// Unchanged cells between two changes are rewritten rather than jumped over when there are at
    /// most this many: a cursor move costs about 6–8 bytes.
    static let longestRewrittenGap = 4

    public init(columns: Int, rows: Int) {
        self.columns = max(columns, 1)
        self.rows = max(rows, 1)
        cells = Array(repeating: .blank, count: self.columns * self.rows)
    }

    /// A new size: the content is cleared and the next frame is a full redraw.
    public mutating func resize(columns: Int, rows: Int) {
        self = ScreenBuffer(columns: columns, rows: rows)
    }

    /// Forget what the terminal shows (after a suspend, or another program drew on it).
    public mutating func invalidate() { shown = nil }

    /// Blanks every cell.
    public mutating func clear() {
        for index in cells.indices { cells[index] = .blank }
    }

    public subscript(column: Int, row: Int) -> ScreenCell {
        cells[row * columns + column]
    }

    /// Sets one cell (a one-column character); cells off the screen are ignored.
    public mutating func set(column: Int, row: Int, _ cell: ScreenCell) {
        guard column >= 0, column < columns, row >= 0, row < rows else { return }
        cells[row * columns + column] = cell
        repairWideNeighbours(column: column, row: row)
    }

    /// Writes text from a cell rightwards, wide characters taking two cells; what falls off the
    /// right edge is dropped.
    /// - Returns: the column after the text.
    @discardableResult
    public mutating func put(_ text: String, column: Int, row: Int, style: CellStyle = .plain) -> Int {
        var c = column
        guard row >= 0, row < rows else { return c }
        for character in text {
            let width = CellWidth.of(character)
            if width == 0 { continue }
            if c >= columns { break }
            if width == 2 && c + 1 >= columns {
                set(column: c, row: row, ScreenCell(" ", style: style))
                c += 1
                break
            }
            if c >= 0 {
                cells[row * columns + c] = ScreenCell(String(character), style: style)
                if width == 2 { cells[row * columns + c + 1] = ScreenCell("", style: style) }
                repairWideNeighbours(column: c, row: row)
                if width == 2 { repairWideNeighbours(column: c + 1, row: row) }
            }
            c += width
        }
        return c
    }

    /// Fills a run of cells with spaces in a style.
    public mutating func fill(column: Int, row: Int, width: Int, style: CellStyle = .plain) {
        for c in max(column, 0)..<max(min(column + width, columns), max(column, 0)) { set(column: c, row: row, ScreenCell(" ", style: style)) }
    }

    /// Overwriting half of a wide character leaves the other half blank, never an orphan.
    private mutating func repairWideNeighbours(column: Int, row: Int) {
        let base = row * columns
        let cell = cells[base + column]
        if !cell.text.isEmpty, column + 1 < columns, cells[base + column + 1].text.isEmpty,
           !(cell.text.first.map { CellWidth.of($0) == 2 } ?? false) {
            cells[base + column + 1] = ScreenCell(" ", style: cells[base + column + 1].style)
        }
        if column > 0, !cells[base + column - 1].text.isEmpty,
           cells[base + column - 1].text.first.map({ CellWidth.of($0) == 2 }) ?? false, !cell.text.isEmpty {
            cells[base + column - 1] = ScreenCell(" ", style: cells[base + column - 1].style)
        }
        if cell.text.isEmpty, column == 0 || !(cells[base + column - 1].text.first.map { CellWidth.of($0) == 2 } ?? false) {
            cells[base + column] = ScreenCell(" ", style: cell.style)
        }
    }

    /// The bytes that show this buffer, given that the terminal shows the previous frame; afterwards
    /// the terminal is taken to show this one. The cursor is left where the last change was.
    public mutating func frame() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(shown == nil ? cells.count * 3 : 1024)
        // Every frame ends with the terminal's style reset, so each starts from the plain style.
        var style = CellStyle.plain
        let full = shown == nil
        if full { out += Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8) }
        let previous = shown ?? Array(repeating: .blank, count: cells.count)
        for row in 0..<rows {
            let base = row * columns
            var cursor: Int? = nil  // the column the cursor is at on this row, when known
            var column = 0
            while column < columns {
                let index = base + column
                let cell = cells[index]
                let wide = !cell.text.isEmpty && (cell.text.first.map { CellWidth.of($0) == 2 } ?? false) && column + 1 < columns
                let span = wide ? 2 : 1
                var changed = cell != previous[index]
                if wide && cells[index + 1] != previous[index + 1] { changed = true }
                // A wide character just overwritten on the left covered this cell on the screen.
                if !changed && column > 0 && previous[index - 1] != cells[index - 1] && previous[index - 1].text.first.map({ CellWidth.of($0) == 2 }) ?? false {
                    changed = true
                }
                if !changed || cell.text.isEmpty { column += span; continue }
                if let at = cursor, at < column, column - at <= Self.longestRewrittenGap,
                   (at..<column).allSatisfy({ cells[base + $0].style == style && !cells[base + $0].text.isEmpty && !isWide(cells[base + $0]) }) {
                    for c in at..<column { out += Array(cells[base + c].text.utf8) }
                } else if cursor != column {
                    out += Array("\u{1B}[\(row + 1);\(column + 1)H".utf8)
                }
                if style != cell.style { out += cell.style.sequence; style = cell.style }
                out += Array(cell.text.utf8)
                column += span
                cursor = column
            }
        }
        if style != .plain { out += Array("\u{1B}[0m".utf8) }
        shown = cells
        return out
    }

    private func isWide(_ cell: ScreenCell) -> Bool {
        cell.text.first.map { CellWidth.of($0) == 2 } ?? false
    }
}
