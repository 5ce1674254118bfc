import Foundation
import Testing
import PlacesKit

/// Regression table: names from a person's own journal, typed the ways people type them, resolve to
/// that place, ahead of any gazetteer place of the same name.
@Suite struct OwnPlaceRegressionTests {
    static let journal: [Location] = [
        Location(name: "Dishoom", latitude: 51.5124, longitude: -0.1268),
        Location(name: "Grandma's house", latitude: 53.8008, longitude: -1.5491),
        Location(name: "Café Zürich", latitude: 47.3769, longitude: 8.5417),
        Location(name: "Łódź flat", latitude: 51.7592, longitude: 19.456),
        Location(name: "Straße 12", latitude: 52.52, longitude: 13.405),
        Location(name: "St. John's pub", latitude: 53.35, longitude: -6.26),
        Location(name: "Springfield", latitude: 10.5, longitude: 20.5),
        Location(name: "Paris", latitude: 33.6609, longitude: -95.5555),
        Location(name: "Home", latitude: 40.1, longitude: -3.7),
        Location(name: "Office", latitude: 40.2, longitude: -3.6),
        Location(name: "Mount Fuji camp", latitude: 35.36, longitude: 138.73),
        Location(name: "The Old Bell", latitude: 51.4, longitude: -2.1),
        Location(name: "London Eye", latitude: 51.5033, longitude: -0.1196),
        Location(name: "Kraków hostel", latitude: 50.06, longitude: 19.94),
        Location(name: "Tour-Eiffel picnic", latitude: 48.8584, longitude: 2.2945),
        Location(name: "São Paulo office", latitude: -23.55, longitude: -46.63),
    ]

    /// (what the person types, the journal place it must resolve to)
    static let cases: [(String, String)] = [
        ("Dishoom", "Dishoom"),
        ("dishoom", "Dishoom"),
        ("DISHOOM", "Dishoom"),
        ("  Dishoom  ", "Dishoom"),
        ("Grandma's house", "Grandma's house"),
        ("grandma’s house", "Grandma's house"),       // a typographic apostrophe
        ("Grandmas house", "Grandma's house"),        // no apostrophe at all
        ("Grandma", "Grandma's house"),               // the first word: no gazetteer place is called so
        ("cafe zurich", "Café Zürich"),
        ("lodz flat", "Łódź flat"),
        ("strasse 12", "Straße 12"),
        ("Saint Johns pub", "St. John's pub"),
        ("st johns pub", "St. John's pub"),
        ("Springfield", "Springfield"),               // ahead of six US towns
        ("paris", "Paris"),                           // ahead of the capital of France
        ("Home", "Home"),                             // ahead of Home, Washington
        ("office", "Office"),
        ("Mt Fuji camp", "Mount Fuji camp"),
        ("the old bell", "The Old Bell"),
        ("London Eye", "London Eye"),
        ("Krakow hostel", "Kraków hostel"),
        ("Tour Eiffel picnic", "Tour-Eiffel picnic"),
        ("TourEiffel picnic", "Tour-Eiffel picnic"),
        ("Sao Paulo office", "São Paulo office"),
    ]

    @Test(arguments: cases)
    func resolvesToYourPlace(_ row: (String, String)) throws {
        let resolver = PlaceResolver(gazetteer: .bundled, journal: Self.journal)
        let expected = try #require(Self.journal.first { $0.name == row.1 })
        let looked = try resolver.best(row.0).place
        #expect(looked.journalID == expected.id, "\(row.0) → \(looked.context)")
        #expect(looked.latitude == expected.latitude && looked.longitude == expected.longitude)
        // An exact name is also pinned by add --in; a first word alone is only a guess.
        if looked.match == .exact {
            #expect(try resolver.pin(row.0).place.journalID == expected.id)
        } else {
            #expect(throws: PlaceResolutionError.self) { try resolver.pin(row.0) }
        }
    }

    @Test func theRegressionTableIsLargeEnough() {
        #expect(Self.cases.count >= 15)
        #expect(Set(Self.cases.map(\.1)) == Set(Self.journal.map(\.name)))
    }

    @Test(arguments: ["Dishoo", "Grandpa's house", "Dishoom Soho", "Office party", "Old Bell"])
    func otherNamesAreNotYourPlaces(_ query: String) {
        let resolver = PlaceResolver(gazetteer: .bundled, journal: Self.journal)
        let first = resolver.candidates(for: query).candidates.first
        #expect(first?.isOwnPlace != true, "\(query) → \(first?.context ?? "nothing")")
    }

}
