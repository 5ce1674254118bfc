/// The open elements around the parser, by local name, for readers that pick fields by path.
package struct XMLPath {
    /// Local names (prefix dropped), outermost first.
    package private(set) var names: [String] = []
    /// Whether each open element belongs to the namespace the reader cares about.
    package private(set) var inNamespace: [Bool] = []

    package init() {}

    package mutating func push(_ qualifiedName: String, namespace: String?, parser: XMLPullParser) {
        let (prefix, local) = Self.split(qualifiedName)
        names.append(local)
        inNamespace.append(namespace != nil && parser.namespaceURI(forPrefix: prefix) == namespace)
    }

    package mutating func pop() {
        names.removeLast()
        inNamespace.removeLast()
    }

    package var count: Int { names.count }
    package var last: String? { names.last }

    /// Whether the innermost elements are `suffix`, in order.
    package func ends(with suffix: [String]) -> Bool {
        names.count >= suffix.count && Array(names.suffix(suffix.count)) == suffix
    }

    /// The local name of `qualified` and its prefix (`""` when it has none).
    package static func split(_ qualified: String) -> (prefix: String, local: String) {
        guard let colon = qualified.firstIndex(of: ":") else { return ("", qualified) }
        return (String(qualified[..<colon]), String(qualified[qualified.index(after: colon)...]))
    }

    package static func attribute(_ name: String, in attributes: [XMLAttribute]) -> String? {
        attributes.first(where: { $0.name == name })?.value
    }
}
