/// An option a command accepts: a flag (`--visited`) or an option with a value (`--lat LAT`).
public struct OptionSpec: Sendable {
    /// Every spelling, long first: `["--output", "-o"]`.
    public var names: [String]
    /// The value's placeholder (`lat`); `nil` for a flag.
    public var valueName: String?
    /// One line of help.
    public var help: String
    /// Whether the option may be given more than once (`--tag a --tag b`).
    public var repeatable: Bool
    /// Values offered by completion and checked by the parser, when the set is closed (`--format`).
    public var choices: [String]

    /// A flag: present or absent.
    public static func flag(_ names: String..., help: String) -> OptionSpec {
        OptionSpec(names: names, valueName: nil, help: help, repeatable: false, choices: [])
    }

    /// An option that takes a value.
    public static func option(_ names: String..., value: String, help: String, repeatable: Bool = false,
                              choices: [String] = []) -> OptionSpec {
        OptionSpec(names: names, valueName: value, help: help, repeatable: repeatable, choices: choices)
    }

    /// The canonical name, used to look the option up after parsing.
    public var key: String { names[0] }
}

/// A positional argument.
public struct ArgumentSpec: Sendable {
    public var name: String
    public var help: String
    public var optional: Bool
    public var variadic: Bool
    /// Values offered by shell completion when the set is closed (`info`, `import`, `reset`).
    public var choices: [String]

    public init(_ name: String, help: String, optional: Bool = false, variadic: Bool = false, choices: [String] = []) {
        self.name = name
        self.help = help
        self.optional = optional
        self.variadic = variadic
        self.choices = choices
    }
}

/// What a subcommand accepts, and the text of its `--help`.
public struct CommandSpec: Sendable {
    public var name: String
    /// One sentence, shown in `places --help` and at the top of the command's help.
    public var abstract: String
    /// The usage line after `places NAME`, when the generated one would not say enough
    /// (alternatives such as `(--lat LAT --lon LON | --at LAT,LON)`).
    public var usage: String?
    /// Paragraphs shown after the options: examples, notes.
    public var discussion: String
    public var arguments: [ArgumentSpec]
    public var options: [OptionSpec]

    public init(name: String, abstract: String, usage: String? = nil, discussion: String = "",
                arguments: [ArgumentSpec] = [], options: [OptionSpec] = []) {
        self.name = name
        self.abstract = abstract
        self.usage = usage
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
    }

    /// Options every command takes.
    public static let commonOptions: [OptionSpec] = CommonOptions.optionSpecs

    /// This command's options followed by the common ones.
    public var allOptions: [OptionSpec] { options + Self.commonOptions }
}
