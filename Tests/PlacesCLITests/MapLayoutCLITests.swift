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
    static func points(_ places: [(name: String, lat: Double, lon: Double)], in runner: PlacesRunner,
                       tags: (Int) -> String? = { _ in nil }) throws -> String {
        let features = places.enumerated().map { index, place in
            "{\"type\":\"Feature\",\"properties\":{\"name\":\"\(place.name)\""
                + (tags(index).map { ",\"tags\":[\"\($0)\"]" } ?? "") + "},"
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
        // A 9 × 9 grid of pins 0.1° apart north to south, 0.25° east to west: every corner of the fitted map has pins; six tags make the
        // legend taller than the margin along the edges.
        var grid: [(name: String, lat: Double, lon: Double)] = []
        for row in 0..<9 { for column in 0..<9 { grid.append(("P\(row)\(column)", 45 + Double(row) / 10, 5 + Double(column) / 4)) } }
        let imported = try runner.run(["import", try Self.points(grid, in: runner) { "tag\($0 % 6)" }])
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

    /// The context names of an SVG map, with their text anchors.
    static func contextNames(in file: URL) throws -> [(name: String, x: Double, y: Double, fill: String)] {
        let text = "//*[local-name()='g'][@class='context']/*[local-name()='g']/*[local-name()='text']"
        let names = try xpath(text + "/text()", in: file)
        let xs = try xpath(text + "/@x", in: file).compactMap(Double.init), ys = try xpath(text + "/@y", in: file).compactMap(Double.init)
        let fills = try xpath("//*[local-name()='g'][@class='context']/*[local-name()='g'][*[local-name()='text']]/@fill", in: file)
        #expect(names.count == xs.count && names.count == ys.count && names.count == fills.count)
        return names.indices.map { (names[$0], xs[$0], ys[$0], fills[$0]) }
    }

    @Test(.enabled(if: xmllint, "needs xmllint (apt-get install libxml2-utils)"))
    func contextNamesTownsBeforeLakesAndOneNameAPlace() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let eurasia: [(name: String, lat: Double, lon: Double)] = [
            ("Red Square", 55.7539, 37.6208), ("Forbidden City", 39.9163, 116.3972), ("Lisbon Tram 28", 38.7139, -9.1334),
            ("Taj Mahal", 27.1751, 78.0421), ("Senso-ji", 35.7148, 139.7967), ("Hagia Sophia", 41.0086, 28.9802)]
        #expect(try runner.run(["import", try Self.points(eurasia, in: runner)]).status == 0)
        let file = runner.directory.appendingPathComponent("eurasia.svg")
        #expect(try runner.run(["map", "-o", file.path]).status == 0)
        let names = try Self.contextNames(in: file)
        // Towns and capitals are drawn in grey; water in blue.
        let towns = names.filter { $0.fill == "#6b7580" || $0.fill == "#4a5561" }.map(\.name)
        #expect(towns.count >= 8, "towns named: \(towns)")
        #expect(towns.contains("Berlin") && towns.contains("Tehran"), "\(towns)")
        // A city's lakes named at continent scale are lakes you can see there, not West Lake or Dal Lake.
        #expect(!names.contains { $0.name == "West Lake" || $0.name == "Dal Lake" || $0.name == "Loch Lomond" }, "\(names.map(\.name))")

        // Paris: one name for the 10th arrondissement.
        let paris = try PlacesRunner()
        defer { paris.removeAll() }
        let pins: [(name: String, lat: Double, lon: Double)] = [("Louvre", 48.8606, 2.3376), ("Gare du Nord", 48.8809, 2.3553),
                                                               ("Sacre-Coeur", 48.8867, 2.3431), ("Canal Saint-Martin", 48.8710, 2.3652)]
        #expect(try paris.run(["import", try Self.points(pins, in: paris)]).status == 0)
        let parisFile = paris.directory.appendingPathComponent("paris.svg")
        #expect(try paris.run(["map", "-o", parisFile.path]).status == 0)
        let parisNames = try Self.contextNames(in: parisFile).map(\.name)
        let tenth = parisNames.filter { $0 == "Paris 10 Entrepôt" || $0 == "Paris 10e Arrondissement" }
        #expect(tenth.count == 1, "\(parisNames)")
        let districtNumbers = parisNames.compactMap { name -> Int? in
            guard name.hasPrefix("Paris ") else { return nil }
            return Int(name.dropFirst(6).prefix { $0.isNumber })
        }
        #expect(Set(districtNumbers).count == districtNumbers.count, "a district named twice: \(parisNames)")
    }

    @Test(.enabled(if: xmllint, "needs xmllint (apt-get install libxml2-utils)"))
    func aNamedLakeIsDrawnWhereItIsNamed() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let alps: [(name: String, lat: Double, lon: Double)] = [("Bern Old Town", 46.948, 7.447), ("Zermatt", 46.020, 7.749),
                                                               ("Milan Duomo", 45.4642, 9.19), ("St. Moritz", 46.4908, 9.8355),
                                                               ("Vaduz", 47.141, 9.521)]
        #expect(try runner.run(["import", try Self.points(alps, in: runner)]).status == 0)
        let file = runner.directory.appendingPathComponent("alps.svg")
        #expect(try runner.run(["map", "-o", file.path]).status == 0)
        let lakes = try Self.contextNames(in: file).filter { $0.name.hasPrefix("Lake ") }
        #expect(lakes.contains { $0.name == "Lake Como" }, "\(lakes.map(\.name))")
        // Every ring of water as a box, from the paths filled with the sea's colour.
        let paths = try Self.xpath("//*[local-name()='path'][@fill='#dde9f0'][@fill-rule='evenodd']/@d", in: file)
        var boxes: [(minX: Double, minY: Double, maxX: Double, maxY: Double)] = []
        for d in paths {
            for ring in d.split(separator: "M") {
                let numbers = ring.split(whereSeparator: { $0 == "L" || $0 == " " || $0 == "Z" }).compactMap { Double($0) }
                let xs = stride(from: 0, to: numbers.count - 1, by: 2).map { numbers[$0] }
                let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
                if let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() { boxes.append((minX, minY, maxX, maxY)) }
            }
        }
        for lake in lakes {
            // A lake's name is centred on its point, its baseline 10 units below the box's top (6.5 below the middle).
            let (x, y) = (lake.x, lake.y - 3.5)
            #expect(boxes.contains { $0.minX - 30 <= x && x <= $0.maxX + 30 && $0.minY - 30 <= y && y <= $0.maxY + 30 },
                    "\(lake.name) is named at \(x), \(y) with no water there")
        }
    }

    @Test func namesInOtherScriptsAreWrittenInLatinInThePNG() throws {
        // The same map twice: names in a script the font lacks (Devanagari), and the Latin names the PNG
        // should fall back to.
        let native = try PlacesRunner(), latin = try PlacesRunner()
        defer { native.removeAll(); latin.removeAll() }
        for (name, fallback, at) in [("ताज महल", "Taj Mahal", "27.1751,78.0421"), ("Louvre", "Louvre", "48.8606,2.3376")] {
            _ = try native.add(name, at, ["--force"])
            _ = try latin.add(fallback, at, ["--force"])
        }
        let a = native.directory.appendingPathComponent("a.png"), b = latin.directory.appendingPathComponent("b.png")
        #expect(try native.run(["map", "-o", a.path]).status == 0)
        #expect(try latin.run(["map", "-o", b.path]).status == 0)
        #expect(try Data(contentsOf: a) == Data(contentsOf: b), "the PNG draws other names than the Latin ones")
    }

    /// Hebrew and Arabic names are drawn in their own letters: not as the Latin name, and not as `?`.
    @Test func hebrewAndArabicNamesAreDrawnAsWrittenInThePNG() throws {
        func png(_ names: [String]) throws -> Data {
            let runner = try PlacesRunner()
            defer { runner.removeAll() }
            for (name, at) in zip(names, ["31.7767,35.2345", "30.0444,31.2357"]) { _ = try runner.add(name, at, ["--force"]) }
            let file = runner.directory.appendingPathComponent("map.png")
            #expect(try runner.run(["map", "-o", file.path]).status == 0)
            return try Data(contentsOf: file)
        }
        let native = try png(["הכותל המערבי", "القاهرة"])
        #expect(native != (try png(["Western Wall", "Cairo"])), "drawn as the Latin names")
        #expect(native != (try png(["????? ??????", "???????"])), "drawn as question marks")
        // The SVG keeps every name as written too: a browser has the fonts.
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("הכותל המערבי", "31.7767,35.2345", ["--force"])
        let svg = runner.directory.appendingPathComponent("a.svg")
        #expect(try runner.run(["map", "-o", svg.path]).status == 0)
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.contains("הכותל המערבי"))
    }

    /// Greek, Cyrillic, Chinese, Japanese and Korean names are drawn in their own letters: each PNG
    /// differs from the PNG of the same pin under its Latin name.
    @Test func namesInGreekCyrillicAndCJKAreDrawnInTheirOwnLetters() throws {
        for (name, latinName, at) in [("Эрмитаж", "Ermitazh", "59.9398,30.3146"), ("Ακρόπολη", "Akropoli", "37.9715,23.7257"),
                                      ("東京タワー", "Tokyo Tower", "35.6586,139.7454"), ("경복궁", "Gyeongbokgung", "37.5796,126.9770")] {
            let native = try PlacesRunner(), latin = try PlacesRunner()
            defer { native.removeAll(); latin.removeAll() }
            _ = try native.add(name, at, ["--force"])
            _ = try latin.add(latinName, at, ["--force"])
            let a = native.directory.appendingPathComponent("a.png"), b = latin.directory.appendingPathComponent("b.png")
            #expect(try native.run(["map", "-o", a.path]).status == 0)
            #expect(try latin.run(["map", "-o", b.path]).status == 0)
            #expect(try Data(contentsOf: a) != Data(contentsOf: b), "\(name) was drawn as \(latinName)")
        }
    }
}

