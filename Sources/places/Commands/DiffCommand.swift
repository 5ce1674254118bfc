import PlacesCommandLine
import PlacesKit

/// `places diff [A] [B] [--json]`
enum DiffCommand: PlacesCommand {
    static let name = "diff"
    static let spec = CommandSpec(
        name: name, abstract: "Show what changed between two journals or history versions, in words.",
        discussion: """
        A and B are journal files, or version numbers from `places history`. Without B, A is compared
        with the journal; without either, the last change is shown (the newest earlier version
        against the journal).

        EXAMPLES:
          places diff
          places diff 12
          places diff ~/Sync/laptop/places.json
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("a", help: "The older journal: a file, or a version number from `places history`.") var from: String?
        @Argument("b", help: "The newer journal (default: the journal).") var to: String?
        @Flag("--json", help: "Print the changes as JSON.") var json: Bool
    }

    struct Report: Encodable {
        var from: String
        var to: String
        var changes: [String]
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let store = try context.store()
        let older: (label: String, places: [Location])
        if let from = options.from {
            older = try journal(from, store)
        } else {
            guard let version = store.history.versions().first else {
                throw CommandFailure("no earlier version of the journal is kept yet\nhint: name two journal files: places diff A B")
            }
            older = ("version \(version.sequence)", try version.places())
        }
        let newer: (label: String, places: [Location]) = try options.to.map { try journal($0, store) } ?? ("the journal", try store.load())
        let changes = JournalDiff.describe(from: older.places, to: newer.places, naming: Int.max)
        if options.json {
            context.say(try PlaceOutput.json(Report(from: older.label, to: newer.label, changes: changes)))
            return
        }
        context.say("From \(TerminalText.visible(older.label)) to \(TerminalText.visible(newer.label)):")
        for line in changes.isEmpty ? ["no difference in places"] : changes { context.say("  \(line)") }
    }

    /// A version number from the history, else a journal file.
    static func journal(_ text: String, _ store: JournalStore) throws -> (label: String, places: [Location]) {
        if let sequence = Int(text), let version = store.history.versions().first(where: { $0.sequence == sequence }) {
            return ("version \(sequence)", try version.places())
        }
        if Int(text) != nil && !JournalStore(path: text).exists {
            throw CommandFailure("no version \(text) in the history, and no file of that name\nhint: `places history --json` lists the versions")
        }
        return (text, try JournalMerge.readCopy(text))
    }
}
