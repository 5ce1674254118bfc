#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore
import PlacesGeo

/// One year told back (`places review YEAR`): its visits, places, countries and regions, trips and
/// distance, the most visited place, the furthest point from home, and the visits of each month.
///
/// A visit belongs to the year when its whole date lies in it (an instant by its UTC day); a visit dated
/// only by the year counts among the year's visits but in no month. A country or region is *new* when the
/// year holds its first visit ever. Trips count when they start in the year; days away are the days of
/// those trips (a partial trip has none).
public struct YearReview: Sendable, Encodable {
    /// A place and a figure about it.
    public struct PlaceFigure: Sendable, Encodable, Equatable {
        /// The place's id.
        public var id: String
        /// The place's name.
        public var name: String
        /// Visits that year, or kilometres from home.
        public var value: Double
    }

    /// The year.
    public var year: Int
    /// Visits dated within the year.
    public var visits: Int
    /// Distinct places visited that year.
    public var places: Int
    /// Places added to the journal that year (by their `created` time, in UTC).
    public var placesAdded: Int
    /// Country codes visited that year, in order of first visit.
    public var countries: [String]
    /// Countries visited for the first time ever that year.
    public var newCountries: [String]
    /// First-level regions visited that year (names, in order of first visit).
    public var regions: [String]
    /// Regions visited for the first time ever that year.
    public var newRegions: [String]
    /// Trips that start in the year.
    public var trips: Int
    /// Days away on those trips.
    public var daysAway: Int
    /// Great-circle kilometres of those trips, from home and back.
    public var distanceKm: Double
    /// The place visited most often that year (`value`: its visits).
    public var mostVisited: PlaceFigure?
    /// The place furthest from home visited that year (`value`: kilometres).
    public var furthest: PlaceFigure?
    /// Visits in each month, January first (visits dated only by the year are in none).
    public var months: [Int]

    /// The review of `year`.
    /// - Parameters:
    ///   - log: every visit of the journal (first visits ever are found in it).
    ///   - trips: the journal's trips (those with a stop in the year are enough: only they can start in it).
    ///   - home: home, for the furthest point.
    ///   - areas: the countries and regions of places.
    public static func make(year: Int, log: TravelLog, trips: [Trip], home: TravelHome?, areas: PlaceAreas) -> YearReview {
        let span = DaySpan(year: year)
        var review = YearReview(year: year, visits: 0, places: 0, placesAdded: 0, countries: [], newCountries: [], regions: [],
                                newRegions: [], trips: 0, daysAway: 0, distanceKm: 0, months: Array(repeating: 0, count: 12))
        let yearStart = VisitDate.year(year).start, yearEnd = VisitDate.year(year + 1).start
        review.placesAdded = log.places.reduce(0) { count, place in
            guard let created = place.created, created >= yearStart, created < yearEnd else { return count }
            return count + 1
        }
        // Each place's visits that year, by its index in the log, and the places visited (in order of first visit).
        var visitsOf = [Int](repeating: 0, count: log.places.count)
        var visited: [Int] = []
        // Each place's country and region asked of `areas` once, then kept by its index in the log: a place
        // has many visits, and `areas` finds a place by hashing its id and position.
        var countryOf = [String?](repeating: nil, count: log.places.count)
        var regionOf = [ReverseGeocoder.Region?](repeating: nil, count: log.places.count)
        var asked = [UInt8](repeating: 0, count: log.places.count)  // 1: its country, 2: its region
        func country(_ place: Int) -> String? {
            if asked[place] & 1 == 0 {
                countryOf[place] = areas.country(of: log.places[place])?.code
                asked[place] |= 1
            }
            return countryOf[place]
        }
        func region(_ place: Int) -> ReverseGeocoder.Region? {
            if asked[place] & 2 == 0 {
                regionOf[place] = areas.region(of: log.places[place])
                asked[place] |= 2
            }
            return regionOf[place]
        }
        // The year's countries and regions first (a region by its first name met), then only as much of
        // the years before as it takes to find which of them were visited before: a region is looked up
        // only for earlier places in a country with one of the year's regions not yet seen, and the
        // search stops when every one is.
        var countryOrder: [String] = [], countriesInYear = Set<String>()
        var regionOrder: [(name: String, key: String)] = [], regionNames = Set<String>()
        var firstInYear: Int?
        for (position, entry) in log.entries.enumerated() {
            guard span.contains(entry.days) else {
                if entry.days.lowerBound > span.last! { break }
                continue
            }
            if firstInYear == nil { firstInYear = position }
            review.visits += 1
            if let month = entry.date.month, entry.date.precision != .year { review.months[month - 1] += 1 }
            // A place's country and region are the same at each of its visits: looked for in the sets once.
            visitsOf[entry.place] += 1
            guard visitsOf[entry.place] == 1 else { continue }
            visited.append(entry.place)
            guard let code = country(entry.place) else { continue }
            if countriesInYear.insert(code).inserted { countryOrder.append(code) }
            if let region = region(entry.place), regionNames.insert(region.name).inserted {
                regionOrder.append((region.name, region.key))
            }
        }
        var countriesBefore = Set<String>(), regionsBefore = Set<String>()
        var pendingCountries = countriesInYear
        var pendingRegions = Set(regionOrder.map(\.key))
        var pendingRegionCountries: [String: Int] = [:]
        for key in pendingRegions { pendingRegionCountries[String(key.prefix { $0 != "." }), default: 0] += 1 }
        // The log is in date order: every entry ending before the year is "ever before". A place met again
        // changes nothing (its country is no longer pending, and its region either was taken or cannot be),
        // so each place is looked at once.
        var met = [Bool](repeating: false, count: log.places.count)
        for entry in log.entries.prefix(firstInYear ?? log.entries.count) where entry.days.upperBound < span.first! {
            if pendingCountries.isEmpty && pendingRegions.isEmpty { break }
            guard !met[entry.place] else { continue }
            met[entry.place] = true
            guard let code = country(entry.place) else { continue }
            if pendingCountries.remove(code) != nil { countriesBefore.insert(code) }
            guard pendingRegionCountries[code, default: 0] > 0, let region = region(entry.place),
                  pendingRegions.remove(region.key) != nil else { continue }
            regionsBefore.insert(region.key)
            pendingRegionCountries[code, default: 0] -= 1
        }
        review.countries = countryOrder
        review.newCountries = countryOrder.filter { !countriesBefore.contains($0) }
        review.regions = regionOrder.map(\.name)
        review.newRegions = regionOrder.filter { !regionsBefore.contains($0.key) }.map(\.name)
        review.places = visited.count
        visited.sort()
        // The most visits; of places with as many, the first in the log.
        var best: Int?
        for index in visited where visitsOf[index] > best.map({ visitsOf[$0] }) ?? 0 { best = index }
        if let best {
            let place = log.places[best]
            review.mostVisited = PlaceFigure(id: place.idString, name: place.name, value: Double(visitsOf[best]))
        }
        if let home {
            var furthest: (place: Int, km: Double)?
            for index in visited {
                let place = log.places[index]
                let centre = home.home(on: span.first!).coordinate
                let km = Geodesy.distanceKm(fromLatitude: centre.latitude, longitude: centre.longitude,
                                            toLatitude: place.latitude, longitude: place.longitude)
                if km > furthest?.km ?? -1 { furthest = (index, km) }
            }
            if let furthest {
                let place = log.places[furthest.place]
                review.furthest = PlaceFigure(id: place.idString, name: place.name, value: furthest.km)
            }
        }
        var distances = TripDistances(log)
        for trip in trips where span.contains(trip.stops[0].entry.days) || (trip.firstDay >= span.first! && trip.firstDay <= span.last!) {
            review.trips += 1
            review.daysAway += trip.days ?? 0
            review.distanceKm += distances.km(trip)
        }
        return review
    }

    /// The places visited in the year, each once, in order of first visit that year.
    public static func placesVisited(year: Int, log: TravelLog) -> [Location] {
        let span = DaySpan(year: year)
        var seen = Set<Int>()
        var result: [Location] = []
        for entry in log.entries where span.contains(entry.days) && seen.insert(entry.place).inserted {
            result.append(log.places[entry.place])
        }
        return result
    }
}
