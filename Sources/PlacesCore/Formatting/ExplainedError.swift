/// A library error told as data: what went wrong (``message``) and what to do about it (``hint``),
/// kept apart so that a caller quoting the error inside a sentence of its own (doctor's findings,
/// the versions undo passes over) takes the message alone, and the executable prints the hint on a
/// line of its own.
public protocol ExplainedError: Error, CustomStringConvertible {
    /// What went wrong, naming the value and the rule.
    var message: String { get }
    /// What to do instead, when there is something to suggest.
    var hint: String? { get }
}

extension ExplainedError {
    /// The message, then `hint: …` on a line of its own.
    public var description: String { hint.map { "\(message)\nhint: \($0)" } ?? message }
}

/// The words of any error, for quoting it inside another message.
public enum ErrorText {
    /// What went wrong, without a hint: an ``ExplainedError``'s message, or any other error's description.
    public static func message(of error: any Error) -> String {
        (error as? any ExplainedError)?.message ?? "\(error)"
    }
}
