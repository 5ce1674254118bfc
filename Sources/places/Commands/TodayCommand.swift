import PlacesCommandLine
import PlacesKit

/// `places today [--on DATE] [--json]`
enum TodayCommand: PlacesCommand {
    static let name = "today"
    static let spec = CommandSpec(
        name: name, abstract: "On this day: your visits on this calendar day in earlier years.",
        discussion: """
        A visit counts when it was on this month and day of an earlier year; one dated only by a month
        or a year was on no one day and never counts. The day is today's in the machine's time zone, or
        --on any date.

        EXAMPLES:
          places today
          places today --on "1 May 2026"
          places today --json
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Option("--on", value: "date", help: "Another day than today (any date --on reads, as a day).") var on: String?
        @Flag("--json", help: "Print the visits as JSON: yearsAgo, date, place (id and name), note.") var json: Bool
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let day = try OptionValues.date(options.on ?? "today", option: "--on")
        guard day.isWithinADay else {
            throw UsageError("--on \"\(options.on!)\" is a \(day.precision == .year ? "year" : "month"), not a day", hint: "e.g. --on 2026-05-01")
        }
        let store = try context.store()
        // Only the places whose text may hold this month and day are decoded (a damaged one means
        // reading the whole journal to say why), and only their visits on it enter the log.
        let places = try OnThisDay.candidatePlaces(on: day, in: try store.index()) ?? store.loadWithoutDescriptions()
        let today = VisitDate.civilDay(day.days.lowerBound)
        let log = TravelLog(places) { visit in
            guard visit.date.isWithinADay else { return false }
            let date = VisitDate.civilDay(visit.date.days.lowerBound)
            return date.month == today.month && date.day == today.day
        }
        let memories = OnThisDay.memories(on: day, in: log)
        // Whether the journal has any visit at all is asked only when nothing is on the day.
        let anyVisits = memories.isEmpty ? try store.loadWithoutDescriptions().contains { $0.isVisited } : true
        if options.json {
            context.say(try PlaceOutput.json(memories.map { memory -> Memory in
                let place = log.place(memory.entry)
                return Memory(yearsAgo: memory.yearsAgo, date: memory.entry.date.journalText,
                              place: .init(id: place.idString, name: place.name), note: log.note(memory.entry))
            }))
            return
        }
        let civil = VisitDate.civilDay(day.days.lowerBound)
        let dayName = "\(civil.day) \(VisitDate.monthNames[civil.month - 1])"
        guard !memories.isEmpty else {
            context.say("Nothing on \(dayName) in earlier years" + (anyVisits ? "." : ": the journal has no visits yet."))
            return
        }
        for memory in memories {
            let place = log.place(memory.entry)
            let ago = memory.yearsAgo == 1 ? "A year ago" : "\(memory.yearsAgo) years ago"
            let note = log.note(memory.entry).map { ", \(TerminalText.visible($0))" } ?? ""
            context.say("\(ago) \(options.on == nil ? "today" : "on \(dayName)") (\(memory.entry.date.shortText)): \(TerminalText.visible(place.name))\(note)")
        }
    }

    /// One visit in `--json`.
    struct Memory: Encodable {
        struct Place: Encodable { var id: String; var name: String }
        var yearsAgo: Int
        var date: String
        var place: Place
        var note: String?
    }
}
