import Foundation
import Testing

/// `places search`, `where`, `near`, `gazetteer`, and the gazetteer lookups of `add` and `list`, run end to end.
@Suite struct GeosearchCLITests {
    private func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func searchJSONHasTheDocumentedFields() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["search", "London", "--json", "--limit", "3"])
        #expect(result.status == 0, "\(result.stderr)")
        let array = try #require(try json(result.stdout) as? [[String: Any]])
        #expect(array.count == 3)
        let first = array[0]
        #expect(Set(first.keys) == ["name", "admin1", "admin2", "country", "countryName", "latitude", "longitude", "population", "kind",
                                    "elevation", "codes", "match", "score"])
        #expect(first["name"] as? String == "London")
        #expect(first["country"] as? String == "GB")
        #expect(first["kind"] as? String == "city")
        #expect(first["match"] as? String == "exact")
    }

    @Test func searchOtherScriptsQualifiersAndCountryFilter() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        for (arguments, country, admin1) in [
            (["search", "Лондон"], "GB", "England"),
            (["search", "Portland, ME"], "US", "Maine"),
            (["search", "Paris", "--country", "us"], "US", "Texas"),
        ] as [([String], String, String)] {
            let result = try runner.run(arguments + ["--json", "--limit", "1"])
            let first = try #require((try json(result.stdout) as? [[String: Any]])?.first, "\(arguments)")
            #expect(first["country"] as? String == country)
            #expect(first["admin1"] as? String == admin1)
        }
        let bad = try runner.run(["search", "Paris", "--country", "ZZ"])
        #expect(bad.status == 64)
    }

    @Test func typoSaysDidYouMean() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["search", "Lodnon"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("Did you mean"))
        #expect(result.stdout.hasPrefix("London, England, GB"))
        let none = try runner.run(["search", "Qxzqxzqxz"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("no place matches"))
    }

    @Test func batchWritesOneLinePerQuery() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["search", "--batch", "--json"], stdin: "Paris\nLodnon\n\n51.5,-0.12\nQxzqxzqxz\n")
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 5)
        let objects = try lines.map { try #require(try json(String($0)) as? [String: Any]) }
        #expect(objects.map { $0["query"] as? String } == ["Paris", "Lodnon", "", "51.5,-0.12", "Qxzqxzqxz"])
        let results = objects.map { $0["results"] as? [[String: Any]] ?? [] }
        #expect(results[0].first?["country"] as? String == "FR")
        #expect(results[1].first?["match"] as? String == "fuzzy")
        #expect(results[2].isEmpty)
        #expect(results[3].first?["match"] as? String == "coordinates")
        #expect(results[4].isEmpty)
    }

    @Test func whereJSONAndBatch() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let one = try runner.run(["where", "51.5,-0.12", "--json"])
        #expect(one.status == 0, "\(one.stderr)")
        let object = try #require(try json(one.stdout) as? [String: Any])
        #expect(object["country"] as? String == "GB")
        #expect(object["countryName"] as? String == "United Kingdom")
        let nearest = try #require(object["nearest"] as? [String: Any])
        #expect(Set(nearest.keys) == ["name", "admin1", "country", "latitude", "longitude", "population", "distanceKm"])
        #expect((nearest["distanceKm"] as? Double ?? 99) < 5)

        let negative = try runner.run(["where", "-33.87,151.21"])
        #expect(negative.stdout.contains("Australia"))

        let batch = try runner.run(["where", "--batch"], stdin: "0,-30\n48.85,2.35\nnonsense\n")
        let lines = batch.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        let sea = try #require(try json(lines[0]) as? [String: Any])
        #expect(sea["country"] is NSNull)
        #expect((try json(lines[1]) as? [String: Any])?["country"] as? String == "FR")
        #expect((try json(lines[2]) as? [String: Any])?["error"] != nil)

        let invalid = try runner.run(["where", "London"])
        #expect(invalid.status == 64)
    }

    @Test func addResolvesNamesAndNearListsByDistance() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let eiffel = try runner.run(["add", "Eiffel Tower", "--in", "Paris"])
        #expect(eiffel.status == 0, "\(eiffel.stderr)")
        #expect(eiffel.stderr.contains("Paris, Île-de-France, FR"))
        #expect(eiffel.stderr.contains("also:"))  // runners-up: Paris, Texas …
        let castle = try runner.run(["add", "Windsor Castle", "--at", "51.4839,-0.6044"])
        #expect(castle.stdout.contains("Windsor, England, GB"))
        let krakow = try runner.run(["add", "Kraków"])
        #expect(krakow.status == 0)
        let unknown = try runner.run(["add", "Qxzqxzqxz"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("missing coordinates for \"Qxzqxzqxz\""))
        let typo = try runner.run(["add", "Lodnon"])  // a name is taken as a place only when it is one exactly
        #expect(typo.status == 64)
        let typoIn = try runner.run(["add", "Big Ben", "--in", "Lodnon"])  // --in lists a likely typo, saves nothing
        #expect(typoIn.status == 1)
        #expect(typoIn.stderr.contains("did you mean"))
        #expect(typoIn.stderr.contains("1. London, England, GB"))
        let picked = try runner.run(["add", "Big Ben", "--in", "Lodnon", "--pick", "1"])
        #expect(picked.status == 0)

        let near = try runner.run(["near", "Londres", "--radius", "50km"])
        #expect(near.status == 0, "\(near.stderr)")
        #expect(near.stdout.contains("Windsor Castle"))
        #expect(near.stdout.contains("Big Ben"))
        #expect(!near.stdout.contains("Eiffel"))
        #expect(near.stderr.contains("London, England, GB"))
        #expect(near.stdout.contains(" W "))  // Windsor lies west of London

        let nearJSON = try runner.run(["near", "48.8566,2.3522", "--radius", "2km", "--json"])
        let array = try #require(try json(nearJSON.stdout) as? [[String: Any]])
        #expect(array.map { $0["name"] as? String } == ["Eiffel Tower"])

        let towns = try runner.run(["near", "Paris", "--gazetteer", "--radius", "5km", "--limit", "3"])
        #expect(towns.stdout.split(separator: "\n").count == 4)

        let list = try runner.run(["list", "--sort", "distance", "--from", "Warszawa", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        let names = (try json(list.stdout) as? [[String: Any]] ?? []).map { $0["name"] as? String ?? "" }
        #expect(names == ["Kraków", "Eiffel Tower", "Big Ben", "Windsor Castle"])
        let missingFrom = try runner.run(["list", "--sort", "distance"])
        #expect(missingFrom.status == 64)
    }

    @Test func gazetteerImportInfoReset() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let dump = runner.directory.appendingPathComponent("cities.txt")
        try ("2661552\tBern\tBern\tBerne,Berna\t46.94809\t7.44744\tP\tPPLC\tCH\t\tBE\t\t\t\t121631\t\t542\tEurope/Zurich\t2023-01-01\n"
            + "6458923\tLuzern\tLuzern\tLucerne\t47.05048\t8.30635\tP\tPPLA\tCH\t\tLU\t\t\t\t57066\t\t436\tEurope/Zurich\t2023-01-01\n")
            .write(to: dump, atomically: true, encoding: .utf8)
        let bundled = try runner.run(["gazetteer", "info"])
        #expect(bundled.stdout.contains("bundled"))
        #expect(bundled.stdout.contains("GeoNames"))
        #expect(bundled.stdout.contains("CC BY 4.0"))

        let imported = try runner.run(["gazetteer", "import", dump.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("Imported 2 places"))
        let info = try runner.run(["gazetteer", "info"])
        #expect(info.stdout.contains("imported"))
        #expect(info.stdout.contains("cities.txt"))
        #expect(info.stdout.contains("places 2"))
        let lucerne = try runner.run(["search", "Lucerne", "--json"])
        #expect((try json(lucerne.stdout) as? [[String: Any]])?.first?["name"] as? String == "Luzern")
        let london = try runner.run(["search", "London", "--json"])
        #expect(!((try json(london.stdout) as? [[String: Any]]) ?? []).contains { $0["kind"] as? String == "city" })

        let reset = try runner.run(["gazetteer", "reset"])
        #expect(reset.status == 0)
        let back = try runner.run(["search", "London", "--json", "--limit", "1"])
        #expect((try json(back.stdout) as? [[String: Any]])?.first?["country"] as? String == "GB")
    }

    /// An import written by an earlier version (keys as text lines, format 2) is refused by name with the
    /// commands that mend it, and `reset` removes it.
    @Test func anOlderImportIsRefusedWithTheCommandsThatMendIt() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let dump = runner.directory.appendingPathComponent("cities.txt")
        try "2661552\tBern\tBern\tBerne,Berna\t46.94809\t7.44744\tP\tPPLC\tCH\t\tBE\t\t\t\t121631\t\t542\tEurope/Zurich\t2023-01-01\n"
            .write(to: dump, atomically: true, encoding: .utf8)
        let imported = try runner.run(["gazetteer", "import", dump.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let folder = try #require(imported.stdout.split(separator: "\n").first?.components(separatedBy: " into ").last)
        try FileManager.default.removeItem(atPath: folder + "/keys.bin")
        try "bern\tP\t0\n".write(toFile: folder + "/keys.tsv", atomically: true, encoding: .utf8)
        let info = try String(contentsOfFile: folder + "/info.tsv", encoding: .utf8)
        try info.replacingOccurrences(of: "format\t3\n", with: "format\t2\n").write(toFile: folder + "/info.tsv", atomically: true, encoding: .utf8)
        let search = try runner.run(["search", "Bern"])
        #expect(search.status == 65)
        #expect(search.stderr.contains("is in table format 2, but this version of places reads format 3"), "\(search.stderr)")
        #expect(search.stderr.contains("hint: import the GeoNames dump again (`places gazetteer import FILE`)"), "\(search.stderr)")
        #expect(search.stderr.components(separatedBy: "hint:").count == 2, "one hint: \(search.stderr)")
        let reset = try runner.run(["gazetteer", "reset"])
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(try runner.run(["search", "Bern", "--limit", "1"]).status == 0)
    }

    @Test func malformedDumpIsRefusedWithItsLineNumber() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let dump = runner.directory.appendingPathComponent("bad.txt")
        try "2661552\tBern\tBern\t\t46.94809\t7.44744\tP\tPPLC\tCH\t\tBE\t\t\t\t121631\t\t542\tEurope/Zurich\t2023-01-01\nnot a dump\n"
            .write(to: dump, atomically: true, encoding: .utf8)
        let result = try runner.run(["gazetteer", "import", dump.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("bad.txt:2:"))
        let info = try runner.run(["gazetteer", "info"])
        #expect(info.stdout.contains("bundled"))
    }

    @Test func theBinaryNeedsNothingBesideItself() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let copy = runner.directory.appendingPathComponent("elsewhere/places")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: PlacesRunner.executable, to: copy)
        let result = try runner.run(["search", "München", "--json", "--limit", "1"], executable: copy)
        #expect(result.status == 0, "\(result.stderr)")
        #expect((try json(result.stdout) as? [[String: Any]])?.first?["country"] as? String == "DE")
    }
}
