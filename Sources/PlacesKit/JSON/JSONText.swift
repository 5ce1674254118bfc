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
    static func appendQuoted(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var copy = text
        let plain = copy.withUTF8 { buffer -> Bool in
            // Most text needs no escaping: copy it in one go.
            guard !buffer.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else { return false }
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

    static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends a number as `JSONEncoder` writes it: integral values without a fraction, others in
    /// Swift's shortest round-tripping form (`51.501`, `1e-05`). The journal's form.
    static func appendNumber(_ value: Double, to out: inout [UInt8]) {
        if value == value.rounded(), abs(value) < 1e15 {
            out.append(contentsOf: String(Int64(value)).utf8)
            if value == 0 && value.sign == .minus { out.insert(UInt8(ascii: "-"), at: out.count - 1) }
        } else {
            out.append(contentsOf: value.description.utf8)
        }
    }

    /// A JSON number for a coordinate: the shortest text that reads back as the same value.
    public static func number(_ value: Double) -> String { CoordinateFormat.plain(value) }
}
