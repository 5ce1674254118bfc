import Foundation
import Testing
@testable import PlacesJournal
@testable import PlacesKit

@Suite struct PlaceMergeTests {
    let base = Location.example

    @Test func editsToUntouchedFieldsApplyAndOtherChangesStay() throws {
        var edited = base, current = base
        edited.description = "typed"
        current.name = "Renamed meanwhile"
        current.tags = ["meanwhile"]
        let merged = try PlaceMerge.merge(base: base, edited: edited, current: current)
        #expect(merged.name == "Renamed meanwhile" && merged.tags == ["meanwhile"] && merged.description == "typed")
    }

    @Test func theSameChangeOnBothSidesIsNoConflict() throws {
        var edited = base, current = base
        edited.latitude = 10; edited.longitude = 20
        current.latitude = 10; current.longitude = 20
        #expect(try PlaceMerge.merge(base: base, edited: edited, current: current).latitude == 10)
    }

    @Test func aFieldChangedBothWaysIsAConflictNamingBothValues() {
        var edited = base, current = base
        edited.name = "Typed"
        current.name = "Saved"
        edited.tags = ["a"]
        current.visited = Date(timeIntervalSince1970: 0)
        #expect(throws: PlaceMerge.Conflicts.self) { try PlaceMerge.merge(base: base, edited: edited, current: current) }
        do {
            _ = try PlaceMerge.merge(base: base, edited: edited, current: current)
        } catch let error as PlaceMerge.Conflicts {
            #expect(error.conflicts == [PlaceMerge.Conflict(field: "name", ours: "\"Saved\"", theirs: "\"Typed\"")])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
