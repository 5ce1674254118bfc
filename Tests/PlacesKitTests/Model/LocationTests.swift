import Foundation
import Testing
@testable import PlacesKit

@Suite struct LocationTests {
    @Test func equalityAndHashingUseTheIDOnly() {
        var renamed = Location.example
        renamed.name = "Somewhere else"
        renamed.latitude = 0
        #expect(renamed == Location.example)
        #expect(Set([renamed, Location.example]).count == 1)
        #expect(!renamed.hasSameContent(as: Location.example))
        #expect(Location(name: "A", latitude: 0, longitude: 0) != Location(name: "A", latitude: 0, longitude: 0))
    }

    @Test func exampleIsBuckinghamPalace() throws {
        let place = try Location.example.validated()
        #expect(place.name == "Buckingham Palace")
        #expect(place.latitude == 51.501 && place.longitude == -0.141)
        #expect(place.description == "Lit by over 40,000 lightbulbs.")
    }

    @Test func validationTrimsNamesAndTags() throws {
        let place = try Location(name: "  Kyoto \n", latitude: 35, longitude: 135, tags: [" food ", "Food", "temples"]).validated()
        #expect(place.name == "Kyoto")
        #expect(place.tags == ["food", "temples"])
    }

    @Test(arguments: [
        (Location(name: "", latitude: 0, longitude: 0), "name", "is empty"),
        (Location(name: "   ", latitude: 0, longitude: 0), "name", "is empty"),
        (Location(name: "a\u{7}b", latitude: 0, longitude: 0), "name", "U+0007"),
        (Location(name: "line\nbreak", latitude: 0, longitude: 0), "name", "control character"),
        (Location(name: String(repeating: "x", count: 201), latitude: 0, longitude: 0), "name", "too long"),
        (Location(name: "A", latitude: 91, longitude: 0), "latitude", "between -90 and 90"),
        (Location(name: "A", latitude: -90.0001, longitude: 0), "latitude", "out of range"),
        (Location(name: "A", latitude: 0, longitude: -180.0001), "longitude", "between -180 and 180"),
        (Location(name: "A", latitude: .nan, longitude: 0), "latitude", "not a finite number"),
        (Location(name: "A", latitude: 0, longitude: .infinity), "longitude", "not a finite number"),
        (Location(name: "A", latitude: 0, longitude: 0, tags: [""]), "tag", "is empty"),
        (Location(name: "A", latitude: 0, longitude: 0, tags: ["a,b"]), "tag", "comma"),
    ])
    func validationNamesFieldValueAndRule(place: Location, field: String, rule: String) {
        #expect {
            _ = try place.validated()
        } throws: { error in
            guard let error = error as? LocationValidationError else { return false }
            return error.field == field && error.description.contains(rule) && error.description.hasPrefix(field)
        }
    }

    @Test func boundaryCoordinatesAreValid() throws {
        for (lat, lon) in [(90.0, 180.0), (-90.0, -180.0), (0.0, 0.0)] {
            _ = try Location(name: "Edge", latitude: lat, longitude: lon).validated()
        }
    }

    @Test func codableRoundTripKeepsEveryField() throws {
        var place = Location.example
        place.visited = Date(timeIntervalSince1970: 1_600_000_000)
        place.tags = ["london", "royal"]
        let data = try JSONEncoder().encode(place)
        let back = try JSONDecoder().decode(Location.self, from: data)
        #expect(back.hasSameContent(as: place))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"2020-09-13T12:26:40Z\""))
        #expect(text.contains(place.id.uuidString.lowercased()))
    }

    @Test func decodingToleratesMissingLaterFields() throws {
        let json = #"{"id":"5A3B1F0E-7C2D-4E8A-9B6F-1D2C3E4F5A6B","name":"Old","description":"","latitude":1.5,"longitude":-2}"#
        let place = try JSONDecoder().decode(Location.self, from: Data(json.utf8))
        #expect(place.tags.isEmpty && place.visited == nil && place.created == nil && place.updated == nil)
        #expect(place.longitude == -2)
    }

    /// Visits in date order (ties in their given order, every precision) make the same place through the
    /// initializer that trusts their order as through the one that sorts them; with none, `visited` is the
    /// one visit, as there.
    @Test(arguments: [
        [] as [Visit],
        [Visit(date: .day(year: 2020, month: 5, day: 1))],
        [Visit(date: .year(2019)), Visit(date: .month(year: 2019, month: 1)), Visit(date: .day(year: 2019, month: 1, day: 1), note: "a"),
         Visit(date: .day(year: 2019, month: 1, day: 1), note: "b"), Visit(date: .instant(Date(timeIntervalSince1970: 1_546_344_000))),
         Visit(date: .day(year: 2024, month: 2, day: 29), note: "leap")],
    ])
    func orderedVisitsMakeTheSamePlaceAsSortedOnes(visits: [Visit]) {
        #expect(Location.sortedVisits(visits) == visits)
        let id = UUID(), created = Date(timeIntervalSince1970: 1_700_000_000)
        for visited in [nil, Date(timeIntervalSince1970: 1_600_000_000)] {
            let sorted = Location(id: id, name: "Kotka", latitude: 60.46, longitude: 26.94, tags: ["sea"], visited: visited,
                                  visits: visits, created: created)
            let trusted = Location(id: id, name: "Kotka", latitude: 60.46, longitude: 26.94, tags: ["sea"], visited: visited,
                                   orderedVisits: visits, created: created)
            #expect(trusted.hasSameContent(as: sorted))
            #expect(trusted.visits == (visits.isEmpty && visited != nil ? [Visit(date: VisitDate(visited!))] : visits))
            #expect(trusted.readMark == nil)
        }
    }

    @Test func decodingRejectsAMalformedDate() {
        let json = #"{"id":"5A3B1F0E-7C2D-4E8A-9B6F-1D2C3E4F5A6B","name":"Old","latitude":1,"longitude":2,"visited":"yesterday"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Location.self, from: Data(json.utf8)) }
    }
}

@Suite struct PlaceLookupTests {
    let places = [
        Location(id: UUID(uuidString: "AAAA1111-0000-0000-0000-000000000001")!, name: "One", latitude: 0, longitude: 0),
        Location(id: UUID(uuidString: "AAAA2222-0000-0000-0000-000000000002")!, name: "Two", latitude: 0, longitude: 0),
        Location(id: UUID(uuidString: "BBBB3333-0000-0000-0000-000000000003")!, name: "Three", latitude: 0, longitude: 0),
    ]

    @Test func uniquePrefixInAnyCaseFindsThePlace() throws {
        #expect(try PlaceLookup.find("bbbb", in: places).name == "Three")
        #expect(try PlaceLookup.find("AAAA1", in: places).name == "One")
        #expect(try PlaceLookup.find("aaaa2222-0000-0000-0000-000000000002", in: places).name == "Two")
    }

    @Test func ambiguousPrefixListsTheCandidates() {
        #expect(throws: PlaceLookupError.ambiguous("aaaa", candidates: [places[0], places[1]])) { try PlaceLookup.find("aaaa", in: places) }
    }

    @Test func shortAndUnknownPrefixesAreRefused() {
        #expect(throws: PlaceLookupError.tooShort("aaa")) { try PlaceLookup.find("aaa", in: places) }
        #expect(throws: PlaceLookupError.notFound("cccc")) { try PlaceLookup.find("cccc", in: places) }
    }
}
