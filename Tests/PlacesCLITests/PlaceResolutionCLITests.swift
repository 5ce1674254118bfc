import Foundation
import Testing

/// `add` pins only a clear winner; `--pick`; the journal's own place names in `near`, `map --around`,
/// `add --in` and `list --from`. Run end to end through the built binary.
@Suite struct PlaceResolutionCLITests {
    func latitude(of name: String, in runner: PlacesRunner) throws -> Double? {
        try runner.journalPlaces().first { $0["name"] as? String == name }?["latitude"] as? Double
    }

    @Test func anAmbiguousAddListsTheCandidatesAndSavesNothing() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["add", "Picnic", "--in", "Springfield"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\"Springfield\" could be any of 6 places"), "\(result.stderr)")
        #expect(result.stderr.contains("  1. Springfield, Missouri, US — city, pop. "))
        #expect(result.stderr.contains("  2. Springfield, Massachusetts, US — city, pop. "))
        #expect(result.stderr.contains("hint: --in \"Springfield, Missouri\", --pick 2 (a number from the list), or --at LAT,LON"))
        #expect(!FileManager.default.fileExists(atPath: runner.journal.path))

        // A name alone is held to the same rule, and nothing already saved changes.
        _ = try runner.add("Home", "40.1,-3.7")
        let before = try Data(contentsOf: runner.journal)
        let portland = try runner.run(["add", "Portland"])
        #expect(portland.status == 1)
        #expect(portland.stderr.contains("\"Portland\" could be any of 6 places"))
        #expect(portland.stderr.contains("  1. Portland, Oregon, US — city, pop. "))
        #expect(portland.stderr.contains("  2. Portland, Maine, US — city, pop. "))
        #expect(portland.stderr.contains("--in \"Portland, Oregon\", --pick 2"))
        #expect(try Data(contentsOf: runner.journal) == before)
    }

    @Test(arguments: [
        ("Victoria", "  1. Hong Kong, HK — city", "  2. Victoria, Central and Western, HK — city"),
        ("Columbia", "  1. Columbia, Idaho, US — river", "  2. Columbia, South Carolina, US — city"),
        ("Troy", "  1. Troy, Çanakkale, TR — ruins", "  2. Troy, Michigan, US — city"),
        ("Georgia", "  1. Georgia — country", "  2. Georgia, US — region"),
        ("Noma", "  1. NoMa, District of Columbia, US — city", "  2. Nome, Alaska, US — city"),
    ])
    func anAliasOrAFeatureAgainstTownsOfTheNameIsListed(name: String, first: String, second: String) throws {
        // Another name of a place (Hong Kong was Victoria), a river or ruins, a country against a state
        // with more people, a neighbourhood against a town also called so: none is clearly the one.
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["add", name])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("\"\(name)\" could be any of "), "\(result.stderr)")
        #expect(result.stderr.contains(first) && result.stderr.contains(second), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.journal.path))
        // Picked, it is saved, and the note says what it is.
        let picked = try runner.run(["add", name, "--pick", "1"])
        #expect(picked.status == 0, "\(picked.stderr)")
        let kind = first.components(separatedBy: " — ").last!
        #expect(picked.stderr.hasPrefix("Pinning at ") && picked.stderr.contains(" — \(kind) ("), "\(picked.stderr)")
    }

    @Test func centralParkIsThePark() throws {
        // The gazetteer's score puts the park well ahead of the hamlets once called Central Park.
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let park = try runner.run(["add", "Central Park"])
        #expect(park.status == 0, "\(park.stderr)")
        #expect(park.stderr.contains("Pinning at Central Park, New York, US — park (40.7825, -73.9655)"), "\(park.stderr)")
        #expect(park.stdout.contains("in Manhattan, New York, US"))
        let lake = try runner.run(["add", "Picnic", "--in", "Lake Como"])
        #expect(lake.status == 0, "\(lake.stderr)")
        #expect(lake.stderr.contains("Pinning at Lake Como, Lombardia, IT — lake"), "\(lake.stderr)")
    }

    @Test func pickPinsTheNthCandidate() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["add", "Picnic", "--in", "Springfield", "--pick", "2"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Pinning at Springfield, Massachusetts, US — city (42.1015, -72.5898)"), "\(result.stderr)")
        #expect(result.stdout.contains("Added Picnic"))
        #expect(result.stdout.contains("in Springfield, Massachusetts, US"))
        #expect(try latitude(of: "Picnic", in: runner) == 42.10148)

        let typo = try runner.run(["add", "Big Ben", "--in", "Lodnon", "--pick", "1"])
        #expect(typo.status == 0, "\(typo.stderr)")
        #expect(typo.stdout.contains("in London, England, GB"))
    }

    @Test(arguments: [
        (["add", "X", "--in", "Springfield", "--pick", "7"], "--pick 7 is not in the list: \"Springfield\" has 6 candidates"),
        (["add", "X", "--in", "Paris", "--pick", "0"], "--pick \"0\" is not a position in the list"),
        (["add", "X", "--in", "Paris", "--pick", "two"], "--pick \"two\" is not a position in the list"),
        (["add", "X", "--at", "1,2", "--pick", "1"], "--pick chooses among the places a name could mean"),
    ])
    func aBadPickIsAUsageError(_ row: ([String], String)) throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(row.0)
        #expect(result.status == 64)
        #expect(result.stderr.contains(row.1), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.journal.path))
    }

    @Test func aClearWinnerIsPinnedAndSaysWhere() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let eiffel = try runner.run(["add", "Eiffel Tower", "--in", "Paris"])
        #expect(eiffel.status == 0, "\(eiffel.stderr)")
        #expect(eiffel.stderr.contains("Pinning at Paris, Île-de-France, FR — city (48.8534, 2.3488); also: "), "\(eiffel.stderr)")
        #expect(eiffel.stderr.contains("Paris, Texas, US"))
        // The county of Paris reads like the city: an alternative never reads exactly like the choice.
        let also = eiffel.stderr.components(separatedBy: "also: ").last ?? ""
        #expect(!also.split(separator: ";").contains { $0.trimmingCharacters(in: .whitespacesAndNewlines) == "Paris, Île-de-France, FR" })
        #expect(eiffel.stdout.contains("at 48.85341, 2.3488, in Paris, Île-de-France, FR"))
        let krakow = try runner.run(["add", "Kraków"])
        #expect(krakow.status == 0, "\(krakow.stderr)")
        #expect(krakow.stdout.contains("in Kraków, Małopolskie, PL"))
    }

    @Test func aTypoIsOfferedNotPinned() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["add", "Big Ben", "--in", "Lodnon"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no place is called \"Lodnon\"; did you mean one of these?"))
        #expect(result.stderr.contains("  1. London, England, GB — city, capital"))
        #expect(result.stderr.contains("--in \"London, England\""))
        #expect(!FileManager.default.fileExists(atPath: runner.journal.path))
    }

    @Test func yourOwnPlacesAreFoundByName() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("Dishoom", "51.5124,-0.1268")
        _ = try runner.add("Grandma's house", "53.8008,-1.5491")
        _ = try runner.add("Corner shop", "53.801,-1.549")

        let near = try runner.run(["near", "dishoom", "--radius", "1km"])
        #expect(near.status == 0, "\(near.stderr)")
        #expect(near.stderr.contains("Near Dishoom, one of your places (51.5124, -0.1268)"))
        #expect(near.stdout.contains("0 m  -"))
        #expect(!near.stdout.contains("Corner shop"))

        let svg = runner.directory.appendingPathComponent("home.svg")
        let map = try runner.run(["map", "--around", "Grandmas house", "--radius", "2km", "-o", svg.path])
        #expect(map.status == 0, "\(map.stderr)")
        #expect(map.stderr.contains("Mapping around Grandma's house, one of your places (53.8008, -1.5491)"))
        #expect(map.stderr.contains("Wrote \(svg.path): 2 places."))

        let lunch = try runner.run(["add", "Lunch", "--in", "DISHOOM"])
        #expect(lunch.status == 0, "\(lunch.stderr)")
        #expect(lunch.stderr.contains("Pinning at Dishoom, one of your places"))
        #expect(try latitude(of: "Lunch", in: runner) == 51.5124)

        let list = try runner.run(["list", "--sort", "distance", "--from", "grandma's house", "--json"])
        #expect(list.status == 0, "\(list.stderr)")
        let names = (try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]] ?? []).map { $0["name"] as? String }
        #expect(names.first == "Grandma's house")
        #expect(names.last == "Lunch" || names.last == "Dishoom")
        #expect(list.stderr.contains("Measuring from Grandma's house, one of your places"))
    }

    @Test func yourExactNameBeatsAGazetteerTown() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("Springfield", "10.5,20.5")
        _ = try runner.add("Camp", "10.51,20.51")
        let near = try runner.run(["near", "Springfield", "--radius", "5km"])
        #expect(near.status == 0, "\(near.stderr)")
        #expect(near.stderr.contains("Near Springfield, one of your places (10.5000, 20.5000)"))
        #expect(near.stdout.contains("Camp"))

        let add = try runner.run(["add", "Tent", "--in", "springfield"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(try latitude(of: "Tent", in: runner) == 10.5)
        // The towns are still there to pick: the first of them is second in the list.
        let town = try runner.run(["add", "Zoo", "--in", "Springfield", "--pick", "2"])
        #expect(town.status == 0, "\(town.stderr)")
        #expect(town.stdout.contains("Springfield, Missouri, US"))
        // With --country the journal is not searched.
        let inUS = try runner.run(["near", "Springfield", "--country", "US"])
        #expect(inUS.stderr.contains("Near Springfield, Missouri, US"))
    }

    @Test func aDroppedQualifierIsNoted() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let near = try runner.run(["near", "Nimes, Qwerty"])
        #expect(near.status == 0, "\(near.stderr)")
        #expect(near.stderr.contains("No country, region or county \"Qwerty\" in FR; showing the best \"Nîmes\"."))
        #expect(near.stderr.contains("Near Nîmes, Occitanie, FR"))
        let add = try runner.run(["add", "Arena", "--in", "Nimes, Qwerty"])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stderr.contains("No country, region or county \"Qwerty\""))
        #expect(add.stdout.contains("in Nîmes, Occitanie, FR"))
        let ambiguous = try runner.run(["add", "Arena", "--in", "Springfield, Qwertyland"])
        #expect(ambiguous.status == 1)
        #expect(ambiguous.stderr.contains("places: error: no country, region or county \"Qwertyland\""))
        #expect(ambiguous.stderr.contains("  2. Springfield, Massachusetts, US"))
    }
}
