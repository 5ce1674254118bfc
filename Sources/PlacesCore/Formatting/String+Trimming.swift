extension String {
    /// The string without leading and trailing white space and line breaks (Unicode `White_Space`).
    /// FoundationEssentials has no `trimmingCharacters(in:)`, so the journal uses this everywhere.
    public var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}
