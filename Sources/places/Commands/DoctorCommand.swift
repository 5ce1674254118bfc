import PlacesCommandLine
import PlacesKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
