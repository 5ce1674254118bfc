import PlacesCommandLine
import PlacesKit
#if canImport(Glibc)
import Glibc
#endif

/// The entry point: picks the subcommand, parses its arguments, runs it, and turns errors into
/// `places: error: …` lines and exit codes.
enum PlacesCLI {
    static let version = "0.1.0"

    /// Runs a command line and returns the exit status, after every byte of output was written.
    static func run(_ words: [String], environment: [String: String]) -> Int32 {
        let status = dispatch(words, environment: environment)
        Console.flushOutput()
        if let failure = Console.outputFailure {
            return fail("cannot write to standard output: \(failure)", code: .ioError)
        }
        return status
    }

    static func dispatch(_ words: [String], environment: [String: String]) -> Int32 {
        guard let first = words.first else {
            Console.say(overview())
            return ExitCode.success.rawValue
        }
        if first == "--version" || first == "-V" {
            Console.say(version)
            return ExitCode.success.rawValue
        }
        if first == DynamicCompletion.name {
            return DynamicCompletion.run(Array(words.dropFirst()), environment: environment)
        }
        if first == "--help" || first == "-h" {
            Console.say(overview())
            return ExitCode.success.rawValue
        }
        guard let command = allCommands.first(where: { $0.name == first }) else {
            var message = first.hasPrefix("-") ? "unknown option \(first)" : "unknown command \"\(first)\""
            if let near = Suggestion.nearest(to: first, among: allCommands.map(\.name)) {
                message += "\nhint: did you mean `\(near)`?"
            } else {
                message += "\nhint: `places --help` lists the commands"
            }
            return fail(message, code: .usage)
        }
        var context: CommandContext?
        do {
            let arguments = try ArgumentParser.parse(Array(words.dropFirst()), for: command.spec)
            let common = CommonOptions.bind(arguments)
            if common.help {
                Console.output(Array(HelpFormatter.help(for: command.spec).utf8))
                return ExitCode.success.rawValue
            }
            context = CommandContext(environment: environment, common: common)
            try command.run(arguments, context!)
            // The country and region answers this run found, kept for the next (never an error).
            context?.placeAreas?.saveMemo()
            return ExitCode.success.rawValue
        } catch let error as UsageError {
            return fail(error.description, code: .usage)
        } catch let error as LocationValidationError {
            return fail(error.description, code: .usage)
        } catch let error as CommandFailure {
            return fail(error.message, code: error.code)
        } catch let error as OutputFileError {
            switch error {
            case .refused, .cannotCreate: return fail(error.description, code: .cannotCreate)
            case .failed: return fail(error.description, code: .ioError)
            }
        } catch let error as JournalError {
            switch error {
            // The library's sentence, with the options that help on this command line.
            case .lockTimeout: return fail(error.description + ", or pass --wait SECONDS to wait longer", code: .failure)
            case .noHome: return fail(error.description + ", or pass --store PATH", code: .failure)
            default: return fail(error.description, code: error.isReadFailure ? .dataError : .failure)
            }
        } catch let error as ImportError {
            return fail(error.description, code: .dataError)
        } catch let error as GazetteerError {
            let failure = GazetteerAccess.failure(error)
            return fail(failure.message, code: failure.code)
        } catch let error as PlaceLookupError {
            // Candidates are told apart by their towns; the gazetteer is opened only for this message.
            let gazetteer = context.flatMap { try? GazetteerAccess.gazetteer($0) }
            return fail(TypedPlace.words(for: error, whereIs: gazetteer.map { gazetteer in
                { place in gazetteer.nearest(latitude: place.latitude, longitude: place.longitude).first?.entry.context }
            }), code: .failure)
        } catch {
            return fail("\(error)", code: .failure)
        }
    }

    static func fail(_ message: String, code: ExitCode) -> Int32 {
        Console.error("places: error: \(message)")
        return code.rawValue
    }

    static func overview() -> String {
        var lines = [
            "OVERVIEW: A personal places journal: pin places you have been or want to go, find them again, take them anywhere.",
            "",
            "USAGE: places <subcommand> [options]",
            "",
            "OPTIONS:",
            "  --version               Show the version.",
            "  -h, --help              Show help information.",
            "",
            "SUBCOMMANDS:",
        ]
        for command in allCommands {
            lines.append("  " + TerminalText.pad(command.spec.name, toWidth: 22) + command.spec.abstract)
        }
        lines += ["", "  See 'places help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n")
    }

    static func currentEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }
}

/// `places help [SUBCOMMAND]`.
enum HelpCommand: PlacesCommand {
    static let name = "help"
    static let spec = CommandSpec(
        name: name, abstract: "Show help for a subcommand, or the whole manual page.",
        discussion: """
        EXAMPLES:
          places help list
          places help git              how to let git merge the journal
          places help --man > places.1 && man -l places.1
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("subcommand", help: "The subcommand to explain.") var subcommand: String?
        @Flag("--man", help: "Print the manual page, in roff, for man(1).") var man: Bool
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        if options.man {
            guard options.subcommand == nil else { throw UsageError("--man prints the whole manual; drop the subcommand") }
            context.write(ManualPage.page.roff())
            return
        }
        guard let name = options.subcommand else {
            context.say(PlacesCLI.overview())
            return
        }
        if name == "git" {
            context.say(GitSetup.text)
            return
        }
        guard let command = allCommands.first(where: { $0.name == name }) else {
            throw UsageError("unknown command \"\(name)\"",
                             hint: Suggestion.nearest(to: name, among: allCommands.map(\.name)).map { "did you mean `\($0)`?" })
        }
        Console.output(Array(HelpFormatter.help(for: command.spec).utf8))
    }
}
