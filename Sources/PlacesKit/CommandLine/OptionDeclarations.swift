/// A command's options and positional arguments, declared as typed stored properties the way
/// swift-argument-parser's `@Option`/`@Flag`/`@Argument` do:
///
/// ```swift
/// struct Options: ParsableOptions {
///     @Argument("id", help: "The place's id.") var id: String
///     @Option("--tag", "-t", value: "tag", help: "A tag; repeat for several.") var tags: [String]
///     @Flag("--json", help: "Print JSON.") var json: Bool
///     var coordinates = CoordinateOptions()   // a group declared once, used by several commands
/// }
/// ```
///
/// The declarations are the command's spec (help, man page, completions: ``optionSpecs``,
/// ``argumentSpecs``) and the parsed values at once, so a command reads `options.json`, never a
/// string key: a misspelt option does not compile. Properties that are themselves
/// `ParsableOptions` are groups, read in declaration order like the rest.
public protocol ParsableOptions {
    /// The declarations with no values yet.
    init()
}

/// One declaration inside a ``ParsableOptions`` value: an option, a flag or a positional argument.
protocol OptionBinding {
    var declaration: OptionDeclaration { get }
    /// Takes this declaration's value from `parsed`; positional arguments consume `positionals`.
    func bind(_ parsed: ParsedArguments, positionals: inout ArraySlice<String>)
}

/// What a binding declares.
enum OptionDeclaration {
    case option(OptionSpec)
    case argument(ArgumentSpec)
}

extension ParsableOptions {
    /// Every declaration in declaration order, groups expanded.
    static func bindings(of value: Self) -> [any OptionBinding] {
        func walk(_ subject: Any, into result: inout [any OptionBinding]) {
            for child in Mirror(reflecting: subject).children {
                if let binding = child.value as? any OptionBinding {
                    result.append(binding)
                } else if child.value is any ParsableOptions {
                    walk(child.value, into: &result)
                }
            }
        }
        var result: [any OptionBinding] = []
        walk(value, into: &result)
        return result
    }

    /// The options and flags, in declaration order.
    public static var optionSpecs: [OptionSpec] {
        bindings(of: Self()).compactMap { if case .option(let spec) = $0.declaration { spec } else { nil } }
    }

    /// The positional arguments, in declaration order.
    public static var argumentSpecs: [ArgumentSpec] {
        bindings(of: Self()).compactMap { if case .argument(let spec) = $0.declaration { spec } else { nil } }
    }

    /// The values `parsed` holds for these declarations. The parser has already checked the
    /// command line against the spec (unknown options, counts of positional arguments, choices).
    public static func bind(_ parsed: ParsedArguments) -> Self {
        let value = Self()
        var positionals = parsed.positionals[...]
        for binding in bindings(of: value) { binding.bind(parsed, positionals: &positionals) }
        return value
    }
}

/// The parsed value behind a declaration. A reference, so the value filled in after parsing is the
/// one the command's copy of the options reads.
final class ParsedValue<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// A flag: `true` when given (`--visited`).
@propertyWrapper
public struct Flag: OptionBinding {
    let spec: OptionSpec
    let storage = ParsedValue(false)

    /// Declares a flag with its spellings, long first.
    public init(_ names: String..., help: String) {
        spec = OptionSpec(names: names, valueName: nil, help: help, repeatable: false, choices: [])
    }

    /// Whether the flag was given.
    public var wrappedValue: Bool { storage.value }

    var declaration: OptionDeclaration { .option(spec) }

    func bind(_ parsed: ParsedArguments, positionals: inout ArraySlice<String>) {
        storage.value = parsed.flags.contains(spec.key)
    }
}

/// An option with a value: `String?` (given once, `nil` when absent) or `[String]` (repeatable,
/// every value in the order given).
@propertyWrapper
public struct Option<Value>: OptionBinding {
    let spec: OptionSpec
    let storage: ParsedValue<Value>
    let read: ([String]) -> Value

    /// The value given, `nil` when the option was not given.
    public init(_ names: String..., value: String, help: String, choices: [String] = []) where Value == String? {
        spec = OptionSpec(names: names, valueName: value, help: help, repeatable: false, choices: choices)
        storage = ParsedValue(nil)
        read = { $0.last }
    }

    /// Every value given, for an option that may be repeated (`--tag a --tag b`).
    public init(_ names: String..., value: String, help: String, choices: [String] = []) where Value == [String] {
        spec = OptionSpec(names: names, valueName: value, help: help, repeatable: true, choices: choices)
        storage = ParsedValue([])
        read = { $0 }
    }

    public var wrappedValue: Value { storage.value }

    var declaration: OptionDeclaration { .option(spec) }

    func bind(_ parsed: ParsedArguments, positionals: inout ArraySlice<String>) {
        storage.value = read(parsed.all(spec.key))
    }
}

/// A positional argument: `String` (required), `String?` (optional) or `[String]` (the rest of
/// the words; at least one unless `optional`).
@propertyWrapper
public struct Argument<Value>: OptionBinding {
    let spec: ArgumentSpec
    let storage: ParsedValue<Value>
    let take: (inout ArraySlice<String>) -> Value

    /// A required argument.
    public init(_ name: String, help: String, choices: [String] = []) where Value == String {
        spec = ArgumentSpec(name, help: help, choices: choices)
        storage = ParsedValue("")
        take = { $0.popFirst() ?? "" }
    }

    /// An argument that may be left out.
    public init(_ name: String, help: String, choices: [String] = []) where Value == String? {
        spec = ArgumentSpec(name, help: help, optional: true, choices: choices)
        storage = ParsedValue(nil)
        take = { $0.popFirst() }
    }

    /// The remaining words; at least one is required unless `optional` is true.
    public init(_ name: String, help: String, optional: Bool = false) where Value == [String] {
        spec = ArgumentSpec(name, help: help, optional: optional, variadic: true)
        storage = ParsedValue([])
        take = { words in
            defer { words = words[words.endIndex...] }
            return Array(words)
        }
    }

    public var wrappedValue: Value { storage.value }

    var declaration: OptionDeclaration { .argument(spec) }

    func bind(_ parsed: ParsedArguments, positionals: inout ArraySlice<String>) {
        storage.value = take(&positionals)
    }
}

/// The options every command takes.
public struct CommonOptions: ParsableOptions {
    @Option("--store", value: "path", help: "The journal file (default: $PLACES_STORE, else $XDG_DATA_HOME/places/places.json, else ~/.local/share/places/places.json).")
    public var store: String?
    @Option("--wait", value: "seconds", help: "How long to wait for another places that is changing the journal (default 10).")
    public var wait: String?
    @Flag("--no-color", help: "Never colour the output (also: the NO_COLOR environment variable).")
    public var noColor: Bool
    @Flag("--help", "-h", help: "Show help information.")
    public var help: Bool

    public init() {}
}

extension CommandSpec {
    /// A spec whose arguments and options are the declarations of `options`.
    public init<Options: ParsableOptions>(name: String, abstract: String, usage: String? = nil, discussion: String = "",
                                          options: Options.Type) {
        self.init(name: name, abstract: abstract, usage: usage, discussion: discussion,
                  arguments: Options.argumentSpecs, options: Options.optionSpecs)
    }
}
