import PlacesCore

extension TravelStats {
    /// One year of travel: the places first visited that year, their countries, and every visit.
    public struct Year: Sendable, Encodable, Equatable {
        /// The calendar year (an instant's year in UTC).
        public var year: Int
        /// Places whose first visit falls in this year.
        public var newPlaces: Int
        /// Distinct countries of those new places (places in no country are not counted).
        public var newCountries: Int
        /// Visits in this year, to any place, first or not.
        public var visits: Int
    }

    /// The years of `places`' visits, newest first. `pins[i]` is `places[i]`'s pin (its country).
    static func years(_ places: [Location], pins: [Pin]) -> [Year] {
        var newPlaces: [Int: Int] = [:], countries: [Int: Set<String>] = [:], visits: [Int: Int] = [:]
        for (index, place) in places.enumerated() {
            guard let first = place.visits.first else { continue }
            newPlaces[first.date.year, default: 0] += 1
            if let code = pins[index].countryCode { countries[first.date.year, default: []].insert(code) }
            for visit in place.visits { visits[visit.date.year, default: 0] += 1 }
        }
        return visits.keys.sorted(by: >).map { year in
            Year(year: year, newPlaces: newPlaces[year] ?? 0, newCountries: countries[year]?.count ?? 0, visits: visits[year] ?? 0)
        }
    }
}
