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

/// `places doctor [--fix]`
enum DoctorCommand: PlacesCommand {
    static let name = "doctor"
    static let spec = CommandSpec(
        name: name, abstract: "Check the journal and repair what can be repaired safely.",
        discussion: """
        Checks that the journal parses, its version, duplicate ids, invalid records, permissions and
        temporary files left by a crash. With --fix it restores an unreadable journal from the newest
        readable earlier version (keeping the unreadable file beside it), makes the files private again
        and removes leftover temporary files. It never deletes a place.

        It also finds the conflict copies synced folders leave beside the journal (Syncthing
        .sync-conflict-, Dropbox and Nextcloud "conflicted copy", ownCloud _conflict-, iCloud
        "places 2.json"). With --fix it merges them into the journal as `places merge` does, all
        in one change that one `places undo` reverts, and moves each into places.json.merged-copies/
        for you to delete. A copy is moved only while it is still the file merged. A copy whose merge
        meets conflicts, or would remove a place, is left for `places merge COPY`.
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Flag("--fix", help: "Repair what can be repaired without losing anything.") var fix: Bool
        @Flag("--json", help: "Print the findings as JSON.") var json: Bool
    }

    struct Report: Encodable {
        var severity: String
        var message: String
        var fixed: String?
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let findings = try JournalDoctor.examine(try context.store(), fix: options.fix)
        if options.json {
            context.say(try PlaceOutput.json(findings.map { Report(severity: $0.severity.rawValue, message: $0.message, fixed: $0.fixed) }))
        } else {
            for finding in findings {
                let mark: String
                switch finding.severity {
                case .ok: mark = context.style.green("ok     ")
                case .warning: mark = context.style.yellow("warning")
                case .problem: mark = context.style.red("problem")
                }
                context.say("\(mark)  \(TerminalText.visible(finding.message))")
                if let fixed = finding.fixed { context.say("         fixed: \(TerminalText.visible(fixed))") }
            }
        }
        let unresolved = findings.filter { $0.severity != .ok && $0.fixed == nil }
        if !unresolved.isEmpty {
            throw CommandFailure("\(unresolved.count) problem\(unresolved.count == 1 ? "" : "s") found"
                                 + (options.fix ? " that cannot be repaired automatically" : "; `places doctor --fix` repairs what it safely can"))
        }
    }
}
