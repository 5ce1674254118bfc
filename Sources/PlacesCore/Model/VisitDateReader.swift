#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// Reads the dates people type, for every date option and the editor: one reader, one set of
/// forms, one error.
///
/// Relative words are taken at `now` in the zone whose UTC offsets `offset` gives: by default the
/// machine's own (`TZ`, else `/etc/localtime`, read by the C library, since FoundationEssentials
/// has no time zone database); tests inject both. Each form keeps its precision: `2024-05` and
/// `May 2024` are a month, `2024` a year, never a day that was not given.
///
/// | typed | means |
/// |---|---|
/// | `today`, `yesterday` | that calendar day in the reader's zone |
/// | `friday`, `fri` | the most recent Friday, today included |
/// | `last friday` | the most recent Friday before today |
/// | `3 days ago`, `2 weeks ago` | that day |
/// | `2 months ago`, `last month`, `this month` | that month |
/// | `1 year ago`, `last year`, `this year` | that year |
/// | `2024-05-01`, `1 May 2024`, `May 1, 2024` | a day |
/// | `2024-05`, `May 2024` | a month |
/// | `2024` | a year |
/// | `2024-05-01T18:30`, `2024-05-01 18:30:15` | a moment in the reader's zone |
/// | `2024-05-01T18:30:00Z`, `…+02:00`, `now` | a moment |
public struct VisitDateReader: Sendable {
    /// The moment relative words count from.
    public var now: Date
    /// The zone calendar days are taken in, as its offset from UTC in seconds at a moment.
    public var offset: @Sendable (Date) -> Int

    /// A reader for `now` in the zone `offset` describes (the machine's by default).
    public init(now: Date = Date(), offset: @escaping @Sendable (Date) -> Int = VisitDateReader.localOffset) {
        self.now = now
        self.offset = offset
    }

    /// A reader for `now` in `zone`.
    public init(now: Date = Date(), zone: TimeZone) {
        self.init(now: now, offset: { zone.secondsFromGMT(for: $0) })
    }

    /// The machine's offset from UTC at a moment, from the C library (which reads `TZ` and
    /// `/etc/localtime`), in seconds east of UTC.
    public static let localOffset: @Sendable (Date) -> Int = { date in
        var time = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }

    /// The forms accepted, for error messages and help.
    public static let acceptedForms = "today, yesterday, friday, last friday, 3 days ago, 2024-05-01, 1 May 2024, 2024-05, May 2024, 2024 or 2024-05-01T18:30"

    /// The date `text` means.
    /// - Throws: ``VisitDateError`` naming the text and the forms accepted.
    public func read(_ text: String) throws(VisitDateError) -> VisitDate {
        // "May 1, 2024": commas separate like spaces.
        let words = String(text.lowercased().map { $0 == "," ? " " : $0 }).split(whereSeparator: \.isWhitespace).map(String.init)
        guard !words.isEmpty else { throw VisitDateError(text: text, reason: .unknownForm) }
        let today = VisitDate.day(of: now, offset: offset(now))
        guard case .day(let year, let month, let day) = today else { preconditionFailure("a day is a day") }
        let todayNumber = FastTimestamp.daysSince1970(year: year, month: month, day: day)

        func dayDate(_ number: Int) throws(VisitDateError) -> VisitDate {
            guard let civil = VisitDate.civil(daysSince1970: number), VisitDate.years.contains(civil.year) else {
                throw VisitDateError(text: text, reason: .outOfRange)
            }
            return .day(year: civil.year, month: civil.month, day: civil.day)
        }
        func monthDate(_ monthsBack: Int) throws(VisitDateError) -> VisitDate {
            let index = year * 12 + (month - 1) - monthsBack
            let date = VisitDate.month(year: index >= 0 ? index / 12 : -1, month: index >= 0 ? index % 12 + 1 : 1)
            guard date.isValid else { throw VisitDateError(text: text, reason: .outOfRange) }
            return date
        }
        func yearDate(_ yearsBack: Int) throws(VisitDateError) -> VisitDate {
            guard VisitDate.years.contains(year - yearsBack) else { throw VisitDateError(text: text, reason: .outOfRange) }
            return .year(year - yearsBack)
        }

        switch words {
        case ["today"]: return today
        case ["now"]: return .instant(Timestamp.wholeSeconds(now))
        case ["yesterday"]: return try dayDate(todayNumber - 1)
        case ["this", "month"]: return try monthDate(0)
        case ["last", "month"]: return try monthDate(1)
        case ["this", "year"]: return try yearDate(0)
        case ["last", "year"]: return try yearDate(1)
        default: break
        }
        // Weekdays: 0 is Sunday; 1970-01-01 was a Thursday.
        let todayWeekday = ((todayNumber + 4) % 7 + 7) % 7
        if words.count <= 2, let weekday = Self.weekday(words.last!), words.count == 1 || words[0] == "last" {
            var back = (todayWeekday - weekday + 7) % 7
            if words.count == 2 && back == 0 { back = 7 }
            return try dayDate(todayNumber - back)
        }
        if words.count == 3, words[2] == "ago" {
            let count = ["a", "an", "one"].contains(words[0]) ? 1 : Int(words[0])
            guard let count, count >= 0, count <= 100_000 else { throw VisitDateError(text: text, reason: .unknownForm) }
            switch words[1] {
            case "day", "days": return try dayDate(todayNumber - count)
            case "week", "weeks": return try dayDate(todayNumber - 7 * count)
            case "month", "months": return try monthDate(count)
            case "year", "years": return try yearDate(count)
            default: throw VisitDateError(text: text, reason: .unknownForm)
            }
        }
        if let date = try numeric(words, text: text) { return date }
        if let date = try named(words, text: text) { return date }
        throw VisitDateError(text: text, reason: .unknownForm)
    }

    /// `2024`, `2024-05`, `2024-05-01`, timestamps with a zone, and local times
    /// (`2024-05-01T18:30`, `2024-05-01 18:30:15`).
    private func numeric(_ words: [String], text: String) throws(VisitDateError) -> VisitDate? {
        let joined = words.joined(separator: "t")
        guard let first = joined.first, first.isNumber else { return nil }
        if let date = VisitDate(journalText: joined.uppercased()) { return date }
        // The shape of a date with numbers that do not exist (2023-02-29, 2024-13): say so.
        let bytes = Array(joined.utf8)
        if bytes.count >= 7, bytes[4] == UInt8(ascii: "-"), bytes.prefix(4).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
            if bytes.count == 7 || bytes.count == 10 { throw VisitDateError(text: text, reason: .noSuchDate) }
        }
        // A local time: the day, `T`, hours and minutes, maybe seconds; no zone.
        guard bytes.count == 16 || bytes.count == 19, bytes[10] == UInt8(ascii: "t"), bytes[13] == UInt8(ascii: ":"),
              let dayPart = VisitDate(journalText: String(decoding: bytes[0..<10], as: UTF8.self)),
              case .day(let year, let month, let day) = dayPart else { return nil }
        guard let hour = ASCIIDecimal.integer(bytes[11..<13]), let minute = ASCIIDecimal.integer(bytes[14..<16]),
              hour < 24, minute < 60 else { throw VisitDateError(text: text, reason: .noSuchDate) }
        var second = 0
        if bytes.count == 19 {
            guard bytes[16] == UInt8(ascii: ":"), let value = ASCIIDecimal.integer(bytes[17..<19]), value < 60 else { return nil }
            second = value
        }
        let wall = Double(FastTimestamp.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second)
        // The offset in force at that wall time: guessed from the wall time read as UTC, then corrected once.
        var shift = Double(offset(Date(timeIntervalSince1970: wall)))
        shift = Double(offset(Date(timeIntervalSince1970: wall - shift)))
        return .instant(Date(timeIntervalSince1970: wall - shift))
    }

    /// Dates with a month's name: `May 2024`, `1 May 2024`, `May 1 2024`, `2024 May`.
    private func named(_ words: [String], text: String) throws(VisitDateError) -> VisitDate? {
        guard words.count == 2 || words.count == 3, let monthIndex = words.firstIndex(where: { Self.month($0) != nil }) else { return nil }
        let month = Self.month(words[monthIndex])!
        let numbers = words.enumerated().filter { $0.offset != monthIndex }.map(\.element)
        guard numbers.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }) else { return nil }
        let date: VisitDate
        if numbers.count == 1 {
            guard numbers[0].count == 4, let year = Int(numbers[0]) else { return nil }
            date = .month(year: year, month: month)
        } else {
            // The year is the four-digit number, the day the other (1 May 2024, May 1 2024).
            guard let yearText = numbers.first(where: { $0.count == 4 }), let dayText = numbers.first(where: { $0.count <= 2 }),
                  numbers.last == yearText, let year = Int(yearText), let day = Int(dayText) else { return nil }
            date = .day(year: year, month: month, day: day)
        }
        guard date.isValid else { throw VisitDateError(text: text, reason: .noSuchDate) }
        return date
    }

    private static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    private static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september",
                                 "october", "november", "december"]

    /// 0 for Sunday … 6 for Saturday; full names and their first three letters (`tues`, `thur`, `thurs` too).
    static func weekday(_ word: String) -> Int? {
        weekdays.firstIndex { $0 == word || (word.count >= 3 && $0.hasPrefix(word)) }
    }

    /// 1…12; full names and abbreviations of three letters or more (`sept`).
    static func month(_ word: String) -> Int? {
        let trimmed = word.hasSuffix(".") ? String(word.dropLast()) : word
        return months.firstIndex { $0 == trimmed || (trimmed.count >= 3 && $0.hasPrefix(trimmed)) }.map { $0 + 1 }
    }
}

/// A typed date that ``VisitDateReader`` cannot read. Its description names the text and the forms
/// accepted; the caller adds where it was typed (`--on`, a line of the editor).
public struct VisitDateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why the text was refused.
    public enum Reason: Sendable, Equatable {
        /// Not a form the reader knows.
        case unknownForm
        /// A date's form with numbers that are not a date (`2023-02-29`, `2024-13`).
        case noSuchDate
        /// Before year 1 or after 9999.
        case outOfRange
    }

    /// The text as typed.
    public var text: String
    public var reason: Reason

    public var description: String {
        switch reason {
        case .unknownForm: return "\"\(text)\" is not a date: use \(VisitDateReader.acceptedForms)"
        case .noSuchDate: return "\"\(text)\" is not a date that exists"
        case .outOfRange: return "\"\(text)\" is outside the years \(VisitDate.years.lowerBound) to \(VisitDate.years.upperBound)"
        }
    }
}
