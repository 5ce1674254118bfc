import PlacesCore
import PlacesJournal

/// A trip: visits away from home that follow one another closely (see ``TripDetector`` for the rule).
public struct Trip: Sendable {
    /// One stop of a trip: a visit in the ``TravelLog``.
    public struct Stop: Sendable, Equatable {
        /// The visit in the log.
        public var entry: TravelLog.Entry
        /// The place's country code, `nil` at sea.
        public var country: String? {
            didSet { countryKey = country.map(Trip.asciiKey) ?? 0 }
        }
        /// ``country``'s ``Trip/asciiKey(_:)``, 0 for none or one that is not ASCII: worked out once a place
        /// by ``TripDetector``, so that ``Trip/countries`` compares numbers.
        var countryKey: UInt64

        init(entry: TravelLog.Entry, country: String?) {
            self.init(entry: entry, country: country, countryKey: country.map(Trip.asciiKey) ?? 0)
        }

        init(entry: TravelLog.Entry, country: String?, countryKey: UInt64) {
            self.entry = entry
            self.country = country
            self.countryKey = countryKey
        }
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
    public var lastDay: Int {
        // Without an array of every stop's day: a trip may have hundreds of stops.
        var last = stops[0].entry.days.upperBound
        for stop in stops.dropFirst() where stop.entry.days.upperBound > last { last = stop.entry.days.upperBound }
        return last
    }

    /// Whether the trip is one visit dated only by a month or a year: it has no count of days.
    public var isPartial: Bool { !stops[0].entry.date.isWithinADay }

    /// Calendar days from the first stop to the last, both counted; `nil` for a partial trip.
    public var days: Int? { isPartial ? nil : lastDay - firstDay + 1 }

    /// The countries visited, in the order first reached.
    public var countries: [String] {
        // Stops read by index, field by field: a loop or `contains` over the stops copies each one (its
        // date and country retained and released), which cost more than the comparisons.
        let count = stops.count
        var first = 0
        while first < count, stops[first].country == nil { first += 1 }
        guard first < count else { return [] }
        // Most trips are one stop, or stops in one country.
        let firstKey = stops[first].countryKey
        if firstKey != 0 {
            // A stop with a code has a key of 0 (not ASCII) or its code's own.
            var other = first + 1
            while other < count, stops[other].countryKey == firstKey || stops[other].country == nil { other += 1 }
            if other == count { return [stops[first].country!] }
        }
        // Room for a country a stop (at most 16 at first): grown from one, the arrays cost more than the loop.
        var seen: [String] = [], keys: [UInt64] = []
        seen.reserveCapacity(min(count, 16))
        keys.reserveCapacity(min(count, 16))
        seen.append(stops[first].country!)
        // Each seen code's bytes as a number, compared instead of the strings (a string comparison of two
        // unequal codes is a call into the runtime: 95,000 of them for a thousand places' trips).
        keys.append(firstKey)
        var allASCII = firstKey != 0
        // Consecutive stops are mostly in one country: the last code first, before the list.
        for index in (first + 1)..<count {
            if allASCII {
                let key = stops[index].countryKey
                if key != 0 {
                    if key != keys[keys.count - 1], !keys.contains(key) { seen.append(stops[index].country!); keys.append(key) }
                    continue
                }
            }
            guard let code = stops[index].country else { continue }
            // A code that is not ASCII (never one of the outlines' codes) may equal an ASCII one as a
            // string (a Kelvin sign is a K): from then on strings are compared.
            allASCII = false
            if code != seen.last, !seen.contains(code) { seen.append(code) }
        }
        return seen
    }

    /// The bytes and length of an ASCII code of up to seven characters as a number; 0 for any other
    /// text (never a code's: its length is in the top byte). Two ASCII texts are equal as strings exactly
    /// when their bytes are.
    static func asciiKey(_ code: String) -> UInt64 {
        var key: UInt64 = 0, count = 0
        for byte in code.utf8 {
            guard byte < 0x80, count < 7 else { return 0 }
            key = key << 8 | UInt64(byte)
            count += 1
        }
        return key | UInt64(count) << 56
    }

    /// The dates as people read them: `2023-04-02 – 2023-04-20`, one date for a one-day trip, the date as
    /// typed for a partial one.
    public var dateText: String {
        let first = stops[0].entry.date
        if isPartial { return first.readableText }
        // The first stop to end last, found by its index: a trips listing copied every stop here.
        var last = 0
        for index in stops.indices.dropFirst() where stops[index].entry.days.upperBound > stops[last].entry.days.upperBound {
            last = index
        }
        guard stops[last].entry.days.upperBound != firstDay else { return first.shortText }
        return first.shortText + " – " + stops[last].entry.date.shortText
    }

    /// The stops' places in visiting order, a place visited on consecutive stops once.
    public func route(in log: TravelLog) -> [Location] {
        routePlaces(in: log).map { log.places[$0] }
    }

    /// ``route(in:)`` as indices in ``TravelLog/places``: counted and measured without copying places.
    public func routePlaces(in log: TravelLog) -> [Int] {
        var result: [Int] = []
        forEachRoutePlace(in: log) { result.append($0) }
        return result
    }

    /// The number of ``routePlaces(in:)``, counted without the array.
    public func routeCount(in log: TravelLog) -> Int {
        var count = 0
        forEachRoutePlace(in: log) { _ in count += 1 }
        return count
    }

    /// Calls `body` with each of ``routePlaces(in:)`` in order.
    private func forEachRoutePlace(in log: TravelLog, _ body: (Int) -> Void) {
        var last = -1
        for stop in stops {
            let place = stop.entry.place
            if last >= 0, last == place || log.places[last].id == log.places[place].id { continue }
            body(place)
            last = place
        }
    }

    /// Great-circle kilometres from home through every stop and back.
    public func distanceKm(in log: TravelLog) -> Double {
        let home = home.coordinate
        return measureRoute(in: log, homeCosine: Geodesy.latitudeCosine(home.latitude)) { Geodesy.latitudeCosine(log.places[$0].latitude) }.km
    }

    /// ``distanceKm(in:)`` and ``routeCount(in:)`` in one walk of the route, with the home's and each
    /// place's latitude cosine given (`cosine` takes the place's index in ``TravelLog/places``): the same
    /// operations on the same values, so the same distance to the last bit.
    func measureRoute(in log: TravelLog, homeCosine: Double, cosine: (Int) -> Double) -> (km: Double, stops: Int) {
        // Leg by leg along the route, without an array of points (most trips are one stop).
        // Each point's latitude cosine once: a leg's end is the next leg's start.
        var total = 0.0, count = 0
        let home = home.coordinate
        var from = home, fromCosine = homeCosine
        forEachRoutePlace(in: log) { place in
            count += 1
            let to = Coordinate(latitude: log.places[place].latitude, longitude: log.places[place].longitude)
            let toCosine = cosine(place)
            total += Geodesy.distanceKm(fromLatitude: from.latitude, longitude: from.longitude, cosine: fromCosine,
                                        toLatitude: to.latitude, longitude: to.longitude, cosine: toCosine)
            (from, fromCosine) = (to, toCosine)
        }
        return (total + Geodesy.distanceKm(fromLatitude: from.latitude, longitude: from.longitude, cosine: fromCosine,
                                           toLatitude: home.latitude, longitude: home.longitude, cosine: homeCosine), count)
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
    ///   - country: the country code of a place (looked up once per place, and only for the trips returned).
    ///   - names: the names kept in the journal.
    ///   - span: only the trips with a stop whose date lies in it are built and returned (all by default).
    ///     The rule still runs over every visit, so trip N is the same trip whatever span is asked.
    public static func trips(in log: TravelLog, home: TravelHome, country: (Location) -> String?,
                             names: TripNames = TripNames(), touching span: DaySpan = DaySpan()) -> [Trip] {
        trips(in: log, home: home, countryOfPlace: { country(log.places[$0]) }, names: names, touching: span)
    }

    /// ``trips(in:home:country:names:touching:)`` with `countryOfPlace` given a place's index in
    /// ``TravelLog/places``: a caller that needs only its position is not handed a copy of the whole place.
    package static func trips(in log: TravelLog, home: TravelHome, countryOfPlace: (Int) -> String?,
                              names: TripNames = TripNames(), touching span: DaySpan = DaySpan()) -> [Trip] {
        // One pass over every visit finds where each trip starts and which visits are its stops, as
        // numbers only; the trips themselves (stops, countries, names) are built for the span alone.
        let found = segments(of: log, home: home)
        let tripCount = found.homes.count
        var wanted = [Bool](repeating: span.isOpen, count: tripCount)
        if !span.isOpen {
            for (position, entry) in log.entries.enumerated() where found.tripOf[position] >= 0 && span.contains(entry.days) {
                wanted[Int(found.tripOf[position])] = true
            }
        }
        // Each place's country once, kept by its index in the log.
        var countries = [String?](repeating: nil, count: log.places.count)
        var keys = [UInt64](repeating: 0, count: log.places.count)
        var known = [Bool](repeating: false, count: log.places.count)
        // Each trip's stops made room for at once: most trips are a few stops, and growing their arrays
        // cost more than filling them.
        var counts = [Int](repeating: 0, count: tripCount)
        for trip in found.tripOf where trip >= 0 { counts[Int(trip)] += 1 }
        var stops = [[Trip.Stop]](repeating: [], count: tripCount)
        for trip in stops.indices where wanted[trip] { stops[trip].reserveCapacity(counts[trip]) }
        for (position, entry) in log.entries.enumerated() {
            let trip = Int(found.tripOf[position])
            guard trip >= 0, wanted[trip] else { continue }
            let place = entry.place
            if !known[place] {
                countries[place] = countryOfPlace(place)
                keys[place] = countries[place].map(Trip.asciiKey) ?? 0
                known[place] = true
            }
            stops[trip].append(Trip.Stop(entry: entry, country: countries[place], countryKey: keys[place]))
        }
        // Numbered by first day; ties in the order the trips were found (a partial trip as met, the
        // others as they closed).
        var order = Array(found.homes.indices)
        order.sort { found.firstDays[$0] != found.firstDays[$1] ? found.firstDays[$0] < found.firstDays[$1] : $0 < $1 }
        var result: [Trip] = []
        for (index, trip) in order.enumerated() where wanted[trip] {
            var built = Trip(number: index + 1, stops: stops[trip], home: home.periods[found.homes[trip]])
            built.name = names.name(for: built, in: log)
            result.append(built)
        }
        return result
    }

    /// Which trip each visit of the log is a stop of (its index in the order found, -1 for none), and
    /// each trip's home (an index in ``TravelHome/periods``) and first day.
    static func segments(of log: TravelLog, home: TravelHome) -> (tripOf: [Int32], homes: [Int], firstDays: [Int]) {
        var tripOf = [Int32](repeating: -1, count: log.entries.count)
        var homes: [Int] = [], firstDays: [Int] = []
        // The open trip: its home, its first and last day; and the visits joined so far, in one array
        // kept for every trip (a trip is often one visit: an array made and freed for each cost more
        // than the rest of the pass).
        var open: (home: Int, firstDay: Int, lastDay: Int)?
        var openPositions: [Int] = []
        func close() {
            guard let trip = open else { return }
            for position in openPositions { tripOf[position] = Int32(homes.count) }
            openPositions.removeAll(keepingCapacity: true)
            homes.append(trip.home)
            firstDays.append(trip.firstDay)
            open = nil
        }
        let periods = home.periods
        var period = 0
        // Whether each place is away, measured once per place and home (the home it was last measured
        // from): a place has many visits, and home changes rarely.
        var measuredFrom = [Int](repeating: -1, count: log.places.count)
        var placeIsAway = [Bool](repeating: false, count: log.places.count)
        for (position, entry) in log.entries.enumerated() {
            // Home on the visit's first day (the periods are few and in order of their first day).
            let day = entry.days.lowerBound
            period = 0
            while period + 1 < periods.count, periods[period + 1].from <= day { period += 1 }
            if measuredFrom[entry.place] != period {
                // The place's position only: copying the whole place for every visit costs more than the rest.
                let latitude = log.places[entry.place].latitude, longitude = log.places[entry.place].longitude
                let centre = periods[period].coordinate
                placeIsAway[entry.place] = Geodesy.distanceKm(fromLatitude: centre.latitude, longitude: centre.longitude,
                                                              toLatitude: latitude, longitude: longitude) > awayKm
                measuredFrom[entry.place] = period
            }
            let away = placeIsAway[entry.place]
            guard entry.date.isWithinADay else {
                if away {
                    tripOf[position] = Int32(homes.count)
                    homes.append(period)
                    firstDays.append(day)
                }
                continue
            }
            guard away else { close(); continue }
            if let trip = open, day - trip.lastDay <= joiningDays, trip.home == period || periods[trip.home] == periods[period] {
                openPositions.append(position)
                open!.lastDay = max(trip.lastDay, entry.days.upperBound)
            } else {
                close()
                open = (period, day, entry.days.upperBound)
                openPositions.append(position)
            }
        }
        close()
        return (tripOf, homes, firstDays)
    }
}
