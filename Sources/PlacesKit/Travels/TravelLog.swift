/// Every visit of the journal in date order: the one ordering behind `timeline`, `trips`, `review` and `today`.
///
/// A visit is a place (its index in the journal) and one of its visits. Dates order by their first
/// moment (``VisitDate/start``), so a date that is only a month or a year sorts at the start of that month
/// or year; ties keep journal order (place by place, each place's visits in their own order).
public struct TravelLog: Sendable {
    /// One visit in the log.
    public struct Entry: Sendable, Equatable {
        /// The place's index in ``TravelLog/places``.
        public var place: Int
        /// The visit's index in that place's ``Location/visits``.
        public var visit: Int
        /// The visit's date.
        public var date: VisitDate
        /// The calendar days the date covers.
        public var days: ClosedRange<Int>
    }

    /// The journal's places.
    public let places: [Location]
    /// Every visit, in date order.
    public let entries: [Entry]

    /// The log of `places`, keeping only the visits `admit` accepts (all without it).
    public init(_ places: [Location], admitting admit: ((Visit) -> Bool)? = nil) {
        self.places = places
        var unsorted: [Entry] = []
        var starts: [Double] = []
        let count = places.reduce(0) { $0 + $1.visits.count }
        unsorted.reserveCapacity(count)
        starts.reserveCapacity(count)
        for (p, place) in places.enumerated() {
            // The dates only: a whole visit (its note, its other fields) is not copied.
            for v in place.visits.indices where admit?(place.visits[v]) ?? true {
                let date = place.visits[v].date
                starts.append(date.start.timeIntervalSince1970)
                unsorted.append(Entry(place: p, visit: v, date: date, days: date.days))
            }
        }
        entries = Self.order(starts).map { unsorted[$0] }
    }

    /// The positions of `starts` from the earliest, ties in position order (journal order).
    static func order(_ starts: [Double]) -> [Int] {
        // The sort moves small keys, not entries: a million visits' keys fit in the caches far better.
        // Dates are whole seconds (a day's start is midnight; an instant is saved to the second), so a
        // start and a position packed in one integer sort in its order, several times faster than pairs
        // compared by a closure; anything else (a fraction of a second) takes the pairs.
        let positionBits = 24
        if starts.count < 1 << positionBits, let low = starts.min(), let high = starts.max(), high - low < 0x1p39,
           starts.allSatisfy({ $0 == $0.rounded(.down) }) {
            var keys = starts.enumerated().map { position, start in
                UInt64(start - low) << positionBits | UInt64(position)
            }
            keys.sort()
            return keys.map { Int($0 & (1 << positionBits - 1)) }
        }
        var positions = Array(starts.indices)
        positions.sort { starts[$0] != starts[$1] ? starts[$0] < starts[$1] : $0 < $1 }
        return positions
    }

    /// The place of an entry.
    public func place(_ entry: Entry) -> Location { places[entry.place] }

    /// The visit of an entry.
    public func visit(_ entry: Entry) -> Visit { places[entry.place].visits[entry.visit] }
}
