/// Writing JSON text by hand: the one string escaper (the journal, `--json` output and exports
/// use it) and numbers.
public enum JSONText {
    /// The string as a JSON string literal, quotes included, escaped as `JSONEncoder` escapes it:
    /// `\"`, `\\`, `\n`, `\r`, `\t`, `\b`, `\f`, other control characters as `\u001b`; `/` and
    /// everything else as it is.
    public static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count + 2)
        appendQuoted(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the string literal for `text` to `out`.
    package static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var copy = text
        let plain = copy.withUTF8 { buffer -> Bool in
            // Most text needs no escaping: copy it in one go.
            var end = plainRun(buffer, from: 0).end
            while end < buffer.count {
                let byte = buffer[end]
                if byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
                end += 1
            }
            out.append(contentsOf: buffer)
            return true
        }
        if !plain {
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
                case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
                case 0..<0x20:
                    out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                            hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]])
                default: out.append(byte)
                }
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Where the run of bytes from `start` that a JSON string holds as they are (no quote, backslash
    /// or control character) ends, found eight bytes at a time; the last few bytes of the run (under
    /// eight, or up to the byte that ends it) are left for the caller to read one by one. String
    /// text is most of a journal's bytes, read and written.
    /// - Returns: the end, and the bytes passed over OR-ed together (a clear high bit: all ASCII).
    @inline(__always)
    static func plainRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, highBits: UInt8) {
        guard let base = bytes.baseAddress else { return (start, 0) }
        var index = start
        var seen: UInt64 = 0
        while index + 8 <= bytes.count {
            let word = ByteWord.load(base + index)
            // A control character, a quote or a backslash ends the run (bytes of 0x80 and above do not).
            if ByteWord.lanesBelow(word, 0x20) | ByteWord.lanesEqual(word, 0x22) | ByteWord.lanesEqual(word, 0x5C) != 0 { break }
            seen |= word
            index += 8
        }
        seen |= seen >> 32
        seen |= seen >> 16
        seen |= seen >> 8
        return (index, UInt8(truncatingIfNeeded: seen))
    }

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends a number as `JSONEncoder` writes it: integral values without a fraction, others in
    /// Swift's shortest round-tripping form (`51.501`, `1e-05`). The journal's form.
    package static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        if value == value.rounded(), abs(value) < 1e15 {
            out.append(contentsOf: String(Int64(value)).utf8)
            if value == 0 && value.sign == .minus { out.insert(UInt8(ascii: "-"), at: out.count - 1) }
        } else if !appendShortDecimal(value, to: &out) {
            out.append(contentsOf: value.description.utf8)
        }
    }

    /// Writes a value that is a decimal of at most six places (every coordinate typed or imported:
    /// `51.50135`) from its digits, and returns `true`; `false`, writing nothing, for any other value.
    /// The text is the one `description` gives, the shortest that reads back as the same value, at
    /// a fifth of the cost: a journal writes two of these per place.
    ///
    /// Why it is the same text: the value is the double nearest to the decimal `d = k / 10⁶` exactly
    /// when `Double(k) / 1e6` (a correctly rounded division) equals it, so `d` reads back as the
    /// value. Any other decimal with no more digits is a multiple of 10⁻⁶ too, at least 10⁻⁶ away,
    /// while below 10⁹ two doubles are under 10⁻⁶ apart: none reads back as the value, so `d` is the
    /// shortest. From 10⁻³ up `description` writes no exponent.
    static func appendShortDecimal(_ value: Double, to out: inout [UInt8]) -> Bool {
        let magnitude = abs(value)
        guard magnitude >= 1e-3, magnitude < 1e9 else { return false }
        let scaled = (magnitude * 1e6).rounded()
        guard scaled / 1e6 == magnitude else { return false }
        let units = Int(scaled)
        var whole = units / 1_000_000
        var fraction = units % 1_000_000
        guard fraction != 0 else { return false }   // whole numbers are written by the caller
        var places = 6
        while fraction % 10 == 0 { fraction /= 10; places -= 1 }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 18) { text in
            // Filled from the end: the fraction's digits, the point, the whole part, the sign.
            var position = 18
            for _ in 0..<places {
                position -= 1
                text[position] = UInt8(truncatingIfNeeded: 0x30 + fraction % 10)
                fraction /= 10
            }
            position -= 1
            text[position] = UInt8(ascii: ".")
            repeat {
                position -= 1
                text[position] = UInt8(truncatingIfNeeded: 0x30 + whole % 10)
                whole /= 10
            } while whole > 0
            if value < 0 {
                position -= 1
                text[position] = UInt8(ascii: "-")
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: text[position...]))
        }
        return true
    }

    /// A JSON number for a coordinate: the shortest text that reads back as the same value.
    public static func number(_ value: Double) -> String { CoordinateFormat.plain(value) }
}
