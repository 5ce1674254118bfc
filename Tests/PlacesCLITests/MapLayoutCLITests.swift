import Foundation
import PlacesTestSupport
import Testing

/// What a map frames and where its boxes go, through the built binary: the SVG read back by
/// `xmllint` (libxml2-utils), the PNG by `file`.
@Suite struct MapLayoutCLITests {
    /// A pin on the SVG map: its centre and the name in its tooltip.
    struct Pin { var x: Double, y: Double, name: String }

    /// The values `xmllint --xpath` prints for an expression over the SVG (namespaces aside, by
    /// `local-name()`): attribute nodes as their values, other nodes as their text.
    static func xpath(_ expression: String, in file: URL) throws -> [String] {
        let result = try ExternalTool.run(try ExternalTool.require("xmllint"), ["--xpath", expression, file.path])
        guard result.status == 0 else { return [] }
        if expression.contains("/@") {
            // ` cx="110" cx="112.9"` (one a line in newer versions).
            return result.stdout.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        }
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// The user's pins: circles carrying a `<title>` (context dots and legend markers have none).
    static func pins(in file: URL) throws -> [Pin] {
        let pin = "//*[local-name()='circle'][*[local-name()='title']]"
        let xs = try xpath(pin + "/@cx", in: file).compactMap(Double.init)
        let ys = try xpath(pin + "/@cy", in: file).compactMap(Double.init)
        let names = try xpath(pin + "/*[local-name()='title']/text()", in: file)
        #expect(xs.count == ys.count && xs.count == names.count, "pins \(xs.count) \(ys.count) \(names.count)")
        return zip(zip(xs, ys), names).map { Pin(x: $0.0.0, y: $0.0.1, name: $0.1) }
    }

    /// The legend's panel: the `rect` of the group written at the legend's font size.
    static func legend(in file: URL) throws -> (x: Double, y: Double, width: Double, height: Double)? {
        let rect = "//*[local-name()='g'][@font-size='11.5']/*[local-name()='rect']"
        let values = try ["x", "y", "width", "height"].map { try xpath(rect + "/@" + $0, in: file).compactMap(Double.init) }
        guard values.allSatisfy({ $0.count == 1 }) else { return nil }
        return (values[0][0], values[1][0], values[2][0], values[3][0])
    }

    /// The SVG's own width and height.
    static func size(of file: URL) throws -> (width: Double, height: Double) {
        let svg = "/*[local-name()='svg']"
        return (Double(try xpath(svg + "/@width", in: file).first ?? "") ?? 0, Double(try xpath(svg + "/@height", in: file).first ?? "") ?? 0)
    }

    /// A GeoJSON file of points, for one import rather than a run of `add` per place.
    static func points(_ places: [(name: String, lat: Double, lon: Double)], in runner: PlacesRunner) throws -> String {
        let features = places.map { place in
            "{\"type\":\"Feature\",\"properties\":{\"name\":\"\(place.name)\"},"
                + "\"geometry\":{\"type\":\"Point\",\"coordinates\":[\(place.lon),\(place.lat)]}}"
        }
        let path = runner.directory.appendingPathComponent("points.geojson").path
        try ("{\"type\":\"FeatureCollection\",\"features\":[" + features.joined(separator: ",") + "]}")
            .write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let xmllint = ExternalTool.available("xmllint")

    @Test(.enabled(if: xmllint, "needs xmllint (apt-get install libxml2-utils)"))
    func pinsAFewStreetsApartFillTheMap() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        // Four places within 3.6 km of each other in central London.
        _ = try runner.add("Dishoom Covent Garden", "51.5126,-0.1268")
        _ = try runner.add("British Museum", "51.5194,-0.1270")
        _ = try runner.add("Tower of London", "51.5081,-0.0759")
        _ = try runner.add("Borough Market", "51.5055,-0.0910")
        let file = runner.directory.appendingPathComponent("london.svg")
        let result = try runner.run(["map", "-o", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let pins = try Self.pins(in: file)
        let size = try Self.size(of: file)
        let west = try #require(pins.first { $0.name == "British Museum" }), east = try #require(pins.first { $0.name == "Tower of London" })
        // 0.0511° of longitude at 51.51° N is 3.54 km.
        let kilometresAcross = size.width * 3.54 / (east.x - west.x)
        #expect(kilometresAcross > 3.54 && kilometresAcross < 8, "the map is \(kilometresAcross) km across")
        for pin in pins {
            #expect(pin.x >= 30 && pin.x <= size.width - 30 && pin.y >= 30 && pin.y <= size.height - 30, "\(pin.name) at the edge")
        }
        // One place alone still shows where it is, not one street.
        let single = try PlacesRunner()
        defer { single.removeAll() }
        _ = try single.add("British Museum", "51.5194,-0.1270")
        let alone = single.directory.appendingPathComponent("one.svg")
        #expect(try single.run(["map", "-o", alone.path]).status == 0)
        #expect(try String(contentsOf: alone, encoding: .utf8).contains(">10 km<"), "a single pin keeps its 1° window")
    }

    /// Every pin clear of the legend's panel (a pin's marker is 5.5 px across its centre).
    static func expectLegendClear(_ file: URL, _ comment: Comment) throws {
        let legend = try #require(try Self.legend(in: file), comment)
        for pin in try Self.pins(in: file) {
            let clear = pin.x + 5.5 <= legend.x || pin.x - 5.5 >= legend.x + legend.width
                || pin.y + 5.5 <= legend.y || pin.y - 5.5 >= legend.y + legend.height
            #expect(clear, "\(comment): the legend covers \(pin.name)")
        }
    }

    @Test(.enabled(if: xmllint, "needs xmllint (apt-get install libxml2-utils)"))
    func theLegendMovesToAFreeCorner() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        // Okinawa lies in the bottom-left corner and Hokkaido near the top right, where a legend
        // widened by its list of unlabelled names reaches.
        for (name, at, tag) in [("Sensō-ji", "35.7148,139.7967", "temples"), ("Tokyo Tower", "35.6586,139.7454", ""),
                                ("Shibuya Crossing", "35.6595,139.7005", ""), ("Fushimi Inari", "34.9671,135.7727", "temples"),
                                ("Hiroshima Peace Memorial", "34.3955,132.4536", ""), ("Sapporo Clock Tower", "43.0626,141.3536", ""),
                                ("Naha Shuri Castle", "26.2170,127.7195", ""), ("Ichiran Ramen Shibuya", "35.6614,139.7010", "food")] {
            _ = try runner.add(name, at, tag.isEmpty ? [] : ["--tag", tag])
        }
        let file = runner.directory.appendingPathComponent("japan.svg")
        #expect(try runner.run(["map", "-o", file.path]).status == 0)
        try Self.expectLegendClear(file, "Japan")
    }

    @Test(.enabled(if: xmllint && ExternalTool.available("file"), "needs xmllint and file"))
    func theViewGrowsWhenEveryCornerHasAPin() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        // A 9 × 9 grid of pins 0.1° apart: every corner of the fitted map has pins.
        var grid: [(name: String, lat: Double, lon: Double)] = []
        for row in 0..<9 { for column in 0..<9 { grid.append(("P\(row)\(column)", 45 + Double(row) / 10, 5 + Double(column) / 10)) } }
        let imported = try runner.run(["import", try Self.points(grid, in: runner)])
        #expect(imported.status == 0, "\(imported.stderr)")
        for labels in [["--labels"], ["--no-labels"]] {
            let file = runner.directory.appendingPathComponent("grid.svg")
            #expect(try runner.run(["map", "-o", file.path, "--width", "600"] + labels).status == 0)
            #expect(try Self.pins(in: file).count == 81)
            try Self.expectLegendClear(file, "grid \(labels[0])")
            // The PNG is the same drawing, at the grown size.
            let png = runner.directory.appendingPathComponent("grid.png")
            #expect(try runner.run(["map", "-o", png.path, "--width", "600"] + labels).status == 0)
            let described = try ExternalTool.run(try ExternalTool.require("file"), [png.path])
            let size = try Self.size(of: file)
            #expect(described.stdout.contains("PNG image data, 600 x \(Int(size.height))"), "\(described.stdout) vs \(size)")
        }
    }

    @Test(.enabled(if: xmllint, "needs xmllint (apt-get install libxml2-utils)"))
    func aroundANamedPlaceIsSubtitledWithItsName() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("Matterhorn", "45.9763,7.6586")
        let file = runner.directory.appendingPathComponent("zermatt.svg")
        let result = try runner.run(["map", "--around", "Zermatt", "--radius", "150km", "-o", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        let texts = try Self.xpath("//*[local-name()='text']/text()", in: file)
        #expect(texts.contains("within 150 km of Zermatt"), "\(texts.prefix(3))")
        // Coordinates typed stay coordinates.
        #expect(try runner.run(["map", "--around", "46.02,7.75", "-o", file.path]).status == 0)
        #expect(try Self.xpath("//*[local-name()='text']/text()", in: file).contains("within 50 km of 46.0200, 7.7500"))
    }
}
