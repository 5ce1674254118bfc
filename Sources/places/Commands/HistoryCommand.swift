import PlacesCommandLine
import PlacesKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `places history`
enum HistoryCommand: PlacesCommand {
    static let name = "history"
    static let spec = CommandSpec(
        name: name, abstract: "List the journal's earlier versions and what changed.",
        discussion: "The newest change is first. `places undo` steps back through them.",
        options: Options.self)

    struct Options: ParsableOptions {
        @Flag("--json", help: "Print the versions as JSON.") var json: Bool
    }

    struct Entry: Encodable {
        var version: Int
        var saved: String
        var places: Int
        var change: [String]
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let store = try context.store()
        var newer = try store.load()
        var entries: [Entry] = []
        for version in store.history.versions() {
            // A damaged snapshot is reported, not fatal: history is for looking back.
            let older = try? version.places()
            let change = older.map { JournalDiff.describe(from: $0, to: newer) } ?? ["(this version cannot be read)"]
            entries.append(Entry(version: version.sequence, saved: Timestamp.string(version.saved),
                                 places: older?.count ?? 0, change: change.isEmpty ? ["no change in places"] : change))
            if let older { newer = older }
        }
        if options.json {
            context.say(try PlaceOutput.json(entries))
            return
        }
        if entries.isEmpty {
            context.note("No earlier versions yet: every change from now on is kept (the last \(JournalHistory.capacity)).")
            return
        }
        for (index, entry) in entries.enumerated() {
            let undo = index == 0 ? "  ← places undo" : ""
            context.say("\(context.style.bold(entry.saved))  \(counted(entry.places, "place")), then: \(entry.change.joined(separator: "; "))\(context.style.dim(undo))")
        }
    }
}
