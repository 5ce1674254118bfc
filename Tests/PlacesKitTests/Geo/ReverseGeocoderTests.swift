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

    @Test(arguments: [
        (57.30, -4.45, "Loch Ness", "lake"), (46.45, 6.55, "Lake Geneva", "lake"), (46.00, 9.27, "Lago di Como", "lake"),
        (23.40, 25.60, "Sahara", "desert"), (46.50, 10.00, "Alps", "range"), (44.60, -110.50, "Yellowstone National Park", "park"),
    ] as [(Double, Double, String, String)])
    func namedAreasOnLand(_ row: (Double, Double, String, String)) {
        let result = geocoder.locate(latitude: row.0, longitude: row.1)
        #expect(!result.atSea)
        #expect(result.areas.contains(NamedArea(name: row.2, kind: row.3, isWater: row.3 == "lake")), "\(result.areas)")
    }

    @Test func lakeComesBeforeTheRangeItLiesIn() throws {
        let areas = geocoder.locate(latitude: 46.0, longitude: 9.27).areas
        let lake = try #require(areas.firstIndex { $0.name == "Lago di Como" })
        let alps = try #require(areas.firstIndex { $0.name == "Alps" })
        #expect(lake < alps)
    }

    @Test func seaPointSaysSoWithTheNearestCoast() throws {
        let result = geocoder.locate(latitude: 35, longitude: 18)
        #expect(result.atSea)
        #expect(result.countryCode == nil)
        #expect(result.admin1 == nil)
        #expect(result.areas.map(\.name) == ["Mediterranean Sea"])
        let coast = try #require(result.coast)
        #expect(["IT", "LY", "GR", "MT"].contains(coast.countryCode))
        #expect(coast.distanceKm > 100)
    }

    @Test func offTelAvivIsInIsraelsWatersAtSea() throws {
        let result = geocoder.locate(latitude: 32.08, longitude: 34.70)
        #expect(result.atSea)
        #expect(result.countryCode == "IL")
        #expect(try #require(result.coast).countryCode == "IL")
        #expect(!result.areas.contains { !$0.isWater })
    }

    @Test func peakWithinAFewKilometres() throws {
        let etna = try #require(geocoder.locate(latitude: 37.75, longitude: 14.99).peak)
        #expect(etna.name == "Monte Etna" && etna.kind == "volcano" && etna.elevationMetres == 3322)
        #expect(etna.distanceKm < 2)
        #expect(geocoder.locate(latitude: 37.5, longitude: 15.09).peak == nil)  // Catania, 30 km away
    }

    @Test(arguments: [
        (34.05, -118.25, "California"), (45.50, -73.57, "Quebec"), (-23.55, -46.63, "São Paulo"), (-33.87, 151.21, "New South Wales"),
        (48.85, 2.35, "Île-de-France"), (57.30, -4.45, "Scotland"), (-29.50, 28.20, "Thaba-Tseka"),
    ] as [(Double, Double, String)])
    func regionOfAPoint(_ row: (Double, Double, String)) {
        // Spelt as the gazetteer spells it (with or without accents).
        let admin1 = geocoder.locate(latitude: row.0, longitude: row.1).admin1
        #expect(admin1.map(NameFolding.fold) == NameFolding.fold(row.2), "\(admin1 ?? "nil")")
    }

    @Test func districtComesFromTheNearestTownInTheSameRegion() throws {
        let result = geocoder.locate(latitude: 34.05, longitude: -118.25)
        #expect(result.admin1 == "California")
        #expect(result.admin2 == "Los Angeles County")
        #expect(geocoder.locate(latitude: 35, longitude: 18).admin2 == nil)  // at sea
    }

    @Test func json() {
        let line = GeosearchJSON.reverse(query: "0,-30", geocoder.locate(latitude: 0, longitude: -30))
        #expect(line.hasPrefix("{\"query\": \"0,-30\", \"country\": null, \"countryName\": null, \"nearest\": {"))
        #expect(line.contains("\"atSea\": true, \"coast\": {\"country\": \"BR\""))
        #expect(line.contains("\"admin1\": null, \"admin2\": null, \"areas\": [{\"name\": \"South Atlantic Ocean\", \"kind\": \"ocean\"}], \"peak\": null}"))
    }

    @Test func aPeakReachesAsFarAsItIsHigh() {
        #expect(FeatureIndex.peakReachKm(elevationMetres: 140) == 0.5)
        #expect(FeatureIndex.peakReachKm(elevationMetres: 900) == 3)
        #expect(FeatureIndex.peakReachKm(elevationMetres: 8848) == FeatureIndex.peakRadiusKm)
        // Monaco is not on Mont Agel (140 m in Natural Earth, 5 km away).
        #expect(geocoder.locate(latitude: 43.7409, longitude: 7.4279).peak == nil)
        // Everest's summit point is the curated one.
        let everest = geocoder.locate(latitude: 27.9881, longitude: 86.9250).peak
        #expect(everest?.name == "Mount Everest")
        #expect((everest?.distanceKm ?? 99) < 0.3)
    }

    @Test func aPointBesideATownIsAshore() {
        // Oía's cliff-top lanes lie outside the 1:50m outline of Santorini.
        let result = geocoder.locate(latitude: 36.4618, longitude: 25.3753)
        #expect(!result.atSea)
        #expect(result.countryCode == "GR")
        #expect(!result.areas.contains { $0.isWater })
    }

    @Test func aSightGivesItsOwnRegion() {
        // Bretagne's Roz-sur-Couesnon is the nearest town, but Mont Saint-Michel belongs to Normandie.
        let result = geocoder.locate(latitude: 48.6361, longitude: -1.5115)
        #expect(result.admin1 == "Normandie")
        #expect(result.admin2 == "Manche")
    }
}
