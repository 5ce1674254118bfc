#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Fast ISO 8601 text for dates in bulk.
///
/// Exports and imports handle two or three dates per place; going through a format style for each
/// costs microseconds apiece, which a 100,000-place file multiplies into seconds. The common shape,
/// `2024-05-01T12:00:00Z`, is done by arithmetic here; anything else falls back to ``Timestamp``.
enum DateText {
    /// `2024-05-01T12:00:00Z`: the same text as ``Timestamp/string(_:)`` (whole seconds, UTC).
    static func string(_ date: Date) -> String {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        guard (1...9999).contains(year) else { return Timestamp.string(date) }
        var bytes = [UInt8](repeating: 0, count: 20)
        func put(_ value: Int64, _ at: Int, _ width: Int) {
            var rest = value
            for offset in stride(from: width - 1, through: 0, by: -1) {
                bytes[at + offset] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        put(year, 0, 4)
        bytes[4] = UInt8(ascii: "-")
        put(month, 5, 2)
        bytes[7] = UInt8(ascii: "-")
        put(day, 8, 2)
        bytes[10] = UInt8(ascii: "T")
        put(secondOfDay / 3600, 11, 2)
        bytes[13] = UInt8(ascii: ":")
        put(secondOfDay / 60 % 60, 14, 2)
        bytes[16] = UInt8(ascii: ":")
        put(secondOfDay % 60, 17, 2)
        bytes[19] = UInt8(ascii: "Z")
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads what ``Timestamp/date(from:)`` reads, quickly for `YYYY-MM-DDTHH:MM:SSZ`.
    static func date(from text: String) -> Date? {
        let utf8 = Array(text.utf8)
        if utf8.count == 20, utf8[4] == UInt8(ascii: "-"), utf8[7] == UInt8(ascii: "-"), utf8[10] == UInt8(ascii: "T"),
           utf8[13] == UInt8(ascii: ":"), utf8[16] == UInt8(ascii: ":"), utf8[19] == UInt8(ascii: "Z") {
            func digits(_ at: Int, _ width: Int) -> Int64? {
                var value: Int64 = 0
                for offset in 0..<width {
                    let byte = utf8[at + offset]
                    guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                    value = value * 10 + Int64(byte - UInt8(ascii: "0"))
                }
                return value
            }
            if let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2),
               let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
               (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
               hour < 24, minute < 60, second < 60 {
                let days = self.days(fromCivilYear: year, month: month, day: day)
                return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
            }
        }
        return Timestamp.date(from: text)
    }

    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days-from-civil algorithms (proleptic Gregorian calendar).
    private static func days(fromCivilYear y: Int64, month m: Int64, day d: Int64) -> Int64 {
        let year = m <= 2 ? y - 1 : y
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays z0: Int64) -> (Int64, Int64, Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
