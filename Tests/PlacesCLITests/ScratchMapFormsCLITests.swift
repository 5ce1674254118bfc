import Foundation
import PlacesTestSupport
import Testing

/// `map --scratch` as the HTML page, in the terminal, and with the regions visited filled within their
/// countries, through the real binary on the journal of ``TravelsCLITests``.
@Suite struct ScratchMapFormsCLITests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser/scratch_page_check.py")

    /// ``TravelsCLITests/withJournal(tripNames:_:)`` with a visit in California and one in the Northern
    /// Territory added: two outlined regions.
    static func withRegionsJournal(_ body: (PlacesRunner) throws -> Void) throws {
        try TravelsCLITests.withJournal { places in
            for (name, at) in [("Yosemite Valley", "37.7456,-119.5936"), ("Uluru", "-25.3444,131.0369")] {
                let id = try places.add(name, at)
                #expect(try places.run(["visit", id, "--on", "2024-02-10"]).status == 0)
            }
            try body(places)
        }
    }

    @Test func terminalDrawingShowsVisitedWantedAndOtherLand() throws {
        try TravelsCLITests.withJournal { places in
            let width = 72
            let result = try places.run(["map", "--scratch", "--terminal", "--width", String(width)])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.contains("\u{1B}"), "no colour when the output is not a terminal")
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
            let rows = Int((Double(width) * 144 / 360 / 2).rounded())
            #expect(String(lines[0]) == "Countries visited")
            #expect(lines.count == rows + 4, "title, \(rows) rows, a blank line, the legend, the end: \(lines.count)")
            #expect(lines[1...rows].allSatisfy { $0.count <= width })
            #expect(String(lines[rows + 2]).contains("7 of 248 countries visited (2.8%), 1 wanted"), "\(String(lines[rows + 2]))")
            // The cell holding a point, as the drawing divides the world from 84° N to 60° S.
            func cell(_ latitude: Double, _ longitude: Double) -> Character {
                let row = Int((84 - latitude) / (144 / Double(rows))), column = Int((longitude + 180) / (360 / Double(width)))
                let line = lines[1 + row]
                return column < line.count ? line[column] : " "
            }
            #expect(cell(36.5, 138.5) == "█", "Japan visited")
            #expect(cell(-12, -74) == "▒", "Peru wanted")
            #expect(cell(-25, 135) == "░", "Australia: other land")
            #expect(cell(-40, -140) == " ", "the Pacific")
            // --year keeps that year's countries: Japan in 2023, not Hungary.
            let year = try places.run(["map", "--scratch", "--year", "2023", "--terminal", "--width", String(width)])
            let yearLines = year.stdout.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
            #expect(year.stdout.contains("3 of 248 countries visited"), "\(year.stdout)")
            let hungary = yearLines[1 + Int((84 - 47.2) / (144 / Double(rows)))][Int((19.3 + 180) / (360 / Double(width)))]
            #expect(hungary != "█")
            // --compact: the title and the map only.
            let compact = try places.run(["map", "--scratch", "--terminal", "--compact", "--width", String(width)])
            #expect(compact.stdout.split(separator: "\n", omittingEmptySubsequences: false).count == rows + 2)
            #expect(!compact.stdout.contains("countries visited"))
        }
    }

    @Test func regionsVisitedAreFilledWithinTheirCountries() throws {
        try Self.withRegionsJournal { places in
            let svg = try places.run(["map", "--scratch", "--format", "svg"])
            #expect(svg.status == 0, "\(svg.stderr)")
            #expect(svg.stdout.contains("9 of 248 countries visited (3.6%), 1 wanted, 2 regions visited within them"))
            guard let start = svg.stdout.range(of: "class=\"regions\" d=\"") else {
                Issue.record("no regions path")
                return
            }
            let path = svg.stdout[start.upperBound...].prefix { $0 != "\"" }
            // California and the Northern Territory: both are drawn.
            #expect(path.filter { $0 == "M" }.count >= 2)
            let page = places.directory.appendingPathComponent("world.html")
            #expect(try places.run(["map", "--scratch", "-o", page.path]).status == 0)
            let html = try String(contentsOf: page, encoding: .utf8)
            let data = try #require(Self.scratchData(html))
            #expect((data["regions"] as? [[Double]])?.count ?? 0 >= 2)
            // The 2023 map has neither region: they were visited in 2024.
            let year = try places.run(["map", "--scratch", "--year", "2023", "--format", "svg"])
            #expect(!year.stdout.contains("class=\"regions\"") && !year.stdout.contains("regions visited"))
        }
    }

    @Test func htmlPageCarriesTheCountriesAndThePins() throws {
        try TravelsCLITests.withJournal { places in
            let page = places.directory.appendingPathComponent("world.html")
            let written = try places.run(["map", "--scratch", "-o", page.path])
            #expect(written.status == 0, "\(written.stderr)")
            #expect(written.stderr.contains("7 of 248 countries visited"))
            let html = try String(contentsOf: page, encoding: .utf8)
            let data = try #require(Self.scratchData(html))
            #expect(data["legend"] as? String == "7 of 248 countries visited (2.8%), 1 wanted")
            let countries = try #require(data["countries"] as? [[String: Any]])
            #expect(countries.filter { $0["visited"] as? Bool == true }.compactMap { $0["code"] as? String }.sorted()
                    == ["AT", "DE", "FR", "HU", "IT", "JP", "SK"])
            #expect(countries.filter { $0["visited"] as? Bool == false }.compactMap { $0["code"] as? String } == ["PE"])
            #expect((data["visited"] as? [[Double]])?.isEmpty == false && (data["wanted"] as? [[Double]])?.isEmpty == false)
            #expect(html.contains("Machu Picchu") && html.contains("Fushimi Inari"), "the places are pinned")
            // The page is the journal's map page: the same scripts, with the scratch layer added.
            #expect(html.contains("window.placesMapLayers"))
        }
    }

    @Test(.enabled(if: MapPageBrowserTests.browserAvailable, "needs chromium, chromium-driver (apt) and selenium (pip)"))
    func htmlPageWorksInHeadlessChromium() throws {
        try Self.withRegionsJournal { places in
            let page = places.directory.appendingPathComponent("world.html")
            #expect(try places.run(["map", "--scratch", "-o", page.path]).status == 0)
            let result = try ExternalTool.run(try ExternalTool.require("python3"), [
                Self.script.path, page.path, "Australia,Austria,France,Germany,Hungary,Italy,Japan,Slovakia,United States", "Peru", "2",
                try ExternalTool.require("chromium"), try ExternalTool.require("chromedriver"),
            ])
            #expect(result.status == 0, "\(result.output)")
            #expect(result.stdout.contains("all 10 checks passed"), "\(result.output)")
        }
    }

    /// The page's `places-scratch` block, parsed.
    static func scratchData(_ html: String) -> [String: Any]? {
        guard let start = html.range(of: "<script type=\"application/json\" id=\"places-scratch\">\n"),
              let end = html.range(of: "\n</script>", range: start.upperBound..<html.endIndex) else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))) as? [String: Any]
    }
}
