import Foundation
import Testing

/// Geosearch measured through the binary over lists kept as fixtures: country names in 26 languages of
/// Unicode CLDR (`Fixtures/country-names.tsv`, written by `Scripts/gazetteer/country-names-fixture.py`), a
/// list of places of many kinds (`Fixtures/geosearch-fresh.tsv`), and the ranking rules each checked by
/// example.
@Suite struct GeosearchAccuracyCLITests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// The rows of a tab-separated fixture, comments left out.
    private func rows(_ name: String) throws -> [[String]] {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    }

    /// The first result of each query, through one `search --batch --json` run.
    private func firstResults(_ queries: [String]) throws -> [[String: Any]?] {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["search", "--batch", "--json", "--quiet"], stdin: queries.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == queries.count)
        return try lines.map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            return (object?["results"] as? [[String: Any]])?.first
        }
    }

    private func distanceKm(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let p1 = a.0 * .pi / 180, p2 = b.0 * .pi / 180, dl = (b.1 - a.1) * .pi / 180
        let h = pow(sin((p2 - p1) / 2), 2) + cos(p1) * cos(p2) * pow(sin(dl / 2), 2)
        return 2 * 6371.0088 * asin(min(1, h.squareRoot()))
    }

    @Test func countryNamesInTwentySixLanguages() throws {
        let names = try rows("country-names.tsv")
        #expect(names.count > 6000)
        #expect(Set(names.map { $0[2] }).count == 26)
        let found = try firstResults(names.map { $0[0] })
        var missed: [String] = []
        for (row, first) in zip(names, found) where !(first?["kind"] as? String == "country" && first?["country"] as? String == row[1]) {
            missed.append("\(row[2]) \(row[0]) (\(row[1])) → \(first?["name"] as? String ?? "nothing")")
        }
        let share = Double(names.count - missed.count) / Double(names.count)
        #expect(share >= 0.98, "\(String(format: "%.1f", share * 100)) % found; missed: \(missed.prefix(40).joined(separator: "; "))")
    }

    @Test func freshListOfManyKinds() throws {
        let places = try rows("geosearch-fresh.tsv")
        #expect(places.count >= 150)
        #expect(Set(places.map { $0[4].split(separator: ":")[0] }).count >= 20)
        let found = try firstResults(places.map { $0[0] })
        var missed: [String] = []
        for (row, first) in zip(places, found) {
            let expected = (Double(row[1])!, Double(row[2])!)
            guard let first, let lat = first["latitude"] as? Double, let lon = first["longitude"] as? Double,
                  distanceKm(expected, (lat, lon)) <= Double(row[3])! else {
                missed.append("\(row[0]) → \(first?["name"] as? String ?? "nothing")")
                continue
            }
        }
        let share = Double(places.count - missed.count) / Double(places.count)
        #expect(share >= 0.92, "\(String(format: "%.1f", share * 100)) % found; missed: \(missed.joined(separator: "; "))")
    }

    @Test(arguments: [
        ("França", "FR"), ("КНДР", "KP"), ("ЮАР", "ZA"), ("Великобритания", "GB"), ("كوريا الجنوبية", "KR"),
        ("République de Corée", "KR"), ("New Zealand", "NZ"), ("Kiribati", "KI"), ("Iceland", "IS"), ("Singapore", "SG"),
    ])
    func countryNameFindsItsCountry(name: String, code: String) throws {
        let first = try #require(try firstResults([name]).first ?? nil, "\(name): nothing")
        #expect(first["kind"] as? String == "country", "\(name) → \(first["name"] ?? "")")
        #expect(first["country"] as? String == code, "\(name) → \(first["name"] ?? "")")
    }

    @Test func aCountryNameLeavesATownItsOwnSpelling() throws {
        // "Columbia" is Colombia in Romanian, spelled as the cities and the river: it stays theirs.
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let columbia = try runner.run(["search", "Columbia", "--json", "--limit", "5"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(columbia.stdout.utf8)) as? [[String: Any]])
        #expect(list.first?["country"] as? String != "CO", "\(list.first ?? [:])")
        // "França" goes to France (187 times Franca's people), and Franca, São Paulo is still listed.
        let franca = try runner.run(["search", "Franca", "--json", "--limit", "3"])
        let found = try #require(try JSONSerialization.jsonObject(with: Data(franca.stdout.utf8)) as? [[String: Any]])
        #expect(found.contains { $0["country"] as? String == "BR" && $0["kind"] as? String == "city" })
    }

    @Test func weakTyposAreSuggestionsNotResults() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        for query in ["Colaba", "Hamnoy"] {  // Hamnoy (Lofoten) is no Hanoi
            let result = try runner.run(["search", query])
            #expect(result.status == 1, "\(query): \(result.stdout)")
            #expect(result.stderr.contains("Did you mean"), "\(query)")
            #expect(result.stderr.contains("no place matches \"\(query)\""), "\(query)")
            #expect(!result.stdout.isEmpty, "\(query): the suggestions are listed")
            let json = try runner.run(["search", query, "--json", "--limit", "1"])
            #expect(json.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(query): \(json.stdout)")
        }
        // A typo of a town's own name stays a result.
        let typo = try runner.run(["search", "Lodnon"])
        #expect(typo.status == 0)
        #expect(typo.stdout.hasPrefix("London, England, GB"))
    }

    @Test func rankingRulesByExample() throws {
        let cases: [(query: String, name: String, kind: String, country: String)] = [
            ("KEF", "Keflavik International Airport", "airport", "IS"),
            // ISO alpha-3 FRA is France: a country's code written in capitals gains as an airport's does.
            ("FRA", "France", "country", "FR"),
            ("JFK Airport", "John F Kennedy International Airport", "airport", "US"),
            ("Sumida River", "Sumida", "city", "JP"),
            ("Cornwall", "Cornwall", "county", "GB"),
            ("Devon", "Devon", "county", "GB"),
            ("Plymouth", "Plymouth", "city", "GB"),
            ("Oía", "Oía", "city", "GR"),
            ("Grand Canyon", "Grand Canyon", "canyon", "US"),
            ("Stanford University", "Stanford University", "university", "US"),
            ("Gare du Nord", "Gare du Nord", "station", "FR"),
            ("Berlin Hauptbahnhof", "Berlin Hauptbahnhof", "station", "DE"),
        ]
        let found = try firstResults(cases.map(\.query))
        for (item, first) in zip(cases, found) {
            #expect(first?["name"] as? String == item.name, "\(item.query) → \(first?["name"] ?? "nothing")")
            #expect(first?["kind"] as? String == item.kind, "\(item.query)")
            #expect(first?["country"] as? String == item.country, "\(item.query)")
        }
    }

    @Test func oneFeatureIsListedOnce() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["search", "Lake Titicaca", "--json", "--limit", "5"])
        let list = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(list.filter { $0["kind"] as? String == "lake" }.count == 1, "\(list.map { $0["name"] ?? "" })")
    }

    @Test func fijiIsPinnedOnItsMainIsland() throws {
        let first = try #require(try firstResults(["Fiji"]).first ?? nil)
        let point = (first["latitude"] as? Double ?? 0, first["longitude"] as? Double ?? 0)
        // Suva, on Viti Levu; the island spans about 150 km.
        #expect(distanceKm(point, (-18.14, 178.44)) < 100, "\(point)")
    }
}
