#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import PlacesKit
@testable import PlacesMap
import Testing

@Suite struct TravelStatsTests {
    /// A country lookup by bounding boxes, standing in for the gazetteer.
    static func fakeCountries(_ lat: Double, _ lon: Double) -> (code: String, name: String)? {
        switch (lat, lon) {
        case (49...61, -8...2): return ("GB", "United Kingdom")
        case (41...51, -5...9): return ("FR", "France")
        case (-44 ... -10, 113...154): return ("AU", "Australia")
        case (24...46, 123...146): return ("JP", "Japan")
        case (-56 ... -21, -74 ... -53): return ("AR", "Argentina")
        default: return nil
        }
    }

    static func day(_ text: String) -> Date { Timestamp.date(from: text + "T12:00:00Z")! }

    static let journal: [Location] = [
        Location(name: "Buckingham Palace", latitude: 51.501, longitude: -0.141, tags: ["london", "royal"], visited: day("2023-06-01")),
        Location(name: "Tower of London", latitude: 51.5081, longitude: -0.0759, tags: ["london"], visited: day("2024-02-10")),
        Location(name: "Louvre", latitude: 48.8606, longitude: 2.3376, tags: ["museums"], visited: day("2024-05-01")),
        Location(name: "Sydney Opera House", latitude: -33.8568, longitude: 151.2153, tags: ["music"]),
        Location(name: "Fushimi Inari", latitude: 34.9671, longitude: 135.7727),
        Location(name: "Eiffel Tower", latitude: 48.8584, longitude: 2.2945),
        Location(name: "Point Nemo", latitude: -48.8767, longitude: -123.3933),
        Location(name: "Ushuaia", latitude: -54.8019, longitude: -68.303, visited: day("2019-01-05")),
    ]

    @Test func countsCountriesContinentsAndFlags() {
        let stats = TravelStats.compute(Self.journal, country: Self.fakeCountries)
        #expect(stats.places == 8 && stats.visited == 4 && stats.wantToGo == 4)
        #expect(stats.tags.first?.tag == "london" && stats.tags.first?.places == 2)
        #expect(stats.tags.map(\.tag) == ["london", "museums", "music", "royal"])
        #expect(stats.countriesVisited.map(\.code) == ["GB", "AR", "FR"])
        #expect(stats.countriesVisited.map(\.flag) == ["🇬🇧", "🇦🇷", "🇫🇷"])
        #expect(stats.countriesVisited[0].places == 2 && stats.countriesVisited[0].continent == "Europe")
        // France has a wanted place too, but it is visited already: it is not "still wanted".
        #expect(stats.countriesWanted.map(\.code) == ["AU", "JP"])
        #expect(stats.countriesWanted.map(\.name) == ["Australia", "Japan"])
        #expect(stats.continentsVisited == ["Europe", "South America"])
        #expect(stats.continentsWanted == ["Asia", "Oceania"])
        #expect(stats.placesInNoCountry == 1)
    }

    @Test func extremesFurthestPairAndLatestVisit() throws {
        let stats = TravelStats.compute(Self.journal, country: Self.fakeCountries)
        let extremes = try #require(stats.extremes)
        #expect(extremes.northernmost.name == "Tower of London")
        #expect(extremes.southernmost.name == "Ushuaia")
        #expect(extremes.easternmost.name == "Sydney Opera House")
        #expect(extremes.westernmost.name == "Point Nemo")
        #expect(extremes.southernmost.countryCode == "AR")
        let pair = try #require(stats.furthestApart)
        // Checked against every pair by the haversine formula.
        var best = 0.0, names: Set<String> = []
        for a in Self.journal { for b in Self.journal {
            let d = Geodesy.distanceKm(fromLatitude: a.latitude, longitude: a.longitude, toLatitude: b.latitude, longitude: b.longitude)
            if d > best { best = d; names = [a.name, b.name] }
        } }
        #expect(Set([pair.first.name, pair.second.name]) == names)
        #expect(abs(pair.distanceKm - best) < 1e-6)
        #expect(stats.mostRecentVisit?.place.name == "Louvre")
    }

    @Test func approximateFurthestPairOnAHugeJournalIsClose() throws {
        // Points on a grid plus two near-antipodal ones: the search over extreme points must find them.
        var places: [Location] = []
        for i in 0..<3_000 {
            places.append(Location(name: "p\(i)", latitude: Double(i % 90) * 0.5, longitude: Double(i / 90) * 0.7))
        }
        places.append(Location(name: "north", latitude: 60, longitude: 10))
        places.append(Location(name: "south", latitude: -59.9, longitude: -170.1))
        let stats = TravelStats.compute(places, country: { _, _ in nil }, exactPairLimit: 500)
        let pair = try #require(stats.furthestApart)
        #expect(Set([pair.first.name, pair.second.name]) == ["north", "south"])
    }

    /// Each year's figures as counting every visit into a dictionary by its year gives them, with ties
    /// among the extremes and the latest visit kept by the first place, and an instant's year far beyond
    /// the years a journal writes.
    @Test func yearsExtremesAndLatestVisitOfAGeneratedJournal() throws {
        var random = SplitMix(seed: 11)
        var places: [Location] = []
        for index in 0..<300 {
            let visits = (0..<Int.random(in: 0...5, using: &random)).map { _ in
                Visit(date: .day(year: Int.random(in: 1990...2025, using: &random), month: Int.random(in: 1...12, using: &random), day: 1))
            }
            // Positions on a coarse grid: equal latitudes and longitudes make ties.
            places.append(Location(name: "p\(index)", latitude: Double(Int.random(in: -8...8, using: &random) * 5),
                                   longitude: Double(Int.random(in: -30...30, using: &random) * 5), visits: visits))
        }
        places.append(Location(name: "far", latitude: 1, longitude: 1, visits: [Visit(date: .instant(Date(timeIntervalSince1970: 4e11)))]))
        let country: CountryLookup = { latitude, longitude in
            latitude == 0 ? nil : (code: "C\(Int(longitude) / 20)", name: "Country \(Int(longitude) / 20)")
        }
        let stats = TravelStats.compute(places, country: country)
        var visits: [Int: Int] = [:], newPlaces: [Int: Int] = [:], countries: [Int: Set<String>] = [:]
        for place in places {
            guard let first = place.visits.first else { continue }
            newPlaces[first.date.year, default: 0] += 1
            if let code = country(place.latitude, place.longitude)?.code { countries[first.date.year, default: []].insert(code) }
            for visit in place.visits { visits[visit.date.year, default: 0] += 1 }
        }
        #expect(visits.keys.contains { $0 > 9_999 })
        #expect(stats.years.map(\.year) == visits.keys.sorted(by: >))
        for year in stats.years {
            #expect(year.visits == visits[year.year] && year.newPlaces == newPlaces[year.year] ?? 0
                    && year.newCountries == countries[year.year]?.count ?? 0, "\(year.year)")
        }
        let extremes = try #require(stats.extremes)
        let north = places.first { $0.latitude == places.map(\.latitude).max() }!
        #expect(extremes.northernmost == TravelStats.Pin(north, countryCode: country(north.latitude, north.longitude)?.code))
        #expect(extremes.westernmost.name == places.first { $0.longitude == places.map(\.longitude).min() }!.name)
        let latest = places.compactMap { $0.latestVisit?.date }.max()!
        #expect(stats.mostRecentVisit?.place.name == places.first { $0.latestVisit?.date == latest }!.name)
        #expect(stats.mostRecentVisit?.place.id == places.first { $0.latestVisit?.date == latest }!.idString)
    }

    /// The continent of every two-letter text, either case, and of text that upper-cases to a code, as a
    /// dictionary of the codes upper-cased gives it.
    @Test func continentsAsTheTableOfCodesGivesThem() {
        var table: [String: String] = [:]
        for (continent, codes) in CountryFlag.continentCodes {
            for code in codes.split(separator: " ") { table[String(code)] = CountryFlag.continentNames[continent] }
        }
        #expect(table.count > 240)
        let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
            + (UInt8(ascii: "a")...UInt8(ascii: "z")).map { String(UnicodeScalar($0)) }
        var texts = ["", "A", "ABC", "ß", "ﬀ", "Ｊ", "ＪＰ", "J\u{301}P", "1A", "A-"]
        for first in letters { for second in letters { texts.append(first + second) } }
        for text in texts {
            #expect(CountryFlag.continent(of: text) == table[text.uppercased()], "\(text)")
        }
    }

    @Test func emptyJournal() {
        let stats = TravelStats.compute([], country: Self.fakeCountries)
        #expect(stats.places == 0 && stats.furthestApart == nil && stats.extremes == nil && stats.mostRecentVisit == nil)
    }

    @Test func flagsAndContinents() {
        #expect(CountryFlag.emoji("GB") == "\u{1F1EC}\u{1F1E7}")
        #expect(CountryFlag.emoji("jp") == "🇯🇵")
        #expect(CountryFlag.emoji("G") == "" && CountryFlag.emoji("G1") == "" && CountryFlag.emoji("") == "")
        #expect(CountryFlag.continent(of: "RU") == "Europe")
        #expect(CountryFlag.continent(of: "TR") == "Asia")
        #expect(CountryFlag.continent(of: "MX") == "North America")
        #expect(CountryFlag.continent(of: "NZ") == "Oceania")
        #expect(CountryFlag.continent(of: "AQ") == "Antarctica")
        #expect(CountryFlag.continent(of: "ZZ") == nil)
    }
}
