import PlacesCommandLine
import PlacesKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `places edit ID [change flags]`, or with no flags, in `$VISUAL`/`$EDITOR`.
enum EditCommand: PlacesCommand {
    static let name = "edit"
    static let spec = CommandSpec(
        name: name, abstract: "Change a place, by flags or in your editor.",
        usage: "<id> [--name <name>] [--description <text>] [--lat <lat> --lon <lon> | --at <lat,lon>] [--tag <tag> ...] [--untag <tag> ...] [--visited [--on <date>] | --unvisited] [--json]",
        discussion: """
        With no change flags, opens the place in $VISUAL, else $EDITOR, else vi. Save and close to apply;
        an invalid edit is reopened with the problems at the top; an emptied or unchanged file changes nothing.
        The id never changes; `updated` is set to now.

        EXAMPLES:
          places edit 5a3b --name "Buckingham Palace, London" --tag royal
          places edit 5a3b --visited --on 2024-05-01
          EDITOR="code --wait" places edit 5a3b
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("id", help: ArgumentHelp.placeID) var id: String
        @Option("--name", "-n", value: "name", help: "A new name.") var name: String?
        @Option("--description", "-d", value: "text", help: "A new description (\"\" to clear it).") var description: String?
        var coordinates = CoordinateOptions()
        @Option("--tag", "-t", value: "tag", help: "Add a tag; repeat for several.") var tags: [String]
        @Option("--untag", value: "tag", help: "Remove a tag; repeat for several.") var untags: [String]
        @Flag("--visited", help: "Mark as visited (today, or the date given with --on).") var visited: Bool
        @Option("--on", value: "date", help: "The date of your latest visit (2024-05-01, yesterday, 2024-05...; implies --visited). `places visit` adds another.") var on: String?
        @Flag("--unvisited", help: "Mark as not visited yet (removes every visit).") var unvisited: Bool
        @Flag("--json", help: "Print the changed place as JSON.") var json: Bool

        /// Whether any option asks for a change (otherwise the editor opens).
        var asksForChange: Bool {
            name != nil || description != nil || coordinates.isGiven || !tags.isEmpty || !untags.isEmpty
                || on != nil || visited || unvisited
        }
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let store = try context.store()
        let hasFlags = options.asksForChange
        let result: (before: Location, after: Location)
        if hasFlags {
            // One locked read: the id is resolved and changed in the same transaction.
            let change = try flagChange(options)
            result = try store.update(matching: try TypedPlace.clarified(options.id, store: store, context: context), change)
        } else {
            let original = try TypedPlace.find(options.id, context: context) { try store.find($0) }
            guard let saved = try editAndSave(original, store: store, context) else {
                context.note("No changes.")
                return
            }
            result = saved
        }
        if options.json {
            context.say(try PlaceOutput.json(result.after))
        } else {
            context.say(result.after.hasSameContent(as: result.before) ? "No changes." : "Updated \(TerminalText.visible(result.after.name)) (\(result.after.shortID))")
        }
    }

    /// The editor flow, shared with `browse`'s `E`: opens the place in the editor until the text is
    /// valid, then saves it. The editor takes as long as the person likes, so it works on a copy read
    /// without the lock; the save is a compare-and-swap against that copy, merged field by field.
    /// - Returns: the place before and after, or `nil` when the person cancelled or changed nothing.
    static func editAndSave(_ original: Location, store: JournalStore, _ context: CommandContext) throws -> (before: Location, after: Location)? {
        guard let (edited, text) = try editInEditor(original, context) else { return nil }
        do {
            let saved = try store.update(original.id) { place in
                place = try PlaceMerge.merge(base: original, edited: edited, current: place)
            }
            return (original, saved)
        } catch let error as PlaceMerge.Conflicts {
            let kept = try ExternalEditor.keep(text, name: original.shortID)
            throw CommandFailure("the place changed while it was open in the editor; nothing was saved:\n"
                + error.conflicts.map { "  \(TerminalText.visible($0.field)): saved meanwhile \(TerminalText.visible($0.ours)), typed \(TerminalText.visible($0.theirs))" }.joined(separator: "\n")
                + "\nhint: your text is kept in \(kept); reopen it, then apply what you want with `places edit \(original.shortID)`")
        } catch let error as PlaceLookupError {
            let kept = try ExternalEditor.keep(text, name: original.shortID)
            throw CommandFailure("\(error.message(whereIs: nil)) (it was removed while it was open in the editor); nothing was saved\nhint: your text is kept in \(kept)")
        }
    }

    /// The change the flags describe, checked before the journal is locked.
    static func flagChange(_ options: Options) throws -> (inout Location) throws -> Void {
        let coordinates = try options.coordinates.readEach()
        if options.unvisited && (options.visited || options.on != nil) {
            throw UsageError("--unvisited cannot go with --visited or --on")
        }
        let reader = VisitDateReader()
        let visitedDate = try options.on.map { try OptionValues.date($0, option: "--on", reader: reader) }
        let today = try reader.read("today")
        let addTags = try Location.normalizedTags(options.tags)
        let removeTags = Set(options.untags.map { $0.trimmed.lowercased() })
        return { place in
            if let name = options.name { place.name = name }
            if let description = options.description { place.description = description }
            if let latitude = coordinates.latitude { place.latitude = latitude }
            if let longitude = coordinates.longitude { place.longitude = longitude }
            for tag in addTags where !place.tags.contains(where: { $0.lowercased() == tag.lowercased() }) { place.tags.append(tag) }
            place.tags.removeAll { removeTags.contains($0.lowercased()) }
            if let visitedDate { place.setLatestVisitDate(visitedDate) }
            else if options.visited && !place.isVisited { place.setLatestVisitDate(today) }
            if options.unvisited { place.visits.removeAll() }
        }
    }

    /// Runs the editor until the text is valid, emptied or unchanged.
    /// - Returns: the edited place and the text it came from, or `nil` when the person cancelled or
    ///   changed nothing.
    static func editInEditor(_ original: Location, _ context: CommandContext) throws -> (Location, String)? {
        let editor = ExternalEditor(environment: context.environment)
        // Orientation only: an unreadable imported gazetteer must not stop the edit.
        let whereabouts = (try? GazetteerAccess.gazetteer(context)).map {
            ReverseGeocoder(gazetteer: $0).locate(latitude: original.latitude, longitude: original.longitude).whereabouts
        }
        let pristine = PlaceEditorText.render(original, whereabouts: whereabouts)
        var text = pristine
        while true {
            let edited = try editor.edit(text)
            if PlaceEditorText.isEmpty(edited) || edited == pristine || edited == text && text != pristine {
                return nil
            }
            do {
                let place = try PlaceEditorText.parse(edited, original: original)
                return place.hasSameContent(as: original) ? nil : (place, edited)
            } catch let problems as PlaceEditorText.Problems {
                context.note("places: the edit has problems; reopening the editor:\n" + problems.messages.map { "  \($0)" }.joined(separator: "\n"))
                text = reopened(edited, problems: problems.messages, whereabouts: whereabouts)
            }
        }
    }

    /// The person's own text again, with the problems as `#` lines on top (replacing earlier ones).
    static func reopened(_ edited: String, problems: [String], whereabouts: String? = nil) -> String {
        var lines = edited.split(separator: "\n", omittingEmptySubsequences: false)
        while let first = lines.first, first.hasPrefix("#") { lines.removeFirst() }
        let header = PlaceEditorText.render(Location(name: "", latitude: 0, longitude: 0), problems: problems, whereabouts: whereabouts)
            .split(separator: "\n").filter { $0.hasPrefix("#") && !$0.hasPrefix("# Editing place") }
        return (header + lines).joined(separator: "\n")
    }
}
