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
/// them, and the log's ties follow that order).
/// Every value it keeps is read with the checks of a full read, and every string or date it passes
/// over is checked as a full read checks it. Anything it does not take as plainly valid (a legacy bare
/// array, a member this version does not know in a place or a visit, a member name written with
/// escapes, a repeated member or id, any syntax error) makes it return `nil`, and the journal is read
/// in full instead: so it is accepted or refused, with the same message, exactly as
/// ``JournalStore/load()`` would (as ``JournalIndex`` does).
enum TravelJournalReader {
    /// The travel log and top-level members of journal bytes, or `nil` when they must be read in full.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> (log: TravelLog, members: [String: JSONFragment])? {
        var reader = Reader(scanner: JSONScanner(bytes))
        guard let contents = try? reader.document() else { return nil }
        return contents
    }

    /// A place the reader declines: the full read decides.
    struct Declined: Error {}

    private struct Reader {
        var scanner: JSONScanner
        /// Every place's id, to find one repeated (the full read says which).
        var ids: [JournalIndex.IDBits] = []
        /// Every visit read so far, for the log.
        var visits = TravelLog.Visits()

        mutating func document() throws -> (log: TravelLog, members: [String: JSONFragment]) {
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
            // Handed over, not shared: the log puts the gathered visits in order where they are.
            var gathered = TravelLog.Visits()
            swap(&gathered, &visits)
            return (TravelLog(places, gathered), members)
        }

        mutating func placeList() throws -> [Location] {
            try expect(UInt8(ascii: "["))
            var places: [Location] = []
            // About 300 bytes a place in the journal's own layout: one allocation for most journals.
            places.reserveCapacity(max(16, (scanner.bytes.count - scanner.index) / 300))
            ids.reserveCapacity(places.capacity)
            // A visit takes 40 to 90 bytes in the journal's layout: room for all of them at 64, so the visits'
            // arrays are not copied as they grow (capacity never touched is never paged in).
            visits.reserve((scanner.bytes.count - scanner.index) / 64)
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

        /// The members of a place, by the bit that marks them seen (a repeated one is declined).
        private enum PlaceKey: UInt16 {
            case id = 1, name = 2, description = 4, latitude = 8, longitude = 16, tags = 32, visited = 64,
                 created = 128, updated = 256, visits = 512
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
                case .latitude: latitude = try scanner.number()
                case .longitude: longitude = try scanner.number()
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
            // A place with no visits listed and a `visited` time has that one visit (as ``Location`` reads it).
            if visits.entries.count == firstVisit, let visited {
                visits.add(place: place, visit: 0, date: VisitDate(visited), note: nil)
            }
            return Location(id: id, name: name, latitude: latitude, longitude: longitude, tags: tags, created: created)
        }

        /// Reads the visits of the place numbered `place` into ``visits``; visits out of date order are declined.
        mutating func visitList(place: Int) throws {
            try expect(UInt8(ascii: "["))
            scanner.skipSpace()
            if scanner.consume(UInt8(ascii: "]")) { return }
            // The previous visit's start and precision: dates order by these (``VisitDate/<``), and the
            // start is the one the log keeps.
            var previous: (start: Double, precision: VisitDate.Precision)?, count = 0
            while true {
                scanner.skipSpace()
                let (date, note) = try visit()
                let start = visits.add(place: place, visit: count, date: date, note: note)
                if let previous, start < previous.start || (start == previous.start && date.precision < previous.precision) { throw Declined() }
                previous = (start, date.precision)
                count += 1
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: ",")) { continue }
                try expect(UInt8(ascii: "]"))
                return
            }
        }

        mutating func visit() throws -> (date: VisitDate, note: String?) {
            try expect(UInt8(ascii: "{"))
            var date: VisitDate?, note: String?, seen: UInt8 = 0
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

        /// `byte` must be next; anything else is declined (the full read says what is wrong).
        @inline(__always)
        private mutating func expect(_ byte: UInt8) throws {
            guard scanner.consume(byte) else { throw Declined() }
        }

        // MARK: Member names

        /// A member name's bytes between its quotes; a name with escapes is declined (never written by
        /// `places`; the full read decodes it).
        @inline(__always)
        private mutating func keyBytes() throws -> UnsafeBufferPointer<UInt8> {
            let bytes = scanner.bytes
            guard scanner.peek == UInt8(ascii: "\"") else { throw Declined() }
            let start = scanner.index + 1
            var end = start
            while end < bytes.count, end - start < 16 {
                let byte = bytes[end]
                if byte == UInt8(ascii: "\"") {
                    scanner.index = end + 1
                    return UnsafeBufferPointer(rebasing: bytes[start..<end])
                }
                end += 1
            }
            throw Declined()
        }

        private mutating func placeKey() throws -> PlaceKey {
            let key = try keyBytes()
            guard let first = key.first else { throw Declined() }
            switch first {
            case UInt8(ascii: "i"): if Self.equal(key, "id") { return .id }
            case UInt8(ascii: "n"): if Self.equal(key, "name") { return .name }
            case UInt8(ascii: "d"): if Self.equal(key, "description") { return .description }
            case UInt8(ascii: "l"):
                if Self.equal(key, "latitude") { return .latitude }
                if Self.equal(key, "longitude") { return .longitude }
            case UInt8(ascii: "t"): if Self.equal(key, "tags") { return .tags }
            case UInt8(ascii: "c"): if Self.equal(key, "created") { return .created }
            case UInt8(ascii: "u"): if Self.equal(key, "updated") { return .updated }
            case UInt8(ascii: "v"):
                if Self.equal(key, "visits") { return .visits }
                if Self.equal(key, "visited") { return .visited }
            default: break
            }
            throw Declined()
        }

        /// 1 for `date`, 2 for `note`, 4 for `source`.
        @inline(__always)
        private mutating func visitKey() throws -> UInt8 {
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

        @inline(__always)
        private static func equal(_ key: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
            key.count == word.utf8CodeUnitCount && memcmp(key.baseAddress!, word.utf8Start, key.count) == 0
        }

        // MARK: Values

        /// Moves past a string not kept, with the checks of decoding it (``JournalCodec``'s
        /// descriptions are passed over the same way).
        private mutating func skipText() throws {
            let start = scanner.index
            try scanner.skipString()
            // Escapes are where skipping and decoding could differ (a lone surrogate): decode those.
            guard memchr(scanner.bytes.baseAddress! + start, Int32(UInt8(ascii: "\\")), scanner.index - start) != nil else { return }
            scanner.index = start
            _ = try scanner.string()
        }

        /// A visit's date read in place, as ``JournalCodec`` reads it.
        private mutating func visitDate() throws -> VisitDate {
            let bytes = scanner.bytes, start = scanner.index
            guard scanner.peek == UInt8(ascii: "\"") else { throw Declined() }
            var end = start + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
                  bytes[end] >= 0x20, bytes[end] < 0x80 { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                scanner.index = end + 1
                guard let date = VisitDate(journalBytes: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end])) else { throw Declined() }
                return date
            }
            guard let date = VisitDate(journalText: try scanner.string()) else { throw Declined() }
            return date
        }

        /// A `created`, `updated` or `visited` time (or null), as ``JournalCodec`` reads it.
        private mutating func optionalDate() throws -> Date? {
            if scanner.isNull() { return nil }
            let bytes = scanner.bytes, index = scanner.index
            if index + 22 <= bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 21] == UInt8(ascii: "\""),
               let date = FastTimestamp.parse(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<(index + 21)])) {
                scanner.index += 22
                return date
            }
            guard let date = Timestamp.date(from: try scanner.string()) else { throw Declined() }
            return date
        }
    }
}
