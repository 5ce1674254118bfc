/// A trip: visits away from home that follow one another closely (see ``TripDetector`` for the rule).
public struct Trip: Sendable {
    /// One stop of a trip: a visit in the ``TravelLog``.
    public struct Stop: Sendable, Equatable {
        /// The visit in the log.
        public var entry: TravelLog.Entry
        /// The place's country code, `nil` at sea.
        public var country: String?
    }

    /// The trip's number, 1 for the earliest (trips of a partial date count among them by their first day).
    public var number: Int
    /// The stops, in visiting order.
    public var stops: [Stop]
    /// The home the trip starts from and returns to.
    public var home: TravelHome.Period
    /// The name given with `places trips name`, `nil` when none.
    public var name: String?

    /// The first day of the first stop.
    public var firstDay: Int { stops[0].entry.days.lowerBound }
    /// The last day of the last stop.
    public var lastDay: Int { stops.map(\.entry.days.upperBound).max() ?? firstDay }

    /// Whether the trip is one visit dated only by a month or a year: it has no count of days.
    public var isPartial: Bool { !stops[0].entry.date.isWithinADay }

    /// Calendar days from the first stop to the last, both counted; `nil` for a partial trip.
    public var days: Int? { isPartial ? nil : lastDay - firstDay + 1 }

    /// The countries visited, in the order first reached.
    public var countries: [String] {
        var seen: [String] = []
        for stop in stops { if let code = stop.country, !seen.contains(code) { seen.append(code) } }
        return seen
    }

    /// The dates as people read them: `2023-04-02 – 2023-04-20`, one date for a one-day trip, the date as
    /// typed for a partial one.
    public var dateText: String {
        let first = stops[0].entry.date
        if isPartial { return first.readableText }
        let last = stops.max { $0.entry.days.upperBound < $1.entry.days.upperBound }!.entry.date
        return firstDay == lastDay ? first.shortText : "\(first.shortText) – \(last.shortText)"
    }

    /// The stops' places in visiting order, a place visited on consecutive stops once.
    public func route(in log: TravelLog) -> [Location] {
        var result: [Location] = []
        for stop in stops where result.last?.id != log.places[stop.entry.place].id {
            result.append(log.places[stop.entry.place])
        }
        return result
    }

    /// Great-circle kilometres from home through every stop and back.
    public func distanceKm(in log: TravelLog) -> Double {
        var points = [home.coordinate]
        points += route(in: log).map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) }
        points.append(home.coordinate)
        var total = 0.0
        for (a, b) in zip(points, points.dropFirst()) {
            total += Geodesy.distanceKm(fromLatitude: a.latitude, longitude: a.longitude, toLatitude: b.latitude, longitude: b.longitude)
        }
        return total
    }

    /// The visit that names the trip in the journal: its first stop.
    public func anchor(in log: TravelLog) -> TripNames.Anchor {
        TripNames.Anchor(place: log.places[stops[0].entry.place].id, date: stops[0].entry.date)
    }
}

/// Finds the trips in a ``TravelLog``.
///
/// **The rule.** A visit is *away* when its place is more than ``awayKm`` from that day's home
/// (``TravelHome``). An away visit joins the trip before it while it starts at most ``joiningDays`` after
/// the previous stop ends and no visit at home falls between them; otherwise it starts a new trip. So a
/// weekend in Rome and Japan three weeks later are two trips, and a trip through three countries, or with
/// three quiet days between two recorded visits, is one. A visit dated only by a month or a year is a
/// trip of its own, with no count of days, and never joins or breaks another.
public enum TripDetector {
    /// How far from home a visit must be to be away, in kilometres.
    public static let awayKm = 50.0
    /// The most days between one stop's end and the next one's start for both to be one trip.
    public static let joiningDays = 5

    /// The trips of a log, earliest first and numbered from 1.
    /// - Parameters:
    ///   - country: the country code of a place (looked up once per place).
    ///   - names: the names kept in the journal.
    public static func trips(in log: TravelLog, home: TravelHome, country: (Location) -> String?,
                             names: TripNames = TripNames()) -> [Trip] {
        var countries: [Int: String?] = [:]
        func code(_ place: Int) -> String? {
            if let known = countries[place] { return known }
            let found = country(log.places[place])
            countries[place] = found
            return found
        }
        var trips: [Trip] = []
        var open: Trip?
        var openLastDay = 0  // the open trip's last day, kept as stops join (``Trip/lastDay`` reads every stop)
        func close() {
            if let trip = open { trips.append(trip) }
            open = nil
        }
        for entry in log.entries {
            let place = log.places[entry.place]
            let period = home.home(on: entry.days.lowerBound)
            let distance = Geodesy.distanceKm(fromLatitude: period.coordinate.latitude, longitude: period.coordinate.longitude,
                                              toLatitude: place.latitude, longitude: place.longitude)
            let away = distance > awayKm
            guard entry.date.isWithinADay else {
                if away { trips.append(Trip(number: 0, stops: [Trip.Stop(entry: entry, country: code(entry.place))], home: period)) }
                continue
            }
            guard away else { close(); continue }
            let stop = Trip.Stop(entry: entry, country: code(entry.place))
            if let trip = open, entry.days.lowerBound - openLastDay <= joiningDays, trip.home == period {
                open!.stops.append(stop)
                openLastDay = max(openLastDay, entry.days.upperBound)
            } else {
                close()
                open = Trip(number: 0, stops: [stop], home: period)
                openLastDay = entry.days.upperBound
            }
        }
        close()
        // Partial trips were appended as met; number all by their first day (ties: as found).
        var order = Array(trips.indices)
        order.sort { trips[$0].firstDay != trips[$1].firstDay ? trips[$0].firstDay < trips[$1].firstDay : $0 < $1 }
        var result = order.map { trips[$0] }
        for index in result.indices {
            result[index].number = index + 1
            result[index].name = names.name(for: result[index], in: log)
        }
        return result
    }
}
