/// A JSON value of any shape, for files whose structure other tools decide (foreign GeoJSON,
/// Google Takeout), where a `Decodable` model would reject what is merely unexpected.
public indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order. A list, not a dictionary: objects here are small, and order helps messages.
    case object([(key: String, value: JSONValue)])

    /// The member named `key` of an object (the first, if repeated); `nil` for anything else.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    /// The string, or `nil`.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number, or a string that reads as one (Takeout writes coordinates as strings).
    public var numberValue: Double? {
        switch self {
        case .number(let value): return value
        case .string(let text): return Double(text.trimmed)
        default: return nil
        }
    }

    /// The elements of an array, or `nil`.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// Whether this is an object.
    public var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// Text for a scalar value as a person would read it (`12`, `true`); `nil` for null, arrays and objects.
    public var scalarText: String? {
        switch self {
        case .string(let text): return text
        case .number(let value): return CoordinateFormat.plain(value)
        case .bool(let value): return value ? "true" : "false"
        default: return nil
        }
    }
}

/// Malformed JSON: where, and why.
public struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var position: TextPosition
    public var reason: String

    public init(position: TextPosition, reason: String) {
        self.position = position
        self.reason = reason
    }

    public var description: String { "\(position): \(reason)" }
}

/// A strict RFC 8259 JSON parser over UTF-8 bytes that reports line:column and can hand over the
/// elements of large arrays one at a time.
///
/// Streaming matters for imports: a 100 MB FeatureCollection parsed into one tree would cost many
/// times its size in memory, while one feature at a time costs almost nothing beyond the file itself.
public struct JSONParser {
    /// The deepest nesting accepted.
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The line and column of a byte offset.
    public func position(ofOffset offset: Int) -> TextPosition {
        TextPosition.of(offset: offset, in: bytes)
    }

    /// Parses the whole document.
    ///
    /// When the document is an array, each element goes to `element` instead of into the result.
    /// When it is an object, the elements of each member array named in `streamedKeys` go to
    /// `element` (and the member is left empty in the result); other members are kept.
    /// - Parameters:
    ///   - element: receives the member name (`nil` for a top-level array), the 0-based index,
    ///     the element, and the element's byte offset.
    /// - Returns: the document, streamed arrays emptied.
    /// - Throws: ``JSONSyntaxError``, or whatever `element` throws.
    public mutating func parseDocument(
        streaming streamedKeys: Set<String> = [],
        element: (String?, Int, JSONValue, Int) throws -> Void
    ) throws -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error(at: index, "the file is empty: expected a JSON value") }
        let result: JSONValue
        if bytes[index] == UInt8(ascii: "[") {
            try streamArray(key: nil, element: element)
            result = .array([])
        } else if bytes[index] == UInt8(ascii: "{") && !streamedKeys.isEmpty {
            result = try parseObject(depth: 1, streamedKeys: streamedKeys, element: element)
        } else {
            result = try parseValue(depth: 0)
        }
        skipWhitespace()
        if index < bytes.count { throw error(at: index, "unexpected text after the JSON value") }
        return result
    }

    /// Parses the whole document into one value.
    public mutating func parse() throws -> JSONValue {
        skipWhitespace()
        let value = try parseValue(depth: 0)
        skipWhitespace()
        if index < bytes.count { throw error(at: index, "unexpected text after the JSON value") }
        return value
    }

    private mutating func streamArray(key: String?, element: (String?, Int, JSONValue, Int) throws -> Void) throws {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return
        }
        var count = 0
        while true {
            skipWhitespace()
            let offset = index
            let value = try parseValue(depth: 1)
            try element(key, count, value, offset)
            count += 1
            skipWhitespace()
            guard index < bytes.count else { throw error(at: index, "the file ends inside an array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            } else {
                throw error(at: index, "expected , or ] in an array")
            }
        }
    }

    private mutating func parseValue(depth: Int) throws -> JSONValue {
        guard depth < Self.maximumDepth else {
            throw error(at: index, "values nest deeper than \(Self.maximumDepth) levels: refused")
        }
        skipWhitespace()
        guard index < bytes.count else { throw error(at: index, "the file ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            return try parseObject(depth: depth + 1, streamedKeys: [], element: { _, _, _, _ in })
        case UInt8(ascii: "["):
            index += 1
            var elements: [JSONValue] = []
            skipWhitespace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            while true {
                elements.append(try parseValue(depth: depth + 1))
                skipWhitespace()
                guard index < bytes.count else { throw error(at: index, "the file ends inside an array") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(elements)
                } else {
                    throw error(at: index, "expected , or ] in an array")
                }
            }
        case UInt8(ascii: "\""):
            return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try parseNumber())
        default:
            throw error(at: index, "unexpected character \(describe(bytes[index])): expected a JSON value")
        }
    }

    private mutating func parseObject(
        depth: Int, streamedKeys: Set<String>, element: (String?, Int, JSONValue, Int) throws -> Void
    ) throws -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(at: index, "expected a quoted member name in an object")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error(at: index, "expected : after the member name \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            if streamedKeys.contains(key), index < bytes.count, bytes[index] == UInt8(ascii: "[") {
                try streamArray(key: key, element: element)
                members.append((key: key, value: .array([])))
            } else {
                members.append((key: key, value: try parseValue(depth: depth)))
            }
            skipWhitespace()
            guard index < bytes.count else { throw error(at: index, "the file ends inside an object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(members)
            } else {
                throw error(at: index, "expected , or } in an object")
            }
        }
    }

    private mutating func parseString() throws -> String {
        let start = index
        index += 1
        var buffer: [UInt8] = []
        var plainStart = index
        var escaped = false
        while true {
            guard index < bytes.count else { throw error(at: start, "the string is not closed") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 {
                throw error(at: index, "a control character (such as a raw line break) inside a string: write it as \\n")
            }
            if byte != UInt8(ascii: "\\") {
                index += 1
                continue
            }
            escaped = true
            buffer.append(contentsOf: bytes[plainStart..<index])
            index += 1
            guard index < bytes.count else { throw error(at: start, "the string is not closed") }
            let code = bytes[index]
            index += 1
            switch code {
            case UInt8(ascii: "\""): buffer.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): buffer.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): buffer.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var value = try readHex4()
                if (0xD800...0xDBFF).contains(value) {
                    // A surrogate pair: the low half must follow.
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error(at: index, "an unpaired UTF-16 surrogate in \\u escape")
                    }
                    index += 2
                    let low = try readHex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw error(at: index, "an unpaired UTF-16 surrogate in \\u escape") }
                    value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(value) else { throw error(at: index, "an unpaired UTF-16 surrogate in \\u escape") }
                buffer.append(contentsOf: String(Character(scalar)).utf8)
            default:
                throw error(at: index - 2, "\\\(describe(code)) is not a JSON escape")
            }
            plainStart = index
        }
        let text: String?
        if escaped {
            buffer.append(contentsOf: bytes[plainStart..<index])
            text = String(validating: buffer, as: UTF8.self)
        } else {
            text = String(validating: bytes[plainStart..<index], as: UTF8.self)
        }
        index += 1
        guard let text else { throw error(at: start, "the string is not valid UTF-8") }
        return text
    }

    private mutating func readHex4() throws -> UInt32 {
        guard index + 4 <= bytes.count else { throw error(at: index, "\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error(at: index, "\\u needs four hex digits")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        guard index > integerStart else { throw error(at: start, "a number needs digits") }
        if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 {
            throw error(at: start, "a number cannot have leading zeros")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > fractionStart else { throw error(at: start, "a number needs digits after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > exponentStart else { throw error(at: start, "a number needs digits in its exponent") }
        }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
            throw error(at: start, "the number is out of range")
        }
        return value
    }

    private mutating func expectLiteral(_ literal: StaticString) throws {
        let matched = literal.withUTF8Buffer { buffer -> Bool in
            guard index + buffer.count <= bytes.count else { return false }
            for offset in 0..<buffer.count where bytes[index + offset] != buffer[offset] { return false }
            return true
        }
        guard matched else { throw error(at: index, "unexpected text: expected a JSON value") }
        index += literal.utf8CodeUnitCount
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private func error(at offset: Int, _ reason: String) -> JSONSyntaxError {
        JSONSyntaxError(position: position(ofOffset: offset), reason: reason)
    }
}

/// Writing JSON text by hand, for exports whose layout matters (one feature per line).
public enum JSONText {
    /// The string as a JSON string literal, quotes included.
    public static func quoted(_ text: String) -> String {
        var needsEscape = false
        for byte in text.utf8 where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            needsEscape = true
            break
        }
        guard needsEscape else { return "\"" + text + "\"" }
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// A JSON number for a coordinate: the shortest text that reads back as the same value.
    public static func number(_ value: Double) -> String { CoordinateFormat.plain(value) }
}
