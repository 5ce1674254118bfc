import PlacesCore
import PlacesGeo

/// How much of the world a set of visited countries is: their number and land area against every
/// outlined country's, for the world and for each continent; and the first-level regions visited in each
/// country (`stats`).
public struct WorldShare: Sendable, Encodable, Equatable {
    /// One part of the world (the world itself, or a continent).
    public struct Part: Sendable, Encodable, Equatable {
        /// "World" or the continent's name.
        public var name: String
        /// Countries visited there.
        public var countriesVisited: Int
        /// Outlined countries there.
        public var countries: Int
        /// Land area of the countries visited, in square kilometres.
        public var areaVisitedKm2: Double
        /// Land area of all its countries, in square kilometres.
        public var areaKm2: Double
        /// Share of its countries visited, in per cent.
        public var countriesPercent: Double { countries == 0 ? 0 : Double(countriesVisited) * 100 / Double(countries) }
        /// Share of its land visited, in per cent.
        public var areaPercent: Double { areaKm2 == 0 ? 0 : areaVisitedKm2 * 100 / areaKm2 }

        enum CodingKeys: String, CodingKey { case name, countriesVisited, countries, countriesPercent, areaVisitedKm2, areaKm2, areaPercent }
        public func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(countriesVisited, forKey: .countriesVisited)
            try c.encode(countries, forKey: .countries)
            try c.encode((countriesPercent * 10).rounded() / 10, forKey: .countriesPercent)
            try c.encode(areaVisitedKm2.rounded(), forKey: .areaVisitedKm2)
            try c.encode(areaKm2.rounded(), forKey: .areaKm2)
            try c.encode((areaPercent * 10).rounded() / 10, forKey: .areaPercent)
        }
    }

    /// The regions visited in one country.
    public struct CountryRegions: Sendable, Encodable, Equatable {
        /// The country's code.
        public var code: String
        /// The regions' names, sorted.
        public var regions: [String]
    }

    /// The whole world, then each continent with an outlined country, by name.
    public var parts: [Part]
    /// The regions visited, per country visited (by code).
    public var regionsVisited: [CountryRegions]

    /// The share of the world of `visited` places' countries and regions.
    public static func compute(visited places: [Location], areas: PlaceAreas, index: CountryIndex = .bundled) -> WorldShare {
        var countries = Set<String>()
        var regions: [String: Set<String>] = [:]
        // By position, not through `country(of:)` and `region(of:)`: each took a copy of the place (every
        // field retained and released), and the region's lookup found the country again.
        for index in places.indices where places[index].isVisited {
            let latitude = places[index].latitude, longitude = places[index].longitude
            guard let country = areas.country(latitude: latitude, longitude: longitude) else { continue }
            countries.insert(country.code)
            if let region = areas.region(latitude: latitude, longitude: longitude, country: country.code) {
                regions[country.code, default: []].insert(region.name)
            }
        }
        let sizes = index.areasKm2()
        var world = Part(name: "World", countriesVisited: 0, countries: 0, areaVisitedKm2: 0, areaKm2: 0)
        var continents: [String: Part] = [:]
        for (position, country) in index.countries.enumerated() {
            let seen = countries.contains(country.code)
            func add(_ part: inout Part) {
                part.countries += 1
                part.areaKm2 += sizes[position]
                if seen { part.countriesVisited += 1; part.areaVisitedKm2 += sizes[position] }
            }
            add(&world)
            if let continent = CountryFlag.continent(of: country.code) {
                var part = continents[continent] ?? Part(name: continent, countriesVisited: 0, countries: 0, areaVisitedKm2: 0, areaKm2: 0)
                add(&part)
                continents[continent] = part
            }
        }
        return WorldShare(parts: [world] + continents.values.sorted { $0.name < $1.name },
                          regionsVisited: regions.keys.sorted().map { CountryRegions(code: $0, regions: regions[$0]!.sorted()) })
    }
}
