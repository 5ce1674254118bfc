import Foundation
import PlacesKit
import PlacesTestSupport
import Testing

/// Maps at street level from an added region (the Monaco extract in Fixtures/osm, ODbL, © OpenStreetMap
/// contributors): the SVG, PNG, terminal and HTML maps draw its streets and credit OpenStreetMap, and
/// every map is what it was before regions wherever no region covers the view.
@Suite struct RegionMapCLITests {
    /// A journal of three Monaco places; with `region`, the Monaco extract added.
    static func monacoRunner(region: Bool) throws -> PlacesRunner {
        let runner = try PlacesRunner()
        _ = try runner.add("Casino", "43.7393,7.4277", ["--tag", "sights"])
        _ = try runner.add("Stade Louis II", "43.7277,7.4156")
        _ = try runner.add("Palais princier", "43.7314,7.4200", ["--on", "2024-05-01"])
        if region { try RegionCLITests.addMadePack("monaco", to: runner) }
        return runner
    }

    /// The view the tests draw: a kilometre around one of the journal's places.
    static let around = ["--around", "Palais princier", "--radius", "1km"]

    /// The names of the extract's highways, read by `osmium export`.
    static func streetNames(in directory: URL) throws -> Set<String> {
        Set(try RegionCLITests.export(RegionCLITests.fixture("monaco"), in: directory)
            .filter { $0.tags["highway"] != nil }.compactMap { $0.tags["name"] })
    }

    /// The texts of the SVG's street-name group.
    static func streetNameTexts(_ svg: String) -> [String] {
        guard let start = svg.range(of: "<g class=\"street-names\""), let end = svg[start.upperBound...].range(of: "</g>") else { return [] }
        return svg[start.upperBound..<end.lowerBound].components(separatedBy: "<text").dropFirst().compactMap { element in
            guard let open = element.firstIndex(of: ">"), let close = element.range(of: "</text>") else { return nil }
            return String(element[element.index(after: open)..<close.lowerBound])
                .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        }
    }

    @Test(.enabled(if: ExternalTool.available("osmium") && ExternalTool.available("xmllint") && ExternalTool.available("rsvg-convert"),
                   "needs osmium-tool, libxml2-utils and librsvg2-bin"))
    func svgDrawsTheRegionsStreetsAndNamesThem() throws {
        let runner = try Self.monacoRunner(region: true)
        defer { runner.removeAll() }
        let file = runner.directory.appendingPathComponent("monaco.svg")
        let result = try runner.run(["map"] + Self.around + ["-o", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let svg = try String(contentsOf: file, encoding: .utf8)
        // Streets by class, railways, parks and buildings at this zoom, all under the pins.
        for layer in ["class=\"street primary\"", "class=\"street minor\"", "class=\"street footway\""] {
            #expect(svg.contains(layer), "no \(layer)")
        }
        #expect(svg.contains("fill=\"#d6e8c4\""))
        #expect(svg.contains("fill=\"#e2dbd0\""))
        let region = try #require(svg.range(of: "<g class=\"region\">"))
        let pins = try #require(svg.range(of: "<g stroke-width=\"1.5\">"))
        #expect(region.lowerBound < pins.lowerBound)
        #expect(svg.contains("© OpenStreetMap contributors"))
        // Street names are the extract's own, turned along their streets.
        let names = Self.streetNameTexts(svg)
        let real = try Self.streetNames(in: runner.directory)
        #expect(names.count >= 3, "street names: \(names)")
        #expect(names.allSatisfy { real.contains($0) }, "names not in the extract: \(names.filter { !real.contains($0) })")
        #expect(Set(names).count == names.count)
        // Well-formed, and drawn by another renderer.
        let lint = try ExternalTool.run(try ExternalTool.require("xmllint"), ["--noout", file.path])
        #expect(lint.status == 0, "\(lint.output)")
        let png = runner.directory.appendingPathComponent("rsvg.png")
        let drawn = try ExternalTool.run(try ExternalTool.require("rsvg-convert"), [file.path, "-o", png.path])
        #expect(drawn.status == 0, "\(drawn.output)")
        #expect(((try? Data(contentsOf: png))?.count ?? 0) > 10_000)
    }

    @Test func pngPaintsTheRegion() throws {
        let with = try Self.monacoRunner(region: true), without = try Self.monacoRunner(region: false)
        defer { with.removeAll(); without.removeAll() }
        var images: [[UInt8]] = []
        for runner in [with, without] {
            let file = runner.directory.appendingPathComponent("monaco.png")
            let result = try runner.run(["map"] + Self.around + ["-o", file.path])
            #expect(result.status == 0, "\(result.stderr)")
            images.append(Array(try Data(contentsOf: file)))
        }
        #expect(images[0].starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // The same size of image, but streets, parks and buildings change a good part of its pixels.
        #expect(images[0].count == images[1].count)
        let changed = zip(images[0], images[1]).filter { $0 != $1 }.count
        #expect(changed > images[0].count / 10, "\(changed) of \(images[0].count) bytes differ")
    }

    @Test func terminalMapShowsStreetCells() throws {
        let with = try Self.monacoRunner(region: true), without = try Self.monacoRunner(region: false)
        defer { with.removeAll(); without.removeAll() }
        let environment = ["COLUMNS": "100", "LINES": "40"]
        let drawn = try [with, without].map { try $0.run(["map", "--terminal"] + Self.around, environment: environment) }
        #expect(drawn.allSatisfy { $0.status == 0 })
        func dotCells(_ text: String) -> Int { text.unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count }
        #expect(dotCells(drawn[0].stdout) > dotCells(drawn[1].stdout) + 300,
                "with region \(dotCells(drawn[0].stdout)) cells, without \(dotCells(drawn[1].stdout))")
        #expect(drawn[0].stdout.contains("© OpenStreetMap contributors"))
        #expect(!drawn[1].stdout.contains("OpenStreetMap"))
    }

    @Test(.enabled(if: ExternalTool.available("osmium"), "needs osmium-tool"))
    func htmlPageCarriesTheRegionLayer() throws {
        let runner = try Self.monacoRunner(region: true)
        defer { runner.removeAll() }
        let file = runner.directory.appendingPathComponent("monaco.html")
        let result = try runner.run(["map"] + Self.around + ["-o", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let page = try String(contentsOf: file, encoding: .utf8)
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"places-region\">\n"))
        let end = try #require(page[start.upperBound...].range(of: "\n</script>"))
        let region = try #require(try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
        #expect(region["credit"] as? String == "© OpenStreetMap contributors")
        let layers = region["layers"] as? [[String: Any]] ?? []
        let names = Set(layers.compactMap { $0["name"] as? String })
        #expect(names.isSuperset(of: ["primary", "minor", "footway", "building", "green", "coastline"]), "\(names)")
        // Every shape is a flat list of longitude, latitude pairs inside the page's area around Monaco.
        for layer in layers {
            for shape in layer["shapes"] as? [[Double]] ?? [] {
                #expect(shape.count >= 4 && shape.count % 2 == 0)
                #expect(shape.enumerated().allSatisfy { $0.offset % 2 == 0 ? (7.3...7.55).contains($0.element) : (43.68...43.79).contains($0.element) })
            }
        }
        #expect(page.contains("addAttribution(region.credit)"))
    }

    /// Without a region, or where none covers the view, every map is byte for byte what it was: the
    /// same journal drawn from an empty data folder, and after the region is added, drawn away from it.
    @Test func mapsAwayFromRegionsAreUnchanged() throws {
        let runner = try Self.monacoRunner(region: false)
        defer { runner.removeAll() }
        _ = try runner.add("Louvre", "48.8606,2.3376")
        let environment = ["COLUMNS": "100", "LINES": "40"]
        func maps() throws -> [Data] {
            var out: [Data] = []
            for (index, view) in [["--around", "48.8606,2.3376", "--radius", "2km"], [], ["--around", "Palais princier", "--radius", "40km"]].enumerated() {
                for format in ["svg", "html", "png"] {
                    let file = runner.directory.appendingPathComponent("map\(index).\(format)")
                    let result = try runner.run(["map"] + view + ["-o", file.path])
                    #expect(result.status == 0, "\(result.stderr)")
                    out.append(try Data(contentsOf: file))
                }
                out.append(Data(try runner.run(["map", "--terminal"] + view, environment: environment).stdout.utf8))
            }
            return out
        }
        let before = try maps()
        let added = try runner.run(["region", "add", RegionCLITests.fixture("monaco")])
        #expect(added.status == 0, "\(added.stderr)")
        let after = try maps()
        #expect(before == after)
        // And the region does show once the view is close enough.
        let close = try runner.run(["map"] + Self.around)
        #expect(close.stdout.contains("<g class=\"region\">"))
    }

    @Test func packOfTheEarlierFormatAsksForItsExtractAgain() throws {
        let runner = try Self.monacoRunner(region: true)
        defer { runner.removeAll() }
        let pack = RegionCLITests.packPath(runner, "monaco")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: pack))
        let header = Data("places-region\t\(RegionPack.formatVersion)\n".utf8)
        #expect(bytes.starts(with: header))
        bytes.replaceSubrange(0..<header.count, with: Data("places-region\t1\n".utf8))
        try bytes.write(to: URL(fileURLWithPath: pack))
        let list = try runner.run(["region", "list"])
        #expect(list.stderr.contains("format 1") && list.stderr.contains("places region add monaco.osm.pbf --name monaco --replace"), "\(list.stdout)\(list.stderr)")
        // The map is drawn without it.
        let map = try runner.run(["map"] + Self.around)
        #expect(map.status == 0)
        #expect(!map.stdout.contains("OpenStreetMap"))
    }

    /// The page writes street names along the region's streets at street zoom, in a real browser
    /// (`Tests/Browser/region_page_check.py` drives headless Chromium), and none on a city map.
    @Test(.enabled(if: MapPageBrowserTests.browserAvailable && ExternalTool.available("osmium"),
                   "needs chromium, chromium-driver (apt), selenium (pip) and osmium-tool"))
    func htmlPageWritesStreetNamesAlongTheStreetsInChromium() throws {
        let runner = try Self.monacoRunner(region: true)
        defer { runner.removeAll() }
        let page = runner.directory.appendingPathComponent("monaco.html")
        let written = try runner.run(["map", "--around", "Palais princier", "--radius", "250m", "-o", page.path])
        #expect(written.status == 0, "\(written.stderr)")
        let streets = runner.directory.appendingPathComponent("streets.txt")
        try (Self.streetNames(in: runner.directory).sorted().joined(separator: "\n") + "\n").write(to: streets, atomically: true, encoding: .utf8)
        let script = MapPageBrowserTests.script.deletingLastPathComponent().appendingPathComponent("region_page_check.py")
        let result = try ExternalTool.run(try ExternalTool.require("python3"), [
            script.path, page.path, streets.path, try ExternalTool.require("chromium"), try ExternalTool.require("chromedriver"),
        ])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.stdout.contains("all 9 checks passed"), "\(result.output)")
    }
}
