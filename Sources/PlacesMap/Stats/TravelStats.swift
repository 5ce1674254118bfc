#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PlacesCore
import PlacesGeo

/// Figures about a journal: how many places, where they are, how far apart, which countries and
/// continents have been visited and which are still wanted.
public struct TravelStats: Sendable, Encodable {
    /// A place as the statistics name it.
    public struct Pin: Sendable, Encodable, Equatable {
        /// The place's full id, lower case.
        public var id: String
        public var name: String
        public var latitude: Double
        public var longitude: Double
        /// The ISO code of the place's country; `nil` for a place in no country.
        public var countryCode: String?

        init(_ place: Location, countryCode: String?) {
            id = place.idString
            name = place.name
            latitude = place.latitude
            longitude = place.longitude
            self.countryCode = countryCode
        }

        /// The first eight hex digits of the id, as tables show it.
        public var shortID: String { String(id.prefix(8)) }
    }

    /// A country with the places in it.
    public struct Country: Sendable, Encodable, Equatable {
        /// ISO 3166-1 alpha-2.
        public var code: String
        /// The English short name, from the country lookup.
        public var name: String
        /// The flag emoji (see ``CountryFlag/emoji(_:)``).
        public var flag: String
        /// The continent's name, `nil` for a code the continent table lacks.
        public var continent: String?
        /// Places in this country, of the kind the list is about (visited, or want-to-go).
        public var places: Int
    }

    /// How many places carry a tag.
    public struct TagCount: Sendable, Encodable, Equatable {
        public var tag: String
        public var places: Int
    }

    /// The two places with the longest great-circle distance between them.
    public struct Pair: Sendable, Encodable, Equatable {
        public var first: Pin
        public var second: Pin
        public var distanceKm: Double
    }

    /// The pins furthest in each direction.
    public struct Extremes: Sendable, Encodable, Equatable {
        public var northernmost: Pin
        public var southernmost: Pin
        public var easternmost: Pin
        public var westernmost: Pin
    }

    /// The last place visited, with the date.
    public struct Visit: Sendable, Encodable, Equatable {
        public var place: Pin
        /// When, as precisely as it was given; encoded as `date` (`2024-05`) and as `visited`,
        /// the ISO 8601 timestamp of its start.
        public var date: VisitDate
        /// The start of ``date``.
        public var visited: Date { date.start }

        enum CodingKeys: String, CodingKey { case place, visited, date }

        // ISO 8601, as the journal writes dates, whatever the encoder's date strategy.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(place, forKey: .place)
            try container.encode(Timestamp.string(visited), forKey: .visited)
            try container.encode(date.journalText, forKey: .date)
        }
    }

    /// Places in the journal.
    public var places: Int
    /// Places with a visit date.
    public var visited: Int
    /// Places without one: still wanted.
    public var wantToGo: Int
    /// Every tag, most used first (ties by name).
    public var tags: [TagCount]
    /// Countries with at least one visited place, most places first.
    public var countriesVisited: [Country]
    /// Countries with a want-to-go place and no visited one yet.
    public var countriesWanted: [Country]
    /// Continents with at least one visited country, in alphabetical order.
    public var continentsVisited: [String]
    /// Continents with a wanted country and no visited one yet.
    public var continentsWanted: [String]
    /// Places in no country: at sea, or beyond the outlines of the country lookup.
    public var placesInNoCountry: Int
    /// The two places furthest apart; `nil` with fewer than two distinct positions.
    public var furthestApart: Pair?
    /// The pins furthest north, south, east and west; `nil` for an empty journal.
    public var extremes: Extremes?
    /// The place with the latest visit date; `nil` when nothing has been visited.
    public var mostRecentVisit: Visit?
    /// Each year with a visit, newest first (see ``Year``).
    public var years: [Year]

    /// Journals with more distinct positions than this get an approximate ``furthestApart``:
    /// the exact search compares every pair.
    public static let exactPairLimit = 8_000

    /// Computes the statistics of `places`.
    /// - Parameters:
    ///   - places: the journal.
    ///   - country: the country of a point; called once per place.
    ///   - progress: called with the number of places looked up so far, for a progress bar.
    ///   - exactPairLimit: the most distinct positions for which the furthest pair is found exactly.
    /// - Complexity: O(n) country lookups; O(n²) distance comparisons for the furthest pair up to
    ///   ``exactPairLimit`` distinct positions, O(n) beyond.
    public static func compute(_ places: [Location], country: CountryLookup,
                               progress: (Int) -> Void = { _ in },
                               exactPairLimit: Int = TravelStats.exactPairLimit) -> TravelStats {
        // Each place's country code by its index. A pin (its id written out in hex) is made only for the
        // few places the figures name, and places are read by index: a place copied is every field retained.
        var codes: [String?] = []
        codes.reserveCapacity(places.count)
        var countryNames: [String: String] = [:]
        var visitedByCountry: [String: Int] = [:], wantedByCountry: [String: Int] = [:]
        var inNoCountry = 0
        for index in places.indices {
            let found = country(places[index].latitude, places[index].longitude)
            codes.append(found?.code)
            if let found {
                countryNames[found.code] = found.name
                if places[index].isVisited { visitedByCountry[found.code, default: 0] += 1 } else { wantedByCountry[found.code, default: 0] += 1 }
            } else {
                inNoCountry += 1
            }
            if index % 64 == 63 { progress(index + 1) }
        }
        progress(places.count)

        func countries(_ counts: [String: Int]) -> [Country] {
            counts.map { code, count in
                Country(code: code, name: countryNames[code] ?? code, flag: CountryFlag.emoji(code),
                        continent: CountryFlag.continent(of: code), places: count)
            }.sorted { ($1.places, $0.name) < ($0.places, $1.name) }
        }
        let visitedCountries = countries(visitedByCountry)
        let wantedCountries = countries(wantedByCountry.filter { visitedByCountry[$0.key] == nil })
        let visitedContinents = Set(visitedCountries.compactMap(\.continent))
        let wantedContinents = Set(wantedCountries.compactMap(\.continent)).subtracting(visitedContinents)

        var tagCounts: [String: Int] = [:]
        for index in places.indices where !places[index].tags.isEmpty {
            for tag in Set(places[index].tags) { tagCounts[tag, default: 0] += 1 }
        }

        func pin(_ index: Int) -> Pin { Pin(places[index], countryCode: codes[index]) }
        var extremes: Extremes?
        if !places.isEmpty {
            var (north, south, east, west) = (0, 0, 0, 0)
            for index in places.indices.dropFirst() {
                let latitude = places[index].latitude, longitude = places[index].longitude
                if latitude > places[north].latitude { north = index }
                if latitude < places[south].latitude { south = index }
                if longitude > places[east].longitude { east = index }
                if longitude < places[west].longitude { west = index }
            }
            extremes = Extremes(northernmost: pin(north), southernmost: pin(south), easternmost: pin(east), westernmost: pin(west))
        }

        var mostRecent: (index: Int, date: VisitDate)?
        for index in places.indices {
            // The latest visit's date read in place: `latestVisit` took a copy of the place, then of the visit.
            guard let last = places[index].visits.indices.last else { continue }
            let date = places[index].visits[last].date
            if mostRecent == nil || date > mostRecent!.date { mostRecent = (index, date) }
        }
        // Counted by index: `filter` made two arrays of copied places (every field retained) to count them.
        var visitedCount = 0
        for index in places.indices where places[index].isVisited { visitedCount += 1 }
        var furthest: Pair?
        if let found = furthestPair(places, exactLimit: exactPairLimit) {
            furthest = Pair(first: pin(found.first), second: pin(found.second), distanceKm: found.distanceKm)
        }

        return TravelStats(
            places: places.count,
            visited: visitedCount,
            wantToGo: places.count - visitedCount,
            tags: tagCounts.map { TagCount(tag: $0.key, places: $0.value) }.sorted { ($1.places, $0.tag) < ($0.places, $1.tag) },
            countriesVisited: visitedCountries,
            countriesWanted: wantedCountries,
            continentsVisited: visitedContinents.sorted(),
            continentsWanted: wantedContinents.sorted(),
            placesInNoCountry: inNoCountry,
            furthestApart: furthest,
            extremes: extremes,
            mostRecentVisit: mostRecent.map { Visit(place: pin($0.index), date: $0.date) },
            years: years(places, codes: codes))
    }
}
