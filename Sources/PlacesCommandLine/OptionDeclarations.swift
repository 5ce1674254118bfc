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
package protocol ParsableOptions {
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
    /// A fresh value and every declaration in it, in declaration order, groups expanded. The
    /// declarations register themselves as `Self()` creates them (see ``DeclarationCollector``), so
    /// no reflection is needed: `Mirror` and the dynamic casts it takes scan the binary's protocol
    /// conformance tables, which cost every command line about a millisecond at start-up.
    static func declared() -> (value: Self, bindings: [any OptionBinding]) {
        let collector = DeclarationCollector()
        let value = DeclarationCollector.$current.withValue(collector) { Self() }
        return (value, collector.bindings)
    }

    /// The options and flags, in declaration order.
    package static var optionSpecs: [OptionSpec] {
        declared().bindings.compactMap { if case .option(let spec) = $0.declaration { spec } else { nil } }
    }

    /// The positional arguments, in declaration order.
    package static var argumentSpecs: [ArgumentSpec] {
        declared().bindings.compactMap { if case .argument(let spec) = $0.declaration { spec } else { nil } }
    }

    /// The values `parsed` holds for these declarations. The parser has already checked the
    /// command line against the spec (unknown options, counts of positional arguments, choices).
    package static func bind(_ parsed: ParsedArguments) -> Self {
        let (value, bindings) = declared()
        var positionals = parsed.positionals[...]
        for binding in bindings { binding.bind(parsed, positionals: &positionals) }
        return value
    }
}

/// Where property wrappers register as a ``ParsableOptions`` value is created (see
/// ``ParsableOptions/declared()``). Task-local, so tests that build options on several threads at
/// once never see each other's declarations; outside `declared()` registering does nothing.
final class DeclarationCollector: @unchecked Sendable {
    @TaskLocal static var current: DeclarationCollector?
    /// Only the thread that created this collector appends, inside `withValue`.
    var bindings: [any OptionBinding] = []

    static func register(_ binding: any OptionBinding) {
        current?.bindings.append(binding)
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
package struct Flag: OptionBinding {
    let spec: OptionSpec
    let storage = ParsedValue(false)

    /// Declares a flag with its spellings, long first.
    package init(_ names: String..., help: String) {
        spec = OptionSpec(names: names, valueName: nil, help: help, repeatable: false, choices: [])
        DeclarationCollector.register(self)
    }

    /// Whether the flag was given.
    package var wrappedValue: Bool { storage.value }

    var declaration: OptionDeclaration { .option(spec) }

    func bind(_ parsed: ParsedArguments, positionals: inout ArraySlice<String>) {
        storage.value = parsed.flags.contains(spec.key)
    }
}

/// An option with a value: `String?` (given once, `nil` when absent) or `[String]` (repeatable,
/// every value in the order given).
@propertyWrapper
package struct Option<Value>: OptionBinding {
    let spec: OptionSpec
    let storage: ParsedValue<Value>
    let read: ([String]) -> Value

    /// The value given, `nil` when the option was not given.
    package init(_ names: String..., value: String, help: String, choices: [String] = []) where Value == String? {
        spec = OptionSpec(names: names, valueName: value, help: help, repeatable: false, choices: choices)
        storage = ParsedValue(nil)
        read = { $0.last }
        DeclarationCollector.register(self)
    }

    /// Every value given, for an option that may be repeated (`--tag a --tag b`).
    package init(_ names: String..., value: String, help: String, choices: [String] = []) where Value == [String] {
        spec = OptionSpec(names: names, valueName: value, help: help, repeatable: true, choices: choices)
        storage = ParsedValue([])
        read = { $0 }
        DeclarationCollector.register(self)
    }

    package var wrappedValue: Value { storage.value }

    var declaration: OptionDeclaration { .option(spec) }

    func bind(_ parsed: ParsedArguments, positionals: inout ArraySlice<String>) {
        storage.value = read(parsed.all(spec.key))
    }
}

/// A positional argument: `String` (required), `String?` (optional) or `[String]` (the rest of
/// the words; at least one unless `optional`).
@propertyWrapper
package struct Argument<Value>: OptionBinding {
    let spec: ArgumentSpec
    let storage: ParsedValue<Value>
    let take: (inout ArraySlice<String>) -> Value

    /// A required argument.
    package init(_ name: String, help: String, choices: [String] = []) where Value == String {
        spec = ArgumentSpec(name, help: help, choices: choices)
        storage = ParsedValue("")
        take = { $0.popFirst() ?? "" }
        DeclarationCollector.register(self)
    }

    /// An argument that may be left out.
    package init(_ name: String, help: String, choices: [String] = []) where Value == String? {
        spec = ArgumentSpec(name, help: help, optional: true, choices: choices)
        storage = ParsedValue(nil)
        take = { $0.popFirst() }
        DeclarationCollector.register(self)
    }

    /// The remaining words; at least one is required unless `optional` is true.
    package init(_ name: String, help: String, optional: Bool = false) where Value == [String] {
        spec = ArgumentSpec(name, help: help, optional: optional, variadic: true)
        storage = ParsedValue([])
        take = { words in
            defer { words = words[words.endIndex...] }
            return Array(words)
        }
        DeclarationCollector.register(self)
    }

    package var wrappedValue: Value { storage.value }

    var declaration: OptionDeclaration { .argument(spec) }

    func bind(_ parsed: ParsedArguments, positionals: inout ArraySlice<String>) {
        storage.value = take(&positionals)
    }
}

/// The options every command takes.
package struct CommonOptions: ParsableOptions {
    @Option("--store", value: "path", help: "The journal file (default: $PLACES_STORE, else $XDG_DATA_HOME/places/places.json, else ~/.local/share/places/places.json).")
    package var store: String?
    @Option("--wait", value: "seconds", help: "How long to wait for another places that is changing the journal (default 10).")
    package var wait: String?
    @Flag("--no-color", help: "Never colour the output (also: the NO_COLOR environment variable).")
    package var noColor: Bool
    @Flag("--help", "-h", help: "Show help information.")
    package var help: Bool

    package init() {}
}

extension CommandSpec {
    /// A spec whose arguments and options are the declarations of `options`.
    package init<Options: ParsableOptions>(name: String, abstract: String, usage: String? = nil, discussion: String = "",
                                          options: Options.Type) {
        self.init(name: name, abstract: abstract, usage: usage, discussion: discussion,
                  arguments: Options.argumentSpecs, options: Options.optionSpecs)
    }
}
