#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// The three-way merge of two copies of a journal that changed apart (two machines, two git
/// branches, a synced folder's conflict copy), place by place and field by field.
///
/// The rules, for a place by its id, with `base` the version both copies started from:
/// - added on one side (not in the base): kept; added on both sides: merged field by field as if
///   from nothing, so every field that differs is a conflict;
/// - removed on one side and unchanged on the other: removed; removed on one side and edited on
///   the other: a conflict (field `(removed)`);
/// - changed on both sides: merged with ``PlaceMerge/threeWay(base:ours:theirs:takeTheirs:)``:
///   different fields are both kept, a field changed differently on both sides is a conflict;
/// - unknown fields of places are merged like known ones and never dropped.
///
/// A base that had to be guessed (``chooseBase(ours:theirs:)``'s second rule) cannot tell a place
/// they removed from one added here after the copies parted: merged from such a base, a place
/// missing from their copy is always kept (and listed in ``Result/keptUnproven``), never removed;
/// and a place unchanged here since that base whose version there is no newer than ours is merged
/// as if added on both sides (each differing field a conflict), never taken back to their value.
///
/// Every conflict is reported, however it was decided. The result keeps our order of places,
/// then their additions in their order.
public enum JournalMerge {
    /// How conflicts are decided.
    public enum Preference: String, CaseIterable, Sendable {
        /// Our value; for a removal against an edit, our side's choice.
        case ours
        /// Their value; for a removal against an edit, their side's choice.
        case theirs
        /// The value of the side whose place was updated later (on a tie, the side whose values
        /// sort later, so the result does not depend on which copy is ours); a removal against an edit keeps the
        /// edited place, because a removal records no time.
        case newer
    }

    /// Something both sides changed differently.
    public struct Conflict: Sendable, Equatable {
        /// The place.
        public var id: UUID
        /// The place's name (ours when we have it).
        public var name: String
        /// The field (`name`, `coordinates`, an unknown field's key), or `(removed)` when one side
        /// removed a place the other edited.
        public var field: String
        /// Each side's value as people read it (`removed`, or `edited (name, tags)` for a removal).
        public var ours: String
        public var theirs: String
        /// Whether it was decided (by a preference or a decision), and whether for their side.
        public var decided: Bool
        public var tookTheirs: Bool

        /// The conflict's name in ``JournalMerge/merge(base:ours:theirs:prefer:decisions:)``'s
        /// `decisions`: the place's id and the field.
        public var key: String { Self.key(id, field) }
        static func key(_ id: UUID, _ field: String) -> String { Location.lowercaseText(of: id) + " " + field }

        /// The field name used for a place removed on one side and edited on the other.
        public static let removal = "(removed)"
    }

    /// The merged places and the conflicts met.
    public struct Result: Sendable {
        /// The merged journal. Conflicts are decided by the decisions and the preference, and
        /// for ours when neither decides them.
        public var places: [Location]
        /// Every conflict, decided or not.
        public var conflicts: [Conflict]
        /// Places of ours, in the base, that their copy lacks and that were kept because the base
        /// was guessed: a removal there cannot be told from an addition here.
        public var keptUnproven: [Location] = []
        /// The conflicts neither a decision nor the preference decided: a result with any must
        /// not be saved.
        public var undecided: [Conflict] { conflicts.filter { !$0.decided } }
    }

    /// Merges `theirs` into `ours` from `base`.
    /// - Parameters:
    ///   - prefer: how conflicts are decided; `nil` leaves them undecided (and takes ours in
    ///     ``Result/places``, which should then not be saved).
    ///   - decisions: conflicts decided one by one (a person asked on a terminal), by
    ///     ``Conflict/key``: `true` takes their side. They come before the preference.
    ///   - guessedBase: whether `base` was guessed rather than shared by both sides; then no
    ///     place of ours is removed for missing from theirs.
    /// - Complexity: O(n) in the number of places.
    public static func merge(base: [Location], ours: [Location], theirs: [Location], prefer: Preference? = nil,
                             decisions: [String: Bool] = [:], guessedBase: Bool = false) -> Result {
        let baseByID = Dictionary(base.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let theirsByID = Dictionary(theirs.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let ourIDs = Set(ours.map(\.id))
        var places: [Location] = []
        var conflicts: [Conflict] = []
        var keptUnproven: [Location] = []
        places.reserveCapacity(max(ours.count, theirs.count))

        for mine in ours {
            let was = baseByID[mine.id]
            guard let other = theirsByID[mine.id] else {
                // Not in theirs: added by us (keep), or removed by them.
                if was != nil && guessedBase {
                    // Perhaps added here after a parting the guessed base comes after: keep it.
                    places.append(mine)
                    keptUnproven.append(mine)
                    continue
                }
                guard let was, !PlaceMerge.sameFields(was, mine) else {
                    if was == nil { places.append(mine) }
                    continue
                }
                let decision = decisions[Conflict.key(mine.id, Conflict.removal)] ?? prefer.map { $0 == .theirs }
                let keep = !(decision ?? false)
                conflicts.append(Conflict(id: mine.id, name: mine.name, field: Conflict.removal, ours: edited(was, mine),
                                          theirs: "removed", decided: decision != nil, tookTheirs: !keep))
                if keep { places.append(mine) }
                continue
            }
            // Decided per place: every conflicting field of it goes to the same side.
            func theirsWin() -> Bool? {
                switch prefer {
                case nil: nil
                case .ours: false
                case .theirs: true
                // On a tie of times, the side whose values sort later: arbitrary, but the same
                // whichever copy is ours.
                case .newer: isNewer(other, than: mine) ?? (PlaceMerge.fieldText(other) > PlaceMerge.fieldText(mine))
                }
            }
            func decide(_ field: String) -> Bool? { decisions[Conflict.key(mine.id, field)] ?? theirsWin() }
            var from = was
            if guessedBase, let base = was, PlaceMerge.sameFields(base, mine), !PlaceMerge.sameFields(mine, other),
               (other.updated ?? .distantPast) <= (mine.updated ?? .distantPast) {
                // A guessed base may come after an edit made here since the copies parted: their
                // older place is then no change of theirs, and taking it would undo ours. Every field
                // that differs is a conflict instead.
                from = nil
            }
            let (merged, found) = PlaceMerge.threeWay(base: from, ours: mine, theirs: other) { decide($0.field) ?? false }
            var place = merged
            place.updated = updated(of: merged, ours: mine, theirs: other)
            places.append(place)
            conflicts += found.map {
                let decision = decide($0.field)
                return Conflict(id: mine.id, name: mine.name, field: $0.field, ours: $0.ours, theirs: $0.theirs,
                                decided: decision != nil, tookTheirs: decision ?? false)
            }
        }

        for other in theirs where !ourIDs.contains(other.id) {
            // Not in ours: added by them (keep), or removed by us.
            guard let was = baseByID[other.id] else {
                places.append(other)
                continue
            }
            guard !PlaceMerge.sameFields(was, other) else { continue }
            let decision = decisions[Conflict.key(other.id, Conflict.removal)] ?? prefer.map { $0 != .ours }
            let keep = decision ?? false
            conflicts.append(Conflict(id: other.id, name: other.name, field: Conflict.removal, ours: "removed",
                                      theirs: edited(was, other), decided: decision != nil, tookTheirs: keep))
            if keep { places.append(other) }
        }
        return Result(places: places, conflicts: conflicts, keptUnproven: keptUnproven)
    }

    /// `edited (name, tags)`: what one side changed in a place the other removed.
    private static func edited(_ was: Location, _ now: Location) -> String {
        "edited (\(PlaceMerge.changedFields(from: was, to: now).joined(separator: ", ")))"
    }

    /// Whether their place was updated later than ours; `nil` on a tie (a missing time is oldest).
    private static func isNewer(_ theirs: Location, than ours: Location) -> Bool? {
        let (a, b) = (theirs.updated ?? .distantPast, ours.updated ?? .distantPast)
        return a == b ? nil : a > b
    }

    /// The merged place's `updated`: the time of the side it equals; the later of the two when it
    /// equals both or neither (so the result is the same whichever copy is ours).
    private static func updated(of merged: Location, ours: Location, theirs: Location) -> Date? {
        let (isOurs, isTheirs) = (PlaceMerge.sameFields(merged, ours), PlaceMerge.sameFields(merged, theirs))
        if isOurs && !isTheirs { return ours.updated }
        if isTheirs && !isOurs { return theirs.updated }
        switch (ours.updated, theirs.updated) {
        case let (a?, b?): return max(a, b)
        case let (a, b): return a ?? b
        }
    }

    // MARK: Finding the base

    /// Picks the base for a merge among our versions (the journal as it is, then its history,
    /// newest first), knowing their versions (their copy first, then any history kept beside it).
    ///
    /// 1. The newest of our versions that is also one of theirs (the same places: ids and fields)
    ///    is the base: both sides saw it, and each changed it from there.
    /// 2. Without one (a copy whose history is not at hand), the base must hold every place of
    ///    theirs whose id our versions know (an id is never reused, so such a place was there when
    ///    the copies parted); among those versions the one with the most places unchanged in their
    ///    copy wins, the older on a tie. A place we added after the copies parted is then never taken
    ///    for one they removed (the price: a place they removed, which we added shortly before the
    ///    copies parted, can come back).
    ///    Such a base is a guess (`proven` is `false`): merged from it, nothing missing from their
    ///    copy is removed (see ``merge(base:ours:theirs:prefer:decisions:guessedBase:)``).
    /// 3. When their copy shares no place id with our versions, or no version qualifies, `nil`: merge from nothing, so nothing is removed.
    /// - Returns: the index in `ours` of the chosen version, and whether both sides share it.
    public static func chooseBase(ours: [[Location]], theirs: [[Location]]) -> (index: Int, proven: Bool)? {
        // Only versions of the same size can be equal: the others are never fingerprinted.
        let theirSizes = Set(theirs.map(\.count))
        let theirFingerprints = Set(theirs.filter { ours.map(\.count).contains($0.count) }.map(fingerprint))
        if let shared = ours.firstIndex(where: { theirSizes.contains($0.count) && theirFingerprints.contains(fingerprint($0)) }) {
            return (shared, true)
        }
        guard let current = theirs.first else { return nil }
        let known = Set(ours.joined().map(\.id))
        let required = Set(current.map(\.id)).intersection(known)
        // Not one place in common: nothing says where the copies parted.
        guard !required.isEmpty else { return nil }
        let theirsByID = Dictionary(current.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var best: (index: Int, score: Int)?
        for (index, version) in ours.enumerated() {
            let ids = Set(version.map(\.id))
            guard required.isSubset(of: ids) else { continue }
            let score = version.count { place in theirsByID[place.id].map { PlaceMerge.sameFields($0, place) } ?? false }
            if score >= (best?.score ?? Int.min) { best = (index, score) }
        }
        return best.map { ($0.index, false) }
    }

    /// A version's places as a comparable value: ids and fields, whatever their order.
    private static func fingerprint(_ places: [Location]) -> [String] {
        places.map { Location.lowercaseText(of: $0.id) + "\u{0}" + PlaceMerge.fieldText($0) }.sorted()
    }
}
