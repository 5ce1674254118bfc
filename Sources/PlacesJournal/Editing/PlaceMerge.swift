#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// The field-level three-way merge of one place: the editor's save (an edit made while the journal
/// changed underneath) and `places merge` (two copies of the journal changed apart) both use it.
///
/// Each field is merged on its own: a field changed on one side only takes that side's value; a
/// field changed on both sides to the same value takes it; a field changed on both sides to
/// different values is a ``Conflict``, never decided here. Tags and visits are sets: merged, never
/// a conflict (see ``mergedTags(base:ours:theirs:)``, ``mergedVisits(base:ours:theirs:)``). Unknown fields (``Location/extraFields``)
/// are merged one by one like the rest, so they are never dropped. `updated` is not merged as a
/// field: it records the change, and the caller stamps it.
public enum PlaceMerge {
    /// A field changed on both sides to different values.
    public struct Conflict: Sendable, Equatable {
        /// The field's name as the editor text spells it (`name`, `coordinates`, `tags`, …), or an
        /// unknown field's own key.
        public var field: String
        /// The value on our side (the journal as saved) and on theirs (the other copy, or the
        /// editor's text), as people read them.
        public var ours: String
        public var theirs: String
    }

    /// The edit could not be merged.
    public struct Conflicts: Error, Sendable {
        public var conflicts: [Conflict]
    }

    /// One mergeable field: how it reads, how it compares (equal keys mean equal values; the
    /// readable text unless that can be ambiguous) and how it is copied.
    private struct Field: Sendable {
        var name: String
        var show: @Sendable (Location) -> String
        var copy: @Sendable (inout Location, Location) -> Void
        var key: @Sendable (Location) -> String

        init(name: String, show: @escaping @Sendable (Location) -> String, copy: @escaping @Sendable (inout Location, Location) -> Void,
             key: (@Sendable (Location) -> String)? = nil) {
            self.name = name
            self.show = show
            self.copy = copy
            self.key = key ?? show
        }
    }

    /// The known fields: name, description, coordinates, tags, visits and created.
    private static let fields: [Field] = [
        Field(name: "name", show: { "\"\($0.name)\"" }, copy: { $0.name = $1.name }),
        Field(name: "description", show: { $0.description.isEmpty ? "(none)" : "\"\($0.description)\"" },
              copy: { $0.description = $1.description }),
        Field(name: "coordinates", show: { "\(CoordinateFormat.plain($0.latitude)), \(CoordinateFormat.plain($0.longitude))" },
              copy: { $0.latitude = $1.latitude; $0.longitude = $1.longitude }),
        // Tags read joined by commas, which a tag may itself contain: compared one by one.
        Field(name: "tags", show: { $0.tags.isEmpty ? "(none)" : $0.tags.joined(separator: ", ") }, copy: { $0.tags = $1.tags },
              key: { $0.tags.map { "\($0.utf8.count):\($0)" }.joined() }),
        // Tags and visits are merged as sets, never a conflict (see `mergedTags`, `mergedVisits`);
        // their fields compare and show them.
        Field(name: "visits", show: { $0.visits.isEmpty ? "no" : $0.visits.map(visitText).joined(separator: "; ") },
              copy: { $0.visits = $1.visits },
              key: { $0.visits.map { visitText($0) + "\u{1}" + ($0.source ?? "") + "\u{1}" + $0.extraFields.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.text)" }.joined(separator: "\u{1}") }.joined(separator: "\u{0}") }),
        Field(name: "created", show: { $0.created.map(Timestamp.string) ?? "(not recorded)" }, copy: { $0.created = $1.created }),
    ]

    private static let visitsField = "visits"
    private static let tagsField = "tags"

    /// Tags merged as a set, never a conflict: a tag either side added is kept, a tag either side
    /// removed is gone. Ours keep their order; their additions follow in theirs.
    public static func mergedTags(base: [String], ours: [String], theirs: [String]) -> [String] {
        if ours == theirs { return ours }
        let (was, theirSet) = (Set(base), Set(theirs))
        var result = ours.filter { !was.contains($0) || theirSet.contains($0) }
        var have = Set(result)
        for tag in theirs where !was.contains(tag) && have.insert(tag).inserted { result.append(tag) }
        // The same tags as one side are that side's list, in its order: the merge then equals that
        // side, whichever copy is ours.
        if have == theirSet && result.count == theirs.count { return theirs }
        return result
    }

    /// A visit as the merge shows it: `2024-05 (birthday)`.
    private static func visitText(_ visit: Visit) -> String {
        visit.date.journalText + (visit.note.map { " (\($0))" } ?? "")
    }

    /// Visits merged as a set, so that no side's visits are lost: a visit either side added is
    /// kept, a visit either side removed is gone (a changed note is a removal and an addition).
    /// Both sides changing the same visit differently keep both versions rather than conflict.
    public static func mergedVisits(base: [Visit], ours: [Visit], theirs: [Visit]) -> [Visit] {
        if ours == theirs { return ours }
        let removedByThem = base.filter { !theirs.contains($0) }
        var result = ours.filter { !removedByThem.contains($0) }
        for visit in theirs where !base.contains(visit) && !result.contains(visit) { result.append(visit) }
        return Location.sortedVisits(result)
    }

    /// The known fields, then one per unknown field key found on any side, in key order.
    private static func fields(of places: Location?...) -> [Field] {
        let keys = Set(places.compactMap { $0 }.flatMap { $0.extraFields.keys }).sorted()
        return fields + keys.map { key in
            Field(name: key, show: { $0.extraFields[key]?.text ?? "(absent)" },
                  copy: { $0.extraFields[key] = $1.extraFields[key] })
        }
    }

    /// Merges two versions of a place field by field.
    /// - Parameters:
    ///   - base: the place both sides started from; `nil` when both added it (same id) on their
    ///     own, so every field that differs is a conflict.
    ///   - ours: our version; the result starts from it.
    ///   - theirs: their version.
    ///   - takeTheirs: for each conflict, whether their value wins (by default ours does).
    /// - Returns: the merged place and every conflict (however it was decided), in field order.
    ///   `updated` is ours.
    public static func threeWay(base: Location?, ours: Location, theirs: Location,
                                takeTheirs: (Conflict) -> Bool = { _ in false }) -> (merged: Location, conflicts: [Conflict]) {
        var merged = ours
        var conflicts: [Conflict] = []
        merged.visits = mergedVisits(base: base?.visits ?? [], ours: ours.visits, theirs: theirs.visits)
        merged.tags = mergedTags(base: base?.tags ?? [], ours: ours.tags, theirs: theirs.tags)
        for field in fields(of: base, ours, theirs) where field.name != visitsField && field.name != tagsField {
            // Compared through one spelling so that equal values always compare equal.
            let (mine, other) = (field.key(ours), field.key(theirs))
            guard mine != other else { continue }
            let was = base.map(field.key)
            if was == mine {
                field.copy(&merged, theirs)
            } else if was != other {
                let conflict = Conflict(field: field.name, ours: field.show(ours), theirs: field.show(theirs))
                if takeTheirs(conflict) { field.copy(&merged, theirs) }
                conflicts.append(conflict)
            }
        }
        return (merged, conflicts)
    }

    /// Whether two versions of a place hold the same value in every merged field (`updated` aside).
    public static func sameFields(_ a: Location, _ b: Location) -> Bool {
        // Most places compared are untouched copies: those need no field texts.
        a.hasSameContent(as: b) || fields(of: a, b).allSatisfy { $0.key(a) == $0.key(b) }
    }

    /// Every merged field's value in one text: equal texts mean the same values.
    public static func fieldText(_ place: Location) -> String {
        fields(of: place).map { "\($0.name)=\($0.key(place))" }.joined(separator: "\u{0}")
    }

    /// The names of the merged fields whose values differ between two versions of a place.
    public static func changedFields(from a: Location, to b: Location) -> [String] {
        fields(of: a, b).filter { $0.key(a) != $0.key(b) }.map(\.name)
    }

    /// Applies the person's changes (`edited` against `base`, the place as the editor opened it)
    /// to `current`, the place as the journal holds it now.
    /// - Returns: `current` with the person's changes.
    /// - Throws: ``Conflicts`` naming every field changed on both sides to different values
    ///   (`ours` is the value saved meanwhile, `theirs` the value typed).
    public static func merge(base: Location, edited: Location, current: Location) throws -> Location {
        let (merged, conflicts) = threeWay(base: base, ours: current, theirs: edited)
        if !conflicts.isEmpty { throw Conflicts(conflicts: conflicts) }
        return merged
    }
}
