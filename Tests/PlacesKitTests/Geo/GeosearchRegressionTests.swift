import Testing
import PlacesKit

/// One row of `Fixtures/geosearch-regression.tsv`: a query, where the person meant, and how close the
/// first result must be.
struct RegressionCase: CustomTestStringConvertible, Sendable {
    var query: String
    var latitude: Double
    var longitude: Double
    var toleranceKm: Double
    var rule: String

    var testDescription: String { "\(query) [\(rule)]" }

    /// The table's text, or why it could not be read (reported by `tableIsLargeAndCoversEveryRule`).
    static let table = Result { try GeoFixtures.text("geosearch-regression.tsv") }

    /// The cases, for the parameterised tests (none when the table cannot be read: the test above fails then).
    static let all: [RegressionCase] = ((try? table.get()) ?? "")
        .split(separator: "\n")
        .filter { !$0.hasPrefix("#") }
        .compactMap { line in
            let f = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard f.count >= 5, let lat = Double(f[1]), let lon = Double(f[2]), let tolerance = Double(f[3]) else { return nil }
            return RegressionCase(query: String(f[0]), latitude: lat, longitude: lon, toleranceKm: tolerance, rule: String(f[4]))
        }
}

@Suite struct GeosearchRegressionTests {
    @Test func tableIsLargeAndCoversEveryRule() throws {
        _ = try RegressionCase.table.get()
        #expect(RegressionCase.all.count >= 600)
        for rule in ["ambiguous", "diacritics", "special letters", "other script", "historic name", "qualifier",
                     "typo", "coordinates", "country", "region", "abbreviation", "punctuation", "sight", "natural",
                     "village", "county", "airport", "historic qualifier", "misspelt qualifier", "typo ranking", "pass", "case"] {
            #expect(RegressionCase.all.contains { $0.rule.hasPrefix(rule) }, "no case for \(rule)")
        }
    }

    @Test(arguments: RegressionCase.all)
    func firstResultIsWhereThePersonMeant(_ row: RegressionCase) throws {
        let result = Gazetteer.bundled.lookup(row.query, limit: 5)
        let first = try #require(result.matches.first, "no result for \(row.query)")
        let distance = Geodesy.distanceKm(fromLatitude: row.latitude, longitude: row.longitude,
                                          toLatitude: first.entry.latitude, longitude: first.entry.longitude)
        #expect(distance <= row.toleranceKm,
                "\(row.query) gave \(first.entry.context) (\(first.quality.rawValue)), \(Int(distance)) km away")
        // A typo is never an exact match; a longer name that starts with it may rank above the guesses.
        if row.rule.hasPrefix("typo") { #expect(first.quality != .exact) }
        if row.rule.hasPrefix("coordinates") { #expect(first.quality == .coordinates) }
        // A qualifier that names nothing is reported, not silently ignored; one that names something is kept.
        #expect(result.droppedQualifiers.isEmpty == !row.rule.hasSuffix("dropped"), "\(result.droppedQualifiers)")
    }
}
