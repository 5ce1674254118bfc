import Testing
import PlacesKit

@Suite struct GazetteerTests {
    let gazetteer = Gazetteer.bundled

    /// An area scan passes over the coordinates of lines in cells wholly inside the box: it finds
    /// exactly the towns that strips of half a degree (which hold no whole cell, so every line is
    /// tested) find together, with fractional edges and across the antimeridian.
    @Test(arguments: [(south: 40.3, west: -5.7, north: 47.8, east: 3.4), (south: -20.6, west: 170.5, north: -12.1, east: 190.2),
                      (south: 59.0, west: 20.0, north: 61.0, east: 23.0)])
    func aBoxFindsWhatItsStripsFind(box: (south: Double, west: Double, north: Double, east: Double)) {
        func towns(_ west: Double, _ east: Double) -> Set<String> {
            let found = gazetteer.entries(south: box.south, west: west, north: box.north, east: east, limit: 1_000_000) {
                $0.kind == .city ? Double($0.population) + 1 : nil
            }
            return Set(found.map { "\($0.name) \($0.latitude) \($0.longitude)" })
        }
        var strips = Set<String>()
        var west = box.west
        while west < box.east {
            strips.formUnion(towns(west, min(west + 0.5, box.east)))
            west += 0.5
        }
        let whole = towns(box.west, box.east)
        #expect(whole.count > 20)
        #expect(whole == strips)
    }

    @Test func resultsAreOrderedByScore() {
        let results = gazetteer.search("London", limit: 40)
        #expect(results.first?.quality == .exact)
        #expect(results.map(\.score) == results.map(\.score).sorted(by: >))
        #expect(results.contains { $0.quality == .prefix })
    }

    @Test func typosAreSuggestedOnlyWhenNothingMatchesOutright() {
        #expect(gazetteer.search("Lodnon").first?.quality == .fuzzy)
        #expect(gazetteer.search("Lodnon").first?.entry.countryCode == "GB")
        #expect(!gazetteer.search("London").contains { $0.quality == .fuzzy })
        // A typo of a city of a million beats the exact prefix of a hamlet.
        #expect(gazetteer.search("Dubin").first?.entry.name == "Dublin")
        // An exact village beats a typo of a larger town.
        #expect(gazetteer.search("Hallstatt").first?.entry.countryCode == "AT")
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
        #expect(london.entry.admin2 == "Greater London")
    }

    /// Regions as people name them, counted once: the rules of `Scripts/gazetteer/admin.py`.
    @Test func regionsAreNamedAndCountedAsPeopleKnowThem() throws {
        // A city's region is not GeoNames' nominal province named after the country (Taiwan Province).
        let taipei = try #require(gazetteer.search("Taipei").first { $0.entry.kind == .city })
        #expect(taipei.entry.admin1 == "Taipei")
        let tainan = try #require(gazetteer.search("Tainan").first { $0.entry.kind == .city })
        #expect(tainan.entry.admin1 == "Tainan")
        // GeoNames files New Taipei's towns under Taipei; ISO 3166-2 lists New Taipei at its top level.
        let banqiao = try #require(gazetteer.search("Banqiao").first { $0.entry.kind == .city && $0.entry.countryCode == "TW" })
        #expect(banqiao.entry.admin1 == "New Taipei")
        // "Nairobi City" is known by its city's name; "Mexico City" is its city's own name.
        let nairobi = try #require(gazetteer.search("Nairobi").first { $0.entry.kind == .city })
        #expect(nairobi.entry.admin1 == "Nairobi")
        let mexico = try #require(gazetteer.search("Mexico City").first { $0.entry.kind == .city })
        #expect(mexico.entry.admin1 == "Mexico City")
        // A city's districts listed beside it (Madrid's Latina, Tokyo's Setagaya) are not counted twice:
        // Comunidad de Madrid has about 6.8 million people, Tokyo about 14 million, New York State 19.6;
        // Paris's neighbours in other départements are towns, not its districts (Île-de-France, 12.2).
        for (query, low, high) in [("Comunidad de Madrid", 6_000_000, 8_000_000), ("Tokyo, JP", 12_000_000, 16_000_000),
                                   ("New York State", 17_000_000, 22_000_000), ("Île-de-France", 11_500_000, 13_000_000)] {
            let region = try #require(gazetteer.search(query).first { $0.entry.kind == .region }, "\(query)")
            #expect((low...high).contains(region.entry.population), "\(query): \(region.entry.population)")
        }
    }

    @Test func countryByNameAndCodeIsOneResult() {
        let results = gazetteer.search("US", limit: 10)
        #expect(results.filter { $0.entry.kind == .country && $0.entry.countryCode == "US" }.count == 1)
    }

    @Test func unknownQualifierIsDroppedWithANote() throws {
        let result = gazetteer.lookup("Nimes, Xqzwvkjh")
        #expect(result.matches.first?.entry.name == "Nîmes")
        #expect(result.droppedQualifiers == [.init(text: "Xqzwvkjh")])
        // A qualifier only guessed ("Atlantis" is two edits from a region) that leaves nothing is dropped too.
        let guessed = gazetteer.lookup("Nimes, Atlantis, FR")
        #expect(guessed.matches.first?.entry.name == "Nîmes")
        #expect(guessed.droppedQualifiers.map(\.text) == ["Atlantis"])
        #expect(guessed.droppedQualifiers.first?.countryCode == "FR")
        // A qualifier that names something is kept, and nothing outside it is shown.
        #expect(gazetteer.lookup("Nimes, Occitanie").droppedQualifiers.isEmpty)
    }

    @Test func kindsElevationAndCounties() throws {
        let fuji = try #require(gazetteer.search("Mount Fuji").first)
        #expect(fuji.entry.kind == .volcano)
        #expect(fuji.entry.elevation == 3776)
        #expect(fuji.entry.countryCode == "JP")
        #expect(fuji.entry.summary == "volcano, 3,776 m")
        let como = try #require(gazetteer.search("Lake Como").first)
        #expect(como.entry.kind == .lake)
        #expect(como.entry.bounds?.contains(latitude: 46.0, longitude: 9.26) ?? false)
        let heathrow = try #require(gazetteer.search("LHR").first)
        #expect(heathrow.entry.kind == .airport)
        #expect(heathrow.quality == .code)
        #expect(heathrow.entry.codes == ["LHR", "EGLL"])
        let stIves = try #require(gazetteer.search("St Ives, Cornwall").first)
        #expect(stIves.entry.admin2 == "Cornwall")
        #expect(stIves.entry.countryCode == "GB")
        let cornwall = try #require(gazetteer.search("Cornwall, GB").first)
        #expect(cornwall.entry.kind == .county)
        #expect(cornwall.entry.admin1 == "England")
    }

    @Test func regionsAreCurrentWithFormerNamesAsAliases() throws {
        #expect(gazetteer.search("Youx").first?.entry.admin1 == "Auvergne-Rhône-Alpes")
        #expect(gazetteer.search("Bloemfontein").first?.entry.admin1 == "Free State")
        let orange = try #require(gazetteer.search("Orange Free State").first)
        #expect(orange.entry.name == "Free State")
        #expect(orange.quality == .alias)
        #expect(gazetteer.search("Nimes, Languedoc-Roussillon").first?.entry.name == "Nîmes")
        #expect(gazetteer.search("Bergen, Hordaland").first?.entry.countryCode == "NO")
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
