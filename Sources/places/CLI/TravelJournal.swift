import PlacesCommandLine
import PlacesKit

/// What `timeline`, `trips`, `review`, `today` and `export --trip` share: the journal read once (never
/// written), every visit in date order, home, the trips found, and the words for them.
struct TravelJournal {
    /// The journal's places.
    let places: [Location]
    /// The trip names kept in the journal.
    let names: TripNames
    /// Every visit in date order.
    let log: TravelLog
    /// Home, `nil` for a journal with no visits and no place tagged home.
    let home: TravelHome?
    /// The country and region lookup.
    let areas: PlaceAreas
    /// Each place's ``whereabouts(ofPlaceAt:)`` once worked out, by its index in the log.
    private let known: KnownWhereabouts

    /// The words of ``whereabouts(ofPlaceAt:)`` for each place of the log, kept as they are asked for: a table
    /// of visits names a place once a visit.
    private final class KnownWhereabouts {
        var texts: [String?]
        init(count: Int) { texts = Array(repeating: nil, count: count) }
    }

    init(places: [Location], names: TripNames, log: TravelLog, home: TravelHome?, areas: PlaceAreas) {
        (self.places, self.names, self.log, self.home, self.areas) = (places, names, log, home, areas)
        known = KnownWhereabouts(count: log.places.count)
    }

    /// The `--home` option, for commands that find trips.
    struct HomeOption: ParsableOptions {
        @Option("--home", value: "place", help: "Where trips start from: one of your places, a town or LAT,LON (default: the place tagged home, else where most visits are).")
        var home: String?
    }

    /// Reads the journal. It is kept until the process exits: a million visits are not freed one by one.
    /// - Parameters:
    ///   - home: `--home`, resolved like any typed place.
    ///   - wholePlaces: read each place whole (its description and its visits), for output that shows the
    ///     places themselves (maps, exports); otherwise only what the travel commands show is read, and
    ///     the places' visits are the log's entries alone (``JournalStore/loadTravelLog()``).
    static func load(_ context: CommandContext, home typedHome: String? = nil, wholePlaces: Bool = false) throws -> TravelJournal {
        let log: TravelLog, names: TripNames
        if wholePlaces {
            let read = try context.store().loadWithTripNames(descriptions: true)
            (log, names) = (TravelLog(read.places), read.names)
        } else {
            (log, names) = try context.store().loadTravelLog()
        }
        let places = log.places
        let gazetteer = try GazetteerAccess.gazetteer(context)
        var home = TravelHome(log: log)
        if let typedHome {
            let resolver = PlaceResolver(gazetteer: gazetteer, journal: places)
            let point = try PlaceChoice.look(typedHome, resolver: resolver, context: context, verb: "Home is", quiet: true)
            home = TravelHome(Coordinate(latitude: point.latitude, longitude: point.longitude), name: point.name)
        }
        let journal = TravelJournal(places: places, names: names, log: log, home: home, areas: try GazetteerAccess.areas(context))
        context.keepUntilExit(journal)
        return journal
    }

    /// The trips, numbered from the earliest.
    /// - Parameter span: only the trips with a stop in it (numbered as among all).
    func trips(touching span: DaySpan = DaySpan()) -> [Trip] {
        guard let home else { return [] }
        // Asked once a place by the detector: by position, not through ``PlaceAreas``' memory by id.
        let places = log.places
        return TripDetector.trips(in: log, home: home, countryOfPlace: { areas.country(latitude: places[$0].latitude, longitude: places[$0].longitude)?.code },
                                  names: names, touching: span)
    }

    /// The trip typed as its number or its name (any case).
    /// - Throws: ``CommandFailure`` (exit 1, as for a place or a region that is not there) naming what was
    ///   typed and the trips there are, with the hint that `places trips` lists them.
    static func trip(_ typed: String, in trips: [Trip]) throws -> Trip {
        let hint = "\nhint: `places trips` lists them"
        if let number = Int(typed) {
            guard let trip = trips.first(where: { $0.number == number }) else {
                throw CommandFailure("there is no trip \(number): " + (trips.isEmpty ? "the journal has no trips" : "trips are numbered 1 to \(trips.count)") + hint)
            }
            return trip
        }
        let folded = typed.trimmed.lowercased()
        let named = trips.filter { $0.name?.lowercased() == folded }
        guard let trip = named.first else {
            throw CommandFailure("no trip is named \"\(TerminalText.visible(typed))\": give a trip's number or the name given with `places trips name`" + hint)
        }
        return trip
    }

    /// A visit of the log by its place and its position among the place's visits.
    struct VisitKey: Hashable {
        var place: Int
        var visit: Int
        init(_ entry: TravelLog.Entry) { (place, visit) = (entry.place, entry.visit) }
    }

    /// For each visit that is a stop of a trip, that trip's index in `trips` (only the stops are keyed:
    /// a million visits at home need no entry).
    func tripIndexByVisit(_ trips: [Trip]) -> [VisitKey: Int] {
        var result: [VisitKey: Int] = [:]
        result.reserveCapacity(trips.reduce(0) { $0 + $1.stops.count })
        for (t, trip) in trips.enumerated() {
            for stop in trip.stops { result[VisitKey(stop.entry)] = t }
        }
        return result
    }

    // MARK: Words

    /// `Trip 3 "Japan 2023": 2023-04-02 – 2023-04-20, 19 days, 🇯🇵 JP, 2,345 km`
    func title(_ trip: Trip, flags: Bool) -> String {
        var parts = [trip.dateText]
        if let days = trip.days { parts.append(counted(days, "day")) } else { parts.append("dated only by \(trip.stops[0].entry.date.precision == .year ? "year" : "month")") }
        let countries = countryList(trip.countries, flags: flags)
        if !countries.isEmpty { parts.append(countries) }
        parts.append(kilometres(trip.distanceKm(in: log)))
        return "Trip \(trip.number)" + (trip.name.map { " \"\(TerminalText.visible($0))\"" } ?? "") + ": " + parts.joined(separator: ", ")
    }

    /// `🇯🇵 JP, 🇰🇷 KR` (flags only on a terminal).
    func countryList(_ codes: [String], flags: Bool) -> String {
        // Written as bytes: `map` and `joined`, or a string appended to code by code, cost more than the
        // rest of a row of `trips`.
        guard codes.count > 1 || flags else { return codes.first ?? "" }
        var text: [UInt8] = []
        text.reserveCapacity(codes.count * (flags ? 13 : 4))
        for (index, code) in codes.enumerated() {
            if index > 0 {
                text.append(UInt8(ascii: ","))
                text.append(UInt8(ascii: " "))
            }
            let flag = flags ? CountryFlag.emoji(code) : ""
            if !flag.isEmpty { text.append(contentsOf: flag.utf8); text.append(0x20) }
            // Byte by byte: a code is two letters, and appending a string's bytes as a sequence costs more.
            for byte in code.utf8 { text.append(byte) }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// `1,234 km`
    func kilometres(_ value: Double) -> String { "\(grouped(Int(saturating: value.rounded()))) km" }

    /// Where the log's place at `index` is: `Kyoto, JP` (region and country), or the country alone; worked
    /// out once a place.
    func whereabouts(ofPlaceAt index: Int) -> String {
        if let text = known.texts[index] { return text }
        let place = log.places[index]
        var text = ""
        if let country = areas.country(latitude: place.latitude, longitude: place.longitude) {
            if let region = areas.region(latitude: place.latitude, longitude: place.longitude, country: country.code) {
                text = region.name + ", "
            }
            text += country.code
        }
        known.texts[index] = text
        return text
    }

    /// One visit: `2023-04-02  Fushimi Inari  with Sam  Kyoto, JP` as table cells.
    func cells(_ entry: TravelLog.Entry) -> [String] {
        let place = log.place(entry)
        var date = entry.date.readableText
        if !entry.date.isWithinADay { date += entry.date.precision == .year ? " (year only)" : " (month only)" }
        return [date, place.name, log.note(entry) ?? "", whereabouts(ofPlaceAt: entry.place)]
    }
}
