/// Words and list items joined into one string, without the standard library's `joined(separator:)`.
///
/// `joined(separator:)` over `[String]` or over a slice of substrings is not specialised into its caller: the
/// first call in a process makes the types it iterates with at run time, and finding their conformances
/// scans every conformance the binary holds (about 0.18 M instructions each time, as much as a cold search's
/// own ranking). These loops are concrete, so they cost only the appends.
package enum TextJoin {
    /// `parts` with `separator` between each two, as `parts.joined(separator: separator)`.
    package static func joined(_ parts: [String], separator: String) -> String {
        var text = ""
        for index in parts.indices {
            if index > parts.startIndex { text += separator }
            text += parts[index]
        }
        return text
    }

    /// `parts` with `separator` between each two, as `parts.joined(separator: separator)`.
    package static func joined(_ parts: ArraySlice<Substring>, separator: String) -> String {
        var text = ""
        for index in parts.indices {
            if index > parts.startIndex { text += separator }
            text += String(parts[index])
        }
        return text
    }
}
