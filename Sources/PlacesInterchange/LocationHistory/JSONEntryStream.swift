import PlacesCore

/// Reads a JSON document whose bulk is one or more long arrays of small entries, handing over the
/// entries one at a time: memory holds one entry, never the document.
///
/// Google's location history is shaped so: `{"locations": [ … millions of points … ]}`,
/// `{"timelineObjects": [ … ]}`, `{"semanticSegments": [ … ], "rawSignals": [ … ]}`. Each entry of a
/// streamed array is parsed with ``JSONParser``, strictly; the members that are not streamed are
/// skipped without being built, checked only for closed strings and matching brackets (they may
/// be large, and what is in them is not read).
struct JSONEntryStream {
    /// The largest single entry accepted: real entries are a few kilobytes; a bigger one means a
    /// file of another shape, and is refused rather than buffered.
    static let maximumEntrySize = 8 << 20

    /// Where the document broke, and why. `within` is the position inside the entry that starts at
    /// `offset`, when the entry's own parser found the problem.
    struct Failure: Error {
        var offset: Int
        var within: TextPosition?
        var reason: String
        /// Whether the JSON itself is malformed (rather than unreadable or of another shape).
        var isSyntax = true
    }

    var stream: ByteStream

    init(_ stream: ByteStream) {
        self.stream = stream
    }

    /// Reads the whole document.
    /// - Parameters:
    ///   - keys: the top-level members whose arrays are streamed. A top-level array is streamed
    ///     with key `nil`.
    ///   - member: told of every top-level member name as it is met (before its value is read).
    ///   - entry: receives the member name, the entry's 0-based index, its value and its offset.
    /// - Throws: ``Failure`` for bad JSON or an unreadable file; whatever `entry` or `member` throw.
    mutating func read(streaming keys: Set<String>, member: (String) throws -> Void = { _ in },
                       entry: (String?, Int, JSONValue, Int) throws -> Void) throws {
        if stream.peek() == 0xEF {
            for expected: UInt8 in [0xEF, 0xBB, 0xBF] {
                guard stream.peek() == expected else { throw fail("the file starts with a broken byte order mark") }
                stream.advance()
            }
        }
        stream.skipSpace()
        switch stream.peek() {
        case UInt8(ascii: "[")?:
            try streamArray(key: nil, entry: entry)
        case UInt8(ascii: "{")?:
            stream.advance()
            stream.skipSpace()
            if stream.peek() == UInt8(ascii: "}") {
                stream.advance()
                break
            }
            while true {
                stream.skipSpace()
                let key = try memberName()
                try member(key)
                stream.skipSpace()
                try expect(UInt8(ascii: ":"), "expected : after the member name \"\(key)\"")
                stream.skipSpace()
                if keys.contains(key), stream.peek() == UInt8(ascii: "[") {
                    try streamArray(key: key, entry: entry)
                } else {
                    try skipValue(limit: nil)
                }
                stream.skipSpace()
                if stream.peek() == UInt8(ascii: ",") {
                    stream.advance()
                    continue
                }
                try expect(UInt8(ascii: "}"), "expected , or } in an object")
                break
            }
        case nil:
            throw fail("the file is empty: expected a JSON object")
        default:
            throw fail("expected a JSON object ({) or array ([)")
        }
        stream.skipSpace()
        if stream.peek() != nil || stream.readError != nil { throw fail("unexpected text after the JSON value") }
    }

    private mutating func streamArray(key: String?, entry: (String?, Int, JSONValue, Int) throws -> Void) throws {
        stream.advance()
        stream.skipSpace()
        if stream.peek() == UInt8(ascii: "]") {
            stream.advance()
            return
        }
        var index = 0
        while true {
            stream.skipSpace()
            let offset = stream.offset
            stream.mark = stream.position
            defer { stream.mark = nil }
            try skipValue(limit: Self.maximumEntrySize)
            var parser = JSONParser(bytes: Array(stream.marked()))
            stream.mark = nil
            let value: JSONValue
            do {
                value = try parser.parse()
            } catch let error as JSONSyntaxError {
                throw Failure(offset: offset, within: error.position, reason: error.reason)
            }
            try entry(key, index, value, offset)
            index += 1
            stream.skipSpace()
            if stream.peek() == UInt8(ascii: ",") {
                stream.advance()
                continue
            }
            try expect(UInt8(ascii: "]"), "expected , or ] in an array")
            return
        }
    }

    private mutating func memberName() throws -> String {
        guard stream.peek() == UInt8(ascii: "\"") else {
            throw fail(stream.peek() == nil ? "the file ends inside an object" : "expected a quoted member name in an object")
        }
        let start = stream.offset
        stream.mark = stream.position
        defer { stream.mark = nil }
        try skipValue(limit: 64 * 1024)
        var parser = JSONParser(bytes: Array(stream.marked()))
        guard case .string(let name)? = try? parser.parse() else {
            throw Failure(offset: start, within: nil, reason: "a member name is not a valid JSON string")
        }
        return name
    }

    /// Moves past one value. Containers are checked for matching brackets and closed strings;
    /// the grammar of what is between is left to ``JSONParser`` for entries that are read.
    /// - Parameter limit: the most bytes the value may span (entries); `nil` for no limit.
    private mutating func skipValue(limit: Int?) throws {
        let start = stream.offset
        var closers: [UInt8] = []
        repeat {
            guard let byte = stream.peek() else {
                throw fail(closers.isEmpty ? "the file ends where a value was expected"
                    : "the file ends inside an \(closers.last == UInt8(ascii: "}") ? "object" : "array"): it is truncated")
            }
            if let limit, stream.offset - start > limit {
                throw Failure(offset: start, within: nil,
                              reason: "an entry is larger than \(limit / 1_048_576) MB: this is not location history as Google writes it",
                              isSyntax: false)
            }
            switch byte {
            case UInt8(ascii: "\""):
                try skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard closers.count < JSONScanner.maximumDepth else {
                    throw fail("values nest deeper than \(JSONScanner.maximumDepth) levels: refused")
                }
                closers.append(byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                stream.advance()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                guard closers.last == byte else {
                    throw fail(closers.isEmpty ? "expected a JSON value" : "unexpected '\(Character(Unicode.Scalar(byte)))': brackets do not match")
                }
                closers.removeLast()
                stream.advance()
            default:
                if closers.isEmpty {
                    // A scalar on its own: its characters, up to the next delimiter.
                    var length = 0
                    while let next = stream.peek(), !Self.isDelimiter(next) {
                        stream.advance()
                        length += 1
                    }
                    guard length > 0 else { throw fail("expected a JSON value") }
                    return
                }
                stream.advance()
            }
        } while !closers.isEmpty
    }

    @inline(__always)
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") || byte == 0x20 || byte == 0x0A
            || byte == 0x0D || byte == 0x09 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[")
    }

    private mutating func skipString() throws {
        let start = stream.offset
        stream.advance()
        while let byte = stream.peek() {
            stream.advance()
            if byte == UInt8(ascii: "\"") { return }
            if byte < 0x20 {
                throw Failure(offset: stream.offset - 1, within: nil,
                              reason: "a control character (such as a raw line break) inside a string")
            }
            if byte == UInt8(ascii: "\\") {
                guard stream.peek() != nil else { break }
                stream.advance()
            }
        }
        throw stream.readError == nil ? Failure(offset: start, within: nil, reason: "the string is not closed: the file is truncated")
            : fail("")
    }

    private mutating func expect(_ byte: UInt8, _ reason: String) throws {
        let next = stream.peek()
        guard next == byte else { throw fail(next == nil ? "the file ends early: \(reason)" : reason) }
        stream.advance()
    }

    /// A failure here; when reading the file failed, that is the reason instead.
    private func fail(_ reason: String) -> Failure {
        if let error = stream.readError {
            return Failure(offset: stream.offset, within: nil, reason: "cannot read it: \(error)", isSyntax: false)
        }
        return Failure(offset: stream.offset, within: nil, reason: reason)
    }
}
