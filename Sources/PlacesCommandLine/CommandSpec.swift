/// An option a command accepts: a flag (`--visited`) or an option with a value (`--lat LAT`).
package struct OptionSpec: Sendable {
    /// Every spelling, long first: `["--output", "-o"]`.
    package var names: [String]
    /// The value's placeholder (`lat`); `nil` for a flag.
    package var valueName: String?
    /// One line of help.
    package var help: String
    /// Whether the option may be given more than once (`--tag a --tag b`).
    package var repeatable: Bool
    /// Values offered by completion and checked by the parser, when the set is closed (`--format`).
    package var choices: [String]

    /// A flag: present or absent.
    package static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: nil, help: help, repeatable: false, choices: [])
    }

    /// An option that takes a value.
    package static func option(_ names: String..., value: String, help: String, repeatable: Bool = false,
                              choices: [String] = []) -> OptionSpec {
        OptionSpec(names: names, valueName: value, help: help, repeatable: repeatable, choices: choices)
    }

    /// The canonical name, used to look the option up after parsing.
    package var key: String { names[0] }
}

/// A positional argument.
package struct ArgumentSpec: Sendable {
    package var name: String
    package var help: String
    package var optional: Bool
    package var variadic: Bool
    /// Values offered by shell completion when the set is closed (`info`, `import`, `reset`).
    package var choices: [String]

    package init(_ name: String, help: String, optional: Bool = false, variadic: Bool = false, choices: [String] = []) {
        self.name = name
        self.help = help
        self.optional = optional
        self.variadic = variadic
        self.choices = choices
    }
}

/// What a subcommand accepts, and the text of its `--help`.
package struct CommandSpec: Sendable {
    package var name: String
    /// One sentence, shown in `places --help` and at the top of the command's help.
    package var abstract: String
    /// The usage line after `places NAME`, when the generated one would not say enough
    /// (alternatives such as `(--lat LAT --lon LON | --at LAT,LON)`).
    package var usage: String?
    /// Paragraphs shown after the options: examples, notes.
    package var discussion: String
    package var arguments: [ArgumentSpec]
    package var options: [OptionSpec]

    package init(name: String, abstract: String, usage: String? = nil, discussion: String = "",
                arguments: [ArgumentSpec] = [], options: [OptionSpec] = []) {
        self.name = name
        self.abstract = abstract
        self.usage = usage
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
    }

    /// Options every command takes.
    package static let commonOptions: [OptionSpec] = CommonOptions.optionSpecs

    /// This command's options followed by the common ones.
    package var allOptions: [OptionSpec] { options + Self.commonOptions }

    /// The option spelt `name` among ``allOptions``, found without building that array: every
    /// command line looks its options up, and a joined array's first copy costs a cold run the
    /// run-time metadata of `[OptionSpec]`.
    package func option(named name: String) -> OptionSpec? {
        for option in options where option.names.contains(name) { return option }
        for option in Self.commonOptions where option.names.contains(name) { return option }
        return nil
    }
}
