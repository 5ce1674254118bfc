import PlacesData

/// Folds names so that the ways people type a place compare equal: case, diacritics and punctuation are
/// ignored, special letters are spelled out (`Łódź` → `lodz`, `København` → `kobenhavn`, `Straße` → `strasse`)
/// and common abbreviations are expanded (`St. Louis` → `saint louis`).
///
/// The bundled gazetteer's keys were folded by `Scripts/gazetteer/build.py` with the same table
/// (the `folding` table of `PlacesData`) and the same rules, so a folded query finds the folded names byte for byte.
public enum NameFolding {
    /// Abbreviations expanded as whole words on both sides of a lookup.
    package static let tokenExpansions: [String: String] = ["st": "saint", "ste": "sainte", "mt": "mount", "ft": "fort"]

    /// The length in bytes of the longest of ``tokenExpansions``' abbreviations.
    private static let longestAbbreviation = tokenExpansions.keys.map(\.utf8.count).max() ?? 0

    /// The folded form of every non-ASCII code point that folding changes, read once on first use (by the
    /// map pages, which ship the whole table; folding a name looks code points up with ``folded(_:)``).
    package static let table: [UInt32: String] = {
        var table: [UInt32: String] = [:]
        table.reserveCapacity(3100)
        do {
            let buffer = SortedTable(places_gazetteer_folding()).bytes
            var index = 0
            while index < buffer.count {
                var code: UInt32 = 0
                while index < buffer.count, buffer[index] != 9 {
                    let byte = buffer[index]
                    code = code * 16 + UInt32(byte <= 57 ? byte - 48 : byte - 55)
                    index += 1
                }
                index += 1
                let start = index
                while index < buffer.count, buffer[index] != 10 { index += 1 }
                table[code] = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<index]), as: UTF8.self)
                index += 1
            }
        }
        return table
    }()

    /// The folded form of one non-ASCII code point, or `nil` when folding leaves it to its Unicode category.
    /// The table's lines are sorted by code point, so a binary search reads about a dozen of them: a query
    /// with one accent no longer builds the whole table's dictionary (3,000 strings) first.
    static func folded(_ value: UInt32) -> Substring? {
        let table = SortedTable(places_gazetteer_folding())
        let bytes = UnsafeBufferPointer(start: table.base, count: table.count)
        // The line holding byte `offset`: its start, its code point, and where its folded form starts and ends.
        func line(around offset: Int) -> (start: Int, code: UInt32, text: Range<Int>) {
            var start = offset
            while start > 0, bytes[start - 1] != 10 { start -= 1 }
            var index = start, code: UInt32 = 0
            while index < bytes.count, bytes[index] != 9 {
                let byte = bytes[index]
                code = code &* 16 &+ UInt32(byte <= 57 ? byte &- 48 : byte &- 55)
                index += 1
            }
            let textStart = min(index + 1, bytes.count)
            var end = textStart
            while end < bytes.count, bytes[end] != 10 { end += 1 }
            return (start, code, textStart..<end)
        }
        var low = 0, high = bytes.count
        while low < high {
            let found = line(around: low + (high - low) / 2)
            if found.code == value {
                return Substring(decoding: UnsafeBufferPointer(rebasing: bytes[found.text]), as: UTF8.self)
            }
            if found.code < value { low = found.text.upperBound + 1 } else { high = found.start }
        }
        return nil
    }

    /// The folded key of a name: lower-case, without diacritics or punctuation, words separated by one space.
    /// - Complexity: O(n) in the length of the name; the table is read once per process, only when a
    ///   non-ASCII character is first folded.
    public static func fold(_ text: String) -> String {
        // Folded as UTF-8 bytes: a name whose folded form is ASCII (most names, and every name the table
        // spells out) is split into words at its spaces byte by byte. Any other is split as `Character`s,
        // as before: there a space may join the scalar after it in one grapheme (a spacing mark, say), and
        // then it does not separate words.
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var ascii = true
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                switch value {
                case 0x41...0x5A: out.append(UInt8(truncatingIfNeeded: value &+ 32))
                case 0x61...0x7A, 0x30...0x39: out.append(UInt8(truncatingIfNeeded: value))
                default: out.append(0x20)
                }
                continue
            }
            if let replacement = folded(value) {
                for byte in replacement.utf8 {
                    if byte >= 0x80 { ascii = false }
                    out.append(byte)
                }
                continue
            }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format:
                continue
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                 .initialPunctuation, .finalPunctuation, .otherPunctuation,
                 .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
                 .spaceSeparator, .lineSeparator, .paragraphSeparator, .control:
                out.append(0x20)
            default:
                ascii = false
                out.append(contentsOf: UTF8.encode(scalar)!)
            }
        }
        guard ascii else { return words(String(decoding: out, as: UTF8.self)) }
        var result: [UInt8] = []
        result.reserveCapacity(out.count)
        var start = 0
        while start < out.count {
            if out[start] == 0x20 { start += 1; continue }
            var end = start + 1
            while end < out.count, out[end] != 0x20 { end += 1 }
            if !result.isEmpty { result.append(0x20) }
            // Longer words than the longest abbreviation skip the lookup.
            if end - start <= longestAbbreviation,
               let expansion = tokenExpansions[String(decoding: out[start..<end], as: UTF8.self)] {
                result.append(contentsOf: expansion.utf8)
            } else {
                result.append(contentsOf: out[start..<end])
            }
            start = end
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The words of a folded name that is not all ASCII, split at spaces that stand alone as characters,
    /// one space between them, abbreviations expanded.
    private static func words(_ folded: String) -> String {
        var result = ""
        for word in folded.split(separator: " ", omittingEmptySubsequences: true) {
            if !result.isEmpty { result += " " }
            result += tokenExpansions[String(word)] ?? String(word)
        }
        return result
    }
}
