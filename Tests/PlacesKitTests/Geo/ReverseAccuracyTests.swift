import Testing
import PlacesKit

/// One row of `Fixtures/reverse-regression.tsv`: a point, its country, and the spellings of its
/// first-level region (none for a city-state).
struct ReversePoint: Sendable {
    var latitude: Double
    var longitude: Double
    var country: String
    var regions: [String]
    var what: String

    static let table = Result { try GeoFixtures.text("reverse-regression.tsv") }

    static let all: [ReversePoint] = ((try? table.get()) ?? "")
        .split(separator: "\n")
        .filter { !$0.hasPrefix("#") }
        .compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 5, let lat = Double(f[0]), let lon = Double(f[1]) else { return nil }
            return ReversePoint(latitude: lat, longitude: lon, country: String(f[2]),
                                regions: f[3].split(separator: "|").map { NameFolding.fold(String($0)) }, what: String(f[4]))
        }
}

/// The reverse geocoder's accuracy over a list of points written before it was run on them: the share
/// whose country is right, and the share whose region is too, each held above a floor.
@Suite struct ReverseAccuracyTests {
    @Test func countriesAndRegionsOfAListOfPoints() throws {
        _ = try ReversePoint.table.get()
        let points = ReversePoint.all
        #expect(points.count >= 90)
        let geocoder = ReverseGeocoder()
        var countryRight = 0, regionRight = 0
        var misses: [String] = []
        for point in points {
            let result = geocoder.locate(latitude: point.latitude, longitude: point.longitude)
            guard result.countryCode == point.country else {
                misses.append("\(point.what): \(result.countryCode ?? "no country")")
                continue
            }
            countryRight += 1
            if point.regions.isEmpty || point.regions.contains(NameFolding.fold(result.admin1 ?? "")) {
                regionRight += 1
            } else {
                misses.append("\(point.what): region \(result.admin1 ?? "none")")
            }
        }
        let countryShare = Double(countryRight) / Double(points.count)
        let regionShare = Double(regionRight) / Double(points.count)
        // Measured: countries 100 %, regions 83.5 % (13 of the 16 misses are the right region under
        // another spelling: "Madrid, Comunidad de", "Stockholms län").
        #expect(countryShare >= 0.99, "countries \(countryShare): \(misses)")
        #expect(regionShare >= 0.8, "regions \(regionShare): \(misses)")
    }
}
