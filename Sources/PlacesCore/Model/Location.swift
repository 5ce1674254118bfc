#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A place in the journal: somewhere a person has been or wants to go.
///
/// Two locations are equal when their ids are, whatever their other fields say: an edited copy of a
/// place is still the same place. Use ``Location/hasSameContent(as:)`` to compare every field.
public struct Location: Identifiable, Sendable {
    /// The place's permanent identity. It never changes, not even when every other field does.
    public var id: UUID { didSet { readMark = nil } }
    /// What the person calls the place. Trimmed, non-empty, at most ``Location/maximumNameLength`` characters.
    public var name: String { didSet { readMark = nil } }
    /// Free text: why the place matters, notes, an address. May be empty; may span lines.
    public var description: String { didSet { readMark = nil } }
    /// Degrees north of the equator, −90…90 (WGS 84).
    public var latitude: Double { didSet { readMark = nil } }
    /// Degrees east of Greenwich, −180…180 (WGS 84).
    public var longitude: Double { didSet { readMark = nil } }
    /// The lists the place belongs to ("food", "2025 trip"). Kept in the order given, without repeats.
    public var tags: [String] { didSet { readMark = nil } }
    /// Every time the person was there, in date order (see ``VisitDate`` for the order); empty for a
    /// place they still want to go to. Add visits with ``addVisit(_:)``, which keeps the order.
    public var visits: [Visit] {
        didSet { visits = Self.sortedVisits(visits); readMark = nil }
    }
    /// When the place was added to the journal. `nil` for places from older journals that did not record it.
    public var created: Date? { didSet { readMark = nil } }
    /// When the place was last changed. `nil` for places from older journals that did not record it.
    public var updated: Date? { didSet { readMark = nil } }
    /// Fields of the place that this version of `places` does not know, kept as they were so that
    /// saving never drops them.
    public var extraFields: [String: JSONFragment] { didSet { readMark = nil } }
    /// Which read of a journal made this place, and where in it, for as long as no field has been set
    /// since (every field's `didSet` clears it): a transaction knows such a place is unchanged without
    /// keeping a copy of every place to compare it with. Not part of what the place is.
    package var readMark: JournalReadMark?

    /// Creates a location. Nothing is validated here; call ``validated()`` before storing it.
    /// - Parameters:
    ///   - visited: the one date of a place with a single visit (see ``VisitDate/init(_:)``); ignored
    ///     when `visits` is not empty.
    ///   - visits: the visits, in any order.
    public init(
        id: UUID = UUID(),
        name: String,
        description: String = "",
        latitude: Double,
        longitude: Double,
        tags: [String] = [],
        visited: Date? = nil,
        visits: [Visit] = [],
        created: Date? = nil,
        updated: Date? = nil,
        extraFields: [String: JSONFragment] = [:]
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.latitude = latitude
        self.longitude = longitude
        self.tags = tags
        self.visits = visits.isEmpty ? visited.map { [Visit(date: VisitDate($0))] } ?? [] : Self.sortedVisits(visits)
        self.created = created
        self.updated = updated
        self.extraFields = extraFields
    }
}

// Location's own body holds what a place is (its stored fields and initialiser); its other members are
// in extensions, and helpers only one file uses in a private extension at the end of that file. The
// compiler fingerprints each body on its own: a member added to the type's body is seen by most files of
// every module (a private helper there recompiled 147 files in seven modules, many that never name
// Location), one added to an extension by the files using that extension's members, one added to a
// private extension by its own file alone (1 or 2 files recompiled; BENCHMARKS.md, Building).
extension Location {
    /// When the person was last there: the ``VisitDate/start`` of the latest visit; `nil` for a
    /// place they still want to go to. The journal writes it beside `visits` so that older readers
    /// and other tools see the latest visit.
    ///
    /// Setting it is the one-date view of the visits: `nil` removes every visit; a date adds a visit
    /// on it when there is none, or else moves the latest visit to it (read as ``VisitDate/init(_:)``),
    /// and does nothing when the date is already the latest visit's start.
    public var visited: Date? {
        get { visits.last?.date.start }
        set {
            guard let newValue else { visits.removeAll(); return }
            if visits.last?.date.start != newValue { setLatestVisitDate(VisitDate(newValue)) }
        }
    }
    /// The member of ``extraFields`` that keeps another tool's id for the place, read from an
    /// imported file whose `id` is not one of ours (a GIS layer's 1, 2, 3).
    public static let externalIDField = "externalID"

    /// Whether the person has been there.
    public var isVisited: Bool { !visits.isEmpty }

    /// The first eight hex digits of the id, lower-cased: what tables show and what people type.
    public var shortID: String {
        // The first 8 of the id's 36 characters are its first four bytes, so those alone are written,
        // into a capacity of 8: a string of at most 15 bytes is kept inline, with no allocation.
        String(unsafeUninitializedCapacity: 8) { buffer in
            Self.writeLowercaseText(of: id, into: buffer, bytes: 4)
            return 8
        }
    }

    /// The id as `places` writes it everywhere: lower-case, with dashes.
    public var idString: String { Self.lowercaseText(of: id) }

    /// A UUID in lower case, formatted from its bytes (`uuidString` goes through snprintf, which
    /// shows in profiles when 100,000 ids are written).
    public static func lowercaseText(of id: UUID) -> String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            writeLowercaseText(of: id, into: buffer)
            return 36
        }
    }

    /// Appends the id's 36 bytes of text (lower case, as the journal writes it) to `out`.
    package static func appendLowercaseText(of id: UUID, to out: inout [UInt8]) {
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: 36))
        out.withUnsafeMutableBufferPointer { writeLowercaseText(of: id, into: UnsafeMutableBufferPointer(rebasing: $0[start...])) }
    }

    /// Whether every field, not only the id, is the same.
    public func hasSameContent(as other: Location) -> Bool {
        id == other.id && name == other.name && description == other.description
            && latitude == other.latitude && longitude == other.longitude && tags == other.tags
            && visits == other.visits && created == other.created && updated == other.updated
            && extraFields == other.extraFields
    }

    /// A place to try things with: Buckingham Palace.
    public static let example = Location(
        id: UUID(uuidString: "5A3B1F0E-7C2D-4E8A-9B6F-1D2C3E4F5A6B")!,
        name: "Buckingham Palace",
        description: "Lit by over 40,000 lightbulbs.",
        latitude: 51.501,
        longitude: -0.141,
        tags: ["london"],
        created: Date(timeIntervalSince1970: 1_700_000_000),
        updated: Date(timeIntervalSince1970: 1_700_000_000)
    )
}

extension Location: Hashable {
    /// Locations are equal when their ids are.
    public static func == (lhs: Location, rhs: Location) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension [Location] {
    /// Whether both lists hold the same places, every field the same, in the same order.
    package func hasSameContent(as other: [Location]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0.hasSameContent(as: $1) }
    }
}

// Helpers only this file uses, in an extension of their own: a change to them is seen by no other file.
private extension Location {
    /// The one UUID formatter: 36 bytes of lower-case text into `buffer`, written in place
    /// (`uuidString` allocates and is upper case).
    /// - Parameter bytes: how many of the id's 16 bytes to write (a short id is the first four).
    static func writeLowercaseText(of id: UUID, into buffer: UnsafeMutableBufferPointer<UInt8>, bytes: Int = 16) {
        let hex: StaticString = "0123456789abcdef"
        withUnsafeBytes(of: id.uuid) { raw in
            var position = 0
            for (index, byte) in raw.prefix(bytes).enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 { buffer[position] = UInt8(ascii: "-"); position += 1 }
                buffer[position] = hex.utf8Start[Int(byte >> 4)]
                buffer[position + 1] = hex.utf8Start[Int(byte & 0xF)]
                position += 2
            }
        }
    }
}
