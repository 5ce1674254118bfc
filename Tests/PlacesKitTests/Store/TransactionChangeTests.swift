import Foundation
import Testing
@testable import PlacesKit
import PlacesTestSupport

/// What a transaction takes for a change: a place is unchanged only while no field of it was set since
/// the transaction read it, or when its content is the same as the old version read again from the
/// file; a place from any other read is compared in full, however it got into the list.
@Suite struct TransactionChangeTests {
    /// A journal of three places, and its bytes.
    func journal() throws -> (store: JournalStore, dir: URL, bytes: Data) {
        let dir = try makeTestDirectory()
        let store = JournalStore(path: dir.appendingPathComponent("places.json").path)
        for (name, latitude) in [("Kyoto", 35.0), ("Lima", -12.0), ("Oslo", 59.9)] {
            try store.add(Location(name: name, latitude: latitude, longitude: 10))
        }
        return (store, dir, try Data(contentsOf: URL(fileURLWithPath: store.path)))
    }

    func bytes(_ store: JournalStore) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: store.path)) }

    @Test func placesAsReadAreUnchangedAndNothingIsWritten() throws {
        let (store, dir, before) = try journal()
        defer { try? FileManager.default.removeItem(at: dir) }
        let backup = store.path + ".bak"
        try? FileManager.default.removeItem(atPath: backup)
        try store.transaction { places in _ = places.count }
        #expect(try bytes(store) == before)
        #expect(!FileManager.default.fileExists(atPath: backup), "no write, so no backup either")
    }

    @Test func aFieldSetToWhatItWasIsNoChange() throws {
        let (store, dir, before) = try journal()
        defer { try? FileManager.default.removeItem(at: dir) }
        try store.transaction { places in
            let name = places[1].name
            places[1].name = "Something else"
            places[1].name = name
            places[2].tags = places[2].tags
        }
        #expect(try bytes(store) == before)
    }

    @Test func placesFromAnotherReadAreComparedInFull() throws {
        let (store, dir, before) = try journal()
        defer { try? FileManager.default.removeItem(at: dir) }
        // The same places read again (another read's marks): the same content, so no change.
        let again = try store.load()
        try store.transaction { places in places = again }
        #expect(try bytes(store) == before)
        // Another read's places with one changed field, put back at the very same indexes: written.
        var edited = try store.load()
        edited[2].description = "Fjord"
        let copy = edited[2]
        try store.transaction { places in places = edited }
        #expect(try store.load()[2].description == "Fjord")
        // A place of another journal whose index and content differ from this one's.
        let other = try journal()
        defer { try? FileManager.default.removeItem(at: other.dir) }
        var foreign = try other.store.load()
        foreign[0].name = "Nara"
        let kept = try store.load()
        try store.transaction { places in places[0] = Location(id: kept[0].id, name: foreign[0].name, latitude: foreign[0].latitude, longitude: 10) }
        #expect(try store.load().map(\.name) == ["Nara", "Lima", copy.name])
    }

    @Test func aChangedPlaceIsValidatedAndAnInvalidOneWritesNothing() throws {
        let (store, dir, before) = try journal()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(throws: LocationValidationError.self) { try store.transaction { places in places[1].latitude = 123 } }
        #expect(throws: LocationValidationError.self) {
            try store.transaction { places in places.append(Location(name: " ", latitude: 1, longitude: 1)) }
        }
        #expect(try bytes(store) == before)
    }

    @Test func movedAndRemovedPlacesAreChanges() throws {
        let (store, dir, _) = try journal()
        defer { try? FileManager.default.removeItem(at: dir) }
        try store.transaction { places in places.reverse() }
        #expect(try store.load().map(\.name) == ["Oslo", "Lima", "Kyoto"])
        try store.transaction { places in places.removeLast() }
        #expect(try store.load().map(\.name) == ["Oslo", "Lima"])
    }

    @Test func aPlaceListedTwiceIsRefused() throws {
        let (store, dir, before) = try journal()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect { try store.transaction { places in places.append(places[0]) } } throws: { "\($0)".contains("appears twice") }
        #expect(try bytes(store) == before)
    }
}
