import Testing
@testable import PlacesGeo
@testable import PlacesKit

/// The ring search with its occupancy map and distance bound must find what a scan of every place finds.
@Suite struct NearestInvariantTests {
    /// Every populated place's offset and position, read once by a plain scan (features, airports and sights
    /// share the table but are not "near" a point).
    static let everyPlace: [(offset: Int, latitude: Double, longitude: Double)] = {
        let table = Gazetteer.bundled.places
        var result: [(Int, Double, Double)] = []
        var offset = 0
        while offset < table.count {
            let fields = table.fields(at: offset)
            // A populated place's kind column is empty (or, spelt out, `city`).
            if ["", "city"].contains(fields[GazetteerSchema.PlaceColumn.kind.rawValue]) {
                result.append((offset, Double(fields[GazetteerSchema.PlaceColumn.latitude.rawValue])!,
                               Double(fields[GazetteerSchema.PlaceColumn.longitude.rawValue])!))
            }
            offset = table.nextLine(after: offset)
        }
        return result
    }()

    static let points: [(Double, Double)] = [
        (51.5, -0.12), (-55, -120), (0, -30), (89.5, 10), (-89, 0), (78.2, 15.6), (-16.5, 179.99), (-16.5, -179.99),
        (64.8, -147.7), (35, 18), (-45, 170), (10, 100), (45.5, -73.6), (-33.9, 18.4), (70, -150), (-70, 40),
        (21.3, -157.9), (60, -45), (12.3, 45.6), (-8.5, 125.6),
    ]

    @Test(arguments: points)
    func ringSearchFindsTheTrueNearestPlace(_ point: (Double, Double)) {
        let found = Gazetteer.bundled.nearest(latitude: point.0, longitude: point.1, limit: 3)
        var brute = Self.everyPlace.map { place in
            Geodesy.distanceKm(fromLatitude: point.0, longitude: point.1, toLatitude: place.latitude, longitude: place.longitude)
        }
        brute.sort()
        #expect(found.count == 3)
        for (index, near) in found.enumerated() {
            #expect(abs(near.distanceKm - brute[index]) < 1e-6, "at \(point): \(near.distanceKm) vs \(brute[index])")
        }
    }

    /// Near a pole and far out at sea the nearest town is thousands of kilometres away and the rings go
    /// round the globe; the search must still read only the cells that could hold a nearer town, not
    /// every town on Earth (it read all of them: ~100 ms a point).
    @Test(arguments: [(-85.0, 0.0), (-89.9, 120.0), (-70.0, 100.0), (-75.0, -60.0), (-60.0, -150.0), (-48.0, 95.0),
                      (-40.0, -120.0), (10.0, -150.0), (0.0, -20.0), (30.0, -40.0), (86.0, -150.0), (-55.0, 60.0)])
    func theSearchReadsABoundedPartOfTheWorld(_ point: (Double, Double)) {
        var work = Gazetteer.NearestWork()
        let found = Gazetteer.bundled.nearest(latitude: point.0, longitude: point.1, limit: 1, minimumPopulation: 0, work: &work)
        #expect(found.count == 1)
        #expect(work.cellsSearched <= 400 && work.linesRead <= 4_000, "at \(point): \(work)")
    }

    @Test func distanceParser() {
        #expect(DistanceParser.kilometres("25km") == 25)
        #expect(DistanceParser.kilometres("500 m") == 0.5)
        #expect(abs((DistanceParser.kilometres("10mi") ?? 0) - 16.09344) < 1e-9)
        #expect(DistanceParser.kilometres("7") == 7)
        #expect(DistanceParser.kilometres("-3km") == nil)
        #expect(DistanceParser.kilometres("far") == nil)
        #expect(DistanceParser.text(kilometres: 0.25) == "250 m")
        #expect(DistanceParser.text(kilometres: 2.34) == "2.3 km")
        #expect(DistanceParser.text(kilometres: 1234.4) == "1234 km")
    }

    @Test func jsonEscapes() {
        #expect(JSONText.quoted("a\"b\\c\n\u{1}é") == "\"a\\\"b\\\\c\\n\\u0001é\"")
    }
}
