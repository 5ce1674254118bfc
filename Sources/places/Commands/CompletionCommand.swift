import PlacesCommandLine
import PlacesKit

/// `places completion bash|zsh|fish`
enum CompletionCommand: PlacesCommand {
    static let name = "completion"
    static let spec = CommandSpec(
        name: name, abstract: "Print a shell completion script (bash, zsh or fish).",
        usage: "(bash | zsh | fish)",
        discussion: """
        The script completes subcommands, options, the values of --format and --sort, and the ids
        (with their names, in zsh and fish), names and tags of the places in your journal. A name with
        spaces is completed quoted, as the shell needs it.

        INSTALLATION:
          bash:  places completion bash > ~/.local/share/bash-completion/completions/places
                 (read by the bash-completion package; without it, add
                 `source <(places completion bash)` to ~/.bashrc)
          zsh:   places completion zsh > ~/.zfunc/_places
                 (with `fpath+=~/.zfunc` before `compinit` in ~/.zshrc)
          fish:  places completion fish > ~/.config/fish/completions/places.fish
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("shell", help: "bash, zsh or fish.", choices: CompletionScript.shells) var shell: String
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let shell = options.shell
        guard let script = CompletionScript.script(for: shell, commands: allCommands.map(\.spec)) else {
            throw UsageError("no completion for the shell \"\(shell)\"",
                             hint: "choose one of: \(CompletionScript.shells.joined(separator: ", "))")
        }
        context.write(script)
    }
}

/// `places __complete ids|tags [--for bash|zsh|fish] [--store PATH]`: the journal's values for the
/// completion scripts (`ids` gives the places' ids and then their names). Hidden from help, and silent: a completion must never print an error into
/// the person's command line, so any failure prints nothing.
enum DynamicCompletion {
    static let name = "__complete"

    static func run(_ words: [String], environment: [String: String]) -> Int32 {
        var kind: String?, shell = "bash", store: String?
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--for" || word == "--store", index < words.count {
                if word == "--for" { shell = words[index] } else { store = words[index] }
                index += 1
            } else if kind == nil {
                kind = word
            }
        }
        guard let path = try? StorePath.resolve(explicit: store, environment: environment),
              let places = try? JournalStore(path: path).load() else { return 0 }
        var lines: [String] = []
        switch kind {
        case "ids":
            // Ids with the names as their descriptions, then the names themselves (any command that
            // takes an id takes a name), each name once, with its id as its description.
            let ids = ids(places)
            var seen = Set<String>()
            let names = zip(ids, places).compactMap { id, place -> (String, String)? in
                let name = oneLine(place.name)
                return seen.insert(name).inserted ? (name, id.0) : nil
            }
            lines = ids.map { id, name in
                let name = oneLine(name)
                switch shell {
                case "zsh": return id + ":" + name
                case "fish": return id + "\t" + name
                default: return id
                }
            } + names.map { name, id in
                switch shell {
                case "zsh": return name.replacing("\\", with: "\\\\").replacing(":", with: "\\:") + ":" + id
                case "fish": return name + "\t" + id
                default: return name
                }
            }
        case "tags":
            var seen = Set<String>()
            for place in places {
                for tag in place.tags where seen.insert(tag).inserted {
                    lines.append(shell == "zsh" ? oneLine(tag).replacing(":", with: "\\:") : oneLine(tag))
                }
            }
            lines.sort()
        default:
            return 0
        }
        if !lines.isEmpty { Console.say(lines.joined(separator: "\n")) }
        return 0
    }

    /// Each place's short id, or its full id when another place shares the first eight digits
    /// (a prefix that matches two places would not be accepted).
    static func ids(_ places: [Location]) -> [(String, String)] {
        var counts: [String: Int] = [:]
        for place in places { counts[place.shortID, default: 0] += 1 }
        return places.map { place in
            (counts[place.shortID]! > 1 ? place.idString : place.shortID, place.name)
        }
    }

    /// Completion menus are shown on the terminal: no control sequence from a name may reach it.
    private static func oneLine(_ text: String) -> String {
        TerminalText.visible(String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 }))
    }
}
