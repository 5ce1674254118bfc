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
        var bytes: [UInt8] = []
        append(to: &bytes)
        return bytes
    }

    /// Appends ``sequence`` (byte by byte: a frame writes one at every change of style).
    func append(to out: inout [UInt8]) {
        out.append(contentsOf: [0x1B, 0x5B, 0x30])  // ESC [ 0
        if bold { out.append(contentsOf: [0x3B, 0x31]) }
        if dim { out.append(contentsOf: [0x3B, 0x32]) }
        if underline { out.append(contentsOf: [0x3B, 0x34]) }
        if reverse { out.append(contentsOf: [0x3B, 0x37]) }
        if let foreground {
            out.append(contentsOf: [0x3B, 0x33, 0x38, 0x3B, 0x35, 0x3B])  // ;38;5;
            ScreenBuffer.appendNumber(Int(foreground), to: &out)
        }
        out.append(0x6D)  // m
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
    /// The scrolling the next frame starts with (``shift(columns:rows:byColumns:rows:)``), already
    /// applied to ``shown``.
    private var pendingScroll: [UInt8] = []
    /// A move of columns `0..<end` by `dx` on some rows, not yet applied to ``shown``: the next frame
    /// moves each row only where that writes fewer bytes than writing its changed cells.
    private var pendingColumnShift: (end: Int, rows: Range<Int>, dx: Int)?

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
    public mutating func invalidate() { shown = nil; pendingScroll = []; pendingColumnShift = nil }

    /// Tells the buffer that a block of what it draws moves by whole cells in the next frame (a map
    /// panned by a step): the frame first moves what the terminal shows, then writes only the cells
    /// that still differ. A pan then costs the strip that came into view, not the whole map.
    ///
    /// Rows move by scrolling a region (DECSTBM with SU/SD; whole rows, so cells beside the block
    /// move too and are written again when they differ); columns move by deleting and inserting
    /// characters on each row of the block (DCH, ICH), which keeps the cells right of the block in
    /// place; a row is moved only where that writes fewer bytes than its changed cells (a row of a
    /// sparse map costs more to move than to write). Nothing is moved when the terminal's content is
    /// unknown or the move is not smaller than the block.
    public mutating func shift(columns block: Range<Int>, rows blockRows: Range<Int>, byColumns dx: Int, rows dy: Int) {
        let block = block.clamped(to: 0..<columns), blockRows = blockRows.clamped(to: 0..<rows)
        guard shown != nil, block.lowerBound == 0, abs(dx) < block.count, abs(dy) < blockRows.count, dx != 0 || dy != 0 else { return }
        applyPendingColumnShift()
        if dy != 0 { scrollRows(blockRows, by: dy) }
        if dx != 0 { pendingColumnShift = (block.upperBound, blockRows, dx) }
    }

    /// A column move not yet written is made on every row of it (a second move before the frame).
    private mutating func applyPendingColumnShift() {
        guard let move = pendingColumnShift, var old = shown else { return }
        pendingColumnShift = nil
        for row in move.rows {
            pendingScroll += columnShiftSequence(row: row, end: move.end, dx: move.dx)
            old.replaceSubrange((row * columns)..<((row + 1) * columns), with: shiftedLine(old[(row * columns)..<((row + 1) * columns)], end: move.end, dx: move.dx))
        }
        shown = old
    }

    /// Cells of unknown content: never equal to a drawn cell, so the next frame writes over them.
    private static let unknown = ScreenCell("\u{1}")

    private mutating func scrollRows(_ block: Range<Int>, by dy: Int) {
        guard var old = shown else { return }
        let n = abs(dy)
        // CSI top;bottom r sets the region (and homes the cursor); S scrolls its content up, T down.
        pendingScroll += Array("\u{1B}[\(block.lowerBound + 1);\(block.upperBound)r\u{1B}[\(n)\(dy < 0 ? "S" : "T")\u{1B}[r".utf8)
        let moved = old
        for row in block {
            let from = row - dy
            for column in 0..<columns {
                old[row * columns + column] = block.contains(from) ? moved[from * columns + column] : .blank
            }
        }
        shown = old
    }

    /// The bytes that move columns `0..<end` of a row by `dx`; the cells from `end` on stay where they are.
    private func columnShiftSequence(row: Int, end: Int, dx: Int) -> [UInt8] {
        let n = abs(dx)
        // Left (dx < 0): delete n at the left edge, then insert n blanks where the block ends.
        // Right: delete the n that fall off the block's right edge, then insert n at the left.
        let (deleteAt, insertAt) = dx < 0 ? (0, end - n) : (end - n, 0)
        var out: [UInt8] = []
        Self.appendCursorMove(row: row, column: deleteAt, to: &out)
        out += Array("\u{1B}[\(n)P".utf8)
        Self.appendColumnMove(column: insertAt, to: &out)
        out += Array("\u{1B}[\(n)@".utf8)
        return out
    }

    /// A row of the terminal after its columns `0..<end` moved by `dx`.
    private func shiftedLine(_ line: ArraySlice<ScreenCell>, end: Int, dx: Int) -> [ScreenCell] {
        let line = Array(line)
        var moved = line
        for column in 0..<end {
            let from = column - dx
            moved[column] = from >= 0 && from < end ? line[from] : .blank
        }
        // A wide character cut in two by the move leaves cells no terminal agrees on.
        for column in 0..<columns {
            let cell = moved[column]
            let orphan = cell.text.isEmpty && (column == 0 || !isWide(moved[column - 1]))
            let cut = isWide(cell) && (column + 1 == columns || !moved[column + 1].text.isEmpty)
            if orphan || cut {
                moved[column] = Self.unknown
                if cut && column + 1 < columns { moved[column + 1] = Self.unknown }
            }
        }
        return moved
    }

    /// Blanks every cell.
    public mutating func clear() {
        for index in cells.indices { cells[index] = .blank }
    }

    /// Every cell as drawn so far, row by row: a layer that did not change since can be put back
    /// with ``restore(_:)`` instead of being drawn again.
    public var content: [ScreenCell] { cells }

    /// Puts back cells taken from ``content`` of a buffer of the same size.
    public mutating func restore(_ content: [ScreenCell]) {
        precondition(content.count == cells.count, "content of another size")
        cells = content
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
           !isWide(cell) {
            cells[base + column + 1] = ScreenCell(" ", style: cells[base + column + 1].style)
        }
        if column > 0, !cells[base + column - 1].text.isEmpty,
           isWide(cells[base + column - 1]), !cell.text.isEmpty {
            cells[base + column - 1] = ScreenCell(" ", style: cells[base + column - 1].style)
        }
        if cell.text.isEmpty, column == 0 || !isWide(cells[base + column - 1]) {
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
        if shown == nil { out += Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8) }
        out += pendingScroll
        pendingScroll = []
        let move = pendingColumnShift
        pendingColumnShift = nil
        let previous = shown ?? Array(repeating: .blank, count: cells.count)
        for row in 0..<rows {
            let line = previous[(row * columns)..<((row + 1) * columns)]
            guard let move, move.rows.contains(row) else {
                encode(row: row, over: line, style: &style, into: &out)
                continue
            }
            // Moving the row, then writing what still differs, against writing what differs. A row
            // with many changes where it stands (a coast that moved) is moved without working out
            // the other way: the changes are counted only until there are that many.
            let sequence = columnShiftSequence(row: row, end: move.end, dx: move.dx)
            let many = sequence.count * 2
            var changes = 0
            for column in 0..<columns where cells[row * columns + column] != line[line.startIndex + column] {
                changes += 1
                if changes >= many { break }
            }
            var movedStyle = style, plainStyle = style
            var moved = sequence, plain: [UInt8] = []
            // The move leaves the cursor on the row, where it inserted.
            encode(row: row, over: shiftedLine(line, end: move.end, dx: move.dx)[...], style: &movedStyle, into: &moved,
                   cursor: move.dx < 0 ? move.end - abs(move.dx) : 0)
            if changes < many { encode(row: row, over: line, style: &plainStyle, into: &plain) }
            if changes >= many || moved.count < plain.count {
                out += moved
                style = movedStyle
            } else {
                out += plain
                style = plainStyle
            }
        }
        if style != .plain { out += Array("\u{1B}[0m".utf8) }
        shown = cells
        return out
    }

    /// Writes the cells of a row that differ from what the terminal shows on it (`previous`, the
    /// row's cells by column), starting in `style` and leaving `style` as the terminal's.
    /// - Parameter cursor: the column the cursor is at on this row, when known.
    private func encode(row: Int, over previous: ArraySlice<ScreenCell>, style: inout CellStyle, into out: inout [UInt8], cursor: Int? = nil) {
        let base = row * columns, first = previous.startIndex
        var cursor = cursor
        var column = 0
        while column < columns {
            let index = base + column
            let cell = cells[index]
            var changed = cell != previous[first + column]
            // Widths are looked up only beside a change: most cells of a frame are unchanged.
            if !changed {
                // A wide character whose right half changed is written again; so is a cell that a
                // wide character just overwritten on the left covered on the screen.
                if column + 1 < columns && cells[index + 1] != previous[first + column + 1] && isWide(cell) {
                    changed = true
                } else if column > 0 && previous[first + column - 1] != cells[index - 1] && isWide(previous[first + column - 1]) {
                    changed = true
                }
            }
            // An unchanged cell is passed one column at a time: the right half of a wide one is empty
            // and passed too.
            if !changed || cell.text.isEmpty { column += 1; continue }
            let span = column + 1 < columns && isWide(cell) ? 2 : 1
            if let at = cursor, at < column, column - at <= Self.longestRewrittenGap,
               (at..<column).allSatisfy({ cells[base + $0].style == style && !cells[base + $0].text.isEmpty && !isWide(cells[base + $0]) }) {
                for c in at..<column { out.append(contentsOf: cells[base + c].text.utf8) }
            } else if cursor != column {
                // Once on the row, only the column is named.
                if cursor != nil { Self.appendColumnMove(column: column, to: &out) } else { Self.appendCursorMove(row: row, column: column, to: &out) }
            }
            if style != cell.style { cell.style.append(to: &out); style = cell.style }
            out.append(contentsOf: cell.text.utf8)
            column += span
            cursor = column
        }
    }

    private func isWide(_ cell: ScreenCell) -> Bool {
        // One scalar outside the wide ranges (Latin, box drawing, braille: the cells of a map) is
        // told without breaking the text into characters, which is most of what a width costs.
        var scalars = cell.text.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return false }
        if scalars.next() == nil && (first.value < 0x1100 || (0x1160..<0x2E80).contains(first.value)) { return false }
        return cell.text.first.map { CellWidth.of($0) == 2 } ?? false
    }

    /// `CSI row;column H`, one-based; `CSI row H` for the first column (the column's default).
    static func appendCursorMove(row: Int, column: Int, to out: inout [UInt8]) {
        out.append(contentsOf: [0x1B, 0x5B])
        appendNumber(row + 1, to: &out)
        if column > 0 {
            out.append(0x3B)
            appendNumber(column + 1, to: &out)
        }
        out.append(0x48)
    }

    /// `CSI column G` (CHA), one-based: a move along the cursor's row, shorter than naming the row too.
    static func appendColumnMove(column: Int, to out: inout [UInt8]) {
        out.append(contentsOf: [0x1B, 0x5B])
        appendNumber(column + 1, to: &out)
        out.append(0x47)
    }

    /// A non-negative number in decimal digits.
    static func appendNumber(_ number: Int, to out: inout [UInt8]) {
        if number >= 10 { appendNumber(number / 10, to: &out) }
        out.append(UInt8(48 + number % 10))
    }
}
