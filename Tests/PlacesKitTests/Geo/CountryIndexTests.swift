import Testing
@testable import PlacesGeo
@testable import PlacesKit

/// Containment in the 1:50m outlines at the points where a coarse outline gets it wrong: small countries
/// beside big ones, enclaves and exclaves, overseas territories, disputed areas, coasts.
@Suite struct CountryIndexTests {
    let index = CountryIndex.bundled
    let locator = CountryLocator()

    func code(_ latitude: Double, _ longitude: Double) -> String? {
        index.country(latitude: latitude, longitude: longitude).map { index.countries[$0].code }
    }

    @Test(arguments: [
        // Andorra and Spain: Andorra is its real shape, not a rectangle reaching into Spain.
        (42.507, 1.522, "AD"), (42.567, 1.598, "AD"), (42.464, 1.491, "AD"), (42.358, 1.461, "ES"), (42.40, 1.45, "ES"),
        (42.38, 1.60, "ES"),
        (42.70, 1.60, "FR"),
        // Israel, the West Bank and Gaza.
        (32.07, 34.78, "IL"), (31.90, 35.20, "PS"), (31.50, 34.45, "PS"), (31.25, 34.79, "IL"),
        // Taiwan and French Guiana, absent before.
        (25.03, 121.56, "TW"), (22.63, 120.30, "TW"), (4.93, -52.33, "GF"), (5.16, -52.65, "GF"),
        // Lesotho is cut out of South Africa.
        (-29.31, 27.48, "LS"), (-29.50, 28.20, "LS"), (-29.12, 26.21, "ZA"), (-29.19, 27.46, "ZA"),
        // The Vatican and San Marino inside Italy; Monaco and Liechtenstein.
        (41.9022, 12.4539, "VA"), (41.8902, 12.4922, "IT"), (41.902, 12.433, "IT"), (43.936, 12.447, "SM"),
        (44.06, 12.57, "IT"), (43.7384, 7.4246, "MC"), (47.14, 9.52, "LI"),
        // Exclaves: Cabinda, Oecusse, Kaliningrad, Nakhchivan, Musandam.
        (-5.55, 12.20, "AO"), (-9.30, 124.30, "TL"), (54.71, 20.51, "RU"), (39.21, 45.41, "AZ"), (26.18, 56.25, "OM"),
        // Singapore and Johor; Gibraltar and La Línea.
        (1.29, 103.85, "SG"), (1.49, 103.74, "MY"), (36.14, -5.35, "GI"), (36.19, -5.37, "ES"),
        // Codes Natural Earth writes as -99 or folds into a sovereign: as GeoNames and the gazetteer use them.
        (48.85, 2.35, "FR"), (59.91, 10.75, "NO"), (42.67, 21.17, "XK"), (78.22, 15.65, "SJ"), (-21.0, 55.5, "RE"),
        (14.64, -61.02, "MQ"), (16.15, -61.68, "GP"), (-12.83, 45.14, "YT"), (12.15, -68.27, "BQ"),
        (-10.49, 105.62, "CX"), (35.33, 33.32, "CY"), (9.56, 44.06, "SO"), (-8.52, 179.2, "TV"),
        // Baarle-Nassau; the Belgian enclaves of Baarle-Hertog are below 1:50m (see the README).
        (51.4475, 4.9297, "NL"),
    ] as [(Double, Double, String)])
    func trickyPoints(_ row: (Double, Double, String)) {
        #expect(code(row.0, row.1) == row.2, "\(row.0),\(row.1)")
        #expect(index.countryWithoutIndex(latitude: row.0, longitude: row.1).map { index.countries[$0].code } == row.2)
    }

    @Test func seaOffTelAvivIsIsraeliWatersNotPalestine() throws {
        #expect(code(32.08, 34.70) == nil)
        let placement = try #require(locator.placement(latitude: 32.08, longitude: 34.70))
        #expect(placement.code == "IL")
        #expect(placement.offshore)
        let coast = try #require(index.nearestOutline(latitude: 32.08, longitude: 34.70))
        #expect(index.countries[coast.country].code == "IL")
        #expect(coast.distanceKm > 2 && coast.distanceKm < 10)
    }

    @Test func openSeaIsInNoCountryButHasANearestCoast() throws {
        #expect(locator.placement(latitude: 35, longitude: 18) == nil)
        let coast = try #require(index.nearestOutline(latitude: 35, longitude: 18))
        #expect(index.countries[coast.country].code == "IT" || index.countries[coast.country].code == "LY")
        #expect(coast.distanceKm > 200 && coast.distanceKm < 400)
        // Farther than the territorial sea: none within it.
        #expect(index.nearestOutline(latitude: 35, longitude: 18, limitKm: CountryLocator.territorialSeaKm) == nil)
        // Point Nemo, the farthest point from land: about 2,700 km from the nearest coast.
        let nemo = try #require(index.nearestOutline(latitude: -48.88, longitude: -123.39))
        #expect(nemo.distanceKm > 2_200 && nemo.distanceKm < 3_200)
    }

    @Test func outOfRangeAndPoles() {
        #expect(code(.nan, 0) == nil)
        #expect(code(91, 0) == nil)
        #expect(code(0, 180.5) == nil)
        #expect(code(-89.9, 0) == "AQ")
        #expect(code(-90, 0) == "AQ")  // the South Pole, on the outline's edge
        #expect(code(-88, -180) == "AQ" && code(-88, 180) == "AQ")  // the antimeridian, on its edges
        #expect(index.nearestOutline(latitude: .infinity, longitude: 0) == nil)
        #expect(locator.country(latitude: 1e300, longitude: 0) == nil)
    }

    @Test func namesPreferTheGazetteer() throws {
        #expect(locator.country(latitude: 31.90, longitude: 35.20)?.name == Gazetteer.bundled.countryName("PS"))
        #expect(locator.country(latitude: 42.67, longitude: 21.17)?.name.isEmpty == false)
    }

    /// The grid and the whole outlines must agree everywhere: uniform points, and points jittered round the
    /// outlines' own vertices where borders and coasts make the grid's clipped rings matter.
    @Test func indexAgreesWithBruteForce() {
        var generator = SplitMix(seed: 0x5eed_0f_c0ffee)
        var disagreements: [String] = []
        var checked = 0
        for _ in 0..<3_000 {
            let lat = generator.uniform(-90, 90), lon = generator.uniform(-180, 180)
            checked += 1
            if index.country(latitude: lat, longitude: lon) != index.countryWithoutIndex(latitude: lat, longitude: lon) {
                disagreements.append("\(lat),\(lon)")
            }
        }
        let vertices = BoundaryTables.ringVertices(index.outlines)
        #expect(vertices.count > 50_000)
        for _ in 0..<5_000 {
            let vertex = vertices[Int(generator.next() % UInt64(vertices.count))]
            let lat = min(90, max(-90, vertex.latitude + generator.uniform(-0.02, 0.02)))
            let lon = min(180, max(-180, vertex.longitude + generator.uniform(-0.02, 0.02)))
            checked += 1
            if index.country(latitude: lat, longitude: lon) != index.countryWithoutIndex(latitude: lat, longitude: lon) {
                disagreements.append("\(lat),\(lon)")
            }
        }
        #expect(checked == 8_000)
        #expect(disagreements.isEmpty, "\(disagreements.count) points differ, e.g. \(disagreements.prefix(5))")
    }
}

/// A small deterministic random generator (SplitMix64), so a failure can be reproduced.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + (high - low) * Double(next() >> 11) / Double(1 << 53)
    }
}
