import Foundation
import Testing
@testable import PlacesKit

@Suite struct SightingImporterTests {
    static let now = Date(timeIntervalSince1970: 1_750_000_000)
    static let importer = SightingImporter(sourceTag: "photos", extraTags: ["trip", "photos"], now: now)

    static func plan(_ sightings: [Sighting], into journal: [Location]) throws -> SightingImportPlan {
        let groups = SightingGrouper().group(sightings, existing: journal, sourceTag: "photos")
        return try importer.plan(groups, existing: journal, name: { _ in "Spot" }, describe: { "\($0.sightings.count) photos" })
    }

    static let sightings = [
        SightingGrouperTests.sighting(48.8584, 2.2945), SightingGrouperTests.sighting(48.8585, 2.2946, hours: 1),
        SightingGrouperTests.sighting(48.8585, 2.2946, hours: 48), SightingGrouperTests.sighting(45.0, 7.0, hours: 3),
    ]

    @Test func newPlacesCarryTheTagsAVisitPerDayAndTheirSources() throws {
        let plan = try Self.plan(Self.sightings, into: [Location.example])
        #expect(plan.created.count == 2)
        #expect(plan.places.count == 3)
        #expect(plan.visitsAdded == 3)
        let first = plan.created[0]
        #expect(first.tags == ["photos", "trip"])
        #expect(first.description == "3 photos")
        #expect(first.created == Self.now && first.updated == Self.now)
        #expect(first.visits.map(\.date) == [.day(year: 2024, month: 5, day: 1), .day(year: 2024, month: 5, day: 3)])
        #expect(first.visits.map(\.source) == [Self.sightings[0].identity, Self.sightings[2].identity])
    }

    @Test func importingAgainAddsNothingAndChangesNothing() throws {
        let first = try Self.plan(Self.sightings, into: [Location.example])
        let again = try Self.plan(Self.sightings.reversed(), into: first.places)
        #expect(again.created.isEmpty)
        #expect(again.visitsAdded == 0)
        #expect(again.visitsAlreadyThere == 3)
        #expect(!again.changesJournal)
        #expect(zip(again.places, first.places).allSatisfy { $0.hasSameContent(as: $1) })
    }

    @Test func aPlaceMadeBeforeGainsOnlyNewDaysAndKeepsItsText() throws {
        var place = Location(name: "My tower", description: "mine", latitude: 48.8584, longitude: 2.2945, tags: ["photos"])
        place.addVisit(Visit(date: .day(year: 2024, month: 5, day: 1), note: "typed by hand"))
        let plan = try Self.plan(Array(Self.sightings.prefix(3)), into: [place])
        #expect(plan.created.isEmpty)
        #expect(plan.visitsAdded == 1)
        #expect(plan.visitsAlreadyThere == 1)
        let updated = plan.places[0]
        #expect(updated.name == "My tower" && updated.description == "mine")
        #expect(updated.visits.count == 2)
        #expect(updated.updated == Self.now)
        #expect(plan.extended.map(\.visitsAdded) == [1])
    }

    @Test func aPlaceBreakingAJournalRuleStopsThePlan() throws {
        let groups = SightingGrouper().group(Self.sightings)
        #expect(throws: LocationValidationError.self) {
            try Self.importer.plan(groups, existing: [], name: { _ in "" }, describe: { _ in "" })
        }
    }
}
