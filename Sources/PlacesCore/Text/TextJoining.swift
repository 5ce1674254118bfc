extension Array where Element == String {
    /// The strings with `separator` between them, as `joined(separator:)` gives them. That one is generic
    /// over the collection, and its first call in a run looks up the array's conformances and associated
    /// types at run time (about 0.18 M instructions, more than the rest of a one-point `where` prints):
    /// the commands that answer one question and exit join their few lines through this.
    package func joinedText(separator: String) -> String {
        var text = ""
        var index = startIndex
        while index < endIndex {
            if index != startIndex { text += separator }
            text += self[index]
            index += 1
        }
        return text
    }
}
