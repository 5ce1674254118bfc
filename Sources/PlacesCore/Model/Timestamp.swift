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
        let text = String(unsafeUninitializedCapacity: 20) { FastTimestamp.write(date, into: $0) ? 20 : 0 }
        return text.isEmpty ? FastTimestamp.outsideFourDigitYears(date) : text
    }

    /// `date` without its fraction of a second: what the journal can hold.
    public static func wholeSeconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// Reads a full timestamp (with or without fractional seconds, any UTC offset) or a plain
    /// calendar date (`2024-05-01`, taken as midnight UTC). Returns `nil` for anything else.
    public static func date(from text: String) -> Date? {
        let trimmed = text.trimmed
        if let date = FastTimestamp.parse(trimmed) ?? FastTimestamp.parseDay(trimmed) ?? FastTimestamp.parseExtended(trimmed) {
            return date
        }
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
        guard let year = ASCIIDecimal.integer(bytes[0..<4]), let month = ASCIIDecimal.integer(bytes[5..<7]),
              let day = ASCIIDecimal.integer(bytes[8..<10]) else { return true }
        return (1...12).contains(month) && day >= 1 && day <= FastTimestamp.daysInMonth(month, year: year)
    }

    /// The calendar day of a date in UTC, `2024-05-01`.
    public static func day(_ date: Date) -> String {
        // Ten bytes, which a string keeps inline: tables show a date a row.
        let day = String(unsafeUninitializedCapacity: 10) { buffer in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { text in
                guard FastTimestamp.write(date, into: text) else { return 0 }
                for index in 0..<10 { buffer[index] = text[index] }
                return 10
            }
        }
        return day.isEmpty ? String(FastTimestamp.outsideFourDigitYears(date).prefix(10)) : day
    }
}
