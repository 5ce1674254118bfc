import PlacesCommandLine
import PlacesKit

/// `places merge OTHER [--base BASE] [--prefer ours|theirs|newer] [--dry-run] [--json]`
enum MergeCommand: PlacesCommand {
    static let name = "merge"
    static let spec = CommandSpec(
        name: name, abstract: "Merge another copy of the journal into this one.",
        discussion: """
        A three-way merge from the version both copies started from. Places added on either side are
        kept; a place removed on one side and unchanged on the other is removed; changes to different
        fields of a place are both kept; tags and visits merge as sets (what either side added is
        kept, what either removed is gone). A field changed differently on both sides, or a place removed
        on one side and edited on the other, is a conflict: on a terminal you are asked which side to
        keep; elsewhere, without --prefer, nothing is saved and the conflicts are listed (exit 1). The merge is saved as one change: `places undo` reverts it.

        Without --base, the base is the newest version of this journal (as it is, or in its history)
        that is also a version of OTHER (as it is, or in a history kept beside it): the same places
        with the same ids and fields. Without one, the base is guessed: the version of this journal
        holding every place of OTHER whose id it knows, with the most places unchanged in OTHER. A
        guessed base cannot tell a place removed there from one added here, so a merge from it
        removes nothing that OTHER lacks: such places are kept and listed. When none qualifies the
        merge starts from nothing, and nothing is removed.

        EXAMPLES:
          places merge ~/Sync/places.json --dry-run
          places merge laptop-places.json --prefer newer
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("other", help: "The other copy of the journal.") var other: String
        @Option("--base", value: "file", help: "The version both copies started from (default: found in the history).") var base: String?
        @Option("--prefer", value: "side", help: "Decide conflicts for ours, theirs, or the newer change.",
                choices: JournalMerge.Preference.allCases.map(\.rawValue)) var prefer: String?
        @Flag("--dry-run", "-n", help: "Show what the merge would do; save nothing.") var dryRun: Bool
        @Flag("--json", help: "Print the outcome as JSON.") var json: Bool
    }

    struct Report: Encodable {
        var base: String
        var saved: Bool
        var changes: [String]
        var conflicts: [ConflictReport]
        /// Ids of places OTHER lacks, kept because the base was guessed.
        var kept: [String]
        var places: Int
    }

    struct ConflictReport: Encodable {
        var id: String
        var name: String
        var field: String
        var ours: String
        var theirs: String
        var decided: String?
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        // The parser has checked the value against the choices.
        let prefer = options.prefer.flatMap(JournalMerge.Preference.init(rawValue:))
        // Read once and checked whole before anything else, so a dry run refuses what a merge would.
        let other = try JournalMerge.openCopy(options.other).contents
        let theirs = other.places
        let base = try options.base.map { (places: try JournalMerge.readCopy($0), source: MergeBase.file($0)) }
        let store = try context.store()
        var decisions: [String: Bool] = [:]
        if prefer == nil && !options.dryRun && !options.json && context.stdinIsTerminal {
            // Asked before the merge takes the lock: a person may take their time. Should the
            // journal change meanwhile, a conflict not asked about stays undecided and nothing is saved.
            let preview = try store.merge(theirs: theirs, theirsPath: options.other, base: base, dryRun: true)
            decisions = try ask(about: preview.conflicts, context)
        }
        let outcome = try store.merge(theirs: theirs, theirsPath: options.other, base: base, prefer: prefer,
                                      decisions: decisions, theirMembers: other.members, dryRun: options.dryRun)
        let changes = JournalDiff.describe(from: outcome.before, to: outcome.merged)
        let decided = { (conflict: JournalMerge.Conflict) in conflict.decided ? (conflict.tookTheirs ? "theirs" : "ours") : nil }
        if options.json {
            context.say(try PlaceOutput.json(Report(
                base: describe(outcome.base), saved: outcome.saved, changes: changes,
                conflicts: outcome.conflicts.map {
                    ConflictReport(id: Location.lowercaseText(of: $0.id), name: $0.name, field: $0.field,
                                   ours: $0.ours, theirs: $0.theirs, decided: decided($0))
                },
                kept: outcome.keptUnproven.map { Location.lowercaseText(of: $0.id) },
                places: (outcome.saved ? outcome.merged : outcome.before).count)))
        } else {
            context.say("Base: \(describe(outcome.base))")
            if !outcome.keptUnproven.isEmpty {
                let names = outcome.keptUnproven.prefix(3).map { "\"\(TerminalText.visible($0.name))\"" }.joined(separator: ", ")
                    + (outcome.keptUnproven.count > 3 ? " and \(outcome.keptUnproven.count - 3) more" : "")
                context.say("Kept \(names): not in the other copy, but with a guessed base its removal cannot be told from an addition here")
            }
            for conflict in outcome.conflicts {
                context.say(MergeWords.conflict(conflict) + (decided(conflict).map { " -> kept \($0)" } ?? ""))
            }
            let verb = outcome.saved ? "Merged" : (options.dryRun ? "Would merge" : "Nothing saved")
            if changes.isEmpty {
                context.say(outcome.undecided.isEmpty ? "Already up to date: no difference in places" : "\(verb).")
            } else if outcome.saved || options.dryRun {
                context.say("\(verb):")
                for line in changes { context.say("  \(line)") }
            }
        }
        if !outcome.undecided.isEmpty {
            throw CommandFailure("\(counted(outcome.undecided.count, "conflict")); nothing was saved\nhint: decide them with --prefer ours, --prefer theirs or --prefer newer")
        }
    }

    /// Asks on the terminal how to decide each conflict.
    /// - Returns: the decisions by ``JournalMerge/Conflict/key`` (`true`: theirs).
    /// - Throws: ``CommandFailure`` (nothing saved) for an answer other than ours or theirs.
    static func ask(about conflicts: [JournalMerge.Conflict], _ context: CommandContext) throws -> [String: Bool] {
        var decisions: [String: Bool] = [:]
        for conflict in conflicts {
            context.note(MergeWords.conflict(conflict))
            Console.prompt("Keep ours or theirs? [o/t] ")
            switch readLine()?.trimmed.lowercased() {
            case "o", "ours": decisions[conflict.key] = false
            case "t", "theirs": decisions[conflict.key] = true
            default: throw CommandFailure("no side chosen; nothing was saved\nhint: answer o (ours) or t (theirs), or pass --prefer")
            }
        }
        return decisions
    }

    static func describe(_ base: MergeBase) -> String {
        switch base {
        case .file(let path): return TerminalText.visible(path)
        case .current: return "the journal as it is (the other copy descends from it)"
        case .history(let sequence, let saved): return "history version \(sequence), saved \(Timestamp.string(saved))"
        case .guessed(let sequence?, let saved?):
            return "guessed: history version \(sequence), saved \(Timestamp.string(saved)) (no version here is also one of the other copy, so nothing it lacks is removed)"
        case .guessed: return "guessed: the journal as it is (no version here is also one of the other copy, so nothing it lacks is removed)"
        case .none: return "none shared (merged from nothing: nothing is removed)"
        }
    }
}

/// How merge conflicts read.
enum MergeWords {
    static func conflict(_ conflict: JournalMerge.Conflict) -> String {
        let place = "\"\(TerminalText.visible(conflict.name))\" (\(String(Location.lowercaseText(of: conflict.id).prefix(8))))"
        return "conflict: \(place) \(TerminalText.visible(conflict.field)): ours \(TerminalText.visible(conflict.ours)), theirs \(TerminalText.visible(conflict.theirs))"
    }
}
