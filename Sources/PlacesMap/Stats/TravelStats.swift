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
        var pins: [Pin] = []
        pins.reserveCapacity(places.count)
        var countryNames: [String: String] = [:]
        var visitedByCountry: [String: Int] = [:], wantedByCountry: [String: Int] = [:]
        var inNoCountry = 0
        for (index, place) in places.enumerated() {
            let found = country(place.latitude, place.longitude)
            pins.append(Pin(place, countryCode: found?.code))
            if let found {
                countryNames[found.code] = found.name
                if place.isVisited { visitedByCountry[found.code, default: 0] += 1 } else { wantedByCountry[found.code, default: 0] += 1 }
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
        for place in places { for tag in Set(place.tags) { tagCounts[tag, default: 0] += 1 } }

        var extremes: Extremes?
        if let first = pins.first {
            var e = Extremes(northernmost: first, southernmost: first, easternmost: first, westernmost: first)
            for pin in pins.dropFirst() {
                if pin.latitude > e.northernmost.latitude { e.northernmost = pin }
                if pin.latitude < e.southernmost.latitude { e.southernmost = pin }
                if pin.longitude > e.easternmost.longitude { e.easternmost = pin }
                if pin.longitude < e.westernmost.longitude { e.westernmost = pin }
            }
            extremes = e
        }

        var mostRecent: Visit?
        for (index, place) in places.enumerated() {
            guard let date = place.latestVisit?.date else { continue }
            if mostRecent == nil || date > mostRecent!.date { mostRecent = Visit(place: pins[index], date: date) }
        }

        return TravelStats(
            places: places.count,
            visited: places.filter(\.isVisited).count,
            wantToGo: places.filter { !$0.isVisited }.count,
            tags: tagCounts.map { TagCount(tag: $0.key, places: $0.value) }.sorted { ($1.places, $0.tag) < ($0.places, $1.tag) },
            countriesVisited: visitedCountries,
            countriesWanted: wantedCountries,
            continentsVisited: visitedContinents.sorted(),
            continentsWanted: wantedContinents.sorted(),
            placesInNoCountry: inNoCountry,
            furthestApart: furthestPair(pins, exactLimit: exactPairLimit),
            extremes: extremes,
            mostRecentVisit: mostRecent,
            years: years(places, pins: pins))
    }

    /// The two pins furthest apart on the sphere: the pair whose unit vectors have the smallest dot
    /// product (the longest chord is the longest arc).
    static func furthestPair(_ pins: [Pin], exactLimit: Int) -> Pair? {
        // One candidate per distinct position: a journal often pins the same spot more than once.
        var seen = Set<SIMD2<Double>>()
        var candidates: [(pin: Pin, v: (Double, Double, Double))] = []
        for pin in pins where seen.insert(SIMD2(pin.latitude, pin.longitude)).inserted {
            candidates.append((pin, unitVector(pin)))
        }
        guard candidates.count >= 2 else { return nil }
        if candidates.count > exactLimit {
            // The furthest pair lies on the convex hull of the points; the most extreme point in each
            // of many directions is on the hull, so comparing those finds the pair or one very close.
            var chosen = Set<Int>()
            // The vectors alone, contiguous: 2,000 passes over 100,000 pins stay in cache.
            let vectors = candidates.map(\.v)
            vectors.withUnsafeBufferPointer { vectors in
                for direction in fibonacciSphere(count: 2_000) {
                    var best = 0, bestDot = -Double.infinity
                    for index in 0..<vectors.count {
                        let d = dot(vectors[index], direction)
                        if d > bestDot { bestDot = d; best = index }
                    }
                    chosen.insert(best)
                }
            }
            candidates = chosen.sorted().map { candidates[$0] }
        }
        var best = (0, 1), smallest = Double.infinity
        for i in 0..<candidates.count {
            let a = candidates[i].v
            for j in (i + 1)..<candidates.count {
                let d = dot(a, candidates[j].v)
                if d < smallest { smallest = d; best = (i, j) }
            }
        }
        let (a, b) = (candidates[best.0].pin, candidates[best.1].pin)
        return Pair(first: a, second: b,
                    distanceKm: Geodesy.distanceKm(fromLatitude: a.latitude, longitude: a.longitude,
                                                   toLatitude: b.latitude, longitude: b.longitude))
    }

    private static func unitVector(_ pin: Pin) -> (Double, Double, Double) {
        let φ = pin.latitude * .pi / 180, λ = pin.longitude * .pi / 180
        return (cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
    }

    private static func dot(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        a.0 * b.0 + a.1 * b.1 + a.2 * b.2
    }

    /// `count` directions spread evenly over the sphere.
    private static func fibonacciSphere(count: Int) -> [(Double, Double, Double)] {
        let golden = Double.pi * (3 - 5.0.squareRoot())
        return (0..<count).map { i in
            let z = 1 - 2 * (Double(i) + 0.5) / Double(count)
            let r = (1 - z * z).squareRoot()
            return (r * cos(golden * Double(i)), r * sin(golden * Double(i)), z)
        }
    }
}
