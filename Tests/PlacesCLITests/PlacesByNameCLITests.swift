import Foundation
import Testing

/// Every command that takes a place takes its name too, through the real binary; and adding the same
/// place twice is caught.
@Suite struct PlacesByNameCLITests {
    static func journal() throws -> (PlacesRunner, [String: String]) {
        let places = try PlacesRunner()
        var ids: [String: String] = [:]
        for (name, at) in [("Dishoom Covent Garden", "51.5124,-0.1269"), ("Dishoom Shoreditch", "51.5245,-0.0766"),
                           ("Kraków Old Town", "50.0614,19.9372"), ("Dishoom", "55.9533,-3.1883")] {
            ids[name] = try places.add(name, at)
        }
        return (places, ids)
    }

    @Test func showEditShareAndRemoveTakeANameOrAPartOfOne() throws {
        let (places, ids) = try Self.journal()
        defer { places.removeAll() }
        let shown = try places.run(["show", "krakow", "--json"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains(ids["Kraków Old Town"]!))
        #expect(try places.run(["show", "KRAKÓW OLD"]).stdout.hasPrefix("Kraków Old Town"))
        // An exact name beats the names it is part of.
        #expect(try places.run(["show", "dishoom", "--json"]).stdout.contains(ids["Dishoom"]!))
        #expect(try places.run(["edit", "covent", "--tag", "curry"]).status == 0)
        #expect(try places.journalPlaces().first { $0["id"] as? String == ids["Dishoom Covent Garden"] }?["tags"] as? [String] == ["curry"])
        #expect(try places.run(["share", "shoreditch", "-p", "geo"]).stdout.hasPrefix("geo:51.5245,-0.0766"))
        let removed = try places.run(["remove", "old town", "--yes"])
        #expect(removed.status == 0 && removed.stdout.contains("Removed Kraków Old Town"), "\(removed.stderr)")
        #expect(try places.journalPlaces().count == 3)
    }

    /// A journal where names made of hex digits ("Cafe", "2019") start other places' ids.
    static func hexNamedJournal() throws -> PlacesRunner {
        let places = try PlacesRunner()
        let records = [("cafe1234-0000-4000-8000-000000000001", "Home", 51.5, -0.12),
                       ("5a3b1f0e-0000-4000-8000-000000000002", "Cafe", 48.85, 2.35),
                       ("2019abcd-0000-4000-8000-000000000003", "Office", 52.52, 13.40),
                       ("0b7e6c1a-0000-4000-8000-000000000004", "2019", 40.41, -3.70)]
        let body = records.map { id, name, lat, lon in
            "{\"id\": \"\(id)\", \"name\": \"\(name)\", \"latitude\": \(lat), \"longitude\": \(lon), \"tags\": [], "
                + "\"created\": \"2024-01-01T00:00:00Z\", \"updated\": \"2024-01-01T00:00:00Z\", \"visited\": null}"
        }.joined(separator: ",\n")
        try FileManager.default.createDirectory(at: places.journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"places\": [\n\(body)\n], \"version\": 1}\n".utf8).write(to: places.journal)
        return places
    }

    @Test func aNameMadeOfHexDigitsNeverLosesToAnotherPlacesIdPrefix() throws {
        let places = try Self.hexNamedJournal()
        defer { places.removeAll() }
        let before = try Data(contentsOf: places.journal)
        for name in ["Cafe", "cafe", "2019"] {
            for arguments in [["remove", name, "--yes"], ["show", name], ["edit", name, "--tag", "x"], ["visit", name]] {
                let result = try places.run(arguments)
                #expect(result.status == 1, "\(arguments): \(result.stdout)")
                #expect(result.stdout.isEmpty)
                #expect(result.stderr.contains("is both the start of an id and a name"), "\(arguments): \(result.stderr)")
                // Both places are listed, each with its id.
                let (byID, byName) = name == "2019" ? ("2019abcd  Office", "0b7e6c1a  2019") : ("cafe1234  Home", "5a3b1f0e  Cafe")
                #expect(result.stderr.contains(byID) && result.stderr.contains(byName), "\(arguments): \(result.stderr)")
            }
        }
        #expect(try Data(contentsOf: places.journal) == before)
        // More of the id, or a name nothing's id starts with, is one place.
        #expect(try places.run(["show", "cafe12"]).stdout.hasPrefix("Home"))
        #expect(try places.run(["show", "5a3b"]).stdout.hasPrefix("Cafe"))
        #expect(try places.run(["show", "office"]).stdout.hasPrefix("Office"))
        let removed = try places.run(["remove", "5a3b1f0e", "--yes"])
        #expect(removed.status == 0 && removed.stdout == "Removed Cafe (5a3b1f0e)\n", "\(removed.stderr)")
        #expect(try places.journalPlaces().map { $0["name"] as? String } == ["Home", "Office", "2019"])
    }

    @Test(.enabled(if: ExternalTool.available("script"), "needs script (apt-get install bsdutils)"))
    func onATerminalAnIdOrNameClashIsAsked() throws {
        let places = try Self.hexNamedJournal()
        defer { places.removeAll() }
        let env = ["PLACES_STORE": places.journal.path, "HOME": places.directory.path, "PATH": "/usr/bin:/bin",
                   "LANG": "C.UTF-8", "TERM": "xterm", "SHELL": "/bin/sh"]
        let script = try ExternalTool.require("script")
        func onTerminal(_ arguments: [String], answer: String) throws -> (status: Int32, output: String) {
            let command = ([PlacesRunner.executable.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
            let result = try ExternalTool.run(script, ["-qec", command, "/dev/null"], stdin: answer, environment: env)
            return (result.status, result.output)
        }
        let chosen = try onTerminal(["remove", "Cafe", "--yes"], answer: "2\n")
        #expect(chosen.status == 0 && chosen.output.contains("Which one?") && chosen.output.contains("Removed Cafe (5a3b1f0e)"), "\(chosen.output)")
        let cancelled = try onTerminal(["visit", "2019"], answer: "\n")
        #expect(cancelled.status == 1 && cancelled.output.contains("nothing chosen"), "\(cancelled.output)")
        #expect(try places.journalPlaces().map { $0["name"] as? String } == ["Home", "Office", "2019"])
        #expect(try places.journalPlaces().allSatisfy { ($0["visits"] as? [Any])?.isEmpty ?? true })
    }

    @Test func anAmbiguousNameListsTheCandidatesWithTheirTownsAndChangesNothing() throws {
        let (places, ids) = try Self.journal()
        defer { places.removeAll() }
        let before = try Data(contentsOf: places.journal)
        for arguments in [["show", "dishoom c"], ["show", "Dishoom s"]] {
            #expect(try places.run(arguments).status == 0)
        }
        for arguments in [["show", "dish"], ["edit", "dish", "--name", "X"], ["remove", "dish", "--yes"]] {
            let result = try places.run(arguments)
            #expect(result.status == 1)
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("places: error: \"dish\" could be 3 places:"), "\(result.stderr)")
            #expect(result.stderr.contains("  \(ids["Dishoom Covent Garden"]!.prefix(8))  Dishoom Covent Garden  (London, England, GB)"), "\(result.stderr)")
            #expect(result.stderr.contains("  \(ids["Dishoom"]!.prefix(8))  Dishoom  (Edinburgh, Scotland, GB)"), "\(result.stderr)")
            #expect(result.stderr.contains("hint: type more of the name, or the id"))
        }
        let missing = try places.run(["show", "ramen"])
        #expect(missing.status == 1 && missing.stderr.contains("no place is called \"ramen\" or has it in its name"))
        #expect(try Data(contentsOf: places.journal) == before)
    }

    @Test func addingTheSamePlaceTwiceIsRefusedWithoutForce() throws {
        let (places, ids) = try Self.journal()
        defer { places.removeAll() }
        let before = try Data(contentsOf: places.journal)
        let again = try places.run(["add", "dishoom COVENT-garden", "--at", "51.5128,-0.1270"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("\"Dishoom Covent Garden\" is already in the journal 45 m from there (\(ids["Dishoom Covent Garden"]!.prefix(8))); nothing added"), "\(again.stderr)")
        #expect(again.stderr.contains("--force"))
        #expect(try Data(contentsOf: places.journal) == before)
        // Farther than 100 m, or another name: added.
        #expect(try places.run(["add", "Dishoom Covent Garden", "--at", "51.5140,-0.1269"]).status == 0)
        #expect(try places.run(["add", "Dishoom Carnaby", "--at", "51.5128,-0.1270"]).status == 0)
        let forced = try places.run(["add", "Dishoom Covent Garden", "--at", "51.5128,-0.1270", "--force"])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(try places.journalPlaces().count == 7)
    }

    @Test(.enabled(if: ExternalTool.available("script"), "needs script (apt-get install bsdutils)"))
    func onATerminalAddingTheSamePlaceAsks() throws {
        let (places, _) = try Self.journal()
        defer { places.removeAll() }
        let command = [PlacesRunner.executable.path, "add", "Dishoom", "--at", "55.9534,-3.1884"].map { "'\($0)'" }.joined(separator: " ")
        let env = ["PLACES_STORE": places.journal.path, "HOME": places.directory.path, "PATH": "/usr/bin:/bin",
                   "LANG": "C.UTF-8", "TERM": "xterm", "SHELL": "/bin/sh"]
        let script = try ExternalTool.require("script")
        let declined = try ExternalTool.run(script, ["-qec", command, "/dev/null"], stdin: "n\n", environment: env)
        #expect(declined.status == 1 && declined.stdout.contains("Add it again? [y/N]"), "\(declined.output)")
        #expect(try places.journalPlaces().count == 4)
        let accepted = try ExternalTool.run(script, ["-qec", command, "/dev/null"], stdin: "y\n", environment: env)
        #expect(accepted.status == 0 && accepted.stdout.contains("Added ") && accepted.stdout.contains("Dishoom"), "\(accepted.output)")
        #expect(try places.journalPlaces().count == 5)
    }
}
