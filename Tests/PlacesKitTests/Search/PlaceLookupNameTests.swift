import Foundation
import Testing
@testable import PlacesJournal
@testable import PlacesKit

/// The one resolver of every command that takes a place: ids first, then exact names, then parts.
@Suite struct PlaceLookupNameTests {
    static let places = [
        Location(id: UUID(uuidString: "CAFE0001-0000-0000-0000-000000000001")!, name: "Dishoom Covent Garden", latitude: 51.5124, longitude: -0.1269),
        Location(id: UUID(uuidString: "CAFE0002-0000-0000-0000-000000000002")!, name: "Dishoom Shoreditch", latitude: 51.5245, longitude: -0.0766),
        Location(id: UUID(uuidString: "BEEF0003-0000-0000-0000-000000000003")!, name: "Kraków Old Town", latitude: 50.06, longitude: 19.94),
        Location(id: UUID(uuidString: "BEEF0004-0000-0000-0000-000000000004")!, name: "Café", latitude: 48.85, longitude: 2.35),
        Location(id: UUID(uuidString: "ABCD0005-0000-0000-0000-000000000005")!, name: "Grandma's house", latitude: 45, longitude: 7),
        Location(id: UUID(uuidString: "ABCD0006-0000-0000-0000-000000000006")!, name: "東京 Tower", latitude: 35.66, longitude: 139.75),
        Location(id: UUID(uuidString: "DEAD0007-0000-0000-0000-000000000007")!, name: "Towers of Bologna", latitude: 44.49, longitude: 11.35),
    ]

    /// Both ways in (decoded places, and the journal's index) must agree on every case.
    static func both(_ text: String) throws -> String {
        let decoded = try PlaceLookup.find(text, in: places).name
        let indexed = try PlaceLookup.find(text, in: JournalIndex(places: places)).name
        #expect(decoded == indexed, "\(text)")
        return decoded
    }

    @Test(arguments: [
        ("krakow", "Kraków Old Town"), ("KRAKÓW OLD TOWN", "Kraków Old Town"), ("old town", "Kraków Old Town"),
        ("covent", "Dishoom Covent Garden"), ("Dishoom shore", "Dishoom Shoreditch"), ("grandmas house", "Grandma's house"),
        ("東京", "東京 Tower"), ("beef0003", "Kraków Old Town"), ("DEAD", "Towers of Bologna"),
        ("abcd0006-0000-0000-0000-000000000006", "東京 Tower"),
    ])
    func findsByIdNameOrPartOfAName(text: String, expected: String) throws {
        #expect(try Self.both(text) == expected)
    }

    @Test func aNameThatStartsOtherPlacesIdsIsAskedNeverLost() throws {
        // "cafe" starts two ids, and is exactly one name: neither wins unasked.
        let clash = PlaceLookupError.idOrName("cafe", byID: [Self.places[0], Self.places[1]], byName: [Self.places[3]])
        #expect(throws: clash) { try PlaceLookup.find("cafe", in: Self.places) }
        #expect(throws: clash) { try PlaceLookup.find("cafe", in: JournalIndex(places: Self.places)) }
        // More of the id, or the full id, is the place.
        #expect(try Self.both("cafe0001") == "Dishoom Covent Garden")
        #expect(try Self.both("beef0004-0000-0000-0000-000000000004") == "Café")
    }

    @Test func aUniqueExactNameBeatsParts() throws {
        // "tower" is part of two names, but "東京 tower" is exactly one.
        #expect(try Self.both("東京 tower") == "東京 Tower")
    }

    @Test func ambiguousNamesListTheCandidates() {
        #expect(throws: PlaceLookupError.ambiguousName("dishoom", candidates: [Self.places[0], Self.places[1]], total: 2)) {
            try PlaceLookup.find("dishoom", in: Self.places)
        }
        #expect(throws: PlaceLookupError.ambiguousName("tower", candidates: [Self.places[5], Self.places[6]], total: 2)) {
            try PlaceLookup.find("tower", in: JournalIndex(places: Self.places))
        }
        let message = PlaceLookupError.ambiguousName("dishoom", candidates: [Self.places[0], Self.places[1]], total: 2)
            .message(whereIs: { $0.longitude < -0.1 ? "Covent Garden, GB" : nil })
        #expect(message.contains("  cafe0001  Dishoom Covent Garden  (Covent Garden, GB)"))
        #expect(message.contains("  cafe0002  Dishoom Shoreditch  (51.5245, -0.0766)"))
    }

    /// The library says what went wrong and what helps as data; it names no command (the executable does).
    @Test func errorsCarryTheirRemedyAsData() {
        #expect(PlaceLookupError.notFound("zzz top").remedy == .searchAllText("zzz top"))
        #expect(PlaceLookupError.notFound("cafe0009").remedy == .listShowsIDs)
        #expect(PlaceLookupError.tooShort("caf").remedy == nil)
        let errors: [PlaceLookupError] = [.notFound("zzz top"), .notFound("cafe0009"), .tooShort("caf"),
                                          .ambiguous("abcd", candidates: [Self.places[4], Self.places[5]]),
                                          .ambiguousName("dishoom", candidates: [Self.places[0], Self.places[1]], total: 2)]
        for error in errors {
            for command in ["`places", "places list", "places find"] {
                #expect(!error.description.contains(command), "\(error.description)")
            }
            #expect(!error.message(whereIs: nil).contains("hint:"), "\(error.message(whereIs: nil))")
            #expect((error.hint == nil) == (error.remedy == nil))
        }
    }

    @Test func ambiguousIdsStillSayAmbiguousId() {
        #expect(throws: PlaceLookupError.ambiguous("abcd", candidates: [Self.places[4], Self.places[5]])) {
            try PlaceLookup.find("abcd", in: Self.places)
        }
    }

    @Test func nothingFoundAndTooShort() {
        #expect(throws: PlaceLookupError.notFound("zzz top")) { try PlaceLookup.find("zzz top", in: Self.places) }
        #expect(throws: PlaceLookupError.tooShort("ab")) { try PlaceLookup.find("ab", in: Self.places) }
        #expect(throws: PlaceLookupError.notFound("!!")) { try PlaceLookup.find("!!", in: Self.places) }
        // A part must start a word: "ondon" is in no name's words' starts.
        #expect(throws: PlaceLookupError.notFound("oshoom")) { try PlaceLookup.find("oshoom", in: Self.places) }
    }

    @Test func namesWithQuotesAndBackslashesAreReadWhole() throws {
        let tricky = [
            Location(name: #"The "Back\" room"#, description: #"ends in a backslash \"#, latitude: 1, longitude: 1),
            Location(name: #"C:\"#, description: #"""#, latitude: 2, longitude: 2, tags: [#"a"b"#]),
            Location(name: "Last", latitude: 3, longitude: 3),
        ]
        let index = JournalIndex(places: tricky)
        #expect(index.count == 3)
        #expect(try PlaceLookup.find("back room", in: index).id == tricky[0].id)
        #expect(try PlaceLookup.find("c", in: index).id == tricky[1].id)
        #expect(try PlaceLookup.find("last", in: index).id == tricky[2].id)
        #expect((0..<3).map { index.place($0)?.hasSameContent(as: tricky[$0]) } == [true, true, true])
        #expect(index.tags(1) == [#"a"b"#])
    }

    @Test func theIndexReadsAJournalFileAndFallsBackForTheLegacyForm() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lookup-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = JournalStore(path: directory.appendingPathComponent("places.json").path)
        for place in Self.places { try store.add(place) }
        #expect(try store.find("krakow").id == Self.places[2].id)
        #expect(try store.index().count == Self.places.count)
        // The bare array of the app the journal descends from: not the fast path's shape, same answer.
        let legacy = "[{\"id\": \"BEEF0003-0000-0000-0000-000000000003\", \"name\": \"Kraków \\u00d3ld\", \"latitude\": 1, \"longitude\": 2}]"
        try legacy.write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(try store.find("krakow old").name == "Kraków Óld")
        // A newer journal is refused with the version message, as a full read refuses it.
        try "{\"version\": 99, \"places\": []}".write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(throws: JournalError.newerVersion(path: store.resolvedPath, version: 99, supported: JournalStore.currentVersion)) { try store.find("krakow") }
        // A broken journal is refused as a full read refuses it.
        try "{\"version\": 1, \"places\": [{\"id\": 1}]}".write(toFile: store.path, atomically: true, encoding: .utf8)
        #expect(throws: JournalError.self) { try store.find("krakow") }
    }
}
