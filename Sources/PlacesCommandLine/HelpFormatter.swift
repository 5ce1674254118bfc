import PlacesCore

/// Help text in swift-argument-parser's layout: OVERVIEW, USAGE, ARGUMENTS, OPTIONS.
package enum HelpFormatter {
    /// The full `--help` text of one command.
    package static func help(for spec: CommandSpec) -> String {
        var lines = ["OVERVIEW: \(spec.abstract)", "", "USAGE: places \(spec.name) \(usage(for: spec))"]
        if !spec.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for argument in spec.arguments {
                lines.append(row("<\(argument.name)>" + (argument.variadic ? " ..." : ""), argument.help))
            }
        }
        lines += ["", "OPTIONS:"]
        for option in spec.allOptions {
            var left = option.names.sorted { $0.count < $1.count }.joined(separator: ", ")
            if let value = option.valueName { left += " <\(value)>" }
            var help = option.help
            if !option.choices.isEmpty && !help.contains(option.choices[0]) {
                help += " (\(option.choices.joined(separator: "|")))"
            }
            lines.append(row(left, help))
        }
        if !spec.discussion.isEmpty { lines += ["", spec.discussion.trimmed] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The usage line after `places NAME`.
    package static func usage(for spec: CommandSpec) -> String {
        if let usage = spec.usage { return usage }
        var parts: [String] = []
        for argument in spec.arguments {
            var text = "<\(argument.name)>"
            if argument.variadic { text += " ..." }
            parts.append(argument.optional ? "[\(text)]" : text)
        }
        for option in spec.options {
            var text = option.key
            if let value = option.valueName { text += " <\(value)>" }
            if option.repeatable { text += " ..." }
            parts.append("[\(text)]")
        }
        return parts.joined(separator: " ")
    }

    /// A two-column row: the left part padded to 24 columns, the help wrapped to 80 columns.
    static func row(_ left: String, _ help: String) -> String {
        let indent = String(repeating: " ", count: 26)
        let first = "  " + left
        var lines: [String] = []
        var current = first.count < 26 ? first + String(repeating: " ", count: 26 - first.count) : first + "\n" + indent
        var lineLength = current.split(separator: "\n", omittingEmptySubsequences: false).last!.count
        for word in help.split(separator: " ") {
            if lineLength + word.count > 80 && lineLength > 26 {
                lines.append(current)
                current = indent
                lineLength = 26
            }
            if lineLength > 26 { current += " "; lineLength += 1 }
            current += word
            lineLength += word.count
        }
        lines.append(current)
        return lines.joined(separator: "\n")
    }
}
