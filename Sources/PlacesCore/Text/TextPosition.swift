/// A place in a text file as editors show it: 1-based line and column, columns counting characters
/// (Unicode scalars), not bytes.
public struct TextPosition: Sendable, Equatable, CustomStringConvertible {
    /// The line, counting from 1.
    public var line: Int
    /// The column, counting from 1.
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `12:5`.
    public var description: String { "\(line):\(column)" }

    /// The line and column of a byte offset in UTF-8 text.
    ///
    /// Parsers remember byte offsets only and call this when they need to report something: counting
    /// lines for every token would slow down the common case, where nothing goes wrong.
    /// - Complexity: O(offset).
    public static func of(offset: Int, in bytes: [UInt8]) -> TextPosition {
        var line = 1
        var column = 1
        let end = min(max(offset, 0), bytes.count)
        bytes.withUnsafeBufferPointer { buffer in
            for index in 0..<end {
                let byte = buffer[index]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    // Continuation bytes belong to the character already counted.
                    column += 1
                }
            }
        }
        return TextPosition(line: line, column: column)
    }

    /// The byte offset of this line and column in `bytes`: the inverse of ``of(offset:in:)``, for messages
    /// that give both (a byte offset can be handed to `dd skip=` or `xxd -s`).
    public func offset(in bytes: [UInt8]) -> Int {
        var line = 1
        var column = 1
        return bytes.withUnsafeBufferPointer { buffer in
            for index in buffer.indices {
                let byte = buffer[index]
                if byte & 0xC0 != 0x80, line == self.line, column == self.column { return index }
                if byte == 0x0A {
                    if line == self.line { return index }
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
            }
            return buffer.count
        }
    }
}
