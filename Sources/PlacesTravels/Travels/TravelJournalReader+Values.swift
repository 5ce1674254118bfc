#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

// The travel reader's member names and values. A journal holds ten visits a place or more, each a date in
// the journal's own shape (`"2024-05-01"`), so those are read straight to their day numbers; every other
// shape takes the checks a full read makes (``VisitDate/init(journalBytes:)``, ``JSONScanner``).
extension TravelJournalReader {
    /// A visit's date with the days it covers and its start (``VisitDate/start`` in seconds since 1970),
    /// worked out as it is read.
    struct DatedVisit {
        var date: VisitDate
        var first: Int
        var last: Int
        var start: Double
    }

    /// The members of a place, by the bit that marks them seen (a repeated one is declined).
    enum PlaceKey: UInt16 {
        case id = 1, name = 2, description = 4, latitude = 8, longitude = 16, tags = 32, visited = 64,
             created = 128, updated = 256, visits = 512
    }
}

extension TravelJournalReader.Reader {
    typealias Declined = TravelJournalReader.Declined

    /// `byte` must be next; anything else is declined (the full read says what is wrong).
    @inline(__always)
    mutating func expect(_ byte: UInt8) throws {
        guard scanner.consume(byte) else { throw Declined() }
    }

    // MARK: Member names

    /// A member name's bytes between its quotes; a name with escapes is declined (never written by
    /// `places`; the full read decodes it).
    @inline(__always)
    private mutating func keyBytes() throws -> UnsafeBufferPointer<UInt8> {
        let bytes = scanner.bytes
        guard scanner.peek == UInt8(ascii: "\""), let base = bytes.baseAddress else { throw Declined() }
        let start = scanner.index + 1
        var end = start
        let limit = min(bytes.count, start + 16)
        while end < limit {
            if base[end] == UInt8(ascii: "\"") {
                scanner.index = end + 1
                return UnsafeBufferPointer(start: base + start, count: end - start)
            }
            end += 1
        }
        throw Declined()
    }

    mutating func placeKey() throws -> TravelJournalReader.PlaceKey {
        // By its first letter: the one or two names it may be, each followed by its closing quote.
        let bytes = scanner.bytes, start = scanner.index + 1
        if start + 12 <= bytes.count, let base = bytes.baseAddress, base[start - 1] == UInt8(ascii: "\"") {
            @inline(__always) func name(_ word: StaticString, _ key: TravelJournalReader.PlaceKey) -> TravelJournalReader.PlaceKey? {
                let count = word.utf8CodeUnitCount
                guard base[start + count] == UInt8(ascii: "\""), Self.equal(UnsafeBufferPointer(start: base + start, count: count), word) else { return nil }
                scanner.index = start + count + 1
                return key
            }
            let found: TravelJournalReader.PlaceKey? = switch base[start] {
            case UInt8(ascii: "c"): name("created", .created)
            case UInt8(ascii: "d"): name("description", .description)
            case UInt8(ascii: "i"): name("id", .id)
            case UInt8(ascii: "l"): name("latitude", .latitude) ?? name("longitude", .longitude)
            case UInt8(ascii: "n"): name("name", .name)
            case UInt8(ascii: "t"): name("tags", .tags)
            case UInt8(ascii: "u"): name("updated", .updated)
            case UInt8(ascii: "v"): name("visits", .visits) ?? name("visited", .visited)
            default: nil
            }
            guard let found else { throw Declined() }
            return found
        }
        let key = try keyBytes()
        // By length, then the bytes as one or two words: the journal writes nine of these a place.
        switch key.count {
        case 2: if Self.equal(key, "id") { return .id }
        case 4:
            if Self.equal(key, "name") { return .name }
            if Self.equal(key, "tags") { return .tags }
        case 6: if Self.equal(key, "visits") { return .visits }
        case 7:
            if Self.equal(key, "created") { return .created }
            if Self.equal(key, "updated") { return .updated }
            if Self.equal(key, "visited") { return .visited }
        case 8: if Self.equal(key, "latitude") { return .latitude }
        case 9: if Self.equal(key, "longitude") { return .longitude }
        case 11: if Self.equal(key, "description") { return .description }
        default: break
        }
        throw Declined()
    }

    /// 1 for `date`, 2 for `note`, 4 for `source`.
    @inline(__always)
    mutating func visitKey() throws -> UInt8 {
        // `"date"`, which every visit has, in one comparison.
        let bytes = scanner.bytes, index = scanner.index
        if index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 5] == UInt8(ascii: "\""),
           UnsafeRawPointer(bytes.baseAddress! + index + 1).loadUnaligned(as: UInt32.self) == UInt32(littleEndian: 0x6574_6164) {
            scanner.index = index + 6
            return 1
        }
        let key = try keyBytes()
        if Self.equal(key, "date") { return 1 }
        if Self.equal(key, "note") { return 2 }
        if Self.equal(key, "source") { return 4 }
        throw Declined()
    }

    /// Whether `key` is `word` (of at most 16 bytes): the first and last bytes of each compared as two
    /// words that may overlap, not byte by byte.
    @inline(__always)
    private static func equal(_ key: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard key.count == count, let base = key.baseAddress else { return false }
        let a = UnsafeRawPointer(base), b = UnsafeRawPointer(word.utf8Start)
        @inline(__always) func same<Word: FixedWidthInteger>(_ type: Word.Type) -> Bool {
            let size = MemoryLayout<Word>.size
            return a.loadUnaligned(as: Word.self) == b.loadUnaligned(as: Word.self)
                && a.loadUnaligned(fromByteOffset: count - size, as: Word.self) == b.loadUnaligned(fromByteOffset: count - size, as: Word.self)
        }
        switch count {
        case 8...16: return same(UInt64.self)
        case 4..<8: return same(UInt32.self)
        case 2..<4: return same(UInt16.self)
        default: return count == 0 || a.load(as: UInt8.self) == b.load(as: UInt8.self)
        }
    }

    // MARK: Values

    /// Moves past a string not kept, with the checks of decoding it (``JournalCodec``'s
    /// descriptions are passed over the same way).
    mutating func skipText() throws {
        let start = scanner.index
        try scanner.skipString()
        // Escapes are where skipping and decoding could differ (a lone surrogate): decode those.
        guard memchr(scanner.bytes.baseAddress! + start, Int32(UInt8(ascii: "\\")), scanner.index - start) != nil else { return }
        scanner.index = start
        _ = try scanner.string()
    }

    /// A number as ``JSONScanner/number()`` reads it. The journal's coordinates (a sign, digits, a
    /// fraction: 15 digits at most, no exponent) are read here, with the scanner's arithmetic (an integer
    /// over a power of ten, each exact, so one division rounds correctly); anything else is the scanner's.
    @inline(__always)
    mutating func number() throws -> Double {
        let bytes = scanner.bytes, end = bytes.count
        var index = scanner.index
        let negative = index < end && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let integerStart = index
        var mantissa: UInt64 = 0
        while index < end, case let digit = bytes[index] &- 0x30, digit <= 9 {
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index += 1
        }
        let integerDigits = index - integerStart
        var fractionDigits = 0
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fractionStart = index
            while index < end, case let digit = bytes[index] &- 0x30, digit <= 9 {
                mantissa = mantissa &* 10 &+ UInt64(digit)
                index += 1
            }
            fractionDigits = index - fractionStart
            if fractionDigits == 0 { return try scanner.number() }
        }
        // No digits, a leading zero, too many digits or an exponent: the scanner reads it (or says why not).
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0"),
              integerDigits + fractionDigits <= 15,
              index >= end || bytes[index] | 0x20 != UInt8(ascii: "e") else { return try scanner.number() }
        scanner.index = index
        let value = Double(mantissa) / Self.powerOfTen(fractionDigits)
        return negative ? -value : value
    }

    /// 10ⁿ for n of 0…15, exact.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> Double {
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// Reads, from the start of a visit in a list, the visits as the journal writes most of them, a
    /// calendar day alone (`{"date": "2024-05-01"}`, with any whitespace around its member), each in one
    /// pass over the bytes. Stops at the start of a visit of any other shape (or at what follows a visit
    /// when it is neither `,` nor `]`), and returns `false`; returns `true` past the list's `]`.
    ///
    /// The journal writes each visit of a list with the same whitespace, so the text of one read in full,
    /// up to the next visit, is a template: a visit whose bytes are the template's but for its date is
    /// read by comparing them a word at a time, without looking at its whitespace again.
    @inline(__always)
    mutating func plainVisits(_ list: inout VisitList) throws -> Bool {
        guard let base = scanner.bytes.baseAddress else { return false }
        let end = scanner.bytes.count
        var index = scanner.index
        // The template: where its text starts, how long it is, and where in it the date is.
        var template = (start: 0, count: 0, date: 0)
        while index < end, base[index] == UInt8(ascii: "{") {
            if template.count > 0, end &- index >= template.count,
               Self.same(base + index, base + template.start, template.date),
               Self.same(base + (index &+ template.date &+ 10), base + (template.start &+ template.date &+ 10), template.count &- template.date &- 10),
               let day = Self.calendarDay(base + (index &+ template.date)) {
                try keep(day, note: nil, in: &list)
                index &+= template.count
                continue
            }
            // `"date"` (its letters as one word), `:`, then the date in its quotes.
            var next = Self.space(base, index &+ 1, end)
            guard next &+ 6 <= end, base[next] == UInt8(ascii: "\""), base[next &+ 5] == UInt8(ascii: "\""),
                  UnsafeRawPointer(base + (next &+ 1)).loadUnaligned(as: UInt32.self) == UInt32(littleEndian: 0x6574_6164) else { break }
            next = Self.space(base, next &+ 6, end)
            guard next < end, base[next] == UInt8(ascii: ":") else { break }
            next = Self.space(base, next &+ 1, end)
            guard next &+ 12 <= end, base[next] == UInt8(ascii: "\""), base[next &+ 11] == UInt8(ascii: "\""),
                  let day = Self.calendarDay(base + (next &+ 1)) else { break }
            let date = next &+ 1 &- index
            next = Self.space(base, next &+ 12, end)
            guard next < end, base[next] == UInt8(ascii: "}") else { break }
            try keep(day, note: nil, in: &list)
            let visit = index
            index = Self.space(base, next &+ 1, end)
            guard index < end else { break }
            if base[index] == UInt8(ascii: "]") {
                scanner.index = index &+ 1
                return true
            }
            guard base[index] == UInt8(ascii: ",") else { break }
            index = Self.space(base, index &+ 1, end)
            template = (visit, index &- visit, date)
        }
        scanner.index = index
        return false
    }

    /// Whether the `count` bytes at `a` and at `b` are the same, compared a word at a time.
    @inline(__always)
    private static func same(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard count >= 8 else { return memcmp(a, b, count) == 0 }
        var offset = 0
        while offset &+ 8 < count {
            guard ByteWord.load(a, at: offset) == ByteWord.load(b, at: offset) else { return false }
            offset &+= 8
        }
        return ByteWord.load(a, at: count &- 8) == ByteWord.load(b, at: count &- 8)
    }

    /// The offset of the first byte from `index` on that is not JSON whitespace (``JSONScanner/skipSpace()``
    /// on the reader's own pointer): after a line break, the next line's indentation eight bytes at a time.
    @inline(__always)
    private static func space(_ base: UnsafePointer<UInt8>, _ index: Int, _ end: Int) -> Int {
        var index = index
        while index < end {
            let byte = base[index]
            if byte == 0x0A {
                index &+= 1
                while end &- index >= 8 {
                    let others = ByteWord.load(base + index) ^ ByteWord.repeating(0x20)
                    guard others == 0 else { index &+= ByteWord.firstLane(others); break }
                    index &+= 8
                }
                continue
            }
            guard byte == 0x20 || byte == 0x0D || byte == 0x09 else { return index }
            index &+= 1
        }
        return index
    }

    /// A visit's date read in place, as ``JournalCodec`` reads it (``VisitDate/init(journalBytes:)``).
    @inline(__always)
    mutating func visitDate() throws -> TravelJournalReader.DatedVisit {
        let bytes = scanner.bytes, index = scanner.index
        // The journal's calendar day, `"YYYY-MM-DD"`, straight to its day number.
        if index + 12 <= bytes.count, let base = bytes.baseAddress, base[index] == UInt8(ascii: "\""), base[index + 11] == UInt8(ascii: "\""),
           let day = Self.calendarDay(base + index + 1) {
            scanner.index = index + 12
            return day
        }
        return try anyVisitDate()
    }

    /// The date of the 10 bytes at `text` when they are a calendar day `YYYY-MM-DD` that exists in years
    /// 1…9999, as ``VisitDate/init(journalBytes:)`` reads it; `nil` for anything else.
    @inline(__always)
    private static func calendarDay(_ text: UnsafePointer<UInt8>) -> TravelJournalReader.DatedVisit? {
        guard text[4] == UInt8(ascii: "-"), text[7] == UInt8(ascii: "-") else { return nil }
        @inline(__always) func digit(_ offset: Int) -> Int { Int(text[offset] &- 0x30) }
        let digits = (digit(0), digit(1), digit(2), digit(3), digit(5), digit(6), digit(8), digit(9))
        guard digits.0 <= 9, digits.1 <= 9, digits.2 <= 9, digits.3 <= 9, digits.4 <= 9, digits.5 <= 9, digits.6 <= 9,
              digits.7 <= 9 else { return nil }
        let year = digits.0 * 1000 + digits.1 * 100 + digits.2 * 10 + digits.3
        let month = digits.4 * 10 + digits.5, day = digits.6 * 10 + digits.7
        guard year >= 1, month >= 1, month <= 12, day >= 1, day <= 28 || day <= FastTimestamp.daysInMonth(month, year: year) else { return nil }
        let number = dayNumber(year: year, month: month, day: day)
        return TravelJournalReader.DatedVisit(date: .day(year: year, month: month, day: day), first: number, last: number,
                                              start: Double(number * 86_400))
    }

    /// Days from 1970-01-01 to a date of years 1…9999 (``VisitDate/dayNumber(year:month:day:)``, Howard
    /// Hinnant's algorithm), here to be inlined: a journal has a date a visit.
    @inline(__always)
    private static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y / 400  // y ≥ 0 for years 1…9999
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The seconds into the day of the 10 bytes at `text` when they are `THH:MM:SSZ` (hours below 24,
    /// minutes and seconds below 60), as ``FastTimestamp/parse(_:)`` reads them; `nil` for anything else.
    @inline(__always)
    private static func timeOfDay(_ text: UnsafePointer<UInt8>) -> Int? {
        guard text[0] == UInt8(ascii: "T"), text[3] == UInt8(ascii: ":"), text[6] == UInt8(ascii: ":"), text[9] == UInt8(ascii: "Z") else { return nil }
        @inline(__always) func digit(_ offset: Int) -> Int { Int(text[offset] &- 0x30) }
        let digits = (digit(1), digit(2), digit(4), digit(5), digit(7), digit(8))
        guard digits.0 <= 9, digits.1 <= 9, digits.2 <= 9, digits.3 <= 9, digits.4 <= 9, digits.5 <= 9 else { return nil }
        let hour = digits.0 * 10 + digits.1, minute = digits.2 * 10 + digits.3, second = digits.4 * 10 + digits.5
        guard hour < 24, minute < 60, second < 60 else { return nil }
        return hour * 3600 + minute * 60 + second
    }

    /// Any other date (a year, a month, an instant, text with escapes), as ``JournalCodec`` reads it.
    private mutating func anyVisitDate() throws -> TravelJournalReader.DatedVisit {
        let bytes = scanner.bytes, quote = scanner.index
        guard scanner.peek == UInt8(ascii: "\"") else { throw Declined() }
        var end = quote + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
              bytes[end] >= 0x20, bytes[end] < 0x80 { end += 1 }
        let date: VisitDate
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            scanner.index = end + 1
            guard let read = VisitDate(journalBytes: UnsafeBufferPointer(rebasing: bytes[(quote + 1)..<end])) else { throw Declined() }
            date = read
        } else {
            guard let read = VisitDate(journalText: try scanner.string()) else { throw Declined() }
            date = read
        }
        let days = date.days
        let start: Double
        if case .instant(let moment) = date { start = moment.timeIntervalSince1970 } else { start = Double(days.lowerBound * 86_400) }
        return TravelJournalReader.DatedVisit(date: date, first: days.lowerBound, last: days.upperBound, start: start)
    }

    /// A `created`, `updated` or `visited` time (or null), as ``JournalCodec`` reads it.
    mutating func optionalDate() throws -> Date? {
        if scanner.isNull() { return nil }
        let bytes = scanner.bytes, index = scanner.index
        // The journal's own `"2024-05-01T12:34:56Z"`: its day as a visit's, then the time of day.
        if index + 22 <= bytes.count, let base = bytes.baseAddress, base[index] == UInt8(ascii: "\""),
           base[index + 21] == UInt8(ascii: "\""), let day = Self.calendarDay(base + (index + 1)),
           let time = Self.timeOfDay(base + (index + 11)) {
            scanner.index += 22
            return Date(timeIntervalSince1970: Double(day.first * 86_400 + time))
        }
        if index + 22 <= bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 21] == UInt8(ascii: "\""),
           let date = FastTimestamp.parse(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<(index + 21)])) {
            scanner.index += 22
            return date
        }
        guard let date = Timestamp.date(from: try scanner.string()) else { throw Declined() }
        return date
    }
}
