import Foundation
import Testing

/// `places find` and tables that fit, through the real binary.
@Suite struct FindAndListCLITests {
    static func journal() throws -> PlacesRunner {
        let places = try PlacesRunner()
        _ = try places.add("Menya Inoichi", "35.0037,135.7626", ["--tag", "food", "-d", "Clear broth ramen, worth the queue."])
        _ = try places.add("Kagetsu", "35.0116,135.7681", ["--tag", "ramen"])
        _ = try places.add("Ramen Arashi", "35.0094,135.7595", ["--tag", "food", "--tag", "2025 trip", "--tag", "with Sam", "--on", "2025-04-02"])
        _ = try places.add("Kraków Old Town", "50.0614,19.9372", ["-d", "Pierogi and the Cloth Hall."])
        return places
    }

    @Test func findRanksNameOverTagOverDescriptionAndForgivesTypos() throws {
        let places = try Self.journal()
        defer { places.removeAll() }
        let found = try places.run(["find", "ramen"])
        #expect(found.status == 0, "\(found.stderr)")
        let names = found.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { String($0.dropFirst(10).prefix { $0 != " " }) }
        #expect(names == ["Ramen", "Kagetsu", "Menya"], "\(found.stdout)")
        #expect(found.stdout.contains("          Clear broth ramen, worth the queue."))
        #expect(try places.run(["find", "raemn", "--limit", "1"]).stdout.hasPrefix(String(try places.journalPlaces()[2]["id"] as! String).prefix(8) + "  Ramen Arashi"))
        #expect(try places.run(["find", "KRAKOW", "pierogi"]).stdout.contains("Kraków Old Town"))
        let none = try places.run(["find", "sushi"])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.contains("No place's name, tags or description has \"sushi\""))
    }

    @Test func findPrintsJSONBestFirstAndChecksItsOptions() throws {
        let places = try Self.journal()
        defer { places.removeAll() }
        let json = try places.run(["find", "ramen", "--json", "--limit", "2"])
        let array = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]]
        #expect(array?.map { $0["name"] as? String } == ["Ramen Arashi", "Kagetsu"])
        #expect(array?.first?["tags"] as? [String] == ["food", "2025 trip", "with Sam"])
        #expect(try places.run(["find", "ramen", "--limit", "0"]).status == 64)
        #expect(try places.run(["find", "--json"]).status == 64)
        #expect(try places.run(["find", "!!"]).stderr.contains("has no letters or digits"))
    }

    @Test(.enabled(if: ExternalTool.available("script"), "needs script (apt-get install bsdutils)"))
    func findHighlightsTheWordsFoundOnATerminal() throws {
        let places = try Self.journal()
        defer { places.removeAll() }
        let shown = try ProgressTests.onTerminal(places, ["find", "broth"])
        #expect(shown.stdout.contains("Clear \u{1B}[1m\u{1B}[33mbroth\u{1B}[0m\u{1B}[0m ramen"), "\(shown.stdout.debugDescription)")
        #expect(!(try places.run(["find", "broth"]).stdout.contains("\u{1B}[")))
    }

    @Test func listFitsTheWidthDroppingCoordinatesFirstThenCuttingNames() throws {
        let places = try Self.journal()
        defer { places.removeAll() }
        let whole = try places.run(["list"])
        #expect(whole.stdout.split(separator: "\n")[0] == "ID        NAME             LATITUDE  LONGITUDE  VISITED     TAGS")
        for width in [80, 60, 40, 30] {
            let fitted = try places.run(["list"], environment: ["COLUMNS": "\(width)"])
            let lines = fitted.stdout.split(separator: "\n").map(String.init)
            #expect(lines.count == 5)
            #expect(lines.allSatisfy { $0.count <= width }, "\(width): \(fitted.stdout)")
            #expect(!lines[0].contains("LATITUDE"), "\(width)")
            #expect(!lines[0].contains("LONGITUDE"), "the coordinates go together: \(width)")
            #expect(lines[0].hasPrefix("ID        NAME"))
        }
        let sixty = try places.run(["list"], environment: ["COLUMNS": "60"]).stdout
        #expect(sixty.contains("  food, 2025 trip, wit…\n"), "\(sixty)")
        #expect(sixty.split(separator: "\n")[0].contains("VISITED"))
        let narrow = try places.run(["list"], environment: ["COLUMNS": "24"]).stdout
        #expect(narrow.hasSuffix("  Kraków Old To…\n"), "\(narrow)")
    }

    @Test func listColumnsAndDistance() throws {
        let places = try Self.journal()
        defer { places.removeAll() }
        let chosen = try places.run(["list", "--columns", "name,visited"])
        #expect(chosen.stdout.split(separator: "\n").map(String.init)
                == ["NAME             VISITED", "Menya Inoichi    -", "Kagetsu          -", "Ramen Arashi     2025-04-02", "Kraków Old Town  -"])
        let near = try places.run(["list", "--sort", "distance", "--from", "35.0116,135.7681"])
        let lines = near.stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("ID        NAME             DISTANCE"), "\(near.stdout)")
        #expect(lines[1].contains("Kagetsu") && lines[1].contains("   0 m"), "\(near.stdout)")
        #expect(lines[4].contains("Kraków Old Town") && lines[4].contains(" km"), "\(near.stdout)")
        let bad = try places.run(["list", "--columns", "id,colour"])
        #expect(bad.status == 64 && bad.stderr.contains("\"colour\" is not a column"))
        #expect(try places.run(["list", "--columns", "distance"]).status == 64)
        #expect(try places.run(["list", "--columns", "id", "--json"]).status == 64)
    }
}
