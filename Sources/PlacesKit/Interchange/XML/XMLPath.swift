/// The open elements around the parser, by local name, for readers that pick fields by path.
struct XMLPath {
    /// Local names (prefix dropped), outermost first.
    private(set) var names: [String] = []
    /// Whether each open element belongs to the namespace the reader cares about.
    private(set) var inNamespace: [Bool] = []

    mutating func push(_ qualifiedName: String, namespace: String?, parser: XMLPullParser) {
        let (prefix, local) = Self.split(qualifiedName)
        names.append(local)
        inNamespace.append(namespace != nil && parser.namespaceURI(forPrefix: prefix) == namespace)
    }

    mutating func pop() {
        names.removeLast()
        inNamespace.removeLast()
    }

    var count: Int { names.count }
    var last: String? { names.last }

    /// Whether the innermost elements are `suffix`, in order.
    func ends(with suffix: [String]) -> Bool {
        names.count >= suffix.count && Array(names.suffix(suffix.count)) == suffix
    }

    /// The local name of `qualified` and its prefix (`""` when it has none).
    static func split(_ qualified: String) -> (prefix: String, local: String) {
        guard let colon = qualified.firstIndex(of: ":") else { return ("", qualified) }
        return (String(qualified[..<colon]), String(qualified[qualified.index(after: colon)...]))
    }

    static func attribute(_ name: String, in attributes: [XMLAttribute]) -> String? {
        attributes.first(where: { $0.name == name })?.value
    }
}
