/// Measuring and padding text for terminal columns.
public enum TerminalText {
    /// The number of terminal columns `text` occupies: East Asian wide and fullwidth characters and
    /// emoji take two, combining marks and zero-width characters none.
    public static func width(_ text: String) -> Int {
        var total = 0
        for character in text {
            total += width(of: character)
        }
        return total
    }

    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if character.unicodeScalars.count > 1 && scalar.properties.isEmojiPresentation { return 2 }
        // Flags are pairs of regional indicators: one character, two columns.
        if (0x1F1E6...0x1F1FF).contains(value) { return 2 }
        if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .enclosingMark { return 0 }
        if (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1F64F).contains(value) || (0x1F900...0x1F9FF).contains(value)
            || (0x20000...0x3FFFD).contains(value) {
            return 2
        }
        return 1
    }

    /// `text` cut to at most `columns` columns, ending in `…` when cut.
    public static func truncate(_ text: String, toWidth columns: Int) -> String {
        guard width(text) > columns else { return text }
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

    /// `text` preceded by spaces up to `columns` columns (for numbers).
    public static func padLeft(_ text: String, toWidth columns: Int) -> String {
        String(repeating: " ", count: max(0, columns - width(text))) + text
    }

    /// Aligns rows into columns separated by two spaces. Cells in `rightAligned` columns are
    /// padded on the left. The last column is not padded.
    public static func table(_ rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
        guard let columns = rows.map(\.count).max() else { return [] }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], width(cell)) } }
        return rows.map { row in
            var line = ""
            for (index, cell) in row.enumerated() {
                if index > 0 { line += "  " }
                if index == row.count - 1 && !rightAligned.contains(index) { line += cell }
                else if rightAligned.contains(index) { line += padLeft(cell, toWidth: widths[index]) }
                else { line += pad(cell, toWidth: widths[index]) }
            }
            return line
        }
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

    private func wrap(_ text: String, _ code: String) -> String { enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text }
    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func yellow(_ text: String) -> String { wrap(text, "33") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }
}
