#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The calendar days a visit date covers, as day numbers (days since 1970-01-01).
///
/// A year is every day of it, a month every day of that month, a day itself, and an instant the day it
/// was recorded on in UTC (the day the journal writes for it). The machine's time zone is never asked,
/// so no output shifts a date.
extension VisitDate {
    /// The first and last day the date covers.
    public var days: ClosedRange<Int> {
        switch self {
        case .year(let year):
            return FastTimestamp.daysSince1970(year: year, month: 1, day: 1)...FastTimestamp.daysSince1970(year: year, month: 12, day: 31)
        case .month(let year, let month):
            let first = FastTimestamp.daysSince1970(year: year, month: month, day: 1)
            return first...(first + FastTimestamp.daysInMonth(month, year: year) - 1)
        case .day(let year, let month, let day):
            let only = FastTimestamp.daysSince1970(year: year, month: month, day: day)
            return only...only
        case .instant(let date):
            let only = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
            return only...only
        }
    }

    /// Whether the date names one day or less (a day or an instant), not a month or a year.
    public var isWithinADay: Bool { precision >= .day }

    /// The calendar date of a day number.
    public static func civilDay(_ day: Int) -> (year: Int, month: Int, day: Int) {
        FastTimestamp.civil(daysSince1970: day)
    }

    /// The day number of a calendar date.
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        FastTimestamp.daysSince1970(year: year, month: month, day: day)
    }

    /// The month of the date's first day, `nil` for a date that is only a year.
    public var month: Int? {
        switch self {
        case .year: return nil
        case .month(_, let month), .day(_, let month, _): return month
        case .instant: return Self.civilDay(days.lowerBound).month
        }
    }

    /// The date as people read it: `2019`, `May 2019`, `2019-05-03` (an instant as its UTC day).
    public var readableText: String {
        switch self {
        case .year(let year): return String(year)
        case .month(let year, let month): return "\(Self.monthNames[month - 1]) \(year)"
        default: return shortText
        }
    }

    /// English month names, January first.
    public static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                    "September", "October", "November", "December"]
}

/// A span of calendar days that visit dates are tested against (`--from`, `--to`, `--year`).
public struct DaySpan: Sendable, Equatable {
    /// The first day number in the span, `nil` for no lower bound.
    public var first: Int?
    /// The last day number in the span, `nil` for no upper bound.
    public var last: Int?

    /// A span from the first day of `from` to the last day of `to`, either open.
    public init(from: VisitDate? = nil, to: VisitDate? = nil) {
        first = from?.days.lowerBound
        last = to?.days.upperBound
    }

    /// The whole of one calendar year.
    public init(year: Int) {
        self.init(from: .year(year), to: .year(year))
    }

    /// Whether the span has neither bound.
    public var isOpen: Bool { first == nil && last == nil }

    /// Whether a date lies wholly inside the span: "2019" is inside 2019, but not inside May 2019.
    public func contains(_ date: VisitDate) -> Bool { contains(date.days) }

    /// Whether the days lie wholly inside the span (a log entry's ``TravelLog/Entry/days``, worked out once).
    public func contains(_ days: ClosedRange<Int>) -> Bool {
        if let first, days.lowerBound < first { return false }
        if let last, days.upperBound > last { return false }
        return true
    }

    /// Whether the span ends before it starts.
    public var isEmpty: Bool {
        guard let first, let last else { return false }
        return last < first
    }
}
