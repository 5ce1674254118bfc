import PlacesCore

/// Every visit of the journal in date order: the one ordering behind `timeline`, `trips`, `review` and `today`.
///
/// A visit is a place (its index in the journal) and one of its visits. Dates order by their first
/// moment (``VisitDate/start``), so a date that is only a month or a year sorts at the start of that month
/// or year; ties keep journal order (place by place, each place's visits in their own order).
///
/// The entries are the visits: a log read straight from the journal (``JournalStore/loadTravelLog()``)
/// holds its places without their ``Location/visits``, so read dates and notes through the entries.
public struct TravelLog: Sendable {
    /// One visit in the log.
    public struct Entry: Sendable, Equatable {
        // Stored in 48 bytes rather than 72 (the date first, then 32-bit numbers): a log holds every visit,
        // and at a thousand places the memory first touched costs more than reading the journal's text.
        /// The visit's date.
        public var date: VisitDate
        private var placeIndex: Int32
        private var visitIndex: Int32
        private var firstDay: Int32
        private var lastDay: Int32
        /// The visit's note: its index in the log's notes, -1 for none.
        var note: Int32

        init(place: Int, visit: Int, date: VisitDate, days: ClosedRange<Int>, note: Int32) {
            self.date = date
            placeIndex = Int32(place)
            visitIndex = Int32(visit)
            // Days since 1970 of years 1–9999 (every date a journal writes) fit 32 bits many times over; an
            // instant millions of years away (only a hand-edited file could hold one) is clamped, not trapped.
            firstDay = Int32(clamping: days.lowerBound)
            lastDay = Int32(clamping: days.upperBound)
            self.note = note
        }

        /// The place's index in ``TravelLog/places``.
        public var place: Int { Int(placeIndex) }
        /// The visit's index among that place's visits (in date order).
        public var visit: Int { Int(visitIndex) }
        /// The calendar days the date covers.
        public var days: ClosedRange<Int> { Int(firstDay)...Int(lastDay) }
        /// The first of ``days``, as kept.
        var firstDayNumber: Int32 { firstDay }
        /// The date's ``VisitDate/start`` in seconds since 1970: its first day's midnight, or the instant.
        var start: Double {
            if case .instant(let moment) = date { return moment.timeIntervalSince1970 }
            return Double(Int(firstDay) * 86_400)
        }
    }

    /// The journal's places (their visits are the entries: see the type's documentation).
    public let places: [Location]
    /// Every visit, in date order.
    public let entries: [Entry]
    /// The notes of the visits that have one.
    private let notes: [String]

    /// The log of `places`, keeping only the visits `admit` accepts (all without it).
    public init(_ places: [Location], admitting admit: ((Visit) -> Bool)? = nil) {
        var visits = Visits()
        visits.reserve(places.reduce(0) { $0 + $1.visits.count })
        for (p, place) in places.enumerated() {
            for v in place.visits.indices where admit?(place.visits[v]) ?? true {
                visits.add(place: p, visit: v, date: place.visits[v].date, note: place.visits[v].note)
            }
        }
        self.init(places, visits)
    }

    /// The log of `places` and their visits gathered apart, in journal order.
    init(_ places: [Location], _ visits: consuming Visits) {
        self.places = places
        notes = visits.notes
        // Put in order where they are (the gathered array is not shared), not copied into a second array.
        var entries = visits.entries
        visits.entries = []
        Self.permute(&entries, to: Self.order(entries, instants: visits.instants))
        self.entries = entries
    }

    /// Rearranges `items` so that the item at each position `i` is the one that was at `order[i]`,
    /// following each cycle of the permutation in place.
    static func permute<Item>(_ items: inout [Item], to order: [Int]) {
        precondition(items.count == order.count, "one position per item")
        var order = order
        items.withUnsafeMutableBufferPointer { items in
            order.withUnsafeMutableBufferPointer { order in
                for start in order.indices where order[start] >= 0 {
                    // The item that belongs at `start` is at order[start]; move each one into place along
                    // the cycle, marking positions done by clearing their order entry.
                    let first = items[start]
                    var position = start
                    while true {
                        let source = order[position]
                        order[position] = -1
                        if source == start { items[position] = first; break }
                        items[position] = items[source]
                        position = source
                    }
                }
            }
        }
    }

    /// The visits of a journal gathered in journal order, before they are put in date order.
    struct Visits {
        var entries: [Entry] = []
        var notes: [String] = []
        /// Whether any visit is dated to the second: only then may visits of one day start apart.
        var instants = false

        mutating func reserve(_ count: Int) {
            entries.reserveCapacity(count)
        }

        /// Adds a place's visit: `visit` is its index among the place's visits in date order.
        mutating func add(place: Int, visit: Int, date: VisitDate, note: String?) {
            add(place: place, visit: visit, date: date, days: date.days, note: note)
        }

        /// ``add(place:visit:date:note:)`` with the date's ``VisitDate/days``, worked out already.
        @inline(__always)
        mutating func add(place: Int, visit: Int, date: VisitDate, days: ClosedRange<Int>, note: String?) {
            var index: Int32 = -1
            if let note {
                index = Int32(notes.count)
                notes.append(note)
            }
            if case .instant = date { instants = true }
            entries.append(Entry(place: place, visit: visit, date: date, days: days, note: index))
        }
    }

    /// The positions of `entries` from the earliest start (``VisitDate/start``), ties in position order.
    static func order(_ entries: [Entry], instants: Bool) -> [Int] {
        // A start's day is its first day (an instant's day is the floor of its start), so the entries in
        // day order, ties in position order, are in start order but for instants within one day: one
        // counting pass over the days (a journal's visits span some thousands of them) puts them so, and a
        // day holding an instant is sorted on its own. Days spread far wider than the visits are many
        // take the sort of the starts.
        guard let low = entries.lazy.map(\.firstDayNumber).min(), let high = entries.lazy.map(\.firstDayNumber).max(),
              Int(high) - Int(low) < max(1 << 16, 4 * entries.count)
        else { return order(entries.map(\.start)) }
        var order = [Int](repeating: 0, count: entries.count)
        var counts = [Int32](repeating: 0, count: Int(high) - Int(low) + 2)
        entries.withUnsafeBufferPointer { entries in
            order.withUnsafeMutableBufferPointer { order in
                counts.withUnsafeMutableBufferPointer { counts in
                    for entry in entries { counts[Int(entry.firstDayNumber &- low) &+ 1] &+= 1 }
                    for day in 1..<counts.count { counts[day] &+= counts[day &- 1] }
                    // counts[day] is now where that day's first entry goes.
                    for (position, entry) in entries.enumerated() {
                        let day = Int(entry.firstDayNumber &- low)
                        order[Int(counts[day])] = position
                        counts[day] &+= 1
                    }
                    guard instants else { return }
                    var first = 0
                    while first < order.count {
                        let day = entries[order[first]].firstDayNumber
                        var end = first + 1, instant = entries[order[first]].date.precision == .instant
                        while end < order.count, entries[order[end]].firstDayNumber == day {
                            if entries[order[end]].date.precision == .instant { instant = true }
                            end += 1
                        }
                        if instant && end - first > 1 {
                            var sameDay = UnsafeMutableBufferPointer(rebasing: order[first..<end])
                            sameDay.sort { a, b in
                                let (x, y) = (entries[a].start, entries[b].start)
                                return x != y ? x < y : a < b
                            }
                        }
                        first = end
                    }
                }
            }
        }
        return order
    }

    /// The positions of `starts` from the earliest, ties in position order (journal order).
    static func order(_ starts: [Double]) -> [Int] {
        // The sort moves small keys, not entries: a million visits' keys fit in the caches far better.
        // Dates are whole seconds (a day's start is midnight; an instant is saved to the second), so a
        // start and a position packed in one integer sort in its order, several times faster than pairs
        // compared by a closure; anything else (a fraction of a second) takes the pairs.
        let positionBits = 24
        if starts.count < 1 << positionBits, let low = starts.min(), let high = starts.max(), high - low < 0x1p39,
           starts.allSatisfy({ $0 == $0.rounded(.down) }) {
            var keys = starts.enumerated().map { position, start in
                UInt64(start - low) << positionBits | UInt64(position)
            }
            sortByStart(&keys, above: positionBits)
            return keys.map { Int($0 & (1 << positionBits - 1)) }
        }
        var positions = Array(starts.indices)
        positions.sort { starts[$0] != starts[$1] ? starts[$0] < starts[$1] : $0 < $1 }
        return positions
    }

    /// Sorts keys whose bits below `low` (the positions) are already in order, by the bits above:
    /// a stable radix sort, 11 bits a pass, a pass skipped when every key has the same digit. A million
    /// visits over twenty years take three passes, several times faster than comparing keys.
    private static func sortByStart(_ keys: inout [UInt64], above low: Int) {
        guard let top = keys.max() else { return }
        let digitBits = 11, mask = UInt64(1 << digitBits - 1), width = UInt64.bitWidth - top.leadingZeroBitCount
        var other = [UInt64](repeating: 0, count: keys.count)
        var counts = [Int](repeating: 0, count: 1 << digitBits)
        var shift = low
        while shift < width {
            let moved = keys.withUnsafeBufferPointer { keys in
                other.withUnsafeMutableBufferPointer { other in
                    counts.withUnsafeMutableBufferPointer { counts in
                        counts.update(repeating: 0)
                        for key in keys { counts[Int(key >> UInt64(shift) & mask)] += 1 }
                        if counts.contains(keys.count) { return false }
                        var total = 0
                        for digit in counts.indices { (counts[digit], total) = (total, total + counts[digit]) }
                        for key in keys {
                            let digit = Int(key >> UInt64(shift) & mask)
                            other[counts[digit]] = key
                            counts[digit] += 1
                        }
                        return true
                    }
                }
            }
            if moved { swap(&keys, &other) }
            shift += digitBits
        }
    }

    /// The place of an entry.
    public func place(_ entry: Entry) -> Location { places[entry.place] }

    /// The note of an entry's visit, `nil` when it has none.
    public func note(_ entry: Entry) -> String? { entry.note < 0 ? nil : notes[Int(entry.note)] }
}
