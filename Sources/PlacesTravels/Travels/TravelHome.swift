import PlacesCore

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
        // For each place, its index in `homes`, -1 for a place not tagged home.
        var homeOf = [Int32](repeating: -1, count: log.places.count)
        for (index, place) in log.places.enumerated() where place.tags.contains(where: { $0.lowercased() == Self.tag }) {
            homeOf[index] = Int32(homes.count)
            homes.append(Period(from: .min, coordinate: Coordinate(latitude: place.latitude, longitude: place.longitude), name: place.name))
        }
        if !homes.isEmpty {
            // Each home from its first visit, a home never visited from the start. The log's entries are
            // the places' visits, in date order: a place's first entry is its first day.
            var found = [Bool](repeating: false, count: homes.count), left = homes.count
            for entry in log.entries {
                if left == 0 { break }
                let home = Int(homeOf[entry.place])
                guard home >= 0, !found[home] else { continue }
                homes[home].from = entry.days.lowerBound
                found[home] = true
                left -= 1
            }
            homes.sort { $0.from < $1.from }
            homes[0].from = .min
            periods = homes
            return
        }
        struct Square: Hashable { var row: Int; var column: Int }
        var counts: [Square: (visits: Int, latitude: Double, longitude: Double)] = [:]
        var best: (square: Square, visits: Int)?
        for entry in log.entries {
            // The position only: copying the whole place for every visit costs more than the rest.
            let latitude = log.places[entry.place].latitude, longitude = log.places[entry.place].longitude
            let square = Square(row: Int((latitude / Self.squareDegrees).rounded(.down)),
                                column: Int((longitude / Self.squareDegrees).rounded(.down)))
            var count = counts[square] ?? (0, 0, 0)
            count.visits += 1
            count.latitude += latitude
            count.longitude += longitude
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
