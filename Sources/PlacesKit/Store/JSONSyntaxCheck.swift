/// Finds where a JSON text stops being valid, for error messages.
///
/// swift-foundation's `JSONDecoder` reports a syntax error as "not valid JSON" without saying where.
/// A person fixing a hand-edited journal needs the line and column, so when decoding fails this
/// scanner walks the bytes once (building nothing) and reports the first problem.
public enum JSONSyntaxCheck {
    /// A syntax problem at a 1-based line and column (columns count bytes).
    public struct Problem: Equatable, Sendable, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var reason: String
        public var description: String { "\(reason) at line \(line), column \(column)" }
    }

    /// The first syntax problem in `bytes`, or `nil` when they are one well-formed JSON value.
    public static func firstProblem(in bytes: [UInt8]) -> Problem? {
        var scanner = Scanner(bytes: bytes)
        do {
            scanner.skipSpace()
            try scanner.value(depth: 0)
            scanner.skipSpace()
            if scanner.index < bytes.count { throw scanner.fail("unexpected text after the end of the JSON value") }
            return nil
        } catch let problem as Problem {
            return problem
        } catch {
            return nil
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) { self.bytes = bytes }

        func fail(_ reason: String) -> Problem {
            var line = 1, column = 1
            for byte in bytes[..<min(index, bytes.count)] {
                if byte == UInt8(ascii: "\n") { line += 1; column = 1 } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return Problem(line: line, column: column, reason: reason)
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) throws {
            guard depth < 512 else { throw fail("nesting is deeper than 512 levels") }
            guard index < bytes.count else { throw fail("the file ends where a value was expected") }
            switch bytes[index] {
            case UInt8(ascii: "{"): try object(depth: depth)
            case UInt8(ascii: "["): try array(depth: depth)
            case UInt8(ascii: "\""): try string()
            case UInt8(ascii: "t"): try literal("true")
            case UInt8(ascii: "f"): try literal("false")
            case UInt8(ascii: "n"): try literal("null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
            default: throw fail("unexpected character \(describe(bytes[index]))")
            }
        }

        func describe(_ byte: UInt8) -> String {
            byte >= 0x21 && byte < 0x7F ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
        }

        mutating func literal(_ word: String) throws {
            for expected in word.utf8 {
                guard index < bytes.count, bytes[index] == expected else { throw fail("expected '\(word)'") }
                index += 1
            }
        }

        mutating func number() throws {
            let start = index
            if bytes[index] == UInt8(ascii: "-") { index += 1 }
            var digits = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1; digits += 1 }
            if digits == 0 { index = start; throw fail("a number needs digits") }
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                var fraction = 0
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1; fraction += 1 }
                if fraction == 0 { throw fail("a decimal point must be followed by digits") }
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
                var exponent = 0
                while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1; exponent += 1 }
                if exponent == 0 { throw fail("an exponent needs digits") }
            }
        }

        mutating func string() throws {
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") { index += 1; return }
                if byte == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if byte < 0x20 { throw fail("a control character inside a string must be escaped") }
                index += 1
            }
            throw fail("the file ends inside a string")
        }

        mutating func array(depth: Int) throws {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return }
            while true {
                skipSpace()
                try value(depth: depth + 1)
                skipSpace()
                guard index < bytes.count else { throw fail("the file ends inside an array: expected ',' or ']'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "]") { index += 1; return }
                throw fail("expected ',' or ']' but found \(describe(bytes[index]))")
            }
        }

        mutating func object(depth: Int) throws {
            index += 1
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return }
            while true {
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw index < bytes.count ? fail("expected a quoted key but found \(describe(bytes[index]))")
                        : fail("the file ends inside an object")
                }
                try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
                index += 1
                skipSpace()
                try value(depth: depth + 1)
                skipSpace()
                guard index < bytes.count else { throw fail("the file ends inside an object: expected ',' or '}'") }
                if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
                if bytes[index] == UInt8(ascii: "}") { index += 1; return }
                throw fail("expected ',' or '}' but found \(describe(bytes[index]))")
            }
        }
    }
}

extension JSONSyntaxCheck.Problem: Error {}
