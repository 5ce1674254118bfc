import Testing
import PlacesKit

@Suite struct ReverseGeocoderTests {
    let geocoder = ReverseGeocoder()

    @Test(arguments: [
        // Inland
        (51.5, -0.12, "GB"), (48.85, 2.35, "FR"), (55.75, 37.62, "RU"), (39.9, 116.4, "CN"), (-15.78, -47.93, "BR"),
        (28.6, 77.2, "IN"), (9.03, 38.74, "ET"), (-1.29, 36.82, "KE"), (4.6, -74.08, "CO"), (40.0, -100.0, "US"),
        (56.0, -100.0, "CA"), (-25.0, 135.0, "AU"), (48.0, 68.0, "KZ"), (47.4, 8.5, "CH"), (50.85, 4.35, "BE"),
        (52.37, 4.89, "NL"), (45.5, 9.2, "IT"), (41.85, 12.6, "IT"), (49.0, 2.0, "FR"),
        // Sahara and other deserts, far from towns
        (23.4, 25.6, "EG"), (22.0, 5.0, "DZ"), (15.0, 20.0, "TD"), (20.0, 15.0, "NE"), (23.0, 48.0, "SA"),
        (-24.0, 17.0, "NA"), (43.0, 105.0, "MN"),
        // Coasts and islands
        (43.3, 5.37, "FR"), (38.72, -9.14, "PT"), (40.64, 22.94, "GR"), (-33.87, 151.21, "AU"), (35.68, 139.69, "JP"),
        (64.14, -21.94, "IS"), (-41.29, 174.78, "NZ"), (21.3, -157.86, "US"), (18.15, -77.3, "JM"), (47.5, 19.04, "HU"), (13.1, -59.6, "BB"),
        (59.33, 18.07, "SE"), (60.17, 24.94, "FI"),
        // Near borders
        (49.6, 6.13, "LU"), (47.0, 28.86, "MD"), (46.05, 14.5, "SI"), (43.85, 18.4, "BA"), (42.44, 19.26, "ME"),
        (-34.9, -56.16, "UY"), (31.95, 35.93, "JO"), (27.7, 85.3, "NP"), (-33.45, -70.67, "CL"), (-34.6, -58.45, "AR"),
        // At sea close to a coast: the territorial sea
        (51.05, 1.6, "FR"),
    ] as [(Double, Double, String)])
    func countryOfPoint(_ row: (Double, Double, String)) {
        #expect(geocoder.country(latitude: row.0, longitude: row.1) == row.2)
    }

    @Test(arguments: [(0.0, -30.0), (30.0, -40.0), (-40.0, -120.0), (54.5, -40.0), (0.0, -160.0), (-60.0, 60.0),
                      (35.0, 18.0), (45.0, -30.0)] as [(Double, Double)])
    func atSeaIsInNoCountry(_ row: (Double, Double)) {
        let result = geocoder.locate(latitude: row.0, longitude: row.1)
        #expect(result.countryCode == nil)
        #expect(result.nearest != nil)
    }

    @Test func nearestTown() throws {
        let result = geocoder.locate(latitude: -33.87, longitude: 151.21)
        #expect(result.countryCode == "AU")
        #expect(result.countryName == "Australia")
        let near = try #require(result.nearest)
        #expect(near.entry.name == "Sydney")
        #expect(near.distanceKm < 2)
    }

    @Test func json() {
        let line = GeosearchJSON.reverse(query: "0,-30", geocoder.locate(latitude: 0, longitude: -30))
        #expect(line.hasPrefix("{\"query\": \"0,-30\", \"country\": null, \"countryName\": null, \"nearest\": {"))
    }
}
