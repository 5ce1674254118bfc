#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ISO 8601 dates as the journal writes and reads them: UTC, whole seconds (`2024-05-01T12:00:00Z`).
public enum Timestamp {
    /// The journal's text for a date.
    public static func string(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }

    /// Reads a full timestamp (with or without fractional seconds, any UTC offset) or a plain
    /// calendar date (`2024-05-01`, taken as midnight UTC). Returns `nil` for anything else.
    public static func date(from text: String) -> Date? {
        let trimmed = text.trimmed
        if let date = try? Date.ISO8601FormatStyle(timeZone: .gmt).parse(trimmed) { return date }
        if let date = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt).parse(trimmed) {
            return date
        }
        if let date = try? Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day().parse(trimmed) {
            return date
        }
        return nil
    }

    /// The calendar day of a date in UTC, `2024-05-01`.
    public static func day(_ date: Date) -> String {
        String(string(date).prefix(10))
    }
}
