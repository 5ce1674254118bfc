#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore
import PlacesGeo

/// Location history import from end to end, after the files are read (``LocationHistoryReader``):
/// group the visits and stays into places and visits, name the new places, plan their addition to
/// the journal. The same steps as photos take, with the history's own tag and description.
public enum LocationHistoryImport {
    /// The tag of places made from location history, and what finds them again on the next import.
    public static let tag = "location-history"

    /// Plans adding the sightings to `existing` (nothing is written here).
    /// - Parameters:
    ///   - extraTags: more tags for the places made (`--tag`).
    ///   - gazetteer: names places the history does not name (Timeline.json, stays in Records.json).
    /// - Throws: ``LocationValidationError`` when a place made breaks a rule of the journal.
    public static func plan(_ sightings: [Sighting], existing: [Location], extraTags: [String] = [], now: Date = Date(),
                            gazetteer: Gazetteer) throws -> SightingImportPlan {
        let groups = SightingGrouper().group(sightings, existing: existing, sourceTag: tag)
        let namer = SightingNamer(gazetteer: gazetteer)
        return try SightingImporter(sourceTag: tag, extraTags: extraTags, now: now)
            .plan(groups, existing: existing, name: namer.name(for:), describe: describe)
    }

    /// A new place's description: where it came from and how often it was visited, e.g.
    /// "From Google location history: 3 visits, 2019-01-05 to 2019-03-02".
    public static func describe(_ place: SightingPlace) -> String {
        let days = place.visits.map(\.dayText)
        var text = "From Google location history: \(days.count) visit\(days.count == 1 ? "" : "s")"
        if let first = days.first, let last = days.last {
            text += first == last ? ", \(first)" : ", \(first) to \(last)"
        }
        return text
    }
}
