/// The JSON primitives every reader in `places` shares: whitespace, literals, strings and their
/// escapes, numbers, and the nesting limit. ``JSONParser`` (imports, and the journal's error path)
/// builds values with them; the journal's fast reader uses them in place, without building a tree.
///
/// The rules are RFC 8259's, strictly: no leading zeros, no control characters inside strings,
/// escapes from the standard's list only, text that is valid UTF-8, surrogate escapes in pairs (in
/// decoded strings: a string kept as raw text, see ``skipString()``, may hold a lone one).
///
/// Public only so that its per-token steps can be inlined into the readers in other modules (a
/// `package` function's body is not offered for inlining across modules); building on it outside this
/// package is not supported.
public struct JSONScanner {
    /// The deepest nesting any reader accepts.
    package static let maximumDepth = 256

    /// The text being read.
    @usableFromInline package let bytes: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    @usableFromInline package var index: Int

    package init(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    /// A syntax problem at a byte offset. Readers turn it into a ``JSONSyntaxError`` (line and
    /// column) only when they report it: counting lines costs time the common case does not need.
    package struct Failure: Error, Equatable {
        var offset: Int
        var reason: String
    }

    package func fail(_ reason: String, at offset: Int? = nil) -> Failure { Failure(offset: offset ?? index, reason: reason) }

    /// Whether every byte has been read.
    @inlinable public var atEnd: Bool {
        @inline(__always) get { index >= bytes.count }
    }
    /// The byte at the cursor, 0 at the end.
    @inlinable public var peek: UInt8 {
        @inline(__always) get { index < bytes.count ? bytes[index] : 0 }
    }

    // The journal's fast reader (another module) calls these for every token: inlinable, so that they
    // are inlined into it as they were when it had its own.
    /// Moves past JSON whitespace.
    @inlinable @inline(__always)
    public mutating func skipSpace() {
        while index < bytes.count {
            let byte = bytes[index]
            // Spaces first, the most common; after a line break, the next line's indentation eight
            // bytes at a time (a journal's every line has one: a byte at a time, a twentieth of a
            // listing's instructions).
            if byte == 0x20 { index += 1; continue }
            if byte == 0x0A {
                index += 1
                while bytes.count - index >= 8 {
                    let others = ByteWord.load(bytes.baseAddress! + index) ^ ByteWord.repeating(0x20)
                    guard others == 0 else { index += ByteWord.firstLane(others); break }
                    index += 8
                }
                continue
            }
            guard byte == 0x0D || byte == 0x09 else { return }
            index += 1
        }
    }

    /// Moves past `byte` when it is next.
    @inlinable @inline(__always)
    public mutating func consume(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// `byte` must be next.
    package mutating func expect(_ byte: UInt8, _ reason: @autoclosure () -> String) throws(Failure) {
        guard consume(byte) else { throw fail(atEnd ? "the file ends early: " + reason() : reason()) }
    }

    /// Moves past `true`, `false` or `null`.
    mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw fail("unexpected text: expected a JSON value") }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            throw fail("unexpected text: expected a JSON value")
        }
        index += count
    }

    /// Whether `null` is next (and moves past it).
    @inlinable @inline(__always)
    public mutating func isNull() -> Bool {
        guard index + 4 <= bytes.count, bytes[index] == UInt8(ascii: "n"), bytes[index + 1] == UInt8(ascii: "u"),
              bytes[index + 2] == UInt8(ascii: "l"), bytes[index + 3] == UInt8(ascii: "l") else { return false }
        index += 4
        return true
    }

    // MARK: Numbers

    /// Moves past a number and returns its bytes' range, checking the grammar only.
    mutating func numberRange() throws(Failure) -> Range<Int> {
        let start = index
        if peek == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
        guard index > integerStart else {
            throw atEnd ? fail("the file ends where a value was expected") : fail("unexpected character \(describe(peek)): expected a JSON value")
        }
        if bytes[integerStart] == UInt8(ascii: "0") && index - integerStart > 1 {
            throw fail("a number cannot have leading zeros", at: start)
        }
        if peek == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > fractionStart else { throw fail("a number needs digits after the decimal point", at: start) }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            index += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { index += 1 }
            let exponentStart = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > exponentStart else { throw fail("a number needs digits in its exponent", at: start) }
        }
        return start..<index
    }

    /// Moves past a number and returns its value.
    /// - Throws: for bad grammar, or a number no `Double` can hold (`1e400`).
    package mutating func number() throws(Failure) -> Double {
        let range = try numberRange()
        if let value = Self.shortDecimal(bytes, range) { return value }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw fail("the number \(text) is out of range", at: range.lowerBound) }
        return value
    }

    /// The value of a plain decimal (`51.50853`, `-0.1257`, `12`) of at most 15 significant digits, or
    /// `nil` for anything else (an exponent, more digits). Such a number is an integer divided by a
    /// power of ten, both exact as doubles, and one IEEE division rounds correctly, so this is the
    /// value `strtod` gives (Clinger's fast path) without making a String or calling into C: every
    /// coordinate of a journal is read this way.
    static func shortDecimal(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        var index = range.lowerBound
        let negative = bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        var mantissa: UInt64 = 0
        var fractionDigits = 0
        var inFraction = false
        while index < range.upperBound {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: ".") { inFraction = true; continue }
            guard byte >= 0x30, byte <= 0x39, mantissa < 100_000_000_000_000 else { return nil }
            mantissa = mantissa * 10 + UInt64(byte - 0x30)
            if inFraction { fractionDigits += 1 }
        }
        guard fractionDigits < exactPowersOfTen.count else { return nil }
        let value = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// 10⁰ … 10²², every power of ten a double holds exactly.
    private static let exactPowersOfTen: [Double] = [1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
                                                     1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22]

    // MARK: Strings

    /// Moves past a string and returns its text, escapes decoded.
    package mutating func string() throws(Failure) -> String {
        let start = index
        guard consume(UInt8(ascii: "\"")) else { throw fail("expected a string") }
        let contentStart = index
        // The common case: no escapes, so the bytes are the string (after a UTF-8 check, which
        // plain ASCII, most of a journal, does not need).
        var high = skipPlainText()
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[contentStart..<index])
                index += 1
                if high & 0x80 == 0 { return String(decoding: slice, as: UTF8.self) }
                guard let text = UTF8Check.string(slice) else { throw fail("the string is not valid UTF-8", at: start) }
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw controlCharacter() }
            high |= byte
            index += 1
        }
        var scratch = Array(UnsafeBufferPointer(rebasing: bytes[contentStart..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                guard let text = scratch.withUnsafeBufferPointer({ UTF8Check.string($0) }) else {
                    throw fail("the string is not valid UTF-8", at: start)
                }
                return text
            }
            if byte < 0x20 { throw controlCharacter() }
            index += 1
            guard byte == UInt8(ascii: "\\") else { scratch.append(byte); continue }
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escape)
            case UInt8(ascii: "n"): scratch.append(0x0A)
            case UInt8(ascii: "t"): scratch.append(0x09)
            case UInt8(ascii: "r"): scratch.append(0x0D)
            case UInt8(ascii: "b"): scratch.append(0x08)
            case UInt8(ascii: "f"): scratch.append(0x0C)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    // A surrogate pair: the low half must follow.
                    guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")) else { throw unpaired() }
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw unpaired() }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw unpaired() }
                scratch.append(contentsOf: String(Character(unicode)).utf8)
            default:
                throw fail("\\\(describe(escape)) is not a JSON escape", at: index - 2)
            }
        }
        throw fail("the string is not closed", at: start)
    }

    /// Moves past a string without making a `String` of it, checking the grammar and UTF-8. A lone
    /// surrogate escape (`\ud800`) passes: the text is kept as it is, never decoded.
    package mutating func skipString() throws(Failure) {
        let start = index
        guard consume(UInt8(ascii: "\"")) else { throw fail("expected a string") }
        let contentStart = index
        var high = skipPlainText()
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard high & 0x80 == 0 || UTF8Check.isValid(UnsafeBufferPointer(rebasing: bytes[contentStart..<index])) else {
                    throw fail("the string is not valid UTF-8", at: start)
                }
                index += 1
                return
            }
            if byte < 0x20 { throw controlCharacter() }
            high |= byte
            index += 1
            if byte == UInt8(ascii: "\\") {
                switch peek {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "n"), UInt8(ascii: "t"),
                     UInt8(ascii: "r"), UInt8(ascii: "b"), UInt8(ascii: "f"):
                    index += 1
                case UInt8(ascii: "u"):
                    index += 1
                    _ = try hex4()
                default:
                    guard !atEnd else { break }
                    throw fail("\\\(describe(peek)) is not a JSON escape", at: index - 1)
                }
            }
        }
        throw fail("the string is not closed", at: start)
    }

    /// Moves past string content that needs no care (see ``JSONText/plainRun(_:from:)``).
    /// - Returns: the moved-over bytes OR-ed together, so a clear high bit means they were ASCII.
    @inline(__always)
    private mutating func skipPlainText() -> UInt8 {
        let run = JSONText.plainRun(bytes, from: index)
        index = run.end
        return run.highBits
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count else { throw fail("\\u needs four hex digits") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Self.hexValue(bytes[index]) else { throw fail("\\u needs four hex digits") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The value of a hexadecimal digit in either case.
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: return byte - 0x30
        case 0x41...0x46: return byte - 0x41 + 10
        case 0x61...0x66: return byte - 0x61 + 10
        default: return nil
        }
    }

    private func controlCharacter() -> Failure {
        fail("a control character (such as a raw line break) inside a string: write it as \\n")
    }

    private func unpaired() -> Failure { fail("an unpaired UTF-16 surrogate in \\u escape") }

    // MARK: Whole values

    /// Moves past one value of any shape, checking it, building nothing. Strings are checked as
    /// ``skipString()`` checks them; numbers by their grammar (`1e400` passes: it is not read).
    package mutating func skipValue(depth: Int) throws(Failure) {
        guard depth < Self.maximumDepth else { throw tooDeep() }
        switch peek {
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "{"):
            index += 1
            skipSpace()
            if consume(UInt8(ascii: "}")) { return }
            while true {
                skipSpace()
                guard peek == UInt8(ascii: "\"") else { throw memberNameExpected() }
                try skipString()
                skipSpace()
                try expect(UInt8(ascii: ":"), "expected : after a member name")
                skipSpace()
                try skipValue(depth: depth + 1)
                skipSpace()
                if consume(UInt8(ascii: ",")) { continue }
                try expect(UInt8(ascii: "}"), "expected , or } in an object")
                return
            }
        case UInt8(ascii: "["):
            index += 1
            skipSpace()
            if consume(UInt8(ascii: "]")) { return }
            while true {
                skipSpace()
                try skipValue(depth: depth + 1)
                skipSpace()
                if consume(UInt8(ascii: ",")) { continue }
                try expect(UInt8(ascii: "]"), "expected , or ] in an array")
                return
            }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: _ = try numberRange()
        }
    }

    func tooDeep() -> Failure { fail("values nest deeper than \(Self.maximumDepth) levels: refused") }

    func memberNameExpected() -> Failure {
        atEnd ? fail("the file ends inside an object") : fail("expected a quoted member name in an object")
    }

    /// A byte as an error message names it: `'x'`, or `byte 0x1B`.
    func describe(_ byte: UInt8) -> String {
        byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }
}
