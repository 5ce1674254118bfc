/// A malformed or refused XML document: where, and why (`12:5: end tag </name> does not match <desc>`).
public typealias XMLError = SyntaxError

/// An attribute as written in the document: its qualified name (prefix kept) and its value with
/// references replaced.
public struct XMLAttribute: Sendable, Equatable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What the pull parser reports, in document order.
public enum XMLEvent: Sendable, Equatable {
    /// An opening tag (or an empty-element tag, which is followed at once by its `endElement`).
    /// `offset` is the byte offset of its `<`, for error messages.
    case startElement(name: String, attributes: [XMLAttribute], offset: Int)
    /// A closing tag.
    case endElement(name: String)
    /// Character data, CDATA included, with references replaced. Adjacent runs may arrive as
    /// several events: readers concatenate them.
    case text(String)
}
