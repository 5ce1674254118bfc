import PlacesCore

/// The visits on a calendar day in earlier years (`places today`): "3 years ago today: Fushimi Inari".
///
/// A visit counts when its date is that month and day (a day, or an instant's UTC day) of an earlier
/// year; a visit dated only by a month or a year is not on any one day and never counts.
public enum OnThisDay {
    /// One visit remembered.
    public struct Memory: Sendable, Equatable {
        /// How many years ago.
        public var yearsAgo: Int
        /// The visit in the log.
        public var entry: TravelLog.Entry
    }

    /// The visits on `day`'s month and day in the years before it, most recent year first, each year's in
    /// date order.
    public static func memories(on day: VisitDate, in log: TravelLog) -> [Memory] {
        let today = VisitDate.civilDay(day.days.lowerBound)
        var result: [Memory] = []
        for entry in log.entries where entry.date.isWithinADay {
            let date = VisitDate.civilDay(entry.days.lowerBound)
            guard date.month == today.month, date.day == today.day, date.year < today.year else { continue }
            result.append(Memory(yearsAgo: today.year - date.year, entry: entry))
        }
        // Stable: the log's date order within a year.
        return result.enumerated().sorted { a, b in
            a.element.yearsAgo != b.element.yearsAgo ? a.element.yearsAgo < b.element.yearsAgo : a.offset < b.offset
        }.map(\.element)
    }
}
