#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import Testing

@testable import PlacesCore
@testable import PlacesKit
@testable import PlacesTravels

/// A trip's distance is the sum of its legs, each measured as ``Geodesy`` measures two points, and its
/// dates run from the first stop to the stop that ends last.
@Suite struct TripDistanceTests {
    /// Legs measured one by one: from home through the route and back.
    static func legs(_ trip: Trip, _ log: TravelLog) -> Double {
        let home = trip.home.coordinate
        var points = [(home.latitude, home.longitude)]
        points += trip.route(in: log).map { ($0.latitude, $0.longitude) }
        points.append((home.latitude, home.longitude))
        var total = 0.0
        for leg in 1..<points.count {
            total += Geodesy.distanceKm(fromLatitude: points[leg - 1].0, longitude: points[leg - 1].1,
                                        toLatitude: points[leg].0, longitude: points[leg].1)
        }
        return total
    }

    @Test(arguments: 1...12 as ClosedRange<UInt64>)
    func distanceIsTheSumOfTheLegs(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let places = (0..<Int.random(in: 2...40, using: &random)).map { index in
            let visits = (0..<Int.random(in: 1...6, using: &random)).map { _ in
                Visit(date: .day(year: 2020, month: Int.random(in: 1...12, using: &random), day: Int.random(in: 1...28, using: &random)))
            }
            return Location(name: "Place \(index)", latitude: .random(in: -89...89, using: &random),
                            longitude: .random(in: -180...180, using: &random), visits: visits)
        }
        let log = TravelLog(places)
        let home = TravelHome(Coordinate(latitude: .random(in: -60...60, using: &random), longitude: .random(in: -180...180, using: &random)))
        let trips = TripDetector.trips(in: log, home: home, country: { _ in nil })
        #expect(!trips.isEmpty)
        for trip in trips {
            // The same operations in the same order: equal to the last bit, not nearly.
            #expect(trip.distanceKm(in: log) == Self.legs(trip, log), "trip \(trip.number)")
            let last = trip.stops.max { $0.entry.days.upperBound < $1.entry.days.upperBound }!.entry.date
            let expected = trip.firstDay == trip.lastDay ? trip.stops[0].entry.date.shortText
                : "\(trip.stops[0].entry.date.shortText) – \(last.shortText)"
            #expect(trip.dateText == expected)
        }
    }

    /// ``TripDistances`` keeps each place's cosine for the next trip: every trip measures as it does alone,
    /// to the last bit, whichever trips were measured before it.
    @Test(arguments: 1...12 as ClosedRange<UInt64>)
    func distancesOfManyTripsAreEachTripsOwn(seed: UInt64) throws {
        var random = SplitMix(seed: seed &+ 100)
        // Few places with many visits: most places are reached by several trips.
        let places = (0..<Int.random(in: 2...30, using: &random)).map { index in
            let visits = (0..<Int.random(in: 1...20, using: &random)).map { _ in
                Visit(date: .day(year: Int.random(in: 2018...2021, using: &random), month: Int.random(in: 1...12, using: &random),
                                 day: Int.random(in: 1...28, using: &random)))
            }
            return Location(name: "Place \(index)", latitude: .random(in: -90...90, using: &random),
                            longitude: .random(in: -180...180, using: &random), visits: visits)
        }
        let log = TravelLog(places)
        let home = TravelHome(Coordinate(latitude: .random(in: -60...60, using: &random), longitude: .random(in: -180...180, using: &random)))
        let trips = TripDetector.trips(in: log, home: home, country: { _ in nil })
        #expect(!trips.isEmpty)
        var distances = TripDistances(log)
        for trip in trips + trips.reversed() {
            #expect(distances.km(trip).bitPattern == trip.distanceKm(in: log).bitPattern, "trip \(trip.number)")
            #expect(distances.km(trip).bitPattern == Self.legs(trip, log).bitPattern, "trip \(trip.number)")
            #expect(distances.measure(trip).stops == trip.routeCount(in: log), "trip \(trip.number)")
        }
    }

    @Test func cosinesGivenMeasureAsCosinesWorkedOut() {
        var random = SplitMix(seed: 7)
        for _ in 0..<2_000 {
            let (lat1, lon1) = (Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random))
            let (lat2, lon2) = (Double.random(in: -90...90, using: &random), Double.random(in: -180...180, using: &random))
            let plain = Geodesy.distanceKm(fromLatitude: lat1, longitude: lon1, toLatitude: lat2, longitude: lon2)
            let given = Geodesy.distanceKm(fromLatitude: lat1, longitude: lon1, cosine: Geodesy.latitudeCosine(lat1),
                                           toLatitude: lat2, longitude: lon2, cosine: Geodesy.latitudeCosine(lat2))
            #expect(plain.bitPattern == given.bitPattern)
            // The haversine formula as written before the cosines were given.
            let φ1 = lat1 * .pi / 180, φ2 = lat2 * .pi / 180
            let dφ = (lat2 - lat1) * .pi / 180, dλ = (lon2 - lon1) * .pi / 180
            let across: Double = sin(dφ / 2) * sin(dφ / 2)
            let along: Double = cos(φ1) * cos(φ2) * sin(dλ / 2) * sin(dλ / 2)
            let a = across + along
            let haversine: Double = 2 * Geodesy.earthRadiusKm * asin(min(1, sqrt(a)))
            #expect(plain.bitPattern == haversine.bitPattern)
        }
    }

    @Test func aStopsCountryKeyFollowsItsCountry() {
        var stop = Trip.Stop(entry: TravelLog.Entry(place: 0, visit: 0, date: .year(2020), days: 0...365, note: -1), country: "FR")
        #expect(stop.countryKey == Trip.asciiKey("FR") && stop.countryKey != 0)
        stop.country = "\u{212A}"
        #expect(stop.countryKey == 0)
        stop.country = nil
        #expect(stop.countryKey == 0)
    }
}
