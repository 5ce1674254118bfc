/// Malformed text: where, and why. The one syntax error of the JSON and XML readers
/// (``JSONSyntaxError``, ``XMLError``).
public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the problem was found.
    public var position: TextPosition
    /// What is wrong, in words a user can act on.
    public var reason: String

    public init(position: TextPosition, reason: String) {
        self.position = position
        self.reason = reason
    }

    /// `12:5: reason`, as compilers and linters print it.
    public var description: String { "\(position): \(reason)" }

    /// `reason at line 12, column 5`, for a sentence.
    public var sentence: String { "\(reason) at line \(position.line), column \(position.column)" }
}
