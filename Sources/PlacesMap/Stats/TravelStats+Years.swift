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

    /// The years of `places`' visits, newest first. `codes[i]` is `places[i]`'s country code.
    static func years(_ places: [Location], codes: [String?]) -> [Year] {
        // Counted in arrays by year (every year a journal writes is one of 1…9999), in a dictionary only
        // for an instant's year beyond: hashing the year of each of 10,000 visits cost more than the rest.
        let counted = 0..<10_000
        var newPlaces = [Int](repeating: 0, count: counted.count), visits = [Int](repeating: 0, count: counted.count)
        var otherNewPlaces: [Int: Int] = [:], otherVisits: [Int: Int] = [:]
        var countries: [Int: Set<String>] = [:]
        for index in places.indices {
            let placeVisits = places[index].visits
            guard let first = placeVisits.first else { continue }
            let firstYear = first.date.year
            if counted.contains(firstYear) { newPlaces[firstYear] += 1 } else { otherNewPlaces[firstYear, default: 0] += 1 }
            if let code = codes[index] { countries[firstYear, default: []].insert(code) }
            for visit in placeVisits.indices {
                let year = placeVisits[visit].date.year
                if counted.contains(year) { visits[year] += 1 } else { otherVisits[year, default: 0] += 1 }
            }
        }
        var years = Array(otherVisits.keys)
        for year in counted where visits[year] > 0 { years.append(year) }
        return years.sorted(by: >).map { year in
            let inArrays = counted.contains(year)
            return Year(year: year, newPlaces: inArrays ? newPlaces[year] : otherNewPlaces[year] ?? 0,
                        newCountries: countries[year]?.count ?? 0, visits: inArrays ? visits[year] : otherVisits[year] ?? 0)
        }
    }
}
