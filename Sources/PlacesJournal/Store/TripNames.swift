#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// The names people give trips (`places trips name 3 "Japan 2023"`), kept in the journal as the top-level
/// member `tripNames`.
///
/// Trips are found afresh by every command, and their numbers change as visits are added, so a name is
/// kept with its trip's first stop (the place's id and the visit's date as written): the trip holding that
/// visit carries the name, however it grows. In the journal:
///
///     "tripNames" : [ { "date" : "2023-04-02", "name" : "Japan 2023", "place" : "0b7e6c1a-…" } ]
///
/// The member is new but needs no new format version: older readers keep unknown top-level members as
/// written. A journal without names has no `tripNames` member, so it is written byte for byte as before.
/// Elements this version does not understand are kept as written. Merges join the names of both copies as
/// a set, ours winning where both name the same trip (``mergingMembers(_:_:)``).
public struct TripNames: Sendable, Equatable {
    /// The top-level journal member that holds the names.
    public static let member = "tripNames"
    /// The longest name accepted, in characters.
    public static let maximumLength = 100

    /// The visit a name is kept with.
    public struct Anchor: Sendable, Hashable {
        /// The place's id.
        public var place: UUID
        /// The visit's date.
        public var date: VisitDate

        /// Creates an anchor.
        public init(place: UUID, date: VisitDate) {
            self.place = place
            self.date = date
        }
    }

    /// The names, each with its anchor, in the journal's order.
    public package(set) var names: [(anchor: Anchor, name: String)] = []
    /// Elements of the member this version does not understand, kept as written.
    public private(set) var unknown: [JSONFragment] = []

    /// No names.
    public init() {}

    /// The names of a journal's top-level members; `nil` when `tripNames` is there but is not an array (it is
    /// then kept as written, and no name can be given).
    public init?(members: [String: JSONFragment]) {
        guard let fragment = members[Self.member] else { return }
        guard let elements = Self.elements(of: fragment) else { return nil }
        for element in elements {
            if let value = element.value, let name = value["name"]?.stringValue, let dateText = value["date"]?.stringValue,
               let date = VisitDate(journalText: dateText), let placeText = value["place"]?.stringValue,
               let place = UUID(uuidString: placeText), case .object(let pairs) = value, pairs.count == 3,
               !names.contains(where: { $0.anchor == Anchor(place: place, date: date) }) {
                names.append((Anchor(place: place, date: date), name))
            } else {
                unknown.append(element)
            }
        }
    }

    public static func == (lhs: TripNames, rhs: TripNames) -> Bool {
        lhs.unknown == rhs.unknown && lhs.names.elementsEqual(rhs.names) { $0.anchor == $1.anchor && $0.name == $1.name }
    }

    /// The member's JSON, `nil` when there is nothing to keep (the member is then left out).
    public var fragment: JSONFragment? {
        guard !names.isEmpty || !unknown.isEmpty else { return nil }
        var parts: [String] = names.map { entry in
            "{\"date\":\(JSONText.quoted(entry.anchor.date.journalText)),\"name\":\(JSONText.quoted(entry.name)),"
                + "\"place\":\(JSONText.quoted(Location.lowercaseText(of: entry.anchor.place)))}"
        }
        parts += unknown.map(\.text)
        return try? JSONFragment(json: "[" + parts.joined(separator: ",") + "]")
    }

    /// This set of names joined with another's: every name of both, ours where both name the same visit.
    public func merged(with theirs: TripNames) -> TripNames {
        var result = self
        for entry in theirs.names where !result.names.contains(where: { $0.anchor == entry.anchor }) {
            result.names.append(entry)
        }
        for element in theirs.unknown where !result.unknown.contains(element) { result.unknown.append(element) }
        return result
    }

    /// Top-level journal members of two copies merged: members only one copy has are kept, ours win
    /// elsewhere, except `tripNames`, whose names are joined (``merged(with:)``). The one merge of members
    /// for `merge`, the git merge driver and `doctor`'s conflict copies.
    public static func mergingMembers(_ ours: [String: JSONFragment], _ theirs: [String: JSONFragment]) -> [String: JSONFragment] {
        var result = ours.merging(theirs) { mine, _ in mine }
        if ours[member] != nil, theirs[member] != nil, let mine = TripNames(members: ours), let other = TripNames(members: theirs) {
            result[member] = mine.merged(with: other).fragment ?? ours[member]
        }
        return result
    }

    /// The elements of a JSON array fragment, each as written; `nil` when it is not an array.
    static func elements(of fragment: JSONFragment) -> [JSONFragment]? {
        var text = fragment.text
        return text.withUTF8 { bytes -> [JSONFragment]? in
            var scanner = JSONScanner(bytes)
            guard scanner.consume(UInt8(ascii: "[")) else { return nil }
            var result: [JSONFragment] = []
            scanner.skipSpace()
            if scanner.consume(UInt8(ascii: "]")) { return result }
            while true {
                scanner.skipSpace()
                let start = scanner.index
                guard (try? scanner.skipValue(depth: 1)) != nil else { return nil }
                result.append(JSONFragment(checked: UnsafeBufferPointer(rebasing: bytes[start..<scanner.index])))
                scanner.skipSpace()
                if scanner.consume(UInt8(ascii: ",")) { continue }
                return scanner.consume(UInt8(ascii: "]")) ? result : nil
            }
        }
    }
}
