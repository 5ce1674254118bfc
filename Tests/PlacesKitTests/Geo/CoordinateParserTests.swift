import Testing
import PlacesKit

@Suite struct CoordinateParserTests {
    @Test(arguments: [
        ("51.5,-0.12", 51.5, -0.12), ("51.5 -0.12", 51.5, -0.12), ("51.5, -0.12", 51.5, -0.12),
        ("51°30′26″N 0°7′39″W", 51.50722, -0.1275), ("51.5N 0.12W", 51.5, -0.12), ("geo:51.5,-0.12", 51.5, -0.12),
        ("GEO:51.5,-0.12;u=20", 51.5, -0.12), ("0.12W 51.5N", 51.5, -0.12), ("N 51.5 W 0.12", 51.5, -0.12),
        ("33°52′S 151°12′E", -33.86667, 151.2), ("40.7128° N, 74.0060° W", 40.7128, -74.006),
        ("48°51'24\"N 2°21'03\"E", 48.85667, 2.35083), ("-33.8688,151.2093", -33.8688, 151.2093),
        ("+45,+90", 45, 90), ("90,180", 90, 180), ("-90,-180", -90, -180),
    ])
    func parsesDecimalAndDMS(_ row: (String, Double, Double)) throws {
        try expectPoint(row)
    }

    /// Every mark people type for degrees, minutes and seconds, with and without spaces.
    @Test(arguments: [
        ("51° 30′ 26″ N, 0° 7′ 39″ W", 51.50722, -0.1275), ("51°30'26\"N 0°7'39\"W", 51.50722, -0.1275),
        ("51°30’26”N 0°7’39”W", 51.50722, -0.1275), ("51°30'26''N 0°7'39''W", 51.50722, -0.1275),
        ("51°30.5′N 0°7.25′W", 51.50833, -0.12083), ("51º30′N0º7′W", 51.5, -0.11667),
        ("S 33° 52′, E 151° 12′", -33.86667, 151.2), ("51°N 0°W", 51, 0),
    ])
    func parsesEveryMark(_ row: (String, Double, Double)) throws {
        try expectPoint(row)
    }

    /// RFC 5870: altitude, `crs`, `u` and a query; Android's `geo:0,0?q=LAT,LON(label)`.
    @Test(arguments: [
        ("geo:48.2010,16.3695,183", 48.201, 16.3695), ("geo:48.2010,16.3695;crs=wgs84;u=40", 48.201, 16.3695),
        ("geo:48.2010,16.3695?z=11", 48.201, 16.3695), ("geo:0,0?q=48.2010,16.3695(Stephansdom)", 48.201, 16.3695),
        ("geo:0,0?q=48.2010%2C16.3695", 48.201, 16.3695), ("geo:-33.8568,151.2153;u=35", -33.8568, 151.2153),
    ])
    func parsesGeoURIs(_ row: (String, Double, Double)) throws {
        try expectPoint(row)
    }

    @Test(arguments: [
        // The place's pin (`!3d…!4d…`) wins over the view's centre (`@…`).
        ("https://www.google.com/maps/place/Big+Ben/@51.5007292,-0.1268141,17z/data=!3m1!4b1!4m6!3m5!1s0x0:0x0!8m2!3d51.5007292!4d-0.1246254!16s", 51.5007292, -0.1246254),
        ("https://www.google.com/maps/@51.5007292,-0.1246254,15z", 51.5007292, -0.1246254),
        ("https://maps.google.com/?q=51.5007,-0.1246", 51.5007, -0.1246),
        ("https://www.google.com/maps/search/?api=1&query=51.5007%2C-0.1246", 51.5007, -0.1246),
        ("https://maps.google.com/maps?ll=51.5007,-0.1246&z=15", 51.5007, -0.1246),
        ("https://www.google.com/maps/search/51.5007,+-0.1246", 51.5007, -0.1246),
        ("https://www.google.com/maps/place/51%C2%B030'02.6%22N+0%C2%B007'28.6%22W/@51.5,-0.12,17z", 51.50072, -0.12461),
        ("http://maps.google.com/?q=loc:51.5007,-0.1246", 51.5007, -0.1246),
    ])
    func parsesGoogleMapsLinks(_ row: (String, Double, Double)) throws {
        try expectPoint(row)
    }

    @Test(arguments: [
        ("https://www.openstreetmap.org/#map=17/51.50073/-0.12462", 51.50073, -0.12462),
        ("https://www.openstreetmap.org/?mlat=51.5007&mlon=-0.1246#map=17/51.4/-0.2", 51.5007, -0.1246),
        ("https://osm.org/?mlat=-33.8568&mlon=151.2153", -33.8568, 151.2153),
        ("https://www.openstreetmap.org/search?query=x#map=12/48.8566/2.3522&layers=C", 48.8566, 2.3522),
    ])
    func parsesOpenStreetMapLinks(_ row: (String, Double, Double)) throws {
        try expectPoint(row)
    }

    @Test(arguments: [
        ("https://maps.apple.com/?ll=51.5007,-0.1246&q=Big%20Ben", 51.5007, -0.1246),
        ("https://maps.apple.com/?q=51.5007,-0.1246", 51.5007, -0.1246),
        ("https://maps.apple.com/?q=Big+Ben&sll=51.5007,-0.1246&z=10", 51.5007, -0.1246),
        ("http://maps.apple.com/?address=Westminster&ll=51.5007,-0.1246", 51.5007, -0.1246),
    ])
    func parsesAppleMapsLinks(_ row: (String, Double, Double)) throws {
        try expectPoint(row)
    }

    @Test(arguments: ["London", "", "51.5", "91,0", "0,181", "51.5,-0.12,3", "1.2.3,4", "51°30′N 51°N",
                      "12 Downing Street", "51.5N 0.12N", "--1,2", "0°61′N 0°0′E", "-51N 0E",
                      "https://maps.google.com/?cid=1234567", "https://www.openstreetmap.org/", "geo:51.5",
                      "geo:51.5,-0.12;crs=EPSG:32633", "https://maps.apple.com/?q=Big%20Ben", "geo:nan,1", "51°30′26″N"])
    func rejects(_ text: String) {
        #expect(CoordinateParser.parse(text) == nil)
    }

    @Test func anOutOfRangePairSaysSo() {
        #expect(throws: CoordinateParser.Failure.self) { try CoordinateParser.read("geo:95,10") }
        do {
            _ = try CoordinateParser.read("95,10")
            Issue.record("95,10 was read")
        } catch {
            #expect(error.outOfRange?.latitude == 95)
            #expect(error.description.contains("\"95,10\" is outside the world"))
        }
        #expect(CoordinateParser.unchecked("95,10")?.latitude == 95)
    }

    @Test(arguments: [("51.501", 51.501), ("-0.141", -0.141), ("+2.35", 2.35), ("1e-3", 0.001), (" 7 ", 7),
                      ("51°30′N", 51.5), ("51° 30' 36\" S", -51.51), ("33.5S", -33.5), ("N 12", 12)])
    func readsOneLatitude(_ row: (String, Double)) throws {
        #expect(abs(try CoordinateParser.degrees(row.0, axis: .latitude) - row.1) < 0.00001)
    }

    @Test func readsOneLongitudeWithItsHemisphere() throws {
        #expect(abs(try CoordinateParser.degrees("0°7′39″W", axis: .longitude) + 0.1275) < 0.00001)
        #expect(try CoordinateParser.degrees("151.2E", axis: .longitude) == 151.2)
    }

    @Test(arguments: [("51,5", "decimal point"), ("nan", "is not a number nor"), ("inf", "is not a number nor"),
                      ("0x10", "is not a number nor"), ("", "is not a number nor"), ("1e309", "too large"),
                      ("12abc", "is not a number nor"), ("0°7′W", "wrong hemisphere"), ("51.5,-0.1", "is not a number nor")])
    func refusesOtherLatitudes(text: String, message: String) {
        #expect {
            _ = try CoordinateParser.degrees(text, axis: .latitude)
        } throws: { error in
            "\(error)".contains(message) && "\(error)".hasPrefix("latitude \"\(text)\"")
        }
    }

    private func expectPoint(_ row: (String, Double, Double)) throws {
        let point = try #require(CoordinateParser.parse(row.0), "\(row.0)")
        #expect(abs(point.latitude - row.1) < 0.0001, "\(row.0)")
        #expect(abs(point.longitude - row.2) < 0.0001, "\(row.0)")
    }

    /// `51.5,-0.12` written exactly so is read by a shorter path; a leading space sends the same text down the
    /// general one, and both must give the same numbers (bit for bit, the sign of a zero too) or refuse it alike.
    @Test(arguments: [
        "51.5,-0.12", "-33.8688,151.2093", "0,0", "-0,-0.0", "-0.0,0", "90,180", "95,0", "1e3,2", "5.,1", ".5,1",
        "1..2,3", "1.2.3,4", "12,", ",12", "12", "1,2,3", "--1,2", "-,1", "+45,+90", "48.8566,2.3522x", "0007.50,-000.25",
        "43.7397,7.4277", "60.123456789012345678,26.98765432109876543", String(repeating: "9", count: 400) + ",1",
    ])
    func plainPairsReadAsTheGeneralReaderReadsThem(_ text: String) {
        let short = CoordinateParser.unchecked(text), general = CoordinateParser.unchecked(" " + text)
        #expect(short?.latitude.bitPattern == general?.latitude.bitPattern)
        #expect(short?.longitude.bitPattern == general?.longitude.bitPattern)
        #expect((short == nil) == (general == nil))
    }
}
