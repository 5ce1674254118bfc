import PlacesCommandLine
import PlacesKit

/// `places remove ID... [--yes]`
enum RemoveCommand: PlacesCommand {
    static let name = "remove"
    static let spec = CommandSpec(
        name: name, abstract: "Remove places from the journal.",
        discussion: "Asks before removing when run on a terminal; elsewhere (scripts, pipes) it refuses unless --yes is given.\nThe journal's previous version stays in places.json.bak.",
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("id", help: "The places to remove: ids or unique prefixes, or names or unique parts of names.") var ids: [String]
        @Flag("--yes", "-y", help: "Remove without asking.") var yes: Bool
        @Flag("--json", help: "Print the removed places as JSON.") var json: Bool
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let store = try context.store()
        let removed: [Location]
        if options.yes {
            // One locked read: the ids are resolved and removed in the same transaction.
            let typed = try options.ids.map { try TypedPlace.clarified($0, store: store, context: context) }
            removed = try store.remove(matching: typed)
        } else {
            let all = try store.load()
            let chosen = try options.ids.map { typed in try TypedPlace.find(typed, context: context) { try PlaceLookup.find($0, in: all) } }
            let ids = Set(chosen.map(\.id))
            guard context.stdinIsTerminal else {
                throw CommandFailure("refusing to remove \(ids.count) place\(ids.count == 1 ? "" : "s") without confirmation\nhint: pass --yes to remove without asking")
            }
            let names = chosen.map { "\(TerminalText.visible($0.name)) (\($0.shortID))" }.joined(separator: ", ")
            guard context.confirm("Remove \(names)?") else {
                throw CommandFailure("nothing removed")
            }
            // By id inside the transaction: another process may have removed one meanwhile.
            removed = try store.remove(ids)
        }
        if options.json {
            context.say(try PlaceOutput.json(removed))
        } else {
            for place in removed { context.say("Removed \(TerminalText.visible(place.name)) (\(place.shortID))") }
        }
    }
}
