#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore
import PlacesGeo
import PlacesJournal

/// How imported places are merged into the journal.
public struct ImportOptions: Sendable {
    /// Tags added to every imported place (`--tag`).
    public var extraTags: [String]
    /// Whether a place whose id is already in the journal replaces it (`--update`) instead of being skipped.
    public var updateExisting: Bool
    /// The time recorded as `created`/`updated` where the file has none.
    public var now: Date
    /// Whether the folder a place sits in (KML) becomes one of its tags (`--folder-tags`).
    public var folderTags: Bool

    /// The origins (`Saved.csv row 3`) of possible duplicates the person chose not to add (see
    /// ``ImportPlan/possibleDuplicates``): they are skipped.
    public var leaveOut: Set<String>

    public init(extraTags: [String] = [], updateExisting: Bool = false, now: Date = Date(), folderTags: Bool = false,
                leaveOut: Set<String> = []) {
        self.extraTags = extraTags
        self.updateExisting = updateExisting
        self.now = now
        self.folderTags = folderTags
        self.leaveOut = leaveOut
    }
}

/// An imported place that was not added, and why.
public struct SkippedPlace: Sendable, CustomStringConvertible {
    /// Why a place was left out.
    public enum Reason: Sendable, Equatable {
        /// The journal already has a place with this id (and `--update` was not given).
        case sameID
        /// `--update` was given but the place is identical to the journal's.
        case unchanged
        /// An earlier place in the same import had this id.
        case repeatedInImport
        /// A place with the same name lies within ``ImportPlanner/duplicateRadiusMeters``.
        case nearbyNamesake(existingID: UUID, meters: Double)
        /// A possible duplicate (``ImportPlan/PossibleDuplicate``) the person chose not to add.
        case declinedDuplicate(existingID: UUID, meters: Double)
    }

    /// The place as read from the file.
    public var place: Location
    /// `trip.gpx wpt 3`.
    public var origin: String
    public var reason: Reason

    public var description: String {
        let why: String
        switch reason {
        case .sameID: why = "already in the journal (same id \(place.shortID); --update replaces it)"
        case .unchanged: why = "already in the journal, unchanged"
        case .repeatedInImport: why = "its id \(place.shortID) appeared earlier in this import"
        case .nearbyNamesake(let existing, let meters):
            let shortID = String(Location.lowercaseText(of: existing).prefix(8))
            why = "a place of the same name (\(shortID)) is \(Int(saturating: meters.rounded())) m away"
        case .declinedDuplicate(let existing, let meters):
            let shortID = String(Location.lowercaseText(of: existing).prefix(8))
            why = "you said it repeats the place \(shortID), \(Int(saturating: meters.rounded())) m away"
        }
        return "\(origin) \"\(place.name)\": \(why)"
    }
}

/// The outcome of merging imported files into the journal, computed without writing anything.
public struct ImportPlan: Sendable {
    /// The journal's places after the import: existing ones (updated in place) then the added ones.
    public var places: [Location]
    /// Places that are new to the journal.
    public var added: [Location]
    /// Places that replaced the journal's version (with `--update`).
    public var updated: [Location]
    /// Places read but not added, with reasons.
    public var skipped: [SkippedPlace]
    /// Entries of the files that were not places (other geometries, Takeout entries without a location).
    public var unreadable: [SkippedEntry]
    /// Places added that may repeat one already there under another name: "Fushimi Inari Taisha"
    /// beside "Fushimi Inari", "Dishoom Covent Garden" 100 m from "Dishoom".
    public var possibleDuplicates: [PossibleDuplicate] = []

    /// An imported place added within ``ImportPlanner/similarNameRadiusMeters`` of a place whose name
    /// is a part of its name, or has its name as a part (word by word, folded).
    public struct PossibleDuplicate: Sendable, CustomStringConvertible {
        /// The place as imported.
        public var place: Location
        /// `Saved.csv row 3`.
        public var origin: String
        /// The place it may repeat: in the journal, or added earlier in this import.
        public var existing: Location
        /// How far apart they are.
        public var meters: Double

        public var description: String {
            "\(origin) \"\(place.name)\" is \(Int(saturating: meters.rounded())) m from \"\(existing.name)\" (\(existing.shortID))"
        }
    }

    /// Whether the journal would change.
    public var changesJournal: Bool { !added.isEmpty || !updated.isEmpty }

    /// A few lines for people: counts first, then every skip with its reason, then the possible duplicates.
    /// - Parameter asked: whether the person was asked about each possible duplicate (and said add it).
    public func summary(dryRun: Bool = false, asked: Bool = false) -> String {
        let verb = dryRun ? "would add" : "added"
        var lines = ["\(dryRun ? "Dry run: " : "")\(verb) \(added.count), \(dryRun ? "would update" : "updated") \(updated.count), skipped \(skipped.count + unreadable.count)."]
        for entry in skipped { lines.append("  skipped \(entry)") }
        for entry in unreadable { lines.append("  skipped \(entry)") }
        for entry in possibleDuplicates {
            lines.append("  possible duplicate: \(entry); " + (asked ? "added, as you said"
                : "\(dryRun ? "would be added" : "added") (remove it if it is the same place, or import on a terminal to be asked)"))
        }
        return lines.joined(separator: "\n")
    }
}

/// Merges imported places into the journal's: pure, so it can be tested without files and run
/// inside the journal's locked read-modify-write.
public enum ImportPlanner {
    /// Two places with the same name closer than this are taken to be the same place: the rule
    /// `add` applies (``PlaceDuplicates``), so a place `add` would refuse is not imported either.
    public static let duplicateRadiusMeters = PlaceDuplicates.radiusKm * 1000

    /// How near a place whose name differs must be for ``ImportPlan/possibleDuplicates``: the
    /// sightings' grouping radius, wide enough for a restaurant saved at its door and at its block.
    public static let similarNameRadiusMeters = SightingGrouper.defaultRadiusKm * 1000

    /// Decides what happens to every imported place.
    ///
    /// In file order: a place whose id the journal has is skipped, or replaces it with `--update`
    /// (skipped when identical); otherwise a place whose name (folded: case, accents and script ignored, as ``NameFolding`` does) matches a place within
    /// ``duplicateRadiusMeters`` — already in the journal or added earlier in this import — is
    /// skipped; otherwise it is added. `created`/`updated` default to `options.now`.
    /// - Complexity: O(n + m) expected, comparing distances only between places of the same name.
    /// - Parameter progress: called now and then with the number of imported places considered so far.
    /// - Throws: ``LocationValidationError`` for an invalid extra tag.
    public static func plan(existing: [Location], files: [ImportedFile], options: ImportOptions,
                            progress: (Int) -> Void = { _ in }) throws -> ImportPlan {
        let extraTags = try Location.normalizedTags(options.extraTags)
        var places = existing
        var indexByID: [UUID: Int] = [:]
        var indicesByName: [String: [Int]] = [:]
        for (index, place) in existing.enumerated() {
            indexByID[place.id] = index
            indicesByName[nameKey(place.name), default: []].append(index)
        }
        var plan = ImportPlan(places: [], added: [], updated: [], skipped: [], unreadable: [])
        var seenInImport = Set<UUID>()
        // Built on first need: most imports into an empty journal never look.
        var grid: AnchorGrid?
        var wordsByIndex: [Int: [Substring]] = [:]
        var considered = 0

        for file in files {
            plan.unreadable += file.skipped
            for imported in file.places {
                considered += 1
                if considered & 1023 == 0 { progress(considered) }
                var place = imported.location
                let origin = "\(file.fileName) \(imported.origin)"
                if case .position = imported.pending {
                    // Never added at the placeholder 0,0: the gazetteer was not asked, or knew no such place.
                    plan.unreadable.append(SkippedEntry(file: file.fileName, item: imported.origin, name: place.name,
                                                        reason: "has no coordinates"))
                    continue
                }
                var added = extraTags
                if options.folderTags, let folder = imported.folder, (try? Location.normalizedTags([folder])) != nil {
                    added.insert(folder, at: 0)
                }
                if !added.isEmpty { place.tags = try Location.normalizedTags(place.tags + added) }
                if imported.hasOwnID {
                    if !seenInImport.insert(place.id).inserted {
                        plan.skipped.append(SkippedPlace(place: place, origin: origin, reason: .repeatedInImport))
                        continue
                    }
                    if let index = indexByID[place.id] {
                        let current = places[index]
                        guard options.updateExisting else {
                            plan.skipped.append(SkippedPlace(place: place, origin: origin, reason: .sameID))
                            continue
                        }
                        place.created = place.created ?? current.created
                        // An update never loses visits: the file's join the journal's. A visit on the start of
                        // one the journal has, without a note, is that visit as `visited` wrote it (a CSV's
                        // 2024-05-01T00:00:00Z for the month 2024-05), not another.
                        var visits = current
                        for visit in place.visits where !(visit.note == nil && visit.source == nil
                                                          && current.visits.contains { $0.date.start == visit.date.start }) {
                            visits.addVisit(visit)
                        }
                        place.visits = visits.visits
                        var comparable = place
                        comparable.updated = current.updated
                        if comparable.hasSameContent(as: current) {
                            plan.skipped.append(SkippedPlace(place: place, origin: origin, reason: .unchanged))
                            continue
                        }
                        place.updated = options.now
                        places[index] = place
                        if nameKey(current.name) != nameKey(place.name) {
                            indicesByName[nameKey(current.name)]?.removeAll(where: { $0 == index })
                            indicesByName[nameKey(place.name), default: []].append(index)
                        }
                        plan.updated.append(place)
                        continue
                    }
                }
                let key = nameKey(place.name)
                if let namesake = indicesByName[key]?.lazy.map({ (index: $0, meters: distanceMeters(places[$0], place)) })
                    .first(where: { $0.meters <= duplicateRadiusMeters }) {
                    plan.skipped.append(SkippedPlace(
                        place: place, origin: origin, reason: .nearbyNamesake(existingID: places[namesake.index].id, meters: namesake.meters)))
                    continue
                }
                if grid == nil {
                    var made = AnchorGrid(radiusKm: similarNameRadiusMeters / 1000)
                    for (index, other) in places.enumerated() where other.latitude.isFinite && other.longitude.isFinite {
                        made.insert(index: index, latitude: other.latitude, longitude: other.longitude)
                    }
                    grid = made
                }
                let words = key.split(separator: " ")
                if let similar = grid?.nearest(latitude: place.latitude, longitude: place.longitude, accepting: { index in
                    if wordsByIndex[index] == nil { wordsByIndex[index] = nameKey(places[index].name).split(separator: " ") }
                    return isPart(words, of: wordsByIndex[index]!) || isPart(wordsByIndex[index]!, of: words)
                }) {
                    let meters = distanceMeters(places[similar], place)
                    if options.leaveOut.contains(origin) {
                        plan.skipped.append(SkippedPlace(place: place, origin: origin,
                                                         reason: .declinedDuplicate(existingID: places[similar].id, meters: meters)))
                        continue
                    }
                    plan.possibleDuplicates.append(.init(place: place, origin: origin, existing: places[similar], meters: meters))
                }
                place.created = place.created ?? options.now
                place.updated = place.updated ?? place.created
                grid?.insert(index: places.count, latitude: place.latitude, longitude: place.longitude)
                indexByID[place.id] = places.count
                indicesByName[key, default: []].append(places.count)
                places.append(place)
                plan.added.append(place)
            }
        }
        plan.places = places
        return plan
    }

    /// Whether `part`'s words occur in `whole`, one after another: "dishoom" in "dishoom covent
    /// garden", "fushimi inari" in "fushimi inari taisha". Equal names are the namesake rule's.
    private static func isPart(_ part: [Substring], of whole: [Substring]) -> Bool {
        guard !part.isEmpty, part.count < whole.count else { return false }
        return (0...(whole.count - part.count)).contains { whole[$0..<($0 + part.count)].elementsEqual(part) }
    }

    /// Names are compared folded, as ``PlaceDuplicates`` compares them for `add`.
    private static func nameKey(_ name: String) -> String { NameFolding.fold(name) }

    private static func distanceMeters(_ a: Location, _ b: Location) -> Double {
        Geodesy.distanceKm(fromLatitude: a.latitude, longitude: a.longitude, toLatitude: b.latitude, longitude: b.longitude) * 1000
    }
}
