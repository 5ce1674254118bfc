/// Where home is on a given day, the point trips start from and return to.
///
/// Home is, in this order: the point given (`--home`); else the places tagged `home`, each home from its
/// first visit on (so home can move; a home place never visited is home from the start); else the centre
/// of the 0.1° square (about 11 km) holding the most visits.
public struct TravelHome: Sendable, Equatable {
    /// One home and the first day it is home.
    public struct Period: Sendable, Equatable {
        /// The first day (day number) this is home; `Int.min` for "from the start".
        public var from: Int
        /// Where home is.
        public var coordinate: Coordinate
        /// The home place's name, `nil` for a point given or found.
        public var name: String?
    }

    /// The tag that marks a place as home.
    public static let tag = "home"
    /// The side of the squares in which visits are counted when no home is given or tagged, in degrees.
    public static let squareDegrees = 0.1

    /// The homes, by the day each starts; never empty.
    public let periods: [Period]

    /// A home that never moves.
    public init(_ coordinate: Coordinate, name: String? = nil) {
        periods = [Period(from: .min, coordinate: coordinate, name: name)]
    }

    /// The homes of a journal (the tagged places, else the busiest square), `nil` for a journal with no
    /// place tagged home and no visit.
    public init?(log: TravelLog) {
        var homes: [Period] = []
        for place in log.places where place.tags.contains(where: { $0.lowercased() == Self.tag }) {
            let first = place.visits.map(\.date.days.lowerBound).min() ?? .min
            homes.append(Period(from: first, coordinate: Coordinate(latitude: place.latitude, longitude: place.longitude), name: place.name))
        }
        if !homes.isEmpty {
            homes.sort { $0.from < $1.from }
            homes[0].from = .min
            periods = homes
            return
        }
        struct Square: Hashable { var row: Int; var column: Int }
        var counts: [Square: (visits: Int, latitude: Double, longitude: Double)] = [:]
        var best: (square: Square, visits: Int)?
        for entry in log.entries {
            let place = log.places[entry.place]
            let square = Square(row: Int((place.latitude / Self.squareDegrees).rounded(.down)),
                                column: Int((place.longitude / Self.squareDegrees).rounded(.down)))
            var count = counts[square] ?? (0, 0, 0)
            count.visits += 1
            count.latitude += place.latitude
            count.longitude += place.longitude
            counts[square] = count
            if count.visits > best?.visits ?? 0 { best = (square, count.visits) }
        }
        guard let best, let count = counts[best.square] else { return nil }
        // The mean of the visits in the square: where the person is most of the time.
        periods = [Period(from: .min, coordinate: Coordinate(latitude: count.latitude / Double(count.visits),
                                                              longitude: count.longitude / Double(count.visits)), name: nil)]
    }

    /// Home on a day.
    public func home(on day: Int) -> Period {
        var found = periods[0]
        for period in periods.dropFirst() where period.from <= day { found = period }
        return found
    }
}
