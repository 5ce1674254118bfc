/// A JSON value the journal keeps without understanding it, as the exact text it was written in.
///
/// A place (or the journal itself) may carry members this version of `places` does not know:
/// added by hand, by a script, or by a newer `places`. They are kept as text and written back
/// unchanged, so saving a change never drops or rewrites them: `12345678901234567891` and `1.0`
/// stay as written, a lone surrogate escape (`"\ud800"`) or `1e400` is kept rather than refused.
/// Only the layout (whitespace) follows the journal's pretty-printing.
public struct JSONFragment: Sendable, Hashable, CustomStringConvertible {
    /// The value's text without whitespace between tokens: `{"a":[1.0,"x y"]}`.
    public let text: String

    /// A fragment for JSON text, checked and compacted.
    /// - Throws: ``JSONSyntaxError`` when `json` is not one JSON value.
    public init(json: String) throws {
        let bytes = Array(json.utf8)
        let compacted = try bytes.withUnsafeBufferPointer { buffer -> String in
            var scanner = JSONScanner(buffer)
            do {
                scanner.skipSpace()
                let start = scanner.index
                try scanner.skipValue(depth: 0)
                let end = scanner.index
                scanner.skipSpace()
                guard scanner.atEnd else { throw scanner.fail("unexpected text after the JSON value") }
                return Self.compact(UnsafeBufferPointer(rebasing: buffer[start..<end]))
            } catch let failure as JSONScanner.Failure {
                throw JSONSyntaxError(position: TextPosition.of(offset: failure.offset, in: bytes), reason: failure.reason)
            }
        }
        text = compacted
    }

    /// A fragment for bytes a ``JSONScanner`` has already checked as one value.
    package init(checked bytes: UnsafeBufferPointer<UInt8>) {
        text = Self.compact(bytes)
    }

    public var description: String { text }

    /// The value as a tree (numbers as `Double`), or `nil` when it holds what a tree cannot
    /// (a number beyond `Double`, a lone surrogate).
    public var value: JSONValue? {
        var parser = JSONParser(bytes: Array(text.utf8))
        return try? parser.parse()
    }

    /// The text of checked JSON without the whitespace between tokens.
    private static func compact(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var inString = false
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                out.append(byte)
                if byte == UInt8(ascii: "\\") {
                    index += 1
                    out.append(bytes[index])
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
                out.append(byte)
            } else if !(byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09) {
                out.append(byte)
            }
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the fragment laid out as the journal's pretty printer lays out values at `indent`
    /// spaces (`JSONEncoder`'s layout: `[` and `{` break lines, `" : "` between member name and
    /// value). Every token is copied as it is.
    package func appendPretty(indent: Int, to out: inout [UInt8]) {
        var copy = text
        copy.withUTF8 { bytes in
            var depth = indent
            var index = 0
            // Whether the container just opened is empty: `[]` is written `[\n\n]` as JSONEncoder does.
            func newline(_ out: inout [UInt8], _ spaces: Int) {
                out.append(0x0A)
                out.append(contentsOf: repeatElement(0x20, count: spaces))
            }
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "\""):
                    let start = index
                    index += 1
                    while bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...index]))
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    out.append(byte)
                    depth += 2
                    let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    if index + 1 < bytes.count, bytes[index + 1] == close {
                        out.append(0x0A)
                        newline(&out, depth - 2)
                        out.append(close)
                        depth -= 2
                        index += 1
                    } else {
                        newline(&out, depth)
                    }
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 2
                    newline(&out, depth)
                    out.append(byte)
                case UInt8(ascii: ","):
                    out.append(byte)
                    newline(&out, depth)
                case UInt8(ascii: ":"):
                    out.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
                default:
                    out.append(byte)
                }
                index += 1
            }
        }
    }
}

extension JSONFragment: Codable {
    /// Through a `Decoder` only the value is available, not its text: numbers are read as
    /// `Double`. The journal's own reader keeps the exact text.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            text = "null"
        } else if let value = try? container.decode(Bool.self) {
            text = value ? "true" : "false"
        } else if let value = try? container.decode(Double.self) {
            var out: [UInt8] = []
            JSONText.appendNumber(value, to: &out)
            text = String(decoding: out, as: UTF8.self)
        } else if let value = try? container.decode(String.self) {
            text = JSONText.quoted(value)
        } else if let value = try? container.decode([JSONFragment].self) {
            text = "[" + value.map(\.text).joined(separator: ",") + "]"
        } else {
            let members = try container.decode([String: JSONFragment].self)
            text = "{" + members.keys.sorted().map { JSONText.quoted($0) + ":" + members[$0]!.text }.joined(separator: ",") + "}"
        }
    }

    /// Writes the value as a tree: through an `Encoder` a number beyond `Double` loses digits.
    /// Commands write places with the journal's own writer, which keeps the text.
    public func encode(to encoder: any Encoder) throws {
        try (value ?? .string(text)).encode(to: encoder)
    }
}
