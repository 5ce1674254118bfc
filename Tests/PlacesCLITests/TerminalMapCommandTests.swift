import Foundation
import Testing

/// `places map --terminal` end to end through the built binary: the world drawn once however wide the
/// terminal, the finer outlines when zoomed in, and the compact drawing for an 80 × 24 terminal.
@Suite struct TerminalMapCommandTests {
    /// Places on five continents, so the view is the whole world.
    static func worldJournal() throws -> PlacesRunner {
        let runner = try PlacesRunner()
        _ = try runner.add("Tokyo Tower", "35.6586,139.7454", ["--on", "2023-04-02"])
        _ = try runner.add("Central Park", "40.7829,-73.9654")
        _ = try runner.add("Opera House", "-33.8568,151.2153", ["--tag", "music"])
        _ = try runner.add("Louvre", "48.8606,2.3376", ["--on", "2024-05-01"])
        _ = try runner.add("Christ the Redeemer", "-22.9519,-43.2105")
        return runner
    }

    static func isBraille(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { (0x2801...0x28FF).contains($0.value) }
    }

    /// The rows of the map inside its frame, frame characters removed.
    static func mapRows(_ drawing: String) -> [[Character]] {
        drawing.split(separator: "\n").filter { $0.hasPrefix("│") }.map { Array($0.dropFirst().dropLast()) }
    }

    /// With no places the view is the world; at 200 × 50 the world is narrower than the screen, so
    /// it is drawn once with blank sides rather than repeated.
    @Test func aWideTerminalShowsTheWorldOnce() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["map", "--terminal"], environment: ["COLUMNS": "200", "LINES": "50"])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = Self.mapRows(result.stdout)
        #expect(rows.count >= 30 && rows.allSatisfy { $0.count == 198 }, "\(rows.count) rows")
        let columnsWithCoast = (0..<198).filter { column in rows.contains { Self.isBraille($0[column]) } }
        let first = try #require(columnsWithCoast.first), last = try #require(columnsWithCoast.last)
        #expect(first >= 6 && last <= 191, "coast from column \(first) to \(last)")
        #expect(last - first > 150, "the world spans most of the width")
        let top = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("┌") })
        #expect(top.components(separatedBy: "120°E").count == 2, "one 120°E meridian: \(top)")
    }

    /// Places all round the world: every meridian label once, every pin once, the legend kept.
    @Test func placesAllRoundTheWorldAreEachDrawnOnce() throws {
        let runner = try Self.worldJournal()
        defer { runner.removeAll() }
        let result = try runner.run(["map", "--terminal"], environment: ["COLUMNS": "200", "LINES": "50"])
        #expect(result.status == 0, "\(result.stderr)")
        let top = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("┌") })
        let labels = top.split(whereSeparator: { $0 == "─" || $0 == "┌" || $0 == "┐" })
        #expect(labels.count >= 5 && Set(labels).count == labels.count, "\(top)")
        let map = Self.mapRows(result.stdout).map { String($0) }.joined()
        #expect(map.filter { $0 == "●" }.count == 2)
        #expect(map.filter { $0 == "○" }.count == 3)
        #expect(result.stdout.contains("● visited"), "a tall terminal keeps the legend")
    }

    @Test func aSmallTerminalGetsTheCompactDrawing() throws {
        let runner = try Self.worldJournal()
        defer { runner.removeAll() }
        let small = try runner.run(["map", "--terminal"], environment: ["COLUMNS": "80", "LINES": "24"])
        #expect(small.status == 0, "\(small.stderr)")
        let lines = small.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count <= 23, "\(lines.count) lines leave room for the prompt")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(!small.stdout.contains("want to go") && !small.stdout.contains("├"), "no legend or scale bar")
        #expect(small.stdout.hasPrefix("5 places\n┌"))

        let asked = try runner.run(["map", "--terminal", "--compact"], environment: ["COLUMNS": "120", "LINES": "60"])
        #expect(asked.status == 0)
        #expect(!asked.stdout.contains("want to go"))
        let full = try runner.run(["map", "--terminal"], environment: ["COLUMNS": "120", "LINES": "60"])
        #expect(full.stdout.contains("want to go"))

        let refused = try runner.run(["map", "--compact", "-o", runner.directory.appendingPathComponent("x.svg").path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("--compact"))
        #expect(!FileManager.default.fileExists(atPath: runner.directory.appendingPathComponent("x.svg").path))
    }

    /// London pins 35 km apart: the 1:10m Thames runs through the drawing, where the world outlines
    /// had nothing but inland. Pins within a kilometre draw no river: at that scale the 1:10m line would
    /// run off the river's valley.
    @Test func aCityMapDrawsTheFinerOutlinesAndAStreetMapLeavesOutTheRivers() throws {
        let dots = try Self.brailleCells(of: [("Kew Gardens", "51.4787,-0.2956"), ("Tate Modern", "51.5076,-0.0994"),
                                              ("Thames Barrier", "51.4973,0.0370")])
        #expect(dots > 30, "\(dots) cells of river and outline")
        let nearDots = try Self.brailleCells(of: [("Tate Modern", "51.5076,-0.0994"), ("Borough Market", "51.5055,-0.0910"),
                                                  ("Millennium Bridge", "51.5095,-0.0985")])
        #expect(nearDots < dots / 4, "\(nearDots) cells of outline over a few streets")
    }

    /// The braille cells of the 80 × 40 terminal map of a journal holding just `places` (name, position).
    static func brailleCells(of places: [(name: String, position: String)]) throws -> Int {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        for place in places { _ = try runner.add(place.name, place.position) }
        let result = try runner.run(["map", "--terminal", "--width", "80"], environment: ["LINES": "40"])
        #expect(result.status == 0, "\(result.stderr)")
        return mapRows(result.stdout).joined().filter(isBraille).count
    }
}
