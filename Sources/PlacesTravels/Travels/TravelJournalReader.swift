#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PlacesCore
import PlacesJournal

/// The journal read for the travel commands (`timeline`, `trips`, `review`): of each place its id, name,
/// position, tags and `created` time, and every visit's date and note, in one pass over the mapped file,
/// without the fields these commands never show (descriptions, `updated`, visits' sources).
///
/// At 100,000 places with a million visits the full read (``JournalCodec``) was the largest part of
/// these commands: every visit became a whole `Visit` (its source, its unknown fields) through the
/// codec's generic list reader. This reader knows the one shape it reads and makes only what is shown:
/// the visits go straight into the ``TravelLog`` (no `Visit` is made; the places are kept without
/// them). A place whose visits are not written in date order is declined too (the full read orders
/// them, and the log's ties follow that order). Most visits are a calendar day alone, written alike down a
/// list: those are read in one loop over the bytes (``Reader/plainVisits(_:)``), their digits straight to a
/// day number. `stats` reads its places through it too, each with its visits (``readPlaces(_:)``).
/// Every value it keeps is read with the checks of a full read, and every string or date it passes
/// over is checked as a full read checks it. Anything it does not take as plainly valid (a legacy bare
/// array, a member this version does not know in a place or a visit, a member name written with
/// escapes, a repeated member or id, any syntax error) makes it return `nil`, and the journal is read
/// in full instead: so it is accepted or refused, with the same message, exactly as
/// ``JournalStore/load()`` would (as ``JournalIndex`` does).
enum TravelJournalReader {
    /// The travel log and top-level members of journal bytes, or `nil` when they must be read in full.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> (log: TravelLog, members: [String: JSONFragment])? {
        var reader = Reader(scanner: JSONScanner(bytes), keepsVisits: false)
        guard let contents = try? reader.document() else { return nil }
        // Handed over, not shared: the log puts the gathered visits in order where they are.
        var gathered = TravelLog.Visits()
        swap(&gathered, &reader.visits)
        return (TravelLog(contents.places, gathered), contents.members)
    }

    /// The places of journal bytes with their visits' dates and notes (no descriptions, `updated` times,
    /// visits' sources or members this version does not know), or `nil` when they must be read in full:
    /// what `stats` counts, read as the log is.
    static func readPlaces(_ bytes: UnsafeBufferPointer<UInt8>) -> [Location]? {
        var reader = Reader(scanner: JSONScanner(bytes), keepsVisits: true)
        return try? reader.document().places
    }

    /// A place the reader declines: the full read decides.
    struct Declined: Error {}

    struct Reader {
        var scanner: JSONScanner
        /// Whether each place keeps its visits (``readPlaces(_:)``) rather than the log gathering them.
        let keepsVisits: Bool
        /// Every place's id, to find one repeated (the full read says which).
        var ids: [JournalIndex.IDBits] = []
        /// Every visit read so far, for the log.
        var visits = TravelLog.Visits()
        /// The visits of the place being read, when places keep theirs.
        var placeVisits: [Visit] = []
        /// Room made for a place's visits at its first (the previous place's count, at least 8): a list
        /// grown a visit at a time was copied four times on the way to ten visits.
        var expectedVisits = 8

        init(scanner: JSONScanner, keepsVisits: Bool) {
            self.scanner = scanner
            self.keepsVisits = keepsVisits
        }

        mutating func document() throws -> (places: [Location], members: [String: JSONFragment]) {
            scanner.skipSpace()
            try expect(UInt8(ascii: "{"))
            var places: [Location]?, version = false
            var members: [String: JSONFragment] = [:]
            while true {
                scanner.skipSpace()
                let key = try scanner.string()
                scanner.skipSpace()
                try expect(UInt8(ascii: ":"))
                scanner.skipSpace()
                switch key {
                case "places":
                    guard places == nil else { throw Declined() }
                    places = try placeList()
                case "version":
                    let value = try scanner.number()
                    guard !version, JournalStore.readableVersions.contains(where: { Double($0) == value }) else { throw Declined() }
                    version = true
                default:
                    // Kept as the full read keeps it: `tripNames` is one.
                    guard members[key] == nil else { throw Declined() }
                    let start = scanner.index
                    try scanner.skipValue(depth: 1)
                    members[key] = JSONFragment(checked: UnsafeBufferPointer(rebasing: scanner.bytes[start..<scanner.index]))
                }
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: ",")) { continue }
                try expect(UInt8(ascii: "}"))
                break
            }
            scanner.skipSpace()
            guard let places, version, scanner.atEnd,
                  !ids.withUnsafeBufferPointer({ ids in JournalIndex.IDBits.anyRepeated(count: ids.count) { ids[$0] } })
            else { throw Declined() }
            return (places, members)
        }

        mutating func placeList() throws -> [Location] {
            try expect(UInt8(ascii: "["))
            var places: [Location] = []
            // About 300 bytes a place in the journal's own layout: one allocation for most journals.
            places.reserveCapacity(max(16, (scanner.bytes.count - scanner.index) / 300))
            ids.reserveCapacity(places.capacity)
            // A visit takes 40 to 90 bytes in the journal's layout: room for all of them at 64, so the visits'
            // arrays are not copied as they grow (capacity never touched is never paged in).
            if !keepsVisits { visits.reserve((scanner.bytes.count - scanner.index) / 64) }
            scanner.skipSpace()
            if scanner.consume(UInt8(ascii: "]")) { return places }
            while true {
                scanner.skipSpace()
                places.append(try place())
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: ",")) { continue }
                try expect(UInt8(ascii: "]"))
                return places
            }
        }

        mutating func place() throws -> Location {
            try expect(UInt8(ascii: "{"))
            var id: UUID?, name: String?, latitude: Double?, longitude: Double?
            var tags: [String] = [], visited: Date?, created: Date?
            let place = ids.count, firstVisit = visits.entries.count
            var seen: UInt16 = 0
            while true {
                scanner.skipSpace()
                let key = try placeKey()
                guard seen & key.rawValue == 0 else { throw Declined() }
                seen |= key.rawValue
                scanner.skipSpace()
                try expect(UInt8(ascii: ":"))
                scanner.skipSpace()
                switch key {
                case .id:
                    guard let bits = JournalIndex.IDBits(quoted: scanner.bytes, at: scanner.index) else { throw Declined() }
                    id = bits.uuid
                    ids.append(bits)
                    scanner.index += 38
                case .name: name = try scanner.string()
                case .description: if !scanner.isNull() { try skipText() }
                case .latitude: latitude = try number()
                case .longitude: longitude = try number()
                case .tags: if !scanner.isNull() { tags = try stringList() }
                case .visited: visited = try optionalDate()
                case .created: created = try optionalDate()
                case .updated: _ = try optionalDate()
                case .visits: if !scanner.isNull() { try visitList(place: place) }
                }
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: ",")) { continue }
                try expect(UInt8(ascii: "}"))
                break
            }
            guard let id, let name, let latitude, let longitude else { throw Declined() }
            if keepsVisits {
                // ``Location`` makes the one visit of a `visited` time when no visits are listed. The visits
                // were declined unless in date order (``keep(_:note:in:)``), so they are not compared again.
                defer {
                    // The next place likely has about as many: room for them is made at its first visit.
                    expectedVisits = max(placeVisits.count, 8)
                    placeVisits = []
                }
                return Location(id: id, name: name, latitude: latitude, longitude: longitude, tags: tags, visited: visited,
                                orderedVisits: placeVisits, created: created)
            }
            // A place with no visits listed and a `visited` time has that one visit (as ``Location`` reads it).
            if visits.entries.count == firstVisit, let visited {
                visits.add(place: place, visit: 0, date: VisitDate(visited), note: nil)
            }
            return Location(id: id, name: name, latitude: latitude, longitude: longitude, tags: tags, created: created)
        }

        /// Reads the visits of the place numbered `place` into ``visits`` (or ``placeVisits``); visits out
        /// of date order are declined.
        mutating func visitList(place: Int) throws {
            try expect(UInt8(ascii: "["))
            scanner.skipSpace()
            if scanner.consume(UInt8(ascii: "]")) { return }
            var list = VisitList(place: place)
            while true {
                // As many visits of the common shape as follow one another, then one of any other.
                if try plainVisits(&list) { return }
                let (dated, note) = try visit()
                try keep(dated, note: note, in: &list)
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: ",")) { scanner.skipSpace(); continue }
                try expect(UInt8(ascii: "]"))
                return
            }
        }

        /// A place's visit list as it is read.
        struct VisitList {
            /// The place's index.
            let place: Int
            /// The visits read so far.
            var count = 0
            /// The previous visit's start and precision: dates order by these (``VisitDate/<``).
            var previousStart = -Double.infinity, previousPrecision = VisitDate.Precision.year
        }

        /// Keeps the next visit of a list; one earlier than the one before it is declined.
        @inline(__always)
        mutating func keep(_ dated: DatedVisit, note: String?, in list: inout VisitList) throws {
            let precision = dated.date.precision
            if dated.start < list.previousStart || (dated.start == list.previousStart && precision < list.previousPrecision) { throw Declined() }
            (list.previousStart, list.previousPrecision) = (dated.start, precision)
            if keepsVisits {
                if placeVisits.isEmpty { placeVisits.reserveCapacity(expectedVisits) }
                placeVisits.append(Visit(date: dated.date, note: note))
            } else {
                visits.add(place: list.place, visit: list.count, date: dated.date, days: dated.first...dated.last, note: note)
            }
            list.count += 1
        }

        /// Any visit: its members in any order, a note, a source.
        mutating func visit() throws -> (date: DatedVisit, note: String?) {
            try expect(UInt8(ascii: "{"))
            var date: DatedVisit?, note: String?, seen: UInt8 = 0
            while true {
                scanner.skipSpace()
                let key = try visitKey()
                guard seen & key == 0 else { throw Declined() }
                seen |= key
                scanner.skipSpace()
                try expect(UInt8(ascii: ":"))
                scanner.skipSpace()
                switch key {
                case 1: date = try visitDate()
                case 2: if !scanner.isNull() { note = try scanner.string() }
                default: if !scanner.isNull() { try skipText() }  // the source
                }
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: ",")) { continue }
                try expect(UInt8(ascii: "}"))
                break
            }
            guard let date else { throw Declined() }
            return (date, note)
        }

        mutating func stringList() throws -> [String] {
            try expect(UInt8(ascii: "["))
            var strings: [String] = []
            scanner.skipSpace()
            if scanner.consume(UInt8(ascii: "]")) { return strings }
            while true {
                scanner.skipSpace()
                strings.append(try scanner.string())
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: ",")) { continue }
                try expect(UInt8(ascii: "]"))
                return strings
            }
        }
    }
}
