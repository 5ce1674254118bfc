import Testing
import PlacesKit

@Suite struct GazetteerTests {
    let gazetteer = Gazetteer.bundled

    @Test func exactBeatsPrefixBeatsFuzzy() {
        let results = gazetteer.search("London", limit: 40)
        #expect(results.first?.quality == .exact)
        let qualities = results.map(\.quality)
        #expect(qualities == qualities.sorted { order($0) < order($1) })
        #expect(results.contains { $0.quality == .prefix })
    }

    private func order(_ quality: GazetteerMatch.Quality) -> Int {
        switch quality {
        case .coordinates: 0
        case .exact, .alias, .code: 1
        case .prefix: 2
        case .fuzzy: 3
        }
    }

    @Test func typosAreSuggestedOnlyWhenNothingMatchesExactly() {
        #expect(gazetteer.search("Lodnon").first?.quality == .fuzzy)
        #expect(gazetteer.search("Lodnon").first?.entry.countryCode == "GB")
        #expect(!gazetteer.search("London").contains { $0.quality == .fuzzy })
        // Three letters are too short to guess from.
        #expect(gazetteer.search("Qzx").isEmpty)
        #expect(gazetteer.search("Xqzwvkjh").isEmpty)
    }

    @Test func countryFilter() {
        let results = gazetteer.search("Paris", limit: 5, country: "us")
        #expect(!results.isEmpty)
        #expect(results.allSatisfy { $0.entry.countryCode == "US" })
        #expect(results.first?.entry.admin1 == "Texas")
    }

    @Test func kindsAndFields() throws {
        let france = try #require(gazetteer.search("France").first)
        #expect(france.entry.kind == .country)
        #expect(france.entry.countryCode == "FR")
        let illinois = try #require(gazetteer.search("Illinois").first)
        #expect(illinois.entry.kind == .region)
        #expect(illinois.entry.countryCode == "US")
        let london = try #require(gazetteer.search("London").first)
        #expect(london.entry.kind == .city)
        #expect(london.entry.admin1 == "England")
        #expect(london.entry.countryName == "United Kingdom")
        #expect(london.entry.isCapital)
        #expect(london.entry.population > 1_000_000)
        #expect(london.entry.context == "London, England, GB")
    }

    @Test func countryByNameAndCodeIsOneResult() {
        let results = gazetteer.search("US", limit: 10)
        #expect(results.filter { $0.entry.kind == .country && $0.entry.countryCode == "US" }.count == 1)
    }

    @Test func unknownQualifierMatchesNothing() {
        #expect(gazetteer.search("Paris, Atlantis").isEmpty)
    }

    @Test func emptyAndPunctuationOnlyQueries() {
        #expect(gazetteer.search("").isEmpty)
        #expect(gazetteer.search(" ,;. ").isEmpty)
        #expect(gazetteer.search("London", limit: 0).isEmpty)
    }

    @Test func nearestPlace() throws {
        let near = try #require(gazetteer.nearest(latitude: 48.8566, longitude: 2.3522).first)
        #expect(near.entry.name.hasPrefix("Paris"))  // GeoNames lists the arrondissements too
        #expect(near.entry.countryCode == "FR")
        #expect(near.distanceKm < 2)
        let five = gazetteer.nearest(latitude: 51.5, longitude: -0.12, limit: 5)
        #expect(five.count == 5)
        #expect(five.map(\.distanceKm) == five.map(\.distanceKm).sorted())
        // Far from anything: the ring search still ends with the true nearest place.
        let pacific = try #require(gazetteer.nearest(latitude: -48.9, longitude: -123.4).first)
        #expect(pacific.distanceKm > 1000)
        // Across the antimeridian.
        let fiji = try #require(gazetteer.nearest(latitude: -16.5, longitude: 179.99).first)
        #expect(fiji.entry.countryCode == "FJ")
    }

    @Test func placesWithinRadius() {
        let around = gazetteer.places(withinKm: 20, ofLatitude: 51.5, longitude: -0.12, limit: 500)
        #expect(around.count > 20)
        #expect(around.allSatisfy { $0.distanceKm <= 20 })
        #expect(around.contains { $0.entry.name == "London" })
    }
}
