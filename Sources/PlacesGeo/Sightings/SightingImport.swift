#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// What adding grouped sightings to the journal does: the places made, the places that gained
/// visits, and the journal as it would be afterwards.
public struct SightingImportPlan: Sendable {
    /// The whole journal after the import.
    public var places: [Location]
    /// Places made, in the order made.
    public var created: [Location]
    /// Places already in the journal that gained visits, with how many.
    public var extended: [(place: Location, visitsAdded: Int)]
    /// Visits added, to new places and old.
    public var visitsAdded: Int
    /// Visits found again (a day the place already had): what a re-import finds.
    public var visitsAlreadyThere: Int

    /// Whether the journal changes.
    public var changesJournal: Bool { visitsAdded > 0 }

    /// This plan and then `later`, planned on this plan's ``places`` (photos after a location
    /// history, in one import): the journal as `later` leaves it, every place made by either (as it
    /// ends up), and the places of the journal before both that gained visits.
    public func followed(by later: SightingImportPlan) -> SightingImportPlan {
        let laterByID = Dictionary((later.created + later.extended.map(\.place)).map { ($0.id, $0) }, uniquingKeysWith: { $1 })
        let madeHere = Set(created.map(\.id))
        var extendedCounts: [UUID: Int] = [:]
        var extendedPlaces: [UUID: Location] = [:]
        var order: [UUID] = []
        for (place, added) in extended + later.extended where !madeHere.contains(place.id) {
            if extendedCounts[place.id] == nil { order.append(place.id) }
            extendedCounts[place.id, default: 0] += added
            extendedPlaces[place.id] = place
        }
        return SightingImportPlan(
            places: later.places,
            created: created.map { laterByID[$0.id] ?? $0 } + later.created,
            extended: order.map { (extendedPlaces[$0]!, extendedCounts[$0]!) },
            visitsAdded: visitsAdded + later.visitsAdded,
            visitsAlreadyThere: visitsAlreadyThere + later.visitsAlreadyThere)
    }
}

/// Adds places and visits made from sightings (``SightingGrouper``) to the journal's places.
///
/// A place gets one visit per local day, dated that day, its ``Visit/source`` the identity of the
/// day's first sighting. A day the place already has a visit on (from this or any
/// import, or typed by hand) gets none: that, with the grouper joining the places an earlier import
/// made, is why importing the same photos again adds nothing. Descriptions and names of places
/// already in the journal are never changed.
public struct SightingImporter: Sendable {
    /// The tag every place made carries and the tag that finds places an earlier import made ("photos").
    public var sourceTag: String
    /// More tags for places made (`--tag`).
    public var extraTags: [String]
    /// When the import happens: the created and updated time of what it changes.
    public var now: Date

    /// Creates an importer.
    public init(sourceTag: String, extraTags: [String] = [], now: Date = Date()) {
        self.sourceTag = sourceTag
        self.extraTags = extraTags
        self.now = now
    }

    /// Plans the import: nothing is written here (the caller runs it inside the store's transaction).
    /// - Parameters:
    ///   - groups: the grouper's places, made with `existing` and this importer's ``sourceTag``.
    ///   - existing: the journal's places.
    ///   - name: the name of a new place.
    ///   - describe: the description of a new place.
    /// - Throws: ``LocationValidationError`` when a place made breaks a rule of the journal (a name
    ///   or description too long); nothing is planned then.
    public func plan(_ groups: [SightingPlace], existing: [Location], name: (SightingPlace) -> String,
                     describe: (SightingPlace) -> String) throws -> SightingImportPlan {
        var places = existing
        let indexByID = Dictionary(existing.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var plan = SightingImportPlan(places: [], created: [], extended: [], visitsAdded: 0, visitsAlreadyThere: 0)
        let tags = Self.uniqued([sourceTag] + extraTags)
        for group in groups {
            if let id = group.existingPlaceID, let index = indexByID[id] {
                var place = places[index]
                let added = add(group.visits, to: &place, plan: &plan)
                if added > 0 {
                    place.updated = now
                    places[index] = try place.validated()
                    plan.extended.append((places[index], added))
                }
            } else {
                var place = Location(name: name(group), description: describe(group), latitude: group.latitude,
                                     longitude: group.longitude, tags: tags, created: now, updated: now)
                _ = add(group.visits, to: &place, plan: &plan)
                place = try place.validated()
                places.append(place)
                plan.created.append(place)
            }
        }
        plan.places = places
        return plan
    }

    /// Adds each visit whose day the place has no visit on yet; the number added.
    private func add(_ visits: [SightingVisit], to place: inout Location, plan: inout SightingImportPlan) -> Int {
        var added = 0
        for visit in visits {
            let date = visit.date
            let source = visit.identity
            if place.visits.contains(where: { $0.date == date || $0.source == source }) || !place.addVisit(Visit(date: date, source: source)) {
                plan.visitsAlreadyThere += 1
            } else {
                added += 1
                plan.visitsAdded += 1
            }
        }
        return added
    }

    private static func uniqued(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        return tags.filter { seen.insert($0).inserted }
    }
}
