import Foundation
import Testing

/// `places stats` and the flags in tables, with the real reverse geocoder.
@Suite struct StatsCommandTests {
    /// Visited: two in London, one in Paris, Ushuaia. Wanted: Sydney, Kyoto, the Eiffel Tower (in a
    /// visited country), and Point Nemo (in the middle of the Pacific: no country).
    static func journal() throws -> (PlacesRunner, ids: [String: String]) {
        let places = try PlacesRunner()
        var ids: [String: String] = [:]
        for (name, at, extra) in [
            ("Buckingham Palace", "51.501,-0.141", ["--tag", "london", "--on", "2023-06-01"]),
            ("Tower of London", "51.5081,-0.0759", ["--tag", "london", "--on", "2024-02-10"]),
            ("Louvre", "48.8606,2.3376", ["--tag", "museums", "--on", "2024-05-01"]),
            ("Ushuaia", "-54.8019,-68.303", ["--on", "2019-01-05"]),
            ("Sydney Opera House", "-33.8568,151.2153", ["--tag", "music"]),
            ("Fushimi Inari", "34.9671,135.7727", []),
            ("Eiffel Tower", "48.8584,2.2945", []),
            ("Point Nemo", "-48.8767,-123.3933", []),
        ] {
            ids[name] = try places.add(name, at, extra)
        }
        return (places, ids)
    }

    @Test func statsGivesTheCountriesFlagsAndExtremes() throws {
        let (places, ids) = try Self.journal()
        defer { places.removeAll() }
        let json = try places.run(["stats", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["places"] as? Int == 8 && object["visited"] as? Int == 4 && object["wantToGo"] as? Int == 4)
        let visited = try #require(object["countriesVisited"] as? [[String: Any]])
        #expect(visited.map { $0["code"] as? String } == ["GB", "AR", "FR"])
        #expect(visited.map { $0["flag"] as? String } == ["🇬🇧", "🇦🇷", "🇫🇷"])
        #expect(visited.first?["places"] as? Int == 2)
        #expect(visited.first?["continent"] as? String == "Europe")
        let wanted = try #require(object["countriesWanted"] as? [[String: Any]])
        #expect(wanted.map { $0["code"] as? String } == ["AU", "JP"])
        #expect(wanted.map { $0["flag"] as? String } == ["🇦🇺", "🇯🇵"])
        #expect(object["continentsVisited"] as? [String] == ["Europe", "South America"])
        #expect(object["continentsWanted"] as? [String] == ["Asia", "Oceania"])
        #expect(object["placesInNoCountry"] as? Int == 1)
        let extremes = try #require(object["extremes"] as? [String: [String: Any]])
        #expect(extremes["northernmost"]?["id"] as? String == ids["Tower of London"])
        #expect(extremes["southernmost"]?["id"] as? String == ids["Ushuaia"])
        #expect(extremes["easternmost"]?["id"] as? String == ids["Sydney Opera House"])
        #expect(extremes["westernmost"]?["id"] as? String == ids["Point Nemo"])
        let recent = try #require(object["mostRecentVisit"] as? [String: Any])
        #expect((recent["place"] as? [String: Any])?["name"] as? String == "Louvre")

        let text = try places.run(["stats"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("🇬🇧 United Kingdom (GB)"))
        #expect(text.stdout.contains("Continents still wanted: Asia, Oceania"))
        #expect(text.stdout.contains("Most recent visit: 🇫🇷 Louvre"))
        let plain = try places.run(["stats", "--no-flags"])
        #expect(!plain.stdout.contains("🇬🇧") && plain.stdout.contains("United Kingdom (GB)"))
    }

    /// Flags are for people: on a terminal (a pseudo-terminal from `script`), not in a pipe, never in JSON.
    @Test(.enabled(if: ProgressTests.hasTerminal, "needs script (apt-get install bsdutils)"))
    func listShowAndNearShowFlagsOnATerminal() throws {
        let (places, ids) = try Self.journal()
        defer { places.removeAll() }
        let table = try ProgressTests.onTerminal(places, ["list"])
        let louvre = try #require(table.stdout.split(whereSeparator: \.isNewline).first { $0.contains("Louvre") })
        #expect(louvre.contains("🇫🇷"), "\(table.stdout)")
        let nemo = try #require(table.stdout.split(whereSeparator: \.isNewline).first { $0.contains("Point Nemo") })
        #expect(nemo.unicodeScalars.allSatisfy { !(0x1F1E6...0x1F1FF).contains($0.value) }, "a place at sea has no flag")
        #expect(!(try ProgressTests.onTerminal(places, ["list", "--no-flags"]).stdout.contains("🇫🇷")))
        #expect(!(try ProgressTests.onTerminal(places, ["list", "--json"]).stdout.contains("🇫🇷")))
        #expect(!(try places.run(["list"]).stdout.contains("🇫🇷")), "no flags in a pipe")

        let shown = try ProgressTests.onTerminal(places, ["show", ids["Fushimi Inari"]!])
        #expect(shown.stdout.hasPrefix("🇯🇵 ") && shown.stdout.contains("Fushimi Inari"), "\(shown.stdout)")
        #expect(shown.stdout.contains("country:     🇯🇵 Japan (JP)"))
        let piped = try places.run(["show", ids["Fushimi Inari"]!])
        #expect(piped.stdout.contains("country:     Japan (JP)"), "the country, without its flag, in a pipe")
        #expect(!(try places.run(["show", ids["Fushimi Inari"]!, "--json"]).stdout.contains("🇯🇵")))

        let near = try ProgressTests.onTerminal(places, ["near", "48.8566,2.3522", "--radius", "10km"])
        #expect(near.stdout.contains("🇫🇷  Louvre") && near.stdout.contains("🇫🇷  Eiffel Tower"), "\(near.stdout)")
        let towns = try ProgressTests.onTerminal(places, ["near", "48.8566,2.3522", "--gazetteer", "--radius", "3km"])
        #expect(towns.stdout.contains("🇫🇷  Paris"), "\(towns.stdout)")
    }
}
