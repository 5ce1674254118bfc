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
    func parses(_ row: (String, Double, Double)) throws {
        let point = try #require(CoordinateParser.parse(row.0))
        #expect(abs(point.latitude - row.1) < 0.0001)
        #expect(abs(point.longitude - row.2) < 0.0001)
    }

    @Test(arguments: ["London", "", "51.5", "91,0", "0,181", "51.5,-0.12,3", "1.2.3,4", "51°30′N 51°N",
                      "12 Downing Street", "51.5N 0.12N", "--1,2", "0°61′N 0°0′E"])
    func rejects(_ text: String) {
        #expect(CoordinateParser.parse(text) == nil)
    }
}
