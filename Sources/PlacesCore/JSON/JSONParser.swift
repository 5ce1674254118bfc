/// Malformed JSON: where, and why.
public typealias JSONSyntaxError = SyntaxError

/// A strict RFC 8259 JSON parser over UTF-8 bytes that reports line:column and can hand over the
/// elements of large arrays one at a time. Its grammar is ``JSONScanner``'s, the same the journal's
/// fast reader uses.
///
/// Streaming matters for imports: a 100 MB FeatureCollection parsed into one tree would cost many
/// times its size in memory, while one feature at a time costs almost nothing beyond the file itself.
public struct JSONParser {
    /// The deepest nesting accepted.
    public static var maximumDepth: Int { JSONScanner.maximumDepth }

    private let bytes: [UInt8]
    private let start: Int

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
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
        try run { builder in
            builder.scanner.skipSpace()
            guard !builder.scanner.atEnd else { throw builder.scanner.fail("the file is empty: expected a JSON value") }
            if builder.scanner.peek == UInt8(ascii: "[") {
                try builder.streamArray(key: nil, element: element)
                return .array([])
            } else if builder.scanner.peek == UInt8(ascii: "{") && !streamedKeys.isEmpty {
                return try builder.object(depth: 1, streamedKeys: streamedKeys, element: element)
            }
            return try builder.value(depth: 0)
        }
    }

    /// Parses the whole document into one value.
    public mutating func parse() throws -> JSONValue {
        try run { builder in try builder.value(depth: 0) }
    }

    private func run(_ body: (inout TreeBuilder) throws -> JSONValue) throws -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer in
            var builder = TreeBuilder(scanner: JSONScanner(buffer, at: start))
            do {
                let result = try body(&builder)
                builder.scanner.skipSpace()
                if !builder.scanner.atEnd { throw builder.scanner.fail("unexpected text after the JSON value") }
                return result
            } catch let failure as JSONScanner.Failure {
                throw JSONSyntaxError(position: position(ofOffset: failure.offset), reason: failure.reason)
            }
        }
    }

    /// Builds ``JSONValue``s from the scanner's tokens.
    private struct TreeBuilder {
        var scanner: JSONScanner

        mutating func streamArray(key: String?, element: (String?, Int, JSONValue, Int) throws -> Void) throws {
            scanner.index += 1
            scanner.skipSpace()
            if scanner.consume(UInt8(ascii: "]")) { return }
            var count = 0
            while true {
                scanner.skipSpace()
                let offset = scanner.index
                let item = try value(depth: 1)
                try element(key, count, item, offset)
                count += 1
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: ",")) { continue }
                try scanner.expect(UInt8(ascii: "]"), "expected , or ] in an array")
                return
            }
        }

        mutating func value(depth: Int) throws -> JSONValue {
            guard depth < JSONScanner.maximumDepth else { throw scanner.tooDeep() }
            scanner.skipSpace()
            guard !scanner.atEnd else { throw scanner.fail("the file ends where a value was expected") }
            switch scanner.peek {
            case UInt8(ascii: "{"):
                return try object(depth: depth + 1, streamedKeys: [], element: { _, _, _, _ in })
            case UInt8(ascii: "["):
                scanner.index += 1
                var elements: [JSONValue] = []
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: "]")) { return .array(elements) }
                while true {
                    elements.append(try value(depth: depth + 1))
                    scanner.skipSpace()
                    if scanner.consume(UInt8(ascii: ",")) { continue }
                    try scanner.expect(UInt8(ascii: "]"), "expected , or ] in an array")
                    return .array(elements)
                }
            case UInt8(ascii: "\""): return .string(try scanner.string())
            case UInt8(ascii: "t"): try scanner.literal("true"); return .bool(true)
            case UInt8(ascii: "f"): try scanner.literal("false"); return .bool(false)
            case UInt8(ascii: "n"): try scanner.literal("null"); return .null
            default: return .number(try scanner.number())
            }
        }

        mutating func object(depth: Int, streamedKeys: Set<String>,
                             element: (String?, Int, JSONValue, Int) throws -> Void) throws -> JSONValue {
            scanner.index += 1
            var members: [(key: String, value: JSONValue)] = []
            scanner.skipSpace()
            if scanner.consume(UInt8(ascii: "}")) { return .object(members) }
            while true {
                scanner.skipSpace()
                guard scanner.peek == UInt8(ascii: "\"") else { throw scanner.memberNameExpected() }
                let key = try scanner.string()
                scanner.skipSpace()
                try scanner.expect(UInt8(ascii: ":"), "expected : after the member name \"\(key)\"")
                scanner.skipSpace()
                if streamedKeys.contains(key), scanner.peek == UInt8(ascii: "[") {
                    try streamArray(key: key, element: element)
                    members.append((key: key, value: .array([])))
                } else {
                    members.append((key: key, value: try value(depth: depth)))
                }
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: ",")) { continue }
                try scanner.expect(UInt8(ascii: "}"), "expected , or } in an object")
                return .object(members)
            }
        }
    }
}
