import PlacesCommandLine
import PlacesKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `places undo`
enum UndoCommand: PlacesCommand {
    static let name = "undo"
    static let spec = CommandSpec(
        name: name, abstract: "Revert the last change to the journal.",
        discussion: "Puts back the version the last change replaced. Run it again to go further back (up to \(JournalHistory.capacity) versions). The version undone is kept as places.json.bak.",
        options: Options.self)

    struct Options: ParsableOptions {
        @Flag("--json", help: "Print what was undone as JSON.") var json: Bool
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        guard let result = try context.store().undo() else {
            throw CommandFailure("nothing to undo: no earlier version of the journal is kept")
        }
        for (version, reason) in result.skipped {
            context.note("places: warning: skipped the version saved \(Timestamp.string(version.saved)), which cannot be read (\(reason)); `places doctor` reports it")
        }
        let changes = JournalDiff.describe(from: result.undone, to: result.restored)
        if options.json {
            context.say(try PlaceOutput.json(UndoReport(restoredVersionSaved: Timestamp.string(result.version.saved),
                                                        places: result.restored.count, changes: changes)))
        } else {
            context.say("Restored the journal as saved \(Timestamp.string(result.version.saved)) (\(counted(result.restored.count, "place"))):")
            for line in changes.isEmpty ? ["no difference in places"] : changes { context.say("  \(line)") }
        }
    }

    struct UndoReport: Encodable {
        var restoredVersionSaved: String
        var places: Int
        var changes: [String]
    }
}
