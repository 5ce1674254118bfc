#if canImport(Glibc)
import Glibc
#endif
import PlacesCore
import PlacesJournal

extension OnThisDay {
    /// How many days either side of the day a place's text is searched for: an instant written with a UTC
    /// offset (`2023-04-02T23:30:00-05:00`) is on the next UTC day, and offsets are under two days.
    static let neighbouringDays = 2

    /// The places of an indexed journal that may have a visit on `day`'s month and day, decoded; every
    /// other place is skipped without being decoded (`today` on a million visits reads the file's bytes
    /// once instead of making a million dates).
    ///
    /// A place is decoded when its text holds `-MM-DD` for that month and day or one of the
    /// ``neighbouringDays`` either side, or any `\u` escape (a date could be written with escaped
    /// digits). Every visit date the journal holds starts `YYYY-MM-DD`, so no place with a visit on the
    /// day is missed; ``memories(on:in:)`` then keeps only the visits really on it.
    /// - Returns: the places in journal order; `nil` when one of them is not a valid place (read the whole
    ///   journal, which says why).
    public static func candidatePlaces(on day: VisitDate, in index: JournalIndex) -> [Location]? {
        let first = day.days.lowerBound
        // Five numbers: a list is quicker to ask than a set.
        let wanted = (-neighbouringDays...neighbouringDays).map { offset in
            let date = VisitDate.civilDay(first + offset)
            return date.month * 100 + date.day
        }
        // Month and day as one number: their digits at -MM-DD, or -1 when they are not digits.
        let bytes = index.bytes
        let count = bytes.count
        guard let base = bytes.baseAddress else { return [] }
        func digits(_ at: Int) -> Int {
            let high = Int(bytes[at]) - 48, low = Int(bytes[at + 1]) - 48
            return (0...9).contains(high) && (0...9).contains(low) ? high * 10 + low : -1
        }
        /// The first position in `from..<to` of `byte` (memchr is vectorised: most of a place's bytes
        /// are neither a `-` nor a `\`), `nil` when there is none.
        func find(_ byte: UInt8, from: Int, to: Int) -> Int? {
            guard from < to, let found = memchr(base + from, Int32(byte), to - from) else { return nil }
            return UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
        }
        /// Whether a place's text, from `start` to `end`, holds one of the wanted `-MM-DD` or a `\u`
        /// (a match may read on past `end`, as the text runs on).
        func mayHoldTheDay(from start: Int, to end: Int) -> Bool {
            var p = start
            while let dash = find(UInt8(ascii: "-"), from: p, to: end) {
                if dash + 6 <= count, bytes[dash + 3] == UInt8(ascii: "-") {
                    let month = digits(dash + 1), dayOfMonth = digits(dash + 4)
                    if month >= 0, dayOfMonth >= 0, wanted.contains(month * 100 + dayOfMonth) { return true }
                }
                p = dash + 1
            }
            p = start
            while let backslash = find(UInt8(ascii: "\\"), from: p, to: end) {
                if backslash + 1 < count, bytes[backslash + 1] == UInt8(ascii: "u") { return true }
                p = backslash + 1
            }
            return false
        }
        // Each place's text runs from its offset to the next place's (the last one's to the end).
        var chosen: [Int] = []
        let entries = index.entries
        for place in entries.indices {
            let end = place + 1 < entries.count ? entries[place + 1].offset : count
            if mayHoldTheDay(from: entries[place].offset, to: min(end, count)) { chosen.append(place) }
        }
        var result: [Location] = []
        result.reserveCapacity(chosen.count)
        for position in chosen {
            guard let location = index.place(position) else { return nil }
            result.append(location)
        }
        return result
    }
}
