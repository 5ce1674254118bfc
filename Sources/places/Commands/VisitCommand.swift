import PlacesCommandLine
import PlacesKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `places visit PLACE [--on DATE] [--note TEXT]`: PLACE is an id or a name, as for `show`: records one more visit to a place.
enum VisitCommand: PlacesCommand {
    static let name = "visit"
    static let spec = CommandSpec(
        name: name, abstract: "Record a visit to one of your places (today, or --on a date).",
        usage: "<id> [--on <date>] [--note <text>] [--json]",
        discussion: """
        A place keeps every visit: its date as precise as you give it (a day, a month, a year) and an
        optional note. `places show` lists them; exports carry them all (and `visited`, the latest). The
        same date with the same note is recorded once.

        DATES (for --on, here and in add and edit, and in the editor):
          today, yesterday, friday (the most recent, today included), last friday (before today),
          3 days ago, 2 weeks ago, 2 months ago (a month), last year (a year),
          2024-05-01, 1 May 2024, May 1 2024 (a day), 2024-05, May 2024 (a month), 2024 (a year),
          2024-05-01T18:30 (a moment, in your time zone), 2024-05-01T18:30:00Z.
          Words are read in the machine's time zone.

        EXAMPLES:
          places visit 5a3b
          places visit 5a3b --on yesterday --note "birthday dinner"
          places visit 5a3b --on "May 2019"
          places visit dishoom --on "last friday"
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("id", help: ArgumentHelp.placeID) var id: String
        @Option("--on", value: "date", help: "When: today (the default), yesterday, \"last friday\", 2024-05-01, 2024-05, 2019...") var on: String?
        @Option("--note", value: "text", help: "A line about this visit.") var note: String?
        @Flag("--json", help: "Print the place as JSON.") var json: Bool
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let date = try OptionValues.date(options.on ?? "today", option: "--on")
        let visit = try Visit(date: date, note: options.note).validated()
        var added = false
        let store = try context.store()
        let typed = try TypedPlace.clarified(options.id, store: store, context: context)
        let result = try store.update(matching: typed) { place in
            added = place.addVisit(visit)
        }
        let place = result.after
        if options.json {
            context.say(try PlaceOutput.json(place))
        } else if added {
            let count = place.visits.count
            context.say("Visited \(context.style.bold(TerminalText.visible(place.name))) (\(place.shortID)) on \(date.journalText)"
                        + (count > 1 ? " (\(count) visits)" : ""))
        } else {
            context.say("No changes: \(TerminalText.visible(place.name)) (\(place.shortID)) already has this visit on \(date.journalText)")
        }
    }
}
