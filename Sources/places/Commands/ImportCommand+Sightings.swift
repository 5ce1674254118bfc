import PlacesKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ImportCommand {
    /// Plans the places and visits of photo or location-history sightings and, unless `dryRun`,
    /// saves them in one locked transaction, all or nothing. A dry run plans against the journal as
    /// it is and writes nothing. The one path both sighting imports take, so they keep the same rules.
    /// - Parameter plan: the import's planner, given the journal's places.
    static func applySightings(dryRun: Bool, store: JournalStore,
                               _ plan: ([Location]) throws -> SightingImportPlan) throws -> SightingImportPlan {
        do {
            if dryRun { return try plan(try store.load()) }
            return try store.transaction { places in
                let planned = try plan(places)
                if planned.changesJournal { places = planned.places }
                return planned
            }
        } catch let error as LocationValidationError {
            throw CommandFailure("\(error)\nnothing was imported", code: .dataError)
        }
    }
}
