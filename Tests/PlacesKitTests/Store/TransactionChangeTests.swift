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

    /// A change writes the journal exactly as a full write of every place would (a journal written by
    /// `places` stays byte for byte what the writer makes), though untouched places are copied as read.
    @Test func aChangeWritesWhatAFullWriteWrites() throws {
        let (store, dir, _) = try journal()
        defer { try? FileManager.default.removeItem(at: dir) }
        try store.transaction { places in
            places[1].tags = ["peru"]
            places.append(Location(name: "Quito", description: "Line\nbreak", latitude: -0.2, longitude: -78.5,
                                   created: Date(timeIntervalSince1970: 0), updated: Date(timeIntervalSince1970: 0)))
            places.swapAt(0, 2)
        }
        let written = try bytes(store)
        #expect(written == Data(try JournalStore.encode(store.load())))
        #expect(try store.load().map(\.name) == ["Oslo", "Lima", "Kyoto", "Quito"])
    }

    /// A place the change did not touch keeps its text as written, when it sits where the writer puts a
    /// place; one laid out otherwise, and every touched place, is written in the journal's layout.
    @Test func untouchedPlacesKeepTheTextTheyWereReadFrom() throws {
        let dir = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("places.json").path
        let untouched = """
            {
              "id" : "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name" : "Kept as typed",
              "latitude" : 51.50, "longitude" : -0.120, "tags" : [], "note" : {"b" : 1, "a" : 2}
            }
        """
        let document = """
        {
          "places" : [
        \(untouched),
            {
              "id" : "6a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name" : "Edited", "latitude" : 1, "longitude" : 2
            },
          {"id" : "7a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name" : "Elsewhere", "latitude" : 3, "longitude" : 4}
          ],
          "version" : 1
        }
        """
        try document.write(toFile: path, atomically: false, encoding: .utf8)
        let store = JournalStore(path: path)
        let before = try store.load()
        try store.transaction { places in places[1].name = "Edited again" }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(untouched), "\(text)")
        // The edited place, and the untouched one laid out on one line, are written in the journal's layout.
        let after = try store.load()
        for place in after[1...] {
            #expect(text.contains("\n      \"id\" : \"\(place.idString)\",\n      \"latitude\" : "), "\(text)")
            #expect(text.contains("\n      \"name\" : \"\(place.name)\",\n      \"tags\" : [\n\n      ],\n"), "\(text)")
        }
        #expect(after[0].hasSameContent(as: before[0]) && after[2].hasSameContent(as: before[2]))
        #expect(after[1].name == "Edited again")
    }
}

