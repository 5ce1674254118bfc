#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ISO 8601 dates as the journal writes and reads them: UTC, whole seconds (`2024-05-01T12:00:00Z`).
public enum Timestamp {
    /// The journal's text for a date.
    /// Fractions of a second are dropped. Computed directly rather than with a date formatter,
    /// which costs microseconds a call: seconds over a large journal.
    public static func string(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        var days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        // Civil date from days since 1970 (Howard Hinnant's algorithm).
        days += 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText + "-" + two(month) + "-" + two(day)
            + "T" + two(secondOfDay / 3600) + ":" + two(secondOfDay / 60 % 60) + ":" + two(secondOfDay % 60) + "Z"
    }

    /// `date` without its fraction of a second: what the journal can hold.
    public static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// Reads a full timestamp (with or without fractional seconds, any UTC offset) or a plain
    /// calendar date (`2024-05-01`, taken as midnight UTC). Returns `nil` for anything else.
    public static func date(from text: String) -> Date? {
        let trimmed = text.trimmed
        if let date = FastTimestamp.parse(trimmed) { return date }
        // The format styles below roll impossible days over (February 29 of 2023 becomes March 1);
        // a date that does not exist is a mistake to report, not to correct.
        guard hasPossibleCalendarDay(trimmed) else { return nil }
        if let date = try? Date.ISO8601FormatStyle(timeZone: .gmt).parse(trimmed) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt).parse(trimmed) {
            return date
        }
        if let date = try? Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().parse(trimmed) {
            return date
        }
        return nil
    }

    private static func hasPossibleCalendarDay(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(10))
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return true }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return true }
        return (1...12).contains(month) && day >= 1 && day <= FastTimestamp.daysInMonth(month, year: year)
    }

    /// The calendar day of a date in UTC, `2024-05-01`.
    public static func day(_ date: Date) -> String {
        String(string(date).prefix(10))
    }
}
