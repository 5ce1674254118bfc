#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

/// What a declaration declares.
enum OptionDeclaration {
    case option(OptionSpec)
    case argument(ArgumentSpec)
}

/// One declaration inside a ``ParsableOptions`` value (an option, a flag or a positional argument)
/// and the words parsing gave it. A reference, so the value filled in after parsing is the one the
/// command's copy of the options reads. One concrete class for every kind of declaration, chained
/// in declaration order: a command line then instantiates no generic metadata, boxes no
/// existential and allocates no array to collect its declarations (each of those cost a cold run
/// thousands of instructions the first time a type is met).
final class DeclaredSlot {
    let declaration: OptionDeclaration
    /// An option's values in the order given, or the positional words an argument took.
    var words: [String] = []
    /// Whether a flag was given.
    var given = false
    /// The declaration after this one.
    var next: DeclaredSlot?

    /// Creates the slot and registers it with the value being declared, if any.
    init(_ declaration: OptionDeclaration) {
        self.declaration = declaration
        DeclarationCollector.register(self)
    }

    /// Takes this declaration's value from `parsed`; positional arguments consume `positionals`.
    func bind(_ parsed: ParsedArguments, positionals: inout ArraySlice<String>) {
        switch declaration {
        case .option(let spec):
            if spec.valueName == nil { given = parsed.flag(spec.key) } else { words = parsed.all(spec.key) }
        case .argument(let spec):
            if spec.variadic {
                words = Array(positionals)
                positionals = positionals[positionals.endIndex...]
            } else if let word = positionals.popFirst() {
                words = [word]
            }
        }
    }
}

extension ParsableOptions {
    /// A fresh value and its declarations, in declaration order, groups expanded. The declarations
    /// register themselves as `Self()` creates them (see ``DeclarationCollector``), so no
    /// reflection is needed: `Mirror` and the dynamic casts it takes scan the binary's protocol
    /// conformance tables, which cost every command line about a millisecond at start-up.
    static func declared() -> (value: Self, first: DeclaredSlot?) {
        let collector = DeclarationCollector()
        let value = collector.collect { Self() }
        return (value, collector.first)
    }

    /// The options and flags, then the positional arguments, each in declaration order.
    static var specs: (options: [OptionSpec], arguments: [ArgumentSpec]) {
        var options: [OptionSpec] = [], arguments: [ArgumentSpec] = []
        var slot = declared().first
        while let current = slot {
            switch current.declaration {
            case .option(let spec): options.append(spec)
            case .argument(let spec): arguments.append(spec)
            }
            slot = current.next
        }
        return (options, arguments)
    }

    /// The options and flags, in declaration order.
    package static var optionSpecs: [OptionSpec] { specs.options }

    /// The positional arguments, in declaration order.
    package static var argumentSpecs: [ArgumentSpec] { specs.arguments }

    /// The values `parsed` holds for these declarations. The parser has already checked the
    /// command line against the spec (unknown options, counts of positional arguments, choices).
    package static func bind(_ parsed: ParsedArguments) -> Self {
        let (value, first) = declared()
        var positionals = parsed.positionals[...]
        var slot = first
        while let current = slot {
            current.bind(parsed, positionals: &positionals)
            slot = current.next
        }
        return value
    }
}

/// Where declarations register as a ``ParsableOptions`` value is created (see
/// ``ParsableOptions/declared()``): the collector of the calling thread, kept in a POSIX
/// thread-specific slot. Per thread, so tests that build options on several threads at once never
/// see each other's declarations, and a value created outside `declared()` registers nowhere. Not
/// a `@TaskLocal`: `Self()` is synchronous, so the thread is the scope that matters, and a task
/// local costs a cold run its generic metadata and the concurrency runtime's push and pop.
final class DeclarationCollector {
    private(set) var first: DeclaredSlot?
    private var last: DeclaredSlot?

    /// The thread-specific key, created once per process.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key for option declarations")
        return key
    }()

    /// Runs `make` with this collector as the thread's, restoring the one before (none, unless
    /// an initializer declares another value on its own).
    func collect<Value>(_ make: () -> Value) -> Value {
        let key = Self.key
        let outer = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(self).toOpaque())
        defer { pthread_setspecific(key, outer) }
        return withExtendedLifetime(self) { make() }
    }

    static func register(_ slot: DeclaredSlot) {
        guard let raw = pthread_getspecific(key) else { return }
        let collector = Unmanaged<DeclarationCollector>.fromOpaque(raw).takeUnretainedValue()
        if let last = collector.last { last.next = slot } else { collector.first = slot }
        collector.last = slot
    }
}

/// A flag: `true` when given (`--visited`).
@propertyWrapper
package struct Flag {
    let slot: DeclaredSlot

    /// Declares a flag with its spellings, long first.
    package init(_ names: String..., help: String) {
        slot = DeclaredSlot(.option(OptionSpec(names: names, valueName: nil, help: help, repeatable: false, choices: [])))
    }

    /// Whether the flag was given.
    package var wrappedValue: Bool { slot.given }
}

/// An option with a value: `String?` (given once, `nil` when absent) or `[String]` (repeatable,
/// every value in the order given).
@propertyWrapper
package struct Option<Value> {
    let slot: DeclaredSlot
    let read: (DeclaredSlot) -> Value

    /// The value given, `nil` when the option was not given.
    package init(_ names: String..., value: String, help: String, choices: [String] = []) where Value == String? {
        slot = DeclaredSlot(.option(OptionSpec(names: names, valueName: value, help: help, repeatable: false, choices: choices)))
        read = { $0.words.last }
    }

    /// Every value given, for an option that may be repeated (`--tag a --tag b`).
    package init(_ names: String..., value: String, help: String, choices: [String] = []) where Value == [String] {
        slot = DeclaredSlot(.option(OptionSpec(names: names, valueName: value, help: help, repeatable: true, choices: choices)))
        read = { $0.words }
    }

    package var wrappedValue: Value { read(slot) }
}

/// A positional argument: `String` (required), `String?` (optional) or `[String]` (the rest of
/// the words; at least one unless `optional`).
@propertyWrapper
package struct Argument<Value> {
    let slot: DeclaredSlot
    let read: (DeclaredSlot) -> Value

    /// A required argument.
    package init(_ name: String, help: String, choices: [String] = []) where Value == String {
        slot = DeclaredSlot(.argument(ArgumentSpec(name, help: help, choices: choices)))
        read = { $0.words.first ?? "" }
    }

    /// An argument that may be left out.
    package init(_ name: String, help: String, choices: [String] = []) where Value == String? {
        slot = DeclaredSlot(.argument(ArgumentSpec(name, help: help, optional: true, choices: choices)))
        read = { $0.words.first }
    }

    /// The remaining words; at least one is required unless `optional` is true.
    package init(_ name: String, help: String, optional: Bool = false) where Value == [String] {
        slot = DeclaredSlot(.argument(ArgumentSpec(name, help: help, optional: optional, variadic: true)))
        read = { $0.words }
    }

    package var wrappedValue: Value { read(slot) }
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
        let specs = Options.specs  // one pass over the declarations for both lists
        self.init(name: name, abstract: abstract, usage: usage, discussion: discussion,
                  arguments: specs.arguments, options: specs.options)
    }
}
