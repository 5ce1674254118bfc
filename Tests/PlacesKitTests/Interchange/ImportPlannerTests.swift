import Foundation
import PlacesKit
import Testing

@Suite struct ImportPlannerTests {
    let now = Date(timeIntervalSince1970: 1_750_000_000)
    let palace = Location.example

    private func file(_ places: [Location], ownIDs: Bool) -> ImportedFile {
        ImportedFile(
            fileName: "in.geojson", format: .geojson,
            places: places.enumerated().map { ImportedPlace(location: $1, hasOwnID: ownIDs, origin: "feature \($0 + 1)") })
    }

    @Test func sameIDIsSkippedUnlessUpdating() throws {
        var edited = palace
        edited.description = "Changed"
        let skipped = try ImportPlanner.plan(existing: [palace], files: [file([edited], ownIDs: true)], options: ImportOptions(now: now))
        #expect(skipped.added.isEmpty && skipped.updated.isEmpty)
        #expect(skipped.skipped.map(\.reason) == [.sameID])
        #expect(!skipped.changesJournal)

        let updated = try ImportPlanner.plan(
            existing: [palace], files: [file([edited], ownIDs: true)], options: ImportOptions(updateExisting: true, now: now))
        #expect(updated.updated.count == 1)
        #expect(updated.places.count == 1)
        #expect(updated.places[0].description == "Changed")
        #expect(updated.places[0].updated == now)
        #expect(updated.places[0].created == palace.created)

        let unchanged = try ImportPlanner.plan(
            existing: [palace], files: [file([palace], ownIDs: true)], options: ImportOptions(updateExisting: true, now: now))
        #expect(unchanged.skipped.map(\.reason) == [.unchanged])
    }

    @Test func sameNameWithin50MetresIsSkippedButFurtherAwayIsAdded() throws {
        var near = Location(name: "buckingham palace ", latitude: palace.latitude + 0.0003, longitude: palace.longitude)  // ≈ 33 m
        near = try near.validated()
        let far = Location(name: "Buckingham Palace", latitude: palace.latitude + 0.001, longitude: palace.longitude)  // ≈ 111 m
        let plan = try ImportPlanner.plan(existing: [palace], files: [file([near, far], ownIDs: false)], options: ImportOptions(now: now))
        #expect(plan.added.map(\.id) == [far.id])
        guard case .nearbyNamesake(let existingID, let meters) = plan.skipped.first?.reason else {
            Issue.record("expected a nearby namesake")
            return
        }
        #expect(existingID == palace.id)
        #expect((30...36).contains(meters))
        #expect(plan.skipped[0].description == "in.geojson feature 1 \"buckingham palace\": a place of the same name (5a3b1f0e) is 33 m away")
        #expect(plan.added[0].created == now && plan.added[0].updated == now)
    }

    @Test func duplicatesWithinOneImportAreCaughtToo() throws {
        let a = Location(name: "Kiosk", latitude: 10, longitude: 10)
        let b = Location(name: "Kiosk", latitude: 10.0001, longitude: 10)
        let plan = try ImportPlanner.plan(existing: [], files: [file([a, b], ownIDs: false), file([a], ownIDs: true)], options: ImportOptions(now: now))
        #expect(plan.added.map(\.id) == [a.id])
        #expect(plan.skipped.count == 2)
        #expect(plan.skipped[1].reason == .sameID)
    }

    @Test func extraTagsAreAddedAndChecked() throws {
        let plan = try ImportPlanner.plan(
            existing: [], files: [file([palace], ownIDs: true)], options: ImportOptions(extraTags: ["imported", "London"], now: now))
        #expect(plan.added[0].tags == ["london", "royal", "imported"].filter { $0 != "royal" } || plan.added[0].tags == ["london", "imported"])
        #expect(throws: LocationValidationError.self) {
            try ImportPlanner.plan(existing: [], files: [file([palace], ownIDs: true)], options: ImportOptions(extraTags: ["a,b"]))
        }
    }

    @Test func summaryCountsAndReasons() throws {
        var entry = ImportedFile(fileName: "saved.json", format: .takeout)
        entry.skipped = [SkippedEntry(file: "saved.json", item: "feature 3", name: "Bakery", reason: "no location information")]
        let plan = try ImportPlanner.plan(existing: [palace], files: [entry, file([palace], ownIDs: true)], options: ImportOptions(now: now))
        #expect(plan.summary(dryRun: true) == """
            Dry run: would add 0, would update 0, skipped 2.
              skipped in.geojson feature 1 "Buckingham Palace": already in the journal (same id 5a3b1f0e; --update replaces it)
              skipped saved.json: feature 3 "Bakery": no location information
            """)
    }
}
