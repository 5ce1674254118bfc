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

    /// The log of `places`, keeping only the visits `admit` accepts.
    public init(_ places: [Location], admitting admit: (Visit) -> Bool = { _ in true }) {
        self.places = places
        var unsorted: [Entry] = []
        // The sort moves small keys, not entries: a million visits' keys fit in the caches far better.
        var keys: [Key] = []
        let count = places.reduce(0) { $0 + $1.visits.count }
        unsorted.reserveCapacity(count)
        keys.reserveCapacity(count)
        for (p, place) in places.enumerated() {
            for (v, visit) in place.visits.enumerated() where admit(visit) {
                keys.append(Key(start: visit.date.start.timeIntervalSince1970, position: unsorted.count))
                unsorted.append(Entry(place: p, visit: v, date: visit.date, days: visit.date.days))
            }
        }
        // Keys are built in journal order, so sorting by (start, position) keeps ties in that order.
        keys.sort { $0.start != $1.start ? $0.start < $1.start : $0.position < $1.position }
        entries = keys.map { unsorted[$0.position] }
    }

    /// An entry's place in the sort: its first moment and its position in journal order.
    private struct Key {
        var start: Double
        var position: Int
    }

    /// The place of an entry.
    public func place(_ entry: Entry) -> Location { places[entry.place] }

    /// The visit of an entry.
    public func visit(_ entry: Entry) -> Visit { places[entry.place].visits[entry.visit] }
}
