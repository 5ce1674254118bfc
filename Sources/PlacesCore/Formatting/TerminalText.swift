import PlacesTerminal

/// Measuring and padding text for terminal columns.
public enum TerminalText {
    /// The number of terminal columns `text` occupies: East Asian wide and fullwidth characters and
    /// emoji take two, combining marks and zero-width characters none.
    public static func width(_ text: String) -> Int {
        if let columns = isolatedWidth(text) { return columns }
        var total = 0
        for character in text {
            total += width(of: character)
        }
        return total
    }

    package static func width(of character: Character) -> Int { CellWidth.of(character) }

    /// The columns of a scalar that is a character of its own whatever surrounds it (no combining
    /// mark, joiner, selector or jamo, which join their neighbours, and no emoji), as ``CellWidth``
    /// measures that character: printable Latin, Greek and Cyrillic, kana, CJK ideographs and Hangul
    /// syllables. `nil` for any other scalar.
    static func isolatedWidth(_ value: UInt32) -> Int? {
        switch value {
        // U+2010–U+2027: dashes, quotes, bullets and the ellipsis (a trip's dates are joined by an en
        // dash); the marks after them need escaping or join their neighbours.
        case 0x20..<0x7F, 0xA0..<0x300, 0x370..<0x483, 0x1E00..<0x2000, 0x2010..<0x2028: return 1
        case 0x3041..<0x3097, 0x30A1..<0x30FB, 0x4E00..<0xA000, 0xAC00..<0xD7A4: return 2
        default: return nil
        }
    }

    /// The columns of text whose every scalar is printable ASCII or a character of its own
    /// (one ``isolatedWidth(_:)`` measures), so that nothing in it needs escaping either; `nil`
    /// for any other text. Letters that never join their neighbours (Kraków, Hà Nội, Москва, 東京)
    /// need no breaking into grapheme clusters, which costs far more: this reads the UTF-8 bytes
    /// once (tables measure every cell).
    static func isolatedWidth(_ text: String) -> Int? {
        // Not `withUTF8`, which needs a mutable copy of the string: a third more per cell.
        text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var columns = 0, index = 0
            let count = bytes.count
            // Printable ASCII eight bytes at a time: no byte with its top bit set, none below 0x20,
            // none equal to 0x7F (the usual zero-byte test, on the word minus 0x20s and on the word
            // xor 0x7Fs). Any other byte ends the run and is read below.
            if let base = bytes.baseAddress {
                while count &- index >= 8 {
                    let word = ByteWord.load(base + index)
                    guard word & ByteWord.highBits | ByteWord.lanesBelow(word, 0x20) | ByteWord.lanesEqual(word, 0x7F) == 0 else { break }
                    columns &+= 8
                    index &+= 8
                }
            }
            while index < count {
                let lead = bytes[index]
                if lead < 0x80 {
                    guard lead >= 0x20, lead != 0x7F else { return nil }
                    columns &+= 1
                    index &+= 1
                    continue
                }
                // A string's bytes are valid UTF-8: a lead byte is followed by its continuation bytes.
                let value: UInt32
                if lead < 0xE0 {
                    value = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index &+ 1] & 0x3F)
                    index &+= 2
                } else if lead < 0xF0 {
                    value = UInt32(lead & 0x0F) << 12 | UInt32(bytes[index &+ 1] & 0x3F) << 6 | UInt32(bytes[index &+ 2] & 0x3F)
                    index &+= 3
                } else {
                    return nil
                }
                guard let scalarColumns = isolatedWidth(value) else { return nil }
                columns &+= scalarColumns
            }
            return columns
        } ?? nil
    }

    /// `text` cut to at most `columns` columns, ending in `…` when cut.
    public static func truncate(_ text: String, toWidth columns: Int) -> String {
        // No character takes more columns than its UTF-8 bytes (a wide one has three or more), so
        // text of at most `columns` bytes fits without being measured (tables cut every name).
        guard text.utf8.count > columns, width(text) > columns else { return text }
        var result = ""
        var used = 0
        for character in text {
            let w = width(of: character)
            if used + w > columns - 1 { break }
            result.append(character)
            used += w
        }
        return result + "…"
    }

    /// `text` followed by spaces up to `columns` columns.
    public static func pad(_ text: String, toWidth columns: Int) -> String {
        text + String(repeating: " ", count: max(0, columns - width(text)))
    }

    /// `text` safe to show on a terminal: every C0 and C1 control character and DEL is written as an
    /// escape (`\e`, `\t`, `\r`, `\n`, or `\u{7}`), the way git and ripgrep show them, so a name
    /// cannot set the window title, clear the screen or hide text; and the bidirectional overrides and
    /// isolates (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) are shown the same way, so a
    /// name cannot read backwards. Everything else is kept.
    /// - Parameter keepingLineBreaks: leave `\n` as a line break (for messages of several lines).
    public static func visible(_ text: String, keepingLineBreaks: Bool = false) -> String {
        func needsEscape(_ value: UInt32) -> Bool {
            value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
                || (0x2066...0x2069).contains(value) || value == 0x200E || value == 0x200F || value == 0x061C
        }
        // Fast path, on bytes: only these lead bytes can start a character that needs escaping
        // (C0 and DEL; C2 for C1; D8 for U+061C; E2 for the U+20xx marks). Tables call this per cell.
        let suspicious = text.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 {
                if !(keepingLineBreaks && byte == 0x0A) { return true }
            }
            return false
        } ?? true
        guard suspicious else { return text }
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { needsEscape($0.value) && !(keepingLineBreaks && $0 == "\n") }) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in scalars {
            guard needsEscape(scalar.value), !(keepingLineBreaks && scalar == "\n") else {
                result.append(scalar)
                continue
            }
            let escape: String
            switch scalar {
            case "\u{1B}": escape = "\\e"
            case "\t": escape = "\\t"
            case "\r": escape = "\\r"
            case "\n": escape = "\\n"
            default: escape = "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
            result.append(contentsOf: escape.unicodeScalars)
        }
        return String(result)
    }

    /// Aligns rows into columns separated by two spaces. Cells in `rightAligned` columns are
    /// padded on the left. The last column is not padded, and no line ends in spaces.
    /// Every cell is made ``visible(_:keepingLineBreaks:)`` first: cells hold names from the journal
    /// and from imported files. The lines are ``appendTable(_:firstLine:to:)``'s.
    public static func table(_ rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
        let text = tableBytes(rows, rightAligned: rightAligned)
        // No cell holds a line break (each is made visible), so every line ends at a "\n".
        return text.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
    }

    /// ``table(_:rightAligned:)``'s lines as one text, joined by line breaks: a listing printed whole is
    /// not split into a string per line to be joined again.
    public static func tableText(_ rows: [[String]], rightAligned: Set<Int> = []) -> String {
        var text = tableBytes(rows, rightAligned: rightAligned)
        if text.last == 0x0A { text.removeLast() }
        return String(decoding: text, as: UTF8.self)
    }

    /// ``table(_:rightAligned:)``'s lines as bytes, every line ending in a line break: for output
    /// written as it is, without a string made of it (and its UTF-8 checked) first.
    public static func tableBytes(_ rows: [[String]], rightAligned: Set<Int> = []) -> [UInt8] {
        guard let first = rows.first else { return [] }
        // A loop, not `rows.map(\.count).max()`: a key path is applied through the runtime, row by row.
        var count = 0
        for row in rows where row.count > count { count = row.count }
        // A short row is given empty cells: no line ends in spaces, so they add nothing.
        let columns = (0..<count).map { index in
            TableFit.Column(key: "", title: index < first.count ? first[index] : "",
                            cells: rows.dropFirst().map { index < $0.count ? $0[index] : "" },
                            rightAligned: rightAligned.contains(index))
        }
        var text: [UInt8] = []
        appendTable(columns, to: &text)
        return text
    }

    /// A table of `columns` (a line of their titles, then a line per cell) written into `out` as
    /// ``table(_:rightAligned:)`` lays it out, each line ending in `\n`. Read column by column: a
    /// 10,000-row listing is one buffer, with no array or string made per row.
    /// - Parameter firstLine: text written before and after the first line (a style's escapes, for a
    ///   bold heading).
    /// - Complexity: O(total bytes); each cell is measured once, and a cell whose every character
    ///   stands alone (most of them) is measured and checked for escapes in one pass over its bytes.
    public static func appendTable(_ columns: [TableFit.Column], firstLine: (before: String, after: String)? = nil,
                                   to out: inout [UInt8]) {
        guard let rowCount = columns.first.map({ $0.cells.count + 1 }) else { return }
        // Every cell's width and bytes, column after column in one array (the title first). A cell
        // that needs escapes (rare) is kept made visible, by its index in that order.
        var cellWidths = [Int](repeating: 0, count: rowCount * columns.count)
        var escaped: [Int: String] = [:]
        var widths = [Int](repeating: 0, count: columns.count)
        var byteCount = 0
        func measure(_ cell: String, at index: Int) -> Int {
            let cellWidth: Int
            if let columns = isolatedWidth(cell) {
                cellWidth = columns
                byteCount += cell.utf8.count
            } else {
                let shown = visible(cell)
                if shown != cell { escaped[index] = shown }
                cellWidth = width(shown)
                byteCount += shown.utf8.count
            }
            cellWidths[index] = cellWidth
            return cellWidth
        }
        for (column, content) in columns.enumerated() {
            let base = column * rowCount
            var widest = measure(content.title, at: base)
            for (row, cell) in content.cells.enumerated() { widest = max(widest, measure(cell, at: base + row + 1)) }
            widths[column] = widest
        }
        let before = firstLine.map { Array($0.before.utf8) } ?? [], after = firstLine.map { Array($0.after.utf8) } ?? []
        // At most: every cell's bytes, its padding, two spaces between columns and a line break a row.
        // Written through a pointer into storage made once: appending byte by byte, with a capacity
        // check each time, was most of a 10,000-row table's time.
        let capacity = byteCount + rowCount * (widths.reduce(2 * (columns.count - 1), +) + 1) + before.count + after.count
        let anyEscaped = !escaped.isEmpty
        let table = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, written in
            var end = 0
            func write(_ bytes: UnsafeBufferPointer<UInt8>) {
                guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
                (buffer.baseAddress! + end).update(from: base, count: bytes.count)
                end += bytes.count
            }
            func pad(_ count: Int) {
                guard count > 0 else { return }
                (buffer.baseAddress! + end).update(repeating: 0x20, count: count)
                end += count
            }
            for row in 0..<rowCount {
                if row == 0 { before.withUnsafeBufferPointer(write) }
                let lineStart = end
                for column in columns.indices {
                    if column > 0 { pad(2) }
                    let index = column * rowCount + row
                    let padding = widths[column] - cellWidths[index]
                    let rightAligned = columns[column].rightAligned
                    if rightAligned { pad(padding) }
                    let text = (anyEscaped ? escaped[index] : nil) ?? (row == 0 ? columns[column].title : columns[column].cells[row - 1])
                    if text.utf8.withContiguousStorageIfAvailable(write) == nil { Array(text.utf8).withUnsafeBufferPointer(write) }
                    if !rightAligned && column < columns.count - 1 { pad(padding) }
                }
                while end > lineStart, buffer[end - 1] == 0x20 { end -= 1 }
                if row == 0 { after.withUnsafeBufferPointer(write) }
                buffer[end] = 0x0A
                end += 1
            }
            written = end
        }
        // A table written alone is the whole output: kept, not copied.
        if out.isEmpty { out = table } else { out.append(contentsOf: table) }
    }
}

/// ANSI styling that switches itself off when it should not be used.
public struct TextStyle: Sendable {
    /// Whether escape codes are written at all.
    public var enabled: Bool

    /// Colour only on a terminal, never when `NO_COLOR` is set (any value, per no-color.org) or `--no-color` is given.
    public init(isTerminal: Bool, environment: [String: String], disabledByFlag: Bool) {
        enabled = isTerminal && environment["NO_COLOR"] == nil && !disabledByFlag && environment["TERM"] != "dumb"
    }

    public init(enabled: Bool) { self.enabled = enabled }

    private func wrap(_ text: String, _ code: String) -> String { escapes(code).map { $0.before + text + $0.after } ?? text }
    private func escapes(_ code: String) -> (before: String, after: String)? { enabled ? ("\u{1B}[\(code)m", "\u{1B}[0m") : nil }
    /// What ``bold(_:)`` writes before and after its text, for text written as bytes; `nil` when
    /// styling is off.
    public var boldEscapes: (before: String, after: String)? { escapes("1") }
    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
}
