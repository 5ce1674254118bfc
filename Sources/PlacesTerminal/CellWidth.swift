/// How many terminal columns a character takes.
public enum CellWidth {
    /// East Asian wide and fullwidth characters and emoji take two columns, combining marks and
    /// zero-width characters none, everything else one.
    public static func of(_ character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        // A combining mark after a letter is part of that letter's Character; one can only start a
        // Character on its own (at the start of a string), where it takes no column.
        if (0x300...0x36F).contains(value) || (0x483...0x489).contains(value) || (0x591...0x5BD).contains(value)
            || (0x1AB0...0x1AFF).contains(value) || (0x1DC0...0x1DFF).contains(value) || (0x20D0...0x20FF).contains(value)
            || (0xFE20...0xFE2F).contains(value) || (0x200B...0x200F).contains(value) {
            return 0
        }
        if character.unicodeScalars.count > 1 && scalar.properties.isEmojiPresentation { return 2 }
        // Flags are pairs of regional indicators: one character, two columns.
        if (0x1F1E6...0x1F1FF).contains(value) { return 2 }
        if (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
            || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1F64F).contains(value) || (0x1F900...0x1F9FF).contains(value)
            || (0x20000...0x3FFFD).contains(value) {
            return 2
        }
        return 1
    }
}
