import PlacesCommandLine
import PlacesKit

/// `places trips [--json] | show N|NAME [--json] | name N "NAME" | unname N|NAME`
enum TripsCommand: PlacesCommand {
    static let name = "trips"
    static let spec = CommandSpec(
        name: name, abstract: "Your trips, found from your visits: dates, days, countries, places and distance.",
        usage: "[show <trip> | name <trip> <name> | unname <trip>] [--home <place>] [--country <country>] [--region <region>] [--from <date>] [--to <date>] [--json]",
        discussion: """
        Home is --home, else the place tagged home (with several, each is home from its first visit
        on, so home can move), else where most visits are (the busiest 0.1° square). A visit is away
        when it is more than \(Int(TripDetector.awayKm)) km from that day's home. An away visit joins the trip before it while it
        starts at most \(TripDetector.joiningDays) days after the previous visit ends and no visit at home falls between them:
        a weekend in Rome and Japan three weeks later are two trips; a trip through three countries,
        or with three quiet days between two visits, is one. A visit dated only by a month or a year is
        a trip of its own, with no count of days. Distance is great-circle, from home through every
        stop and back. Trips are numbered from the earliest; a name given with `trips name` is kept
        in the journal with the trip's first visit, so it stays as visits are added; `trips unname`
        removes it again.

        EXAMPLES:
          places trips
          places trips show 3
          places trips name 3 "Japan 2023"
          places trips show "Japan 2023" --json
          places trips unname "Japan 2023"
          places export --trip 3 --format gpx -o japan.gpx
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("action", help: "show (one trip's stops), name (give a trip a name) or unname (remove its name).", choices: ["show", "name", "unname"]) var action: String?
        @Argument("trip", help: "With show, name and unname: the trip's number, or with show and unname its name.") var trip: String?
        @Argument("name", help: "With name: the trip's new name.") var newName: String?
        var filter = TravelFilterOptions()
        var home = TravelJournal.HomeOption()
        @Flag("--json", help: "Print the trips as JSON.") var json: Bool
        var flags = FlagColumn.FlagsOption()
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        switch options.action {
        case "name": try name(options, context)
        case "unname": try unname(options, context)
        case "show":
            guard let typed = options.trip else { throw UsageError("trips show needs a trip: its number or its name", hint: "e.g. places trips show 3") }
            let journal = try TravelJournal.load(context, home: options.home.home)
            let trip = try TravelJournal.trip(typed, in: journal.trips())
            if options.json { context.say(TripReport.json(TripReport(trip, journal))); return }
            let flags = !options.flags.noFlags && context.stdoutIsTerminal
            context.say(context.style.bold(journal.title(trip, flags: flags)))
            let home = trip.home.name.map { "from \(TerminalText.visible($0))" } ?? "from home"
            context.say("  " + home + ", " + counted(trip.stops.count, "visit") + " to " + counted(trip.routeCount(in: journal.log), "stop"))
            context.say(TerminalText.table(trip.stops.map { journal.cells($0.entry) }).map { "    " + $0 }.joined(separator: "\n"))
        default:
            if options.trip != nil { throw UsageError("trips takes show or name before a trip", hint: "e.g. places trips show \(options.trip!)") }
            var query = PlaceQuery()
            try options.filter.narrow(&query, context: context)
            let journal = try TravelJournal.load(context, home: options.home.home)
            let trips = journal.trips(touching: query.dates).filter { trip in
                !query.filters || trip.stops.contains { stop in
                    let place = journal.log.place(stop.entry)
                    return (query.dates.isOpen || query.dates.contains(stop.entry.days))
                        && (!query.filtersAreas || query.passesAreas(latitude: place.latitude, longitude: place.longitude, journal.areas))
                }
            }
            // Each place's latitude cosine once for every trip listed.
            var distances = TripDistances(journal.log)
            if options.json { context.say(TripReport.json(trips.map { TripReport($0, journal, km: distances.km($0)) })); return }
            guard !trips.isEmpty else {
                context.note(journal.log.entries.isEmpty ? "No trips: the journal has no visits yet."
                             : query.filters ? "No trips match." : "No trips: every visit is within \(Int(TripDetector.awayKm)) km of home.")
                return
            }
            let flags = !options.flags.noFlags && context.stdoutIsTerminal
            var rows = [["#", "DATES", "DAYS", "COUNTRIES", "PLACES", "DISTANCE", "NAME"]]
            for trip in trips {
                let route = distances.measure(trip)
                rows.append([String(trip.number), trip.dateText, trip.days.map(String.init) ?? "-", journal.countryList(trip.countries, flags: flags),
                             String(route.stops), journal.kilometres(route.km), trip.name ?? ""])
            }
            context.write(TerminalText.tableBytes(rows, rightAligned: [0, 2, 4, 5]))
            // Not freed trip by trip and cell by cell before the process exits.
            context.keepUntilExit(trips)
            context.keepUntilExit(rows)
        }
    }

    /// `trips name N "…"`: keeps the name in the journal with the trip's first visit.
    static func name(_ options: Options, _ context: CommandContext) throws {
        guard let typed = options.trip, let newName = options.newName?.trimmed else {
            throw UsageError("trips name needs a trip number and a name", hint: "e.g. places trips name 3 \"Japan 2023\"")
        }
        guard Int(typed) != nil else {
            throw UsageError("trips name \"\(typed)\": give the trip's number", hint: "`places trips` lists them")
        }
        guard !newName.isEmpty, newName.count <= TripNames.maximumLength,
              !newName.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw UsageError("trip name \"\(TerminalText.visible(newName))\" must be 1 to \(TripNames.maximumLength) characters on one line")
        }
        let title = try changingTripNames(typed, options, context) { trip, journal, names in
            names.setName(newName, for: trip, in: journal.log)
            var named = trip
            named.name = newName
            return TravelJournal(places: journal.places, names: names, log: journal.log, home: journal.home, areas: journal.areas)
                .title(named, flags: false)
        }
        context.note("Named \(title)")
    }

    /// `trips unname N|NAME`: removes the name kept with the trip; a trip without a name is left as it is.
    static func unname(_ options: Options, _ context: CommandContext) throws {
        guard let typed = options.trip else {
            throw UsageError("trips unname needs a trip: its number or its name", hint: "e.g. places trips unname 3")
        }
        if let extra = options.newName {
            throw UsageError("trips unname takes one trip, not \"\(TerminalText.visible(extra))\" as well", hint: "e.g. places trips unname 3")
        }
        let (removed, number) = try changingTripNames(typed, options, context) { trip, journal, names in
            (names.removeName(for: trip, in: journal.log), trip.number)
        }
        if let removed {
            context.note("Trip \(number) is no longer named \"\(TerminalText.visible(removed))\".")
        } else {
            context.note("Trip \(number) has no name; nothing changed.")
        }
    }

    /// Changes the trip names in one transaction: the trips are found again under the journal's lock, from
    /// the journal as it is now, and `change` gets the trip typed (its number or name) and the names.
    static func changingTripNames<T>(_ typed: String, _ options: Options, _ context: CommandContext,
                                     _ change: (Trip, TravelJournal, inout TripNames) throws -> T) throws -> T {
        let base = try TravelJournal.load(context, home: options.home.home)
        return try context.store().updateTripNames { places, names in
            let log = TravelLog(places)
            // No home means no visit, so no trip: the same error as for any trip that is not there.
            let home = options.home.home != nil ? base.home : TravelHome(log: log)
            let trips = home.map { home in TripDetector.trips(in: log, home: home, country: { base.areas.country(of: $0)?.code }, names: names) } ?? []
            let trip = try TravelJournal.trip(typed, in: trips)
            return try change(trip, TravelJournal(places: places, names: names, log: log, home: home, areas: base.areas), &names)
        }
    }

    /// A trip in `--json`.
    struct TripReport: Encodable {
        struct Stop: Encodable { var id: String; var name: String; var date: String; var note: String?; var country: String? }
        var number: Int
        var name: String?
        var start: String
        var end: String
        var days: Int?
        var countries: [String]
        var distanceKm: Double
        var stops: [Stop]

        init(_ trip: Trip, _ journal: TravelJournal) {
            self.init(trip, journal, km: trip.distanceKm(in: journal.log))
        }

        /// With the trip's distance in kilometres already measured (``TripDistances``).
        init(_ trip: Trip, _ journal: TravelJournal, km: Double) {
            number = trip.number
            name = trip.name
            start = trip.stops[0].entry.date.journalText
            end = trip.stops.max { $0.entry.days.upperBound < $1.entry.days.upperBound }!.entry.date.journalText
            days = trip.days
            countries = trip.countries
            distanceKm = (km * 10).rounded() / 10
            stops = trip.stops.map { stop in
                let place = journal.log.place(stop.entry)
                return Stop(id: place.idString, name: place.name, date: stop.entry.date.journalText,
                            note: journal.log.note(stop.entry), country: stop.country)
            }
        }
    }
}
