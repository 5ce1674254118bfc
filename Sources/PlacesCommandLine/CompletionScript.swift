/// Shell completion scripts generated from the commands' specs, so they can never fall behind the
/// options the parser accepts.
///
/// What a value completes to is read from the spec by convention, not declared twice:
/// - an option with ``OptionSpec/choices`` completes to those choices (`--format`, `--sort`);
/// - an option whose value is a `tag` completes to the tags in the journal;
/// - an option whose value is a `path`, `file` or `dir` completes to file names;
/// - a positional argument with ``ArgumentSpec/choices`` completes to those;
/// - a positional argument named `id` completes to the ids and the names of the places in the journal.
///
/// Journal values come from calling the program back: `places __complete ids|tags`, with the
/// line's `--store` passed on, so the script itself never reads the journal.
package enum CompletionScript {
    /// The shells there is a script for, as `places completion` names them.
    package static let shells = ["bash", "zsh", "fish"]

    /// The completion script for `shell` (one of ``shells``).
    /// - Parameters:
    ///   - shell: `bash`, `zsh` or `fish`.
    ///   - commands: every subcommand, in the order they should be offered.
    ///   - program: the command's name (`places`).
    /// - Returns: the script, ending with a line break; `nil` for an unknown shell.
    package static func script(for shell: String, commands: [CommandSpec], program: String = "places") -> String? {
        switch shell {
        case "bash": return bash(commands, program)
        case "zsh": return zsh(commands, program)
        case "fish": return fish(commands, program)
        default: return nil
        }
    }

    /// What completes an option's value or a positional argument.
    enum ValueKind: Equatable {
        case none
        case choices([String])
        case tags
        case ids
        case files
        /// Something the person types (a name, a number): offer nothing rather than file names.
        case free
    }

    static func kind(of option: OptionSpec) -> ValueKind {
        guard let value = option.valueName else { return .none }
        if !option.choices.isEmpty { return .choices(option.choices) }
        switch value {
        case "tag": return .tags
        case "path", "file", "dir", "directory": return .files
        default: return .free
        }
    }

    static func kind(of argument: ArgumentSpec) -> ValueKind {
        if !argument.choices.isEmpty { return .choices(argument.choices) }
        switch argument.name {
        case "id": return .ids
        case "path", "file": return .files
        default: return .free
        }
    }

    // MARK: bash

    static func bash(_ commands: [CommandSpec], _ program: String) -> String {
        let function = "_" + identifier(program)
        var lines = [
            "# bash completion for \(program). Load it with:",
            "#   source <(\(program) completion bash)",
            "# or install it as ~/.local/share/bash-completion/completions/\(program).",
            "",
            "\(function)_journal() {",
            "    # Values from the journal, by calling \(program) back; the line's --store is passed on.",
            "    local kind=$1 i word program=${COMP_WORDS[0]}",
            "    [[ $program == \"~/\"* ]] && program=$HOME/${program#\"~/\"}",
            "    local -a store=()",
            "    for ((i = 1; i < ${#COMP_WORDS[@]}; i++)); do",
            "        case ${COMP_WORDS[i]} in",
            "            --store) store=(--store \"${COMP_WORDS[i+1]}\") ;;",
            "            --store=*) store=(--store \"${COMP_WORDS[i]#--store=}\") ;;",
            "        esac",
            "    done",
            "    local IFS=$'\\n'",
            "    local -a values=($(\"$program\" __complete \"$kind\" \"${store[@]}\" 2>/dev/null))",
            "    # What is typed so far, unquoted: a name with spaces arrives as Buckingham\\ P or \"Buckingham P.",
            "    local typed=${cur//\\\\/}",
            "    [[ $typed == [\\\"\\']* ]] && typed=${typed:1}",
            "    for word in \"${values[@]}\"; do",
            "        [[ $word == \"$typed\"* ]] && COMPREPLY+=(\"$(printf '%q' \"$word\")\")",
            "    done",
            "}",
            "",
            "\(function)() {",
            "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}",
            "    COMPREPLY=()",
            "    if ((COMP_CWORD == 1)); then",
            "        COMPREPLY=($(compgen -W \(quoteBash((commands.map(\.name) + ["--help", "--version"]).joined(separator: " "))) -- \"$cur\"))",
            "        return",
            "    fi",
            "    case ${COMP_WORDS[1]} in",
        ]
        for command in commands {
            lines.append("        \(command.name))")
            var valueCases: [(names: [String], action: String)] = []
            for option in command.allOptions {
                let action: String
                switch kind(of: option) {
                case .none: continue
                case .choices(let choices):
                    action = "COMPREPLY=($(compgen -W \(quoteBash(choices.joined(separator: " "))) -- \"$cur\"))"
                case .tags: action = "\(function)_journal tags"
                case .ids: action = "\(function)_journal ids"
                case .files: action = "COMPREPLY=($(compgen -f -- \"$cur\"))"
                case .free: action = ":"
                }
                valueCases.append((option.names, action))
            }
            lines.append("            case $prev in")
            for entry in valueCases {
                lines.append("                \(entry.names.joined(separator: "|"))) \(entry.action); return ;;")
            }
            lines.append("            esac")
            let names = command.allOptions.flatMap(\.names).joined(separator: " ")
            lines.append("            if [[ $cur == -* ]]; then")
            lines.append("                COMPREPLY=($(compgen -W \(quoteBash(names)) -- \"$cur\"))")
            lines.append("                return")
            lines.append("            fi")
            if command.name == "help" {
                // Its argument is a subcommand: a closed set only known here.
                lines.append("            COMPREPLY=($(compgen -W \(quoteBash(commands.map(\.name).joined(separator: " "))) -- \"$cur\"))")
            } else if let argument = command.arguments.first {
                switch kind(of: argument) {
                case .choices(let choices):
                    lines.append("            COMPREPLY=($(compgen -W \(quoteBash(choices.joined(separator: " "))) -- \"$cur\"))")
                case .ids: lines.append("            \(function)_journal ids")
                case .files: lines.append("            COMPREPLY=($(compgen -f -- \"$cur\"))")
                default: break
                }
            }
            lines.append("            ;;")
        }
        lines += [
            "    esac",
            "}",
            "complete -F \(function) \(program)",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A word for bash, single-quoted.
    static func quoteBash(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    // MARK: zsh

    static func zsh(_ commands: [CommandSpec], _ program: String) -> String {
        let function = "_" + identifier(program)
        var lines = [
            "#compdef \(program)",
            "# zsh completion for \(program). Install it as a file named _\(program) in a folder on $fpath, e.g.",
            "#   \(program) completion zsh > ~/.zfunc/_\(program)   (with fpath+=~/.zfunc before compinit in ~/.zshrc)",
            "# or load it in the current shell with: source <(\(program) completion zsh)",
            "",
            "\(function)_journal() {",
            "    # Values from the journal, by calling \(program) back; the line's --store is passed on.",
            "    local kind=$1 i",
            "    local -a store values",
            "    for ((i = 1; i < $#words; i++)); do",
            "        [[ ${words[i]} == --store ]] && store=(--store ${words[i+1]})",
            "        [[ ${words[i]} == --store=* ]] && store=(--store ${words[i]#--store=})",
            "    done",
            "    values=(${(f)\"$($program __complete $kind --for zsh $store 2>/dev/null)\"})",
            "    if [[ $kind == ids ]]; then",
            "        _describe -t ids 'place' values",
            "    else",
            "        _describe -t tags 'tag' values",
            "    fi",
            "}",
            "",
            "\(function)() {",
            "    local -a subcommands",
            "    subcommands=(",
        ]
        for command in commands {
            lines.append("        " + quoteZsh(escapeDescribe(command.name) + ":" + command.abstract))
        }
        lines += [
            "    )",
            "    if ((CURRENT == 2)); then",
            "        _describe -t commands '\(program) subcommand' subcommands",
            "        return",
            "    fi",
            "    # The words are shifted below; \(function)_journal needs the program as typed.",
            "    local command=${words[2]} program=${words[1]}",
            "    case $command in",
        ]
        for command in commands {
            var specs: [String] = []
            for option in command.allOptions {
                let help = "[" + escapeBrackets(option.help) + "]"
                var action = ""
                switch kind(of: option) {
                case .none: break
                case .choices(let choices): action = ":\(option.valueName!):(\(choices.joined(separator: " ")))"
                case .tags: action = ":\(option.valueName!):{\(function)_journal tags}"
                case .ids: action = ":\(option.valueName!):{\(function)_journal ids}"
                case .files: action = ":\(option.valueName!):_files"
                case .free: action = ":\(option.valueName!): "
                }
                for name in option.names {
                    specs.append(quoteZsh((option.repeatable ? "*" : "") + name + help + action))
                }
            }
            var positional: String
            if command.name == "help" {
                positional = ":subcommand:(\(commands.map(\.name).joined(separator: " ")))"
            } else if let argument = command.arguments.first {
                let action: String
                switch kind(of: argument) {
                case .choices(let choices): action = "(\(choices.joined(separator: " ")))"
                case .ids: action = "{\(function)_journal ids}"
                case .files: action = "_files"
                default: action = " "
                }
                positional = (argument.variadic ? "*" : "") + ":" + argument.name + ":" + action
            } else {
                positional = ""
            }
            if !positional.isEmpty { specs.append(quoteZsh(positional)) }
            lines.append("        (\(command.name))")
            // _arguments sees the words after the subcommand, as if the subcommand were the command.
            lines.append("            shift words; ((CURRENT--))")
            lines.append("            _arguments -s \\")
            lines.append(specs.map { "                " + $0 }.joined(separator: " \\\n"))
            lines.append("            ;;")
        }
        lines += [
            "    esac",
            "}",
            "",
            "if [[ $zsh_eval_context[-1] == loadautofunc ]]; then",
            "    \(function) \"$@\"",
            "else",
            "    compdef \(function) \(program)",
            "fi",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// A word for zsh, single-quoted.
    static func quoteZsh(_ text: String) -> String {
        "'" + text.replacing("'", with: "'\\''") + "'"
    }

    /// `_describe` splits an item at its first unescaped colon.
    static func escapeDescribe(_ text: String) -> String { text.replacing(":", with: "\\:") }

    /// `_arguments` ends an option's description at the first unescaped `]`.
    static func escapeBrackets(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("[", with: "\\[").replacing("]", with: "\\]")
            .replacing(":", with: "\\:")
    }

    // MARK: fish

    static func fish(_ commands: [CommandSpec], _ program: String) -> String {
        let function = "__" + identifier(program) + "_journal"
        var lines = [
            "# fish completion for \(program). Install it with:",
            "#   \(program) completion fish > ~/.config/fish/completions/\(program).fish",
            "",
            "function \(function) --description 'Values from the \(program) journal'",
            "    # The line's --store is passed on to \(program).",
            "    set -l tokens (commandline -opc)",
            "    set -l store",
            "    for i in (seq (count $tokens))",
            "        if test \"$tokens[$i]\" = --store; and test $i -lt (count $tokens)",
            "            set store --store $tokens[(math $i + 1)]",
            "        else if string match -q -- '--store=*' $tokens[$i]",
            "            set store --store (string replace -- '--store=' '' $tokens[$i])",
            "        end",
            "    end",
            "    $tokens[1] __complete $argv[1] --for fish $store 2>/dev/null",
            "end",
            "",
            "complete -c \(program) -f",
            "complete -c \(program) -n __fish_use_subcommand -l help -s h -d 'Show help information.'",
            "complete -c \(program) -n __fish_use_subcommand -l version -d 'Show the version.'",
        ]
        for command in commands {
            lines.append("complete -c \(program) -n __fish_use_subcommand -a \(command.name) -d \(quoteFish(command.abstract))")
        }
        for command in commands {
            let condition = "-n " + quoteFish("__fish_seen_subcommand_from \(command.name)")
            for option in command.allOptions {
                var line = "complete -c \(program) \(condition)"
                for name in option.names {
                    if name.hasPrefix("--") {
                        line += " -l " + name.dropFirst(2)
                    } else if name.count == 2 {
                        line += " -s " + name.dropFirst()
                    } else {
                        line += " -o " + name.dropFirst()
                    }
                }
                switch kind(of: option) {
                case .none: break
                case .choices(let choices): line += " -x -a " + quoteFish(choices.joined(separator: " "))
                case .tags: line += " -x -a " + quoteFish("(\(function) tags)")
                case .ids: line += " -x -a " + quoteFish("(\(function) ids)")
                case .files: line += " -r -F"
                case .free: line += " -x"
                }
                lines.append(line + " -d " + quoteFish(option.help))
            }
            if command.name == "help" {
                lines.append("complete -c \(program) \(condition) -a \(quoteFish(commands.map(\.name).joined(separator: " ")))")
            } else if let argument = command.arguments.first {
                switch kind(of: argument) {
                case .choices(let choices):
                    lines.append("complete -c \(program) \(condition) -a \(quoteFish(choices.joined(separator: " ")))")
                case .ids: lines.append("complete -c \(program) \(condition) -a \(quoteFish("(\(function) ids)"))")
                case .files: lines.append("complete -c \(program) \(condition) -F")
                default: break
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A word for fish, single-quoted (inside, only `\` and `'` are special).
    static func quoteFish(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    /// The program's name as a shell function name.
    static func identifier(_ program: String) -> String {
        String(program.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }
}
