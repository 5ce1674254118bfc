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
        var wanted = Set<Int>()
        for offset in -neighbouringDays...neighbouringDays {
            let date = VisitDate.civilDay(first + offset)
            wanted.insert(date.month * 100 + date.day)
        }
        // Month and day as one number: their digits at -MM-DD, or -1 when they are not digits.
        let bytes = index.bytes
        let count = bytes.count
        func digits(_ at: Int) -> Int {
            let high = Int(bytes[at]) - 48, low = Int(bytes[at + 1]) - 48
            return (0...9).contains(high) && (0...9).contains(low) ? high * 10 + low : -1
        }
        var chosen: [Int] = []
        var place = 0
        let places = index.entries.count
        var p = places == 0 ? count : index.entries[0].offset
        // Where the place after `place` starts: the next place is looked for only once p reaches it.
        var next = places > 1 ? index.entries[1].offset : count
        while p < count, place < places {
            if p >= next {
                while place + 1 < places, index.entries[place + 1].offset <= p { place += 1 }
                next = place + 1 < places ? index.entries[place + 1].offset : count
            }
            let byte = bytes[p]
            var hit = false
            if byte == UInt8(ascii: "-"), p + 6 <= count, bytes[p + 3] == UInt8(ascii: "-") {
                let month = digits(p + 1), dayOfMonth = digits(p + 4)
                hit = month >= 0 && dayOfMonth >= 0 && wanted.contains(month * 100 + dayOfMonth)
            } else if byte == UInt8(ascii: "\\"), p + 1 < count, bytes[p + 1] == UInt8(ascii: "u") {
                hit = true
            }
            if hit {
                if chosen.last != place { chosen.append(place) }
                // The rest of this place's text need not be read.
                guard place + 1 < places else { break }
                p = index.entries[place + 1].offset
                continue
            }
            p += 1
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
