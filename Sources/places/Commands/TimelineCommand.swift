import PlacesCommandLine
import PlacesKit

/// `places timeline [--from D] [--to D] [--year Y] [--country CC] [--region R] [--json]`
enum TimelineCommand: PlacesCommand {
    static let name = "timeline"
    static let spec = CommandSpec(
        name: name, abstract: "Every visit in date order, grouped by month and by trip.",
        discussion: """
        One line a visit: the date as you gave it, the place, the visit's note, and where it is (region
        and country). A heading starts each month and each trip (see `places trips` for the rule). A
        visit dated only by a month or a year sorts at the start of that month or year and says so: "May
        2019 (month only)". Dates are the days as recorded; the machine's time zone never shifts them.
        --from, --to and --year keep the visits whose whole date lies in the span.

        EXAMPLES:
          places timeline --year 2023
          places timeline --from "May 2019" --to 2020 --country JP
          places timeline --json | jq '.[] | select(.trip == 3)'
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        var filter = TravelFilterOptions()
        @Option("--year", value: "year", help: "Only visits in this year (the same as --from Y --to Y).") var year: String?
        var home = TravelJournal.HomeOption()
        @Flag("--json", help: "Print the visits as a JSON array: date, place (id and name), note, country, trip.") var json: Bool
        var flags = FlagColumn.FlagsOption()
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        var query = PlaceQuery()
        try options.filter.narrow(&query, context: context)
        if let year = options.year {
            guard options.filter.from == nil, options.filter.to == nil else {
                throw UsageError("--year \"\(year)\" and --from/--to both choose the dates: give one or the other")
            }
            query.dates = DaySpan(year: try readYear(year, option: "--year"))
        }
        let journal = try TravelJournal.load(context, home: options.home.home)
        // Only the trips of the visits shown are built (their numbers are those `places trips` gives).
        let trips = journal.trips(touching: query.dates)
        let tripOf = journal.tripIndexByVisit(trips)
        var kept: [TravelLog.Entry] = []
        for entry in journal.log.entries where query.dates.isOpen || query.dates.contains(entry.days) {
            let place = journal.log.place(entry)
            if query.filtersAreas, !query.passesAreas(latitude: place.latitude, longitude: place.longitude, journal.areas) { continue }
            kept.append(entry)
        }
        if options.json {
            let visits = kept.map { entry -> TimelineVisit in
                let place = journal.log.place(entry)
                return TimelineVisit(date: entry.date.journalText, place: .init(id: place.idString, name: place.name),
                                     note: journal.log.note(entry),
                                     country: journal.areas.country(of: place)?.code,
                                     trip: tripOf[TravelJournal.VisitKey(entry)].map { trips[$0].number })
            }
            context.say(try PlaceOutput.json(visits))
            return
        }
        if kept.isEmpty {
            context.note(journal.log.entries.isEmpty ? "No visits yet: record one with `places visit PLACE`." : "No visits match.")
            return
        }
        let flags = !options.flags.noFlags && context.stdoutIsTerminal
        // Written as bytes, a line break after each line: the tables are not split into strings per line.
        var text: [UInt8] = []
        func line(_ words: String) {
            text.append(contentsOf: words.utf8)
            text.append(0x0A)
        }
        var block: [[String]] = []
        func flush() {
            guard !block.isEmpty else { return }
            let table = TerminalText.tableBytes(block)
            var start = 0
            for (index, byte) in table.enumerated() where byte == 0x0A {
                text.append(contentsOf: "    ".utf8)
                text.append(contentsOf: table[start...index])
                start = index + 1
            }
            block = []
        }
        var month: String?
        var trip: Int?
        for entry in kept {
            let heading = entry.date.precision == .year ? String(entry.date.year)
                : "\(VisitDate.monthNames[(entry.date.month ?? 1) - 1]) \(entry.date.year)"
            let itsTrip = tripOf[TravelJournal.VisitKey(entry)]
            if heading != month {
                flush()
                if !text.isEmpty { text.append(0x0A) }
                line(context.style.bold(heading))
                month = heading
                trip = nil
            }
            if itsTrip != trip {
                flush()
                if let itsTrip { line("  " + journal.title(trips[itsTrip], flags: flags)) }
                else if trip != nil { line("  At home") }
                trip = itsTrip
            }
            block.append(journal.cells(entry))
        }
        flush()
        context.write(text)
    }

    /// Reads a year option: a whole number of the years a visit date may have.
    static func readYear(_ text: String, option: String) throws -> Int {
        guard let year = Int(text.trimmed), VisitDate.years.contains(year) else {
            throw UsageError("\(option) \"\(text)\" is not a year from \(VisitDate.years.lowerBound) to \(VisitDate.years.upperBound)",
                             hint: "e.g. \(option) 2023")
        }
        return year
    }

    /// One visit in `--json`.
    struct TimelineVisit: Encodable {
        struct Place: Encodable { var id: String; var name: String }
        var date: String
        var place: Place
        var note: String?
        var country: String?
        var trip: Int?
    }
}
