#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// What a journal file holds.
public struct JournalContents: Sendable {
    /// The places, in the file's order.
    public var places: [Location]
    /// Whether the file was the legacy bare array of places (the next save writes the versioned form).
    public var legacy: Bool
    /// Top-level members this version does not know, kept to be written back as they were.
    public var members: [String: JSONFragment]
    /// Where each place's object starts in the bytes it was read from (``JournalCodec/decodePlace(_:at:)``
    /// reads it again from there); empty unless the read was asked for them (`placeSpans`), as a change
    /// is: nothing else needs them.
    var placeOffsets: [Int] = []
    /// Where each place's object ends (just past its `}`), beside ``placeOffsets``.
    var placeEnds: [Int] = []
    /// The read that made the places, as their ``Location/readMark``s name it.
    var read: UInt64 = 0
}

/// The journal's fast path: reads and writes the journal format directly over bytes.
///
/// `JSONDecoder` and `JSONEncoder` spend most of their time in generic machinery (containers,
/// coding keys, boxing); at 100,000 places that is seconds per command. This codec knows the
/// one shape a journal has and does the same work about ten times faster, with the grammar of
/// ``JSONScanner`` that every JSON reader in `places` shares. It is strict: anything unusual (an
/// unknown version, a wrongly typed or repeated field, a syntax error) makes ``decode(_:descriptions:)``
/// return `nil`, and the store asks ``JournalProblem`` what is wrong, to tell the person.
public enum JournalCodec {
    /// The contents of journal bytes (the versioned document or the legacy bare array), or `nil`
    /// when the bytes are anything but a plainly valid journal of the current version.
    /// - Parameter descriptions: `false` leaves every description empty (the text is checked but
    ///   not copied), for read-only listings that never show it.
    public static func decode(_ bytes: [UInt8], descriptions: Bool = true) -> JournalContents? {
        bytes.withUnsafeBufferPointer { decode($0, descriptions: descriptions) }
    }

    /// ``decode(_:descriptions:)`` of bytes in memory (a mapped journal).
    /// - Parameter placeSpans: record where each place starts and ends, and mark each with this read
    ///   (``JournalContents/placeOffsets``), so that a change can write the places it did not touch as
    ///   the text they were read from.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, descriptions: Bool = true, placeSpans: Bool = false) -> JournalContents? {
        var reader = Reader(scanner: JSONScanner(bytes), keepsDescriptions: descriptions, recordsSpans: placeSpans,
                            read: placeSpans ? .random(in: .min ... .max) : 0)
        return reader.document()
    }

    /// The place whose object starts at byte `offset` of journal bytes (as ``JournalIndex`` found it),
    /// with every check a full read makes; `nil` when it is not a valid place.
    static func decodePlace(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Location? {
        var reader = Reader(scanner: JSONScanner(bytes, at: offset))
        return reader.location()
    }

    /// The fields of a place the journal writes, by the name it writes them under, in the order it
    /// writes them (their names' byte order).
    enum PlaceField: Int, JournalField {
        case created, description, id, latitude, longitude, name, tags, updated, visited, visits

        static let fields = allCases

        var key: StaticString {
            switch self {
            case .created: "created"
            case .description: "description"
            case .id: "id"
            case .latitude: "latitude"
            case .longitude: "longitude"
            case .name: "name"
            case .tags: "tags"
            case .updated: "updated"
            case .visited: "visited"
            case .visits: "visits"
            }
        }
    }

    /// The fields of a visit the journal writes.
    enum VisitField: JournalField {
        case date, note, source

        static let fields = allCases

        var key: StaticString {
            switch self {
            case .date: "date"
            case .note: "note"
            case .source: "source"
            }
        }
    }

    private struct Reader {
        var scanner: JSONScanner
        var keepsDescriptions = true
        /// Whether to record where each place starts and ends, and mark it with ``read``.
        var recordsSpans = false
        /// The number this read marks its places with.
        var read: UInt64 = 0
        /// Where each place read so far starts and ends.
        var placeOffsets: [Int] = [], placeEnds: [Int] = []

        mutating func document() -> JournalContents? {
            scanner.skipSpace()
            let result: JournalContents
            if scanner.peek == UInt8(ascii: "[") {
                guard let places = places() else { return nil }
                result = JournalContents(places: places, legacy: true, members: [:], placeOffsets: placeOffsets, placeEnds: placeEnds, read: read)
            } else {
                guard scanner.consume(UInt8(ascii: "{")) else { return nil }
                var places: [Location]?
                var version: Double?
                var members: [String: JSONFragment] = [:]
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: "}")) { return nil }
                while true {
                    scanner.skipSpace()
                    guard let key = try? scanner.string() else { return nil }
                    scanner.skipSpace()
                    guard scanner.consume(UInt8(ascii: ":")) else { return nil }
                    scanner.skipSpace()
                    switch key {
                    case "places": guard places == nil, let value = self.places() else { return nil }; places = value
                    case "version":
                        guard version == nil, let value = try? scanner.number(),
                              JournalStore.readableVersions.contains(where: { Double($0) == value }) else { return nil }
                        version = value
                    default:
                        // A member this version does not know: kept, so saving does not drop it.
                        guard members[key] == nil, let value = fragment(depth: 1) else { return nil }
                        members[key] = value
                    }
                    scanner.skipSpace()
                    if scanner.consume(UInt8(ascii: ",")) { continue }
                    guard scanner.consume(UInt8(ascii: "}")) else { return nil }
                    break
                }
                guard let places, version != nil else { return nil }
                result = JournalContents(places: places, legacy: false, members: members, placeOffsets: placeOffsets,
                                         placeEnds: placeEnds, read: read)
            }
            scanner.skipSpace()
            return scanner.atEnd ? result : nil
        }

        mutating func places() -> [Location]? {
            list { reader in
                guard reader.recordsSpans else { return reader.location() }
                let index = UInt32(truncatingIfNeeded: reader.placeOffsets.count)
                reader.placeOffsets.append(reader.scanner.index)
                guard var place = reader.location() else { return nil }
                place.readMark = JournalReadMark(read: reader.read, index: index)
                reader.placeEnds.append(reader.scanner.index)
                return place
            }
        }

        /// A JSON array whose every element `element` reads (`nil` when one is not what it wants).
        @inline(__always)
        mutating func list<Element>(_ element: (inout Reader) -> Element?) -> [Element]? {
            guard scanner.consume(UInt8(ascii: "[")) else { return nil }
            var result: [Element] = []
            scanner.skipSpace()
            if scanner.consume(UInt8(ascii: "]")) { return result }
            while true {
                scanner.skipSpace()
                guard let value = element(&self) else { return nil }
                result.append(consume value)
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: ",")) { continue }
                return scanner.consume(UInt8(ascii: "]")) ? result : nil
            }
        }

        mutating func location() -> Location? {
            guard scanner.consume(UInt8(ascii: "{")) else { return nil }
            var id: UUID?, name: String?, latitude: Double?, longitude: Double?
            var description = "", tags: [String] = []
            var visited: Date?, created: Date?, updated: Date?
            var visits: [Visit] = []
            var extraFields: [String: JSONFragment] = [:]
            var seen = 0 as UInt16, nextField = 0
            scanner.skipSpace()
            if scanner.consume(UInt8(ascii: "}")) { return nil }
            while true {
                scanner.skipSpace()
                guard let key = memberKey(PlaceField.self, next: &nextField) else { return nil }
                scanner.skipSpace()
                guard scanner.consume(UInt8(ascii: ":")) else { return nil }
                scanner.skipSpace()
                // A repeated key is legal JSON but ambiguous; leave it to the careful path.
                let bit: UInt16
                switch key {
                case .known(.id): bit = 1; guard let value = uuid() else { return nil }; id = value
                case .known(.name): bit = 2; guard let value = try? scanner.string() else { return nil }; name = value
                case .known(.description): bit = 4
                    if scanner.isNull() { break }
                    if !keepsDescriptions {
                        guard skipDescription() else { return nil }
                        break
                    }
                    guard let value = try? scanner.string() else { return nil }; description = value
                case .known(.latitude): bit = 8; guard let value = try? scanner.number() else { return nil }; latitude = value
                case .known(.longitude): bit = 16; guard let value = try? scanner.number() else { return nil }; longitude = value
                case .known(.tags): bit = 32
                    if scanner.isNull() { break }
                    guard let value = stringArray() else { return nil }; tags = value
                case .known(.visited): bit = 64; guard let value = optionalDate() else { return nil }; visited = value
                case .known(.created): bit = 128; guard let value = optionalDate() else { return nil }; created = value
                case .known(.updated): bit = 256; guard let value = optionalDate() else { return nil }; updated = value
                case .known(.visits): bit = 512
                    if scanner.isNull() { break }
                    guard let value = visitList() else { return nil }; visits = value
                case .other(let key):
                    // A field this version does not know: kept as written, so saving does not change it.
                    bit = 0
                    guard extraFields[key] == nil, let value = fragment(depth: 3) else { return nil }
                    extraFields[key] = value
                }
                if bit != 0 {
                    guard seen & bit == 0 else { return nil }
                    seen |= bit
                }
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: ",")) { continue }
                guard scanner.consume(UInt8(ascii: "}")) else { return nil }
                break
            }
            guard let id, let name, let latitude, let longitude else { return nil }
            return Location(id: id, name: name, description: description, latitude: latitude, longitude: longitude,
                            tags: tags, visited: visited, visits: visits, created: created, updated: updated, extraFields: extraFields)
        }

        /// A place's `visits`: a list of `{"date": …, "note": …, "source": …}` objects.
        mutating func visitList() -> [Visit]? {
            list { $0.visit() }
        }

        mutating func visit() -> Visit? {
            guard scanner.consume(UInt8(ascii: "{")) else { return nil }
            var date: VisitDate?, note: String??, source: String??
            var extraFields: [String: JSONFragment] = [:]
            var nextField = 0
            while true {
                scanner.skipSpace()
                guard let key = memberKey(VisitField.self, next: &nextField) else { return nil }
                scanner.skipSpace()
                guard scanner.consume(UInt8(ascii: ":")) else { return nil }
                scanner.skipSpace()
                switch key {
                case .known(.date):
                    guard date == nil, let value = visitDate() else { return nil }
                    date = value
                case .known(.note):
                    guard note == nil, let value = optionalString() else { return nil }; note = value
                case .known(.source):
                    guard source == nil, let value = optionalString() else { return nil }; source = value
                case .other(let key):
                    // Visits sit at depth 4 (document, places, place, visits): their members at 5.
                    guard extraFields[key] == nil, let value = fragment(depth: 5) else { return nil }
                    extraFields[key] = value
                }
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: ",")) { continue }
                guard scanner.consume(UInt8(ascii: "}")) else { return nil }
                break
            }
            guard let date else { return nil }
            return Visit(date: date, note: note ?? nil, source: source ?? nil, extraFields: extraFields)
        }

        /// `.some(nil)` for JSON null, `.some(text)` for a string, `nil` for anything else.
        mutating func optionalString() -> String?? {
            if scanner.isNull() { return .some(nil) }
            guard let text = try? scanner.string() else { return nil }
            return .some(text)
        }

        /// Any JSON value, kept as its text. `depth` is its nesting in the document, so the limit
        /// is the one ``JSONParser`` applies.
        mutating func fragment(depth: Int) -> JSONFragment? {
            let start = scanner.index
            guard (try? scanner.skipValue(depth: depth)) != nil else { return nil }
            return JSONFragment(checked: UnsafeBufferPointer(rebasing: scanner.bytes[start..<scanner.index]))
        }

        /// A member of a place or visit object: one of the journal's fields, or another tool's.
        enum MemberKey<Field> {
            case known(Field)
            case other(String)
        }

        /// A key of a place or visit object. Known keys are matched on their bytes (no allocation, no
        /// string comparison); any other key is decoded in full.
        /// - Parameter next: where in `Field.fields` to try first, moved past the field found. The
        ///   journal writes an object's fields in that order, so its own keys match at the first try.
        mutating func memberKey<Field: JournalField>(_: Field.Type, next: inout Int) -> MemberKey<Field>? {
            let bytes = scanner.bytes, index = scanner.index
            if scanner.peek == UInt8(ascii: "\""), index + 1 < bytes.count {
                let fields = Field.fields, first = bytes[index + 1]
                var position = next < fields.count ? next : 0
                for _ in fields.indices {
                    let field = fields[position]
                    position = position + 1 == fields.count ? 0 : position + 1
                    let candidate = field.key
                    guard candidate.utf8Start.pointee == first else { continue }
                    let count = candidate.utf8CodeUnitCount
                    let end = index + 1 + count
                    guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { continue }
                    if memcmp(bytes.baseAddress! + index + 1, candidate.utf8Start, count) == 0 {
                        scanner.index = end + 1
                        next = position
                        return .known(field)
                    }
                }
            }
            guard let text = try? scanner.string() else { return nil }
            // A known name written with escapes (`"\u006eote"`) is still that field.
            if let field = Field.fields.first(where: { $0.key.description == text }) { return .known(field) }
            return .other(text)
        }

        /// A visit's date, read between its quotes in place; a date written with escapes (never by
        /// `places`) is decoded as a string first.
        mutating func visitDate() -> VisitDate? {
            let bytes = scanner.bytes, start = scanner.index
            guard scanner.peek == UInt8(ascii: "\"") else { return nil }
            var end = start + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
                  bytes[end] >= 0x20, bytes[end] < 0x80 { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                scanner.index = end + 1
                return VisitDate(journalBytes: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<end]))
            }
            guard let text = try? scanner.string() else { return nil }
            return VisitDate(journalText: text)
        }

        /// Moves past a description, with the same checks as decoding it, without copying it: a
        /// listing must refuse exactly the journals a full read refuses.
        mutating func skipDescription() -> Bool {
            let start = scanner.index
            guard (try? scanner.skipString()) != nil else { return false }
            // Escapes are where the two could differ (a lone surrogate): decode those in full. Looked
            // for with memchr: a loop a byte at a time was a twentieth of a listing.
            guard memchr(scanner.bytes.baseAddress! + start, Int32(UInt8(ascii: "\\")), scanner.index - start) != nil else { return true }
            scanner.index = start
            return (try? scanner.string()) != nil
        }

        /// A quoted UUID in any case, parsed in place by the index's branch-free reader
        /// (`UUID(uuidString:)` goes through `sscanf`).
        mutating func uuid() -> UUID? {
            guard let bits = JournalIndex.IDBits(quoted: scanner.bytes, at: scanner.index) else { return nil }
            scanner.index += 38
            return bits.uuid
        }

        /// `.some(nil)` for JSON null, `.some(date)` for a date string, `nil` for anything else.
        mutating func optionalDate() -> Date?? {
            if scanner.isNull() { return .some(nil) }
            // The journal's own form, read in place without making a string first.
            let bytes = scanner.bytes, index = scanner.index
            if index + 22 <= bytes.count, bytes[index] == UInt8(ascii: "\""), bytes[index + 21] == UInt8(ascii: "\""),
               let date = FastTimestamp.parse(UnsafeBufferPointer(rebasing: bytes[(index + 1)..<(index + 21)])) {
                scanner.index += 22
                return .some(date)
            }
            guard let text = try? scanner.string(), let date = Timestamp.date(from: text) else { return nil }
            return .some(date)
        }

        mutating func stringArray() -> [String]? {
            list { try? $0.scanner.string() }
        }
    }
}

/// A field the journal writes in its objects, matched on the bytes of its name.
protocol JournalField: CaseIterable {
    /// Every field, made once (`allCases` makes a new array on every call, and every key of every
    /// object is looked up in it).
    static var fields: [Self] { get }
    /// The name the journal writes the field under.
    var key: StaticString { get }
}
