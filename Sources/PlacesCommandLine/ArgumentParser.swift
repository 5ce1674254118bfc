import PlacesCore

/// A usage mistake: an unknown option, a missing or malformed value. Exit code 64 (`EX_USAGE`).
package struct UsageError: ExplainedError, Equatable, Sendable {
    package var message: String
    /// What to do instead, when there is something to suggest.
    package var hint: String?

    package init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }
}

/// The arguments of one command line, sorted by the command's ``CommandSpec``.
///
/// Kept in arrays of strings rather than a dictionary and a set: a command line holds a handful of
/// options, and the first `[String: [String]]` or `Set<String>` a process makes costs it the
/// run-time metadata of their storage (about 35 k instructions), more than all the lookups.
package struct ParsedArguments: Sendable {
    /// Positional arguments in order.
    package var positionals: [String] = []
    /// The canonical names (``OptionSpec/key``) of the options given, one per value, in order.
    private var valueKeys: [String] = []
    /// The values, `valueWords[i]` given for `valueKeys[i]`.
    private var valueWords: [String] = []
    /// Flags that were given, by canonical name, each once.
    private var flags: [String] = []

    package init() {}

    /// The last value given for an option.
    package func value(_ key: String) -> String? {
        valueKeys.lastIndex(of: key).map { valueWords[$0] }
    }
    /// Every value given for a repeatable option, in the order given.
    package func all(_ key: String) -> [String] {
        var words: [String] = []
        for index in valueKeys.indices where valueKeys[index] == key { words.append(valueWords[index]) }
        return words
    }
    /// Whether a flag was given.
    package func flag(_ key: String) -> Bool { flags.contains(key) }

    /// Records `value` for the option `key`.
    mutating func add(_ value: String, for key: String) {
        valueKeys.append(key)
        valueWords.append(value)
    }

    /// Records that the flag `key` was given.
    mutating func addFlag(_ key: String) {
        if !flags.contains(key) { flags.append(key) }
    }
}

/// Parses command lines the way swift-argument-parser does, with one difference people need for
/// coordinates: the word after an option that takes a value is always its value, even when it
/// starts with `-` (`--lon -0.141`). A word that looks like a negative number (`-33.8,151.2`) is
/// a positional argument, not an option.
package enum ArgumentParser {
    /// Sorts `arguments` (the words after the subcommand) by `spec`.
    /// - Throws: ``UsageError`` for unknown options, missing values, values outside an option's
    ///   choices, too many or too few positional arguments.
    package static func parse(_ arguments: [String], for spec: CommandSpec) throws -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        // The flag each positional argument came right after, if any: `--visited 2019-05-03` is a date
        // given to a flag that takes none, and the error says so rather than "too many arguments".
        var flagBefore: [Int: String] = [:]
        var lastFlag: String?
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            let flagJustBefore = lastFlag
            lastFlag = nil
            if onlyPositionals || !looksLikeOption(word) {
                if let flagJustBefore { flagBefore[parsed.positionals.count] = flagJustBefore }
                parsed.positionals.append(word)
                continue
            }
            if word == "--" { onlyPositionals = true; continue }
            var name = word
            var attached: String?
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                attached = String(word[word.index(after: equals)...])
            }
            guard let option = spec.option(named: name) else {
                throw unknownOption(name, in: spec)
            }
            guard let valueName = option.valueName else {
                if attached != nil { throw UsageError("the flag \(name) takes no value") }
                parsed.addFlag(option.key)
                lastFlag = word
                continue
            }
            let value: String
            if let attached {
                value = attached
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError("missing value for \(name) <\(valueName)>",
                                 hint: "see `places \(spec.name) --help`")
            }
            if !option.choices.isEmpty && !option.choices.contains(value) {
                throw UsageError("\(name) \"\(value)\" is not one of: \(option.choices.joined(separator: ", "))")
            }
            if !option.repeatable, parsed.value(option.key) != nil {
                throw UsageError("\(name) was given more than once", hint: "give it once")
            }
            parsed.add(value, for: option.key)
        }
        if parsed.flag("--help") { return parsed }
        try checkPositionals(parsed.positionals, spec: spec, flagBefore: flagBefore)
        return parsed
    }

    /// `-x`, `--name`, but not `-` alone, nor a negative number such as `-0.141` or `-33.8,151.2`.
    static func looksLikeOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1 else { return false }
        let second = word[word.index(after: word.startIndex)]
        return !(second.isNumber || second == ".")
    }

    private static func checkPositionals(_ positionals: [String], spec: CommandSpec, flagBefore: [Int: String]) throws {
        let required = spec.arguments.filter { !$0.optional }.count
        let variadic = spec.arguments.contains { $0.variadic }
        if positionals.count < required {
            let missing = spec.arguments.filter { !$0.optional }[positionals.count]
            throw UsageError("missing <\(missing.name)>", hint: "see `places \(spec.name) --help`")
        }
        if !variadic && positionals.count > spec.arguments.count {
            // The first word no argument takes; one that came right after a flag was most likely meant as its value.
            let extraIndex = (spec.arguments.count..<positionals.count).first { flagBefore[$0] != nil } ?? spec.arguments.count
            let extra = positionals[extraIndex]
            if let flag = flagBefore[extraIndex] {
                throw UsageError("unexpected argument \"\(extra)\": the flag \(flag) takes no value",
                                 hint: "see `places \(spec.name) --help` for the options that take one")
            }
            throw UsageError("unexpected argument \"\(extra)\"",
                             hint: spec.arguments.isEmpty ? "`places \(spec.name)` takes no arguments"
                                : "quote a value that contains spaces, e.g. \"New York\"")
        }
    }

    private static func unknownOption(_ name: String, in spec: CommandSpec) -> UsageError {
        let names = spec.allOptions.flatMap(\.names)
        if let near = Suggestion.nearest(to: name, among: names) {
            return UsageError("unknown option \(name)", hint: "did you mean \(near)?")
        }
        return UsageError("unknown option \(name)", hint: "see `places \(spec.name) --help`")
    }
}

/// "Did you mean …?" for mistyped commands and options.
package enum Suggestion {
    /// The candidate closest to `word` by edit distance, if it is close enough to be a likely typo
    /// (at most a third of the word's length, and at least one edit allowed).
    package static func nearest(to word: String, among candidates: [String]) -> String? {
        let limit = max(1, word.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = editDistance(word, candidate)
            if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// Edit distance counting a swap of two neighbours as one edit (optimal string alignment),
    /// since `lsit` for `list` is the commonest typo of all: the gazetteer's ``EditDistance``, over
    /// UTF-8 bytes (command and option names are ASCII).
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let first = Array(a.utf8), second = Array(b.utf8)
        var distance = EditDistance()
        return second.withUnsafeBufferPointer { distance.distance(first, $0, limit: max(first.count, second.count)) }
            ?? max(first.count, second.count)
    }
}
