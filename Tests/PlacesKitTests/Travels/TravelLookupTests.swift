import Foundation
import Testing
@testable import PlacesGeo
@testable import PlacesKit
@testable import PlacesTravels

/// The shortcuts the travel commands take on big journals give what the long way gives: trips built for a
/// span only are the same trips with the same numbers, and regions found from the decoded gazetteer cells
/// are the reverse geocoder's.
@Suite struct TravelLookupTests {
    /// A journal of places around a few towns with visits on seeded days, some dated only by a month or
    /// a year, so that trips of every kind form and cross years.
    static func journal() -> [Location] {
        var seed: UInt64 = 27
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        let towns = [(52.52, 13.405), (48.2, 16.37), (41.9, 12.49), (35.01, 135.77), (40.71, -74.0)]
        var places: [Location] = []
        for index in 0..<120 {
            let town = towns[index % towns.count]
            var visits: [Visit] = []
            for _ in 0..<6 {
                let year = 2018 + next(4), month = 1 + next(12), day = 1 + next(28), kind = next(20)
                let date: VisitDate = kind == 0 ? .year(year) : kind == 1 ? .month(year: year, month: month)
                    : .day(year: year, month: month, day: day)
                visits.append(Visit(date: date))
            }
            places.append(Location(name: "Place \(index)", latitude: town.0 + Double(next(100)) / 500,
                                   longitude: town.1 + Double(next(100)) / 500, visits: visits))
        }
        return places
    }

    @Test func tripsOfASpanAreTheTripsOfTheWholeLogWithTheirNumbers() throws {
        let log = TravelLog(Self.journal())
        let home = TravelHome(Coordinate(latitude: 52.52, longitude: 13.405))
        let country: (Location) -> String? = { $0.longitude < 0 ? "US" : "XX" }
        let all = TripDetector.trips(in: log, home: home, country: country)
        #expect(all.count > 50, "the journal makes many trips: \(all.count)")
        #expect(all.map(\.number) == Array(1...all.count))
        let spans = [DaySpan(year: 2019), DaySpan(year: 2021), DaySpan(from: .month(year: 2019, month: 12), to: .month(year: 2020, month: 1)),
                     DaySpan(from: .day(year: 2020, month: 6, day: 1)), DaySpan(year: 1999)]
        for span in spans {
            let some = TripDetector.trips(in: log, home: home, country: country, touching: span)
            let expected = all.filter { trip in trip.stops.contains { span.contains($0.entry.date) } }
            #expect(some.map(\.number) == expected.map(\.number), "\(span)")
            #expect(some.map(\.stops) == expected.map(\.stops), "\(span)")
            #expect(some.map(\.home) == expected.map(\.home), "\(span)")
        }
    }

    /// Each trip's stops are the visits the rule gave it, in log order, each with its place's country.
    @Test func eachTripsStopsAreItsVisitsInLogOrder() throws {
        let log = TravelLog(Self.journal())
        let home = TravelHome(Coordinate(latitude: 52.52, longitude: 13.405))
        let country: (Location) -> String? = { $0.longitude < 0 ? "US" : $0.latitude < 45 ? nil : "XX" }
        let found = TripDetector.segments(of: log, home: home)
        var groups = [[TravelLog.Entry]](repeating: [], count: found.homes.count)
        for (position, entry) in log.entries.enumerated() where found.tripOf[position] >= 0 {
            groups[Int(found.tripOf[position])].append(entry)
        }
        let trips = TripDetector.trips(in: log, home: home, country: country)
        #expect(trips.count == groups.count && trips.count > 50)
        for trip in trips {
            let group = try #require(groups.first { $0.first == trip.stops.first?.entry })
            #expect(trip.stops.map(\.entry) == group, "trip \(trip.number)")
            #expect(trip.stops.allSatisfy { $0.country == country(log.places[$0.entry.place]) }, "trip \(trip.number)")
        }
    }

    @Test func theLogOrdersVisitsByStartWithTiesInJournalOrder() {
        // Dates from year 1 to 9999 (every radix pass of the start keys is used), instants off midnight,
        // and many visits starting on the same moment (a year, its January, its first day).
        var seed: UInt64 = 4
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        var places: [Location] = []
        for index in 0..<300 {
            var visits: [Visit] = []
            for _ in 0..<5 {
                let year = next(3) == 0 ? 2000 : 1 + next(9999), kind = next(5)
                let date: VisitDate = switch kind {
                case 0: .year(year)
                case 1: .month(year: year, month: 1)
                case 2: .day(year: year, month: 1, day: 1)
                case 3: .day(year: year, month: 1 + next(12), day: 1 + next(28))
                default: .instant(Date(timeIntervalSince1970: (VisitDate.year(year).start.timeIntervalSince1970 + Double(next(400 * 86_400)))))
                }
                visits.append(Visit(date: date))
            }
            places.append(Location(name: "Place \(index)", latitude: 0, longitude: 0, visits: visits))
        }
        let log = TravelLog(places)
        var expected: [(place: Int, visit: Int, start: Date)] = []
        for (p, place) in places.enumerated() {
            for (v, visit) in place.visits.enumerated() { expected.append((p, v, visit.date.start)) }
        }
        // Swift's sort is not promised stable: ties are broken by journal position explicitly.
        let order = expected.indices.sorted { expected[$0].start != expected[$1].start ? expected[$0].start < expected[$1].start : $0 < $1 }
        #expect(log.entries.count == 1_500)
        #expect(log.entries.map { [$0.place, $0.visit] } == order.map { [expected[$0].place, expected[$0].visit] })
    }

    @Test func regionsFromTheDecodedCellsAreTheGeocodersRegions() {
        let areas = PlaceAreas()
        let geocoder = ReverseGeocoder()
        var points: [(Double, Double)] = []
        // A coarse grid over the inhabited latitudes, and points near borders, coasts, sights and the
        // outlined countries' region boundaries.
        for row in 0..<18 { for column in 0..<36 { points.append((-44 + Double(row) * 6.1, -178 + Double(column) * 9.9)) } }
        points += [(48.636, -1.511), (46.204, 6.143), (46.23, 6.05), (42.33, -83.05), (45.0, -74.7), (-25.3444, 131.0369),
                   (37.7456, -119.5936), (-22.9, -43.2), (49.0, -123.06), (47.8, 13.04), (50.85, 4.35), (51.44, 5.48),
                   (43.74, 7.42), (41.9029, 12.4534), (35.0, 135.77), (1.29, 103.85), (22.32, 114.17)]
        let compared = Self.compareRegionsWithTheGeocoder(at: points, areas: areas, geocoder: geocoder) {
            areas.region(latitude: $0, longitude: $1, country: $2)
        }
        #expect(compared > 150, "points on land: \(compared)")
    }

    /// The cells of busy towns, many points to a cell: the regions the decoded cells give there are the
    /// geocoder's too (the cells' lines are read in one pass, sorted by latitude alone). Asked of the
    /// cells themselves, as ``PlaceAreas`` asks them at each point.
    @Test func regionsInBusyCellsAreTheGeocodersRegions() {
        let areas = PlaceAreas()
        let geocoder = ReverseGeocoder()
        let cells = RegionCells(geocoder: geocoder)
        let towns = [(52.52, 13.405), (48.86, 2.35), (51.5, -0.13), (35.68, 139.77), (37.57, 126.98), (28.61, 77.21),
                     (40.71, -74.0), (19.43, -99.13), (-23.55, -46.63), (-34.6, -58.38), (-33.87, 151.21), (30.04, 31.24)]
        var seed: UInt64 = 2_700
        func jitter() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double((seed >> 33) % 10_001) / 10_000 - 0.5
        }
        let points = towns.flatMap { town in (0..<25).map { _ in (town.0 + jitter(), town.1 + jitter()) } }
        let compared = Self.compareRegionsWithTheGeocoder(at: points, areas: areas, geocoder: geocoder) {
            cells.firstLevelRegion(latitude: $0, longitude: $1, country: $2)
        }
        #expect(compared > 250, "points on land: \(compared)")
    }

    /// Asks `regionOf` and the geocoder for the first-level region of each point on land, expects the
    /// same answer, and returns how many points were on land (so a test can tell it compared enough).
    private static func compareRegionsWithTheGeocoder(
        at points: [(Double, Double)], areas: PlaceAreas, geocoder: ReverseGeocoder,
        regionOf: (Double, Double, String) -> ReverseGeocoder.Region?
    ) -> Int {
        var compared = 0
        for (latitude, longitude) in points {
            guard let country = areas.country(latitude: latitude, longitude: longitude)?.code else { continue }
            #expect(regionOf(latitude, longitude, country) == geocoder.firstLevelRegion(latitude: latitude, longitude: longitude, country: country),
                    "\(latitude), \(longitude) in \(country)")
            compared += 1
        }
        return compared
    }

    /// A cell's lines read in one pass (each number once, the kind found from the longitude's end) give
    /// what reading each field from the line's start gives.
    @Test func aCellReadInOnePassGivesEachLinesFields() {
        let gazetteer = Gazetteer.bundled
        let places = gazetteer.places
        var lines = 0, towns = 0
        for (latitude, longitude) in [(52.52, 13.405), (35.68, 139.77), (-34.6, -58.38), (-33.87, 151.21), (64.15, -21.94)] {
            let cell = Gazetteer.cell(latitude: latitude, longitude: longitude)
            gazetteer.forEachLine(row: cell.row, column: cell.column) { offset, lat, lon, longitudeEnd in
                #expect(lat == places.double(at: places.field(.latitude, ofLineAt: offset)))
                #expect(lon == places.double(at: places.field(.longitude, ofLineAt: offset)))
                #expect(longitudeEnd == places.fieldEnd(from: places.field(.longitude, ofLineAt: offset)))
                let town = gazetteer.isSettlementLine(afterLongitude: longitudeEnd)
                #expect(town == gazetteer.isSettlementLine(offset), "line at \(offset)")
                lines += 1
                if town { towns += 1 }
            }
        }
        #expect(lines > 400 && towns > 100 && towns < lines, "\(towns) towns of \(lines) lines")
    }

    /// A number read from a table says where it ends: at the tab, newline or end that follows it.
    @Test func aNumberEndsWhereItsTextEnds() {
        let text = Array("-0.12574\t51\n1.5e-05\t+7.25".utf8)
        text.withUnsafeBufferPointer { bytes in
            let table = SortedTable(base: bytes.baseAddress!, count: bytes.count)
            let first = table.number(at: 0), second = table.number(at: 9), third = table.number(at: 12), last = table.number(at: 20)
            #expect(first.value == -0.12574 && first.end == 8)
            #expect(second.value == 51 && second.end == 11)
            #expect(third.value == 1.5e-05 && third.end == 19)
            #expect(last.value == 7.25 && last.end == bytes.count)
            #expect(table.double(at: 12) == third.value)
        }
    }
}
