/// Writing XML text safely.
public enum XMLEscaping {
    /// The text with `& < > " '` escaped, and characters XML 1.0 cannot carry (most C0 controls,
    /// U+FFFE, U+FFFF) replaced by U+FFFD, so that the output is always well-formed.
    public static func escape(_ text: String) -> String {
        var needsWork = false
        for byte in text.utf8 where byte < 0x20 || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<")
            || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == 0xEF {
            needsWork = true
            break
        }
        guard needsWork else { return text }
        // Byte by byte: every character that needs work is ASCII or U+FFFE/U+FFFF (EF BF BE/BF).
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 32)
        let replacement: [UInt8] = [0xEF, 0xBF, 0xBD]
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "&"): result += Array("&amp;".utf8)
            case UInt8(ascii: "<"): result += Array("&lt;".utf8)
            case UInt8(ascii: ">"): result += Array("&gt;".utf8)
            case UInt8(ascii: "\""): result += Array("&quot;".utf8)
            case UInt8(ascii: "'"): result += Array("&apos;".utf8)
            case 0x0D: result += Array("&#13;".utf8)
            case 0x09, 0x0A: result.append(byte)
            case 0x00..<0x20: result += replacement
            case 0xEF where index + 1 < bytes.count && bytes[index] == 0xBF && (bytes[index + 1] == 0xBE || bytes[index + 1] == 0xBF):
                result += replacement
                index += 2
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
