import Foundation
import Testing

/// `places map` end to end: the built binary, a journal in a temporary directory, and a real SVG
/// renderer (`rsvg-convert`, from librsvg2-bin) turning the output into a PNG.
@Suite struct MapCommandTests {
    /// A journal with three places: visited and want-to-go, tagged and not, one near the antimeridian.
    static func journal() throws -> PlacesRunner {
        let runner = try PlacesRunner()
        _ = try runner.add("Louvre", "48.8606,2.3376", ["--tag", "museums", "--on", "2024-05-01"])
        _ = try runner.add("Colosseum", "41.8902,12.4922", ["--tag", "sights"])
        _ = try runner.add("Suva", "-18.1416,178.4419")
        return runner
    }

    /// Width and height from a PNG's IHDR chunk, which always comes first after the signature.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
              String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else { return nil }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    @Test func writesAnSVGOfTheRightSize() throws {
        let runner = try Self.journal()
        defer { runner.removeAll() }
        let directory = runner.directory

        let result = try runner.run(["map", "-o", directory.appendingPathComponent("x.svg").path, "--width", "800"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("3 places"))
        let svg = try String(contentsOf: directory.appendingPathComponent("x.svg"), encoding: .utf8)
        #expect(svg.contains("width=\"800\""))
        guard let heightText = svg.split(separator: "height=\"").dropFirst().first?.prefix(while: { $0 != "\"" }),
              let height = Int(heightText) else {
            Issue.record("no height in the SVG")
            return
        }

        #expect(height > 0)
    }

    @Test(.enabled(if: ExternalTool.available("xmllint"), "needs xmllint (apt-get install libxml2-utils)"))
    func svgIsWellFormedForXmllint() throws {
        let runner = try Self.journal()
        defer { runner.removeAll() }
        #expect(try runner.run(["map", "-o", runner.directory.appendingPathComponent("x.svg").path]).status == 0)
        let checked = try ExternalTool.run(try ExternalTool.require("xmllint"), ["--noout", "x.svg"], directory: runner.directory)
        #expect(checked.status == 0, "xmllint: \(checked.stderr)")
    }

    @Test(.enabled(if: ExternalTool.available("rsvg-convert"), "needs rsvg-convert (apt-get install librsvg2-bin)"))
    func svgRendersToAPNGOfTheRightSize() throws {
        let runner = try Self.journal()
        defer { runner.removeAll() }
        let directory = runner.directory
        #expect(try runner.run(["map", "-o", directory.appendingPathComponent("x.svg").path, "--width", "800"]).status == 0)
        let svg = try String(contentsOf: directory.appendingPathComponent("x.svg"), encoding: .utf8)
        let heightText = try #require(svg.split(separator: "height=\"").dropFirst().first?.prefix(while: { $0 != "\"" }))
        let height = try #require(Int(heightText))
        let png = directory.appendingPathComponent("x.png")
        let rendered = try ExternalTool.run(try ExternalTool.require("rsvg-convert"), ["x.svg", "-o", "x.png"], directory: directory)
        #expect(rendered.status == 0, "rsvg-convert: \(rendered.stderr)")
        #expect(rendered.stderr.isEmpty, "rsvg-convert warned: \(rendered.stderr)")
        let size = Self.pngSize(try Data(contentsOf: png))
        #expect(size?.width == 800)
        #expect(size?.height == height)
    }

    @Test func htmlAndTerminalAndFilters() throws {
        let runner = try Self.journal()
        defer { runner.removeAll() }
        let directory = runner.directory

        let html = try runner.run(["map", "-o", directory.appendingPathComponent("page.html").path, "--visited"])
        #expect(html.status == 0, "\(html.stderr)")
        let page = try String(contentsOf: directory.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("48.8606, 2.3376") && !page.contains("Colosseum"))

        let terminal = try runner.run(["map", "--terminal", "--width", "50", "--around", "48.85,2.35", "--radius", "20km"])
        #expect(terminal.status == 0, "\(terminal.stderr)")
        #expect(terminal.stdout.hasPrefix("1 place · within 20 km of 48.8500, 2.3500\n┌"))
        #expect(terminal.stdout.contains("● Louvre") || terminal.stdout.contains("Louvre ●"))

        let piped = try runner.run(["map", "--tag", "sights"])
        #expect(piped.stdout.hasPrefix("<?xml") && piped.stdout.contains(">1 place</text>"))

        let named = try runner.run(["map", "--around", "Paris", "--radius", "20km"])
        #expect(named.status == 0)
        #expect(named.stderr.contains("Mapping around Paris, Île-de-France, FR"))
        #expect(named.stdout.contains(">1 place</text>"), "the Louvre is within 20 km of Paris")
        let unknown = try runner.run(["map", "--around", "Qqqqxzzv"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no place called \"Qqqqxzzv\""))
        let negative = try runner.run(["map", "--terminal", "--around", "-18.14,178.44", "--radius", "300km"],
                                      environment: ["COLUMNS": "40"])
        #expect(negative.status == 0, "\(negative.stderr)")
        #expect(negative.stdout.split(separator: "\n")[1].count == 40)
    }
}
