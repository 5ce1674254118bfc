import PlacesCore

/// A manual page in roff (`man 7 man`), built from the same specs as `--help`, so the two never
/// disagree.
package struct ManPage: Sendable {
    /// The program's name (`places`).
    package var program: String
    /// The version shown in the page's footer.
    package var version: String
    /// One line for NAME.
    package var summary: String
    /// Paragraphs for DESCRIPTION.
    package var description: [String]
    /// Every subcommand, in the order they are documented.
    package var commands: [CommandSpec]
    /// FILES, ENVIRONMENT, EXIT STATUS and the like: a title and its (term, definition) pairs.
    package var sections: [(title: String, items: [(term: String, text: String)])]
    /// Lines for EXAMPLES, shown as typed.
    package var examples: [String]

    /// Creates a page; nothing is rendered until ``roff()``.
    package init(program: String, version: String, summary: String, description: [String],
                commands: [CommandSpec], sections: [(title: String, items: [(term: String, text: String)])],
                examples: [String]) {
        self.program = program
        self.version = version
        self.summary = summary
        self.description = description
        self.commands = commands
        self.sections = sections
        self.examples = examples
    }

    /// The page as roff source for `man -l`. No date is written, so the output depends only on
    /// the program and can be compared with a committed copy.
    package func roff() -> String {
        var out = [
            ".TH \(program.uppercased()) 1 \"\" \"\(program) \(version)\" \"User Commands\"",
            // Options and usage lines must not be hyphenated (`--for-mat` cannot be typed back), and
            // lines are not justified, so long paths leave ragged lines rather than stretched ones.
            ".nh",
            ".ad l",
            ".SH NAME",
            "\(program) \\- \(Self.escape(summary))",
            ".SH SYNOPSIS",
            ".B \(program)",
            ".I subcommand",
            "[\\fIoptions\\fR]",
            ".br",
            ".B \(program)",
            "\\fB\\-\\-help\\fR | \\fB\\-\\-version\\fR",
            ".SH DESCRIPTION",
        ]
        for paragraph in description { out += [".PP", Self.escape(paragraph)] }
        out.append(".SH COMMANDS")
        for command in commands {
            out += [".SS \"\(program) \(command.name)\"",
                    "\\fB\(program) \(command.name)\\fR \(Self.escape(HelpFormatter.usage(for: command)))",
                    ".PP", Self.escape(command.abstract)]
            for argument in command.arguments {
                out += [".TP", "\\fI\(Self.escape(argument.name))\\fR" + (argument.variadic ? " ..." : ""),
                        Self.escape(argument.help)]
            }
            for option in command.options { out += Self.item(option) }
            if !command.discussion.isEmpty {
                out += [".PP", ".nf", ".RS 4"]
                out += command.discussion.trimmed.split(separator: "\n", omittingEmptySubsequences: false)
                    .map { Self.escapeLine(String($0)) }
                out += [".RE", ".fi"]
            }
        }
        out += [".SH OPTIONS", "Every subcommand takes these options:"]
        for option in CommandSpec.commonOptions { out += Self.item(option) }
        for section in sections {
            out.append(".SH \(section.title.uppercased())")
            for (term, text) in section.items { out += [".TP", "\\fB\(Self.escape(term))\\fR", Self.escape(text)] }
        }
        if !examples.isEmpty {
            out += [".SH EXAMPLES", ".nf", ".RS 4"]
            out += examples.map(Self.escapeLine)
            out += [".RE", ".fi"]
        }
        return out.joined(separator: "\n") + "\n"
    }

    static func item(_ option: OptionSpec) -> [String] {
        var term = option.names.sorted { $0.count > $1.count }.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ")
        if let value = option.valueName { term += " \\fI\(escape(value))\\fR" }
        var help = option.help
        if !option.choices.isEmpty && !help.contains(option.choices[0]) {
            help += " (\(option.choices.joined(separator: "|")))"
        }
        if option.repeatable && !help.lowercased().contains("repeat") { help += " May be repeated." }
        return [".TP", term, escape(help)]
    }

    /// Text in a roff line: backslashes and hyphens escaped (so `--store` is not hyphenated or
    /// turned into dashes); a leading `.` or `'` would start a request, so it is guarded.
    /// Characters beyond ASCII (`°`, `′`, `Лондон`) become `\[uXXXX]`, which every groff reads
    /// whatever the locale, instead of bytes it may reject.
    static func escape(_ text: String) -> String {
        var result = text.replacing("\\", with: "\\e").replacing("-", with: "\\-")
        if !result.utf8.allSatisfy({ $0 < 0x80 }) {
            var ascii = ""
            for scalar in result.unicodeScalars {
                if scalar.isASCII {
                    ascii.unicodeScalars.append(scalar)
                } else {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    ascii += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                }
            }
            result = ascii
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result.replacing("\n.", with: "\n\\&.").replacing("\n'", with: "\n\\&'")
    }

    /// One line of a preformatted block; an empty line becomes `.sp`, since a blank input line is
    /// something man-page linters warn about.
    static func escapeLine(_ line: String) -> String {
        line.trimmed.isEmpty ? ".sp" : escape(line)
    }
}
