import Foundation
import Testing

/// `places where` end to end: the sentences people read, and the JSON programs read.
@Suite struct WhereCLITests {
    @Test(arguments: [
        // A point in Spain near Andorra is in Spain, not in a rectangle called Andorra.
        ("42.35,1.2", ["In Spain (ES)", "Region: Catalunya, Lleida"], ["Andorra (AD)"]),
        ("42.51,1.52", ["In Andorra (AD)"], []),
        // At sea off Tel Aviv: Israel's waters, not "Palestinian Territory".
        ("32.08,34.70", ["At sea,", "km off Israel (IL), in its territorial waters", "In the Mediterranean Sea (sea)"], ["Palestin"]),
        ("35,18", ["At sea, in no country: the nearest coast is", "In the Mediterranean Sea (sea)"], ["Region:"]),
        ("57.3,-4.45", ["In United Kingdom (GB)", "Region: Scotland", "In Loch Ness (lake)"], []),
        ("23.4,25.6", ["In Egypt (EG)", "In the Sahara (desert)"], []),
        ("37.75,14.99", ["In Italy (IT)", "On Monte Etna (volcano, 3,322 m), 0.7 km from the summit"], []),
        ("25.03,121.56", ["In Taiwan (TW)"], []),
        ("4.93,-52.33", ["In French Guiana (GF)"], []),
        ("44.6,-110.5", ["In Yellowstone National Park (park)", "Region: Wyoming"], []),
    ] as [(String, [String], [String])])
    func sentences(_ row: (String, [String], [String])) throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["where", row.0])
        #expect(result.status == 0, "\(result.stderr)")
        for text in row.1 { #expect(result.stdout.contains(text), "\(row.0): \(result.stdout)") }
        for text in row.2 { #expect(!result.stdout.contains(text), "\(row.0): \(result.stdout)") }
        #expect(result.stdout.contains("Nearest town: "))
    }

    @Test func jsonKeepsItsKeysAndAddsTheNewOnes() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["where", "46.45,6.55", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["query", "country", "countryName", "nearest", "atSea", "coast", "admin1", "admin2", "areas", "peak"])
        #expect(object["country"] as? String == "CH")
        #expect(object["atSea"] as? Bool == false)
        #expect(object["coast"] is NSNull)
        #expect(object["admin1"] as? String == "Vaud")
        #expect((object["admin2"] as? String)?.isEmpty == false, "the district of the nearest town in Vaud")
        let areas = try #require(object["areas"] as? [[String: Any]])
        #expect(areas.first?["name"] as? String == "Lake Geneva")
        #expect(areas.first?["kind"] as? String == "lake")

        let batch = try runner.run(["where", "--batch"], stdin: "32.08,34.70\n37.75,14.99\n")
        let lines = batch.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        let sea = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(sea["atSea"] as? Bool == true)
        #expect(sea["country"] as? String == "IL")
        #expect((sea["coast"] as? [String: Any])?["country"] as? String == "IL")
        let etna = try #require(try JSONSerialization.jsonObject(with: Data(lines[1].utf8)) as? [String: Any])
        let peak = try #require(etna["peak"] as? [String: Any])
        #expect(peak["name"] as? String == "Monte Etna")
        #expect(peak["elevation"] as? Int == 3322)
    }

    @Test func addNamesATownOfThePointsOwnCountry() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        // Kilimanjaro's summit is nearer a Kenyan village than a Tanzanian one.
        let result = try runner.run(["add", "Kilimanjaro"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(", TZ"), "\(result.stdout)")
        let saint = try runner.run(["where", "48.6361,-1.5115", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(saint.stdout.utf8)) as? [String: Any])
        #expect(object["admin1"] as? String == "Normandie")
    }
}
