#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reads the journal's own timestamp form, `2024-05-01T12:00:00Z`, without a date formatter
/// (formatters cost microseconds each: seconds at 100,000 places × three dates).
package enum FastTimestamp {
    static func parse(_ text: String) -> Date? {
        var copy = text
        return copy.withUTF8 { parse($0) }
    }

    package static func parse(_ raw: UnsafeBufferPointer<UInt8>) -> Date? {
        guard raw.count == 20, let base = raw.baseAddress else { return nil }
        // Read as three 64-bit words (the last overlapping the middle one), checked a word at a time: a
        // journal reads three of these per place, and a byte at a time they were a tenth of a listing.
        // Lanes, first byte lowest:  YYYY-MM-  DDTHH:MM  H:MM:SSZ
        let first = ByteWord.load(base), middle = ByteWord.load(base, at: 8), last = ByteWord.load(base, at: 12)
        guard first & 0xFF00_00FF_0000_0000 == 0x2D00_002D_0000_0000,          // - -
              middle & 0x0000_FF00_00FF_0000 == 0x0000_3A00_0054_0000,         // T :
              last & 0xFF00_00FF_0000_0000 == 0x5A00_003A_0000_0000           // : Z
        else { return nil }
        // A digit xor 0x30 is its value, 0…9; any other byte gives 10 or more, or sets the top bit. Every
        // mark in a digit lane is right: the lanes below digit lanes are digit lanes or the separators
        // checked above, whose values plus 0x76 carry into no lane.
        let digitLanes: (UInt64, UInt64, UInt64) = (0x00FF_FF00_FFFF_FFFF, 0xFFFF_00FF_FF00_FFFF, 0x00FF_FF00_0000_0000)
        let values = (first ^ ByteWord.repeating(0x30), middle ^ ByteWord.repeating(0x30), last ^ ByteWord.repeating(0x30))
        @inline(__always) func notDigits(_ value: UInt64, _ lanes: UInt64) -> UInt64 {
            (value & ByteWord.highBits | ByteWord.lanesAtLeast(value, 10)) & lanes
        }
        guard notDigits(values.0, digitLanes.0) | notDigits(values.1, digitLanes.1) | notDigits(values.2, digitLanes.2) == 0 else {
            return nil
        }
        @inline(__always) func lane(_ value: UInt64, _ index: UInt64) -> Int { Int(truncatingIfNeeded: value >> (8 * index) & 0xFF) }
        let year = lane(values.0, 0) * 1000 + lane(values.0, 1) * 100 + lane(values.0, 2) * 10 + lane(values.0, 3)
        let month = lane(values.0, 5) * 10 + lane(values.0, 6), day = lane(values.1, 0) * 10 + lane(values.1, 1)
        let hour = lane(values.1, 3) * 10 + lane(values.1, 4), minute = lane(values.1, 6) * 10 + lane(values.1, 7)
        let second = lane(values.2, 5) * 10 + lane(values.2, 6)
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60,
              day <= daysInMonth(month, year: year) else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// A plain calendar date, `1500-03-01`, as midnight UTC in the proleptic Gregorian calendar
    /// (the one ISO 8601 and the journal use: no switch to the Julian calendar before 1582).
    static func parseDay(_ text: String) -> Date? {
        let raw = Array(text.utf8)
        guard raw.count == 10, raw[4] == UInt8(ascii: "-"), raw[7] == UInt8(ascii: "-") else { return nil }
        guard let year = ASCIIDecimal.integer(raw[0..<4]), let month = ASCIIDecimal.integer(raw[5..<7]), let day = ASCIIDecimal.integer(raw[8..<10]),
              (1...12).contains(month), day >= 1, day <= daysInMonth(month, year: year) else { return nil }
        return Date(timeIntervalSince1970: Double(daysSince1970(year: year, month: month, day: day) * 86_400))
    }

    /// A timestamp in ISO 8601's extended form with a fraction of a second or a UTC offset
    /// (`2024-05-01T12:00:00.25Z`, `1500-03-01T12:00:00+02:00`, `…-0530`), in the proleptic
    /// Gregorian calendar: the platform's format styles switch to the Julian calendar before 1582.
    static func parseExtended(_ text: String) -> Date? {
        let raw = Array(text.utf8)
        guard raw.count >= 20, raw[10] == UInt8(ascii: "T"), raw[13] == UInt8(ascii: ":"), raw[16] == UInt8(ascii: ":"),
              let day = parseDay(String(decoding: raw[0..<10], as: UTF8.self)) else { return nil }
        func number(_ range: Range<Int>) -> Int? { ASCIIDecimal.integer(raw[range]) }
        guard let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              hour < 24, minute < 60, second < 60 else { return nil }
        var index = 19
        var fraction = 0.0
        if raw[index] == UInt8(ascii: ".") || raw[index] == UInt8(ascii: ",") {
            index += 1
            var scale = 0.1
            let start = index
            while index < raw.count, raw[index] >= 0x30, raw[index] <= 0x39 {
                fraction += Double(raw[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard index < raw.count else { return nil }
        var offset = 0
        switch raw[index] {
        case UInt8(ascii: "Z"):
            index += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = raw[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = index + 2 <= raw.count ? number(index..<(index + 2)) : nil, hours < 24 else { return nil }
            index += 2
            if index < raw.count, raw[index] == UInt8(ascii: ":") { index += 1 }
            guard let minutes = index + 2 <= raw.count ? number(index..<(index + 2)) : nil, minutes < 60 else { return nil }
            index += 2
            offset = sign * (hours * 3600 + minutes * 60)
        default:
            return nil
        }
        guard index == raw.count else { return nil }
        return Date(timeIntervalSince1970: day.timeIntervalSince1970 + Double(hour * 3600 + minute * 60 + second - offset) + fraction)
    }

    /// Days from 1970-01-01 to a civil date (Howard Hinnant's algorithm), proleptic Gregorian.
    @inline(__always)
    package static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Appends the journal's form of `date` (`2024-05-01T12:00:00Z`) to `out`.
    package static func append(_ date: Date, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { text in
            if write(date, into: text) {
                out.append(contentsOf: UnsafeBufferPointer(text))
            } else {
                out.append(contentsOf: outsideFourDigitYears(date).utf8)
            }
        }
    }

    /// Writes the journal's form of `date` into the first 20 bytes of `text`; `false`, with nothing
    /// written, for a year outside 0…9999 (never typed, but possible in a hand-edited journal).
    package static func write(_ date: Date, into text: UnsafeMutableBufferPointer<UInt8>) -> Bool {
        precondition(text.count >= 20)
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(daysSince1970: days)
        guard (0...9999).contains(year) else { return false }
        // Each digit computed directly (no loop): a journal writes two or three of these per place.
        let (hour, minute, second) = (Int(secondOfDay / 3600), Int(secondOfDay / 60 % 60), Int(secondOfDay % 60))
        let (y, m, d) = (Int(year), Int(month), Int(day))
        @inline(__always) func digit(_ value: Int) -> UInt8 { UInt8(truncatingIfNeeded: 0x30 + value) }
        text[0] = digit(y / 1000); text[1] = digit(y / 100 % 10); text[2] = digit(y / 10 % 10); text[3] = digit(y % 10)
        text[4] = UInt8(ascii: "-"); text[5] = digit(m / 10); text[6] = digit(m % 10)
        text[7] = UInt8(ascii: "-"); text[8] = digit(d / 10); text[9] = digit(d % 10)
        text[10] = UInt8(ascii: "T"); text[11] = digit(hour / 10); text[12] = digit(hour % 10)
        text[13] = UInt8(ascii: ":"); text[14] = digit(minute / 10); text[15] = digit(minute % 10)
        text[16] = UInt8(ascii: ":"); text[17] = digit(second / 10); text[18] = digit(second % 10)
        text[19] = UInt8(ascii: "Z")
        return true
    }

    /// The ISO 8601 text of a date whose year has more or fewer than four digits.
    package static func outsideFourDigitYears(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt))
    }

    /// The civil date of a day number, the inverse of ``daysSince1970(year:month:day:)`` (Howard
    /// Hinnant's algorithm, proleptic Gregorian).
    @inline(__always)
    static func civil<Number: BinaryInteger>(daysSince1970 value: Number) -> (year: Number, month: Number, day: Number) {
        let days = value + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    package static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

