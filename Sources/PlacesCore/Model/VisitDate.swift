#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// When a visit happened, as precisely as it was given: a year (`2019`), a month (`2024-05`), a
/// calendar day (`2024-05-01`) or an instant (`2024-05-01T12:34:56Z`, an importer's timestamp).
///
/// A partial date stays partial: "May 2024" is never turned into May 1. Years, months and days are
/// calendar dates without a time zone (the day a person remembers); only instants are moments.
///
/// **Order.** Dates compare by their ``start``, the first moment they cover, with days, months and
/// years taken in UTC (the way the journal has always written a plain date: `2024-05-01` is
/// `2024-05-01T00:00:00Z`). When two dates start at the same moment the coarser one comes first
/// (`2024` < `2024-01` < `2024-01-01` < `2024-01-01T00:00:00Z`), so the most precise of them is the
/// latest. "The latest visit" is the greatest in this order.
public enum VisitDate: Sendable, Hashable {
    /// A year, 1…9999.
    case year(Int)
    /// A month of a year.
    case month(year: Int, month: Int)
    /// A calendar day.
    case day(year: Int, month: Int, day: Int)
    /// A moment, kept to the whole second.
    case instant(Date)

    /// How precise a date is, coarsest first.
    public enum Precision: Int, Sendable, Comparable, CaseIterable {
        case year, month, day, instant
        public static func < (lhs: Precision, rhs: Precision) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The years a date may have: the four digits the journal writes.
    public static let years = 1...9999

    /// How precise this date is.
    public var precision: Precision {
        switch self {
        case .year: return .year
        case .month: return .month
        case .day: return .day
        case .instant: return .instant
        }
    }

    /// The first moment the date covers: midnight UTC of its first day, or the instant itself.
    public var start: Date {
        switch self {
        case .year(let year): return Self.midnightUTC(year, 1, 1)
        case .month(let year, let month): return Self.midnightUTC(year, month, 1)
        case .day(let year, let month, let day): return Self.midnightUTC(year, month, day)
        case .instant(let date): return date
        }
    }

    /// The date a `visited` timestamp stands for. Midnight UTC exactly is a calendar day, since
    /// that is how `places` has always written a typed day (`--on 2024-05-01`); any other moment
    /// is an instant, kept to the whole second.
    public init(_ date: Date) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        let days = (seconds / 86_400).rounded(.down)
        if seconds == days * 86_400, let civil = Self.civil(daysSince1970: Int(days)), Self.years.contains(civil.year) {
            self = .day(year: civil.year, month: civil.month, day: civil.day)
        } else {
            self = .instant(Date(timeIntervalSince1970: seconds))
        }
    }

    /// The calendar day that `date` falls on in `zone`.
    public static func day(of date: Date, in zone: TimeZone) -> VisitDate {
        day(of: date, offset: zone.secondsFromGMT(for: date))
    }

    /// The calendar day that `date` falls on where clocks are `offset` seconds ahead of UTC.
    public static func day(of date: Date, offset: Int) -> VisitDate {
        let local = date.timeIntervalSince1970 + Double(offset)
        let civil = civil(daysSince1970: Int((local / 86_400).rounded(.down)))!
        return .day(year: civil.year, month: civil.month, day: civil.day)
    }

    /// Reads the journal's text for a date: `2024`, `2024-05`, `2024-05-01`, or an ISO 8601
    /// timestamp (any UTC offset). `nil` for anything else, including dates that do not exist.
    public init?(journalText text: String) {
        var copy = text
        guard let date = copy.withUTF8({ VisitDate(journalBytes: $0) }) else { return nil }
        self = date
    }

    /// ``init(journalText:)`` of the text's UTF-8 bytes, read in place (the journal's reader gives
    /// the bytes between a date's quotes, so a million visits make no strings for their dates).
    package init?(journalBytes bytes: UnsafeBufferPointer<UInt8>) {
        // At most four digits, inside `bytes` (the cases below check the count): no overflow, no bounds to check.
        func number(_ range: Range<Int>) -> Int? {
            guard let base = bytes.baseAddress else { return nil }
            var value = 0, index = range.lowerBound
            while index < range.upperBound {
                let digit = base[index] &- 0x30
                guard digit <= 9 else { return nil }
                value = value &* 10 &+ Int(digit)
                index &+= 1
            }
            return value
        }
        switch bytes.count {
        case 4:
            guard let year = number(0..<4), Self.years.contains(year) else { return nil }
            self = .year(year)
        case 7:
            guard bytes[4] == UInt8(ascii: "-"), let year = number(0..<4), let month = number(5..<7) else { return nil }
            self = .month(year: year, month: month)
        case 10:
            guard bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
                  let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
            self = .day(year: year, month: month, day: day)
        default:
            guard bytes.count >= 20 else { return nil }
            guard let date = FastTimestamp.parse(bytes) ?? FastTimestamp.parseExtended(String(decoding: bytes, as: UTF8.self)) else {
                return nil
            }
            self = .instant(Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
        }
        guard isValid else { return nil }
    }

    /// Whether the date exists: a year of ``years``, a month 1…12, a day of its month.
    public var isValid: Bool {
        switch self {
        case .year(let year): return Self.years.contains(year)
        case .month(let year, let month): return Self.years.contains(year) && (1...12).contains(month)
        case .day(let year, let month, let day):
            return Self.years.contains(year) && (1...12).contains(month) && day >= 1 && day <= FastTimestamp.daysInMonth(month, year: year)
        case .instant(let date): return date.timeIntervalSince1970.isFinite
        }
    }

    /// The journal's text for the date: `2024`, `2024-05`, `2024-05-01`, `2024-05-01T12:34:56Z`.
    public var journalText: String {
        switch self {
        case .year(let year): return Self.padded(year, 4)
        case .month(let year, let month) where Self.years.contains(year) && (0...99).contains(month):
            return Self.digits(year, month)
        case .day(let year, let month, let day) where Self.years.contains(year) && (0...99).contains(month) && (0...99).contains(day):
            return Self.digits(year, month, day)
        case .month(let year, let month): return "\(Self.padded(year, 4))-\(Self.padded(month, 2))"
        case .day(let year, let month, let day): return "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
        case .instant(let date): return Timestamp.string(date)
        }
    }

    /// The date for tables and summaries: a day at most, so an instant shows as its day in UTC
    /// (`2024-05-01`); years and months as they are.
    public var shortText: String {
        if case .instant(let date) = self { return Timestamp.day(date) }
        return journalText
    }

    /// The calendar year the date falls in (an instant's year in UTC).
    public var year: Int {
        switch self {
        case .year(let year), .month(let year, _), .day(let year, _, _): return year
        case .instant(let date): return Self.civil(daysSince1970: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))?.year ?? 0
        }
    }

    /// `year`, `year-month` or `year-month-day`, zero-padded to 4, 2 and 2 digits (each within
    /// them), written as bytes into a string short enough to be kept inline: tables show a visit
    /// date a row, and interpolating it cost ten times more.
    private static func digits(_ year: Int, _ month: Int? = nil, _ day: Int? = nil) -> String {
        let count = 4 + (month == nil ? 0 : 3) + (day == nil ? 0 : 3)
        return String(unsafeUninitializedCapacity: count) { buffer in
            func put(_ value: Int, width: Int, at start: Int) {
                var rest = value
                for position in stride(from: start + width - 1, through: start, by: -1) {
                    buffer[position] = UInt8(0x30 + rest % 10)
                    rest /= 10
                }
            }
            put(year, width: 4, at: 0)
            if let month { buffer[4] = UInt8(ascii: "-"); put(month, width: 2, at: 5) }
            if let day { buffer[7] = UInt8(ascii: "-"); put(day, width: 2, at: 8) }
            return count
        }
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func midnightUTC(_ year: Int, _ month: Int, _ day: Int) -> Date {
        Date(timeIntervalSince1970: Double(FastTimestamp.daysSince1970(year: year, month: month, day: day) * 86_400))
    }

    /// The civil date of a day number, `nil` beyond a billion days either way.
    package static func civil(daysSince1970 value: Int) -> (year: Int, month: Int, day: Int)? {
        abs(value) < 1_000_000_000 ? FastTimestamp.civil(daysSince1970: value) : nil
    }
}

extension VisitDate: Comparable {
    /// By ``start``, then coarser before finer (see the type's documentation).
    public static func < (lhs: VisitDate, rhs: VisitDate) -> Bool {
        let (a, b) = (lhs.start, rhs.start)
        if a != b { return a < b }
        return lhs.precision < rhs.precision
    }
}

extension VisitDate: CustomStringConvertible {
    /// The journal's text (``journalText``).
    public var description: String { journalText }
}

extension VisitDate: Codable {
    /// A date is one string in the journal, its ``journalText``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = VisitDate(journalText: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: VisitDate.notADateSentence(text))
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(journalText)
    }

    /// Why `text` is not a visit date in the journal, as a sentence.
    package static func notADateSentence(_ text: String) -> String {
        "date \"\(text)\" is not a visit date such as 2024, 2024-05, 2024-05-01 or 2024-05-01T12:00:00Z"
    }
}
