import Foundation
import PlacesTestSupport
import Testing

/// Imports place a row without coordinates only as `add` would pin its name, through the real binary.
@Suite struct ImportPlacingTests {
    @Test func aSavedListRowIsNeverPlacedByANearSpelling() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let file = runner.directory.appendingPathComponent("Rome.csv")
        try """
            Title,Note,URL,Tags,Comment
            Roscioli,Carbonara,https://www.google.com/maps/place/Roscioli/data=!4m2!3m1!1s0x132f604f678640a9:0xcad165fa2036ce2c,,
            Kyoto,,https://www.google.com/maps/place/Kyoto/data=!4m2!3m1!1s0x6001a8d6cd3cc3f1:0xc0961d366bbb1d3d,,
            Café Central,Best cake,https://www.google.com/maps/search/48.2103%2C16.3654,,

            """.write(to: file, atomically: true, encoding: .utf8)
        // `add` refuses the name; the import must not place it either.
        let add = try runner.run(["add", "Roscioli"])
        #expect(add.status != 0, "\(add.stdout)")

        let result = try runner.run(["import", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("added 2, updated 0, skipped 1."), "\(result.stdout)")
        #expect(result.stdout.contains("Rome.csv: row 1 \"Roscioli\": has no coordinates, and no place has that name, only near ones: "),
                "\(result.stdout)")
        #expect(result.stdout.contains("Roşiori"), "\(result.stdout)")
        #expect(result.stdout.contains("1 place has no coordinates in the file and no clear match in the gazetteer, so it was left out"),
                "\(result.stdout)")
        let names = Set(try runner.journalPlaces().compactMap { $0["name"] as? String })
        #expect(names == ["Kyoto", "Café Central"])

        let json = try runner.run(["import", file.path, "--dry-run", "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["unplaced"] as? Int == 1, "\(json.stdout)")
    }
}
