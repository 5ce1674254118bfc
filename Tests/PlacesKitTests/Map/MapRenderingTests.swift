import Foundation
import Testing
@testable import PlacesKit
import PlacesTestSupport
@testable import PlacesMap

@Suite struct SVGMapRendererTests {
    @Test func svgIsWellFormedWithSizeAndViewBox() throws {
        let svg = SVGMapRenderer().render(MapSamples.europe)
        #expect(svg.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("width=\"960\""))
        #expect(svg.contains("viewBox=\"0 0 960 "))
        #expect(tagBalanceProblem(svg) == nil)
        #expect(svg.contains(">8 places</text>"))
        #expect(svg.contains("km</text>"), "a scale bar")
        #expect(svg.contains("°W</text>") || svg.contains("°E</text>"), "graticule labels")
    }

    @Test(.enabled(if: ExternalTool.available("xmllint"), "needs xmllint (apt-get install libxml2-utils)"))
    func svgPassesXmllint() throws {
        let directory = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("map.svg")
        var places = MapSamples.europe
        places.append(MapSamples.place(30, "Tom & Jerry's <\"Bar\">", 50, 10, tags: ["a&b"]))
        try Data(SVGMapRenderer().render(places).utf8).write(to: file)
        let result = try ExternalTool.run(try ExternalTool.require("xmllint"), ["--noout", file.path])
        #expect(result.status == 0, "xmllint: \(result.stderr)")
    }

    @Test func textIsEscaped() {
        let svg = SVGMapRenderer(options: MapOptions(title: "Mine & <yours>"))
            .render([MapSamples.place(31, "Tom & Jerry's <\"Bar\">", 50, 10, tags: ["a&b"])])
        #expect(svg.contains("Tom &amp; Jerry&apos;s &lt;&quot;Bar&quot;&gt;"))
        #expect(svg.contains("Mine &amp; &lt;yours&gt;"))
        #expect(svg.contains("a&amp;b (1)"))
        #expect(!svg.contains("Tom & Jerry"))
        #expect(tagBalanceProblem(svg) == nil)
    }

    @Test func pinLandsAtTheExpectedPixel() {
        // Around (0, 0): the centre of a 960 × 720 canvas.
        let options = MapOptions(showsLabels: false, filter: MapFilter(around: MapCoordinate(latitude: 0, longitude: 0), radiusKm: 500))
        let svg = SVGMapRenderer(options: options).render([
            MapSamples.place(40, "Null Island", 0, 0, visited: true),
            MapSamples.place(41, "East", 0, 2, visited: true),
        ])
        #expect(svg.contains("<circle cx=\"480\" cy=\"360\""))
        let view = MapViewport.around(MapCoordinate(latitude: 0, longitude: 0), radiusKm: 500, width: 960)
        let east = view.point(latitude: 0, longitude: 2)
        #expect(svg.contains("<circle cx=\"\(number(east.x))\" cy=\"360\""))
    }

    @Test func visitedAndWantToGoLookDifferentAndTagsGetColours() {
        let svg = SVGMapRenderer().render(MapSamples.europe)
        let palette = TagPalette(locations: MapSamples.europe)
        #expect(palette.entries.map(\.tag) == ["sights", "museums", "food", "nature"], "london is never a pin's colour: Buckingham Palace is drawn as sights")
        #expect(Set(palette.entries.map(\.color.hex)).count == palette.entries.count)
        // Visited: filled with the tag colour. Want to go: white with a coloured ring.
        #expect(svg.contains("fill=\"\(TagPalette.colors[0].hex)\" stroke=\"#ffffff\""))
        #expect(svg.contains("fill=\"#ffffff\" stroke=\"\(TagPalette.colors[0].hex)\""))
        #expect(svg.contains(">visited</text>") && svg.contains(">want to go</text>"))
        #expect(svg.contains(">sights (4)</text>"))
    }

    @Test func tagPaletteCountsEachTagOncePerPlaceInAnyCaseAndSkipsTheExcluded() {
        func place(_ tags: [String]) -> Location { Location(name: "P", latitude: 0, longitude: 0, tags: tags) }
        let places = [place(["Food", "museum"]), place(["food"]), place(["FOOD", "food"]), place(["Museum"]), place([]),
                      place(["Park"]), place(["café", "park"]), place(["CAFÉ"])]
        let palette = TagPalette(locations: places, excluding: ["PARK"])
        // food 3 places, café 2, museum 2 (café first by name); museum is the main tag of one place only.
        #expect(palette.entries.map(\.tag) == ["Food", "café", "museum"])
        #expect(palette.entries.map(\.count) == [3, 2, 1])
        #expect(palette.entries.map(\.color) == Array(TagPalette.colors.prefix(3)))
        #expect(palette.hasOther, "an untagged place and one tagged only park")
        #expect(palette.color(for: place(["MUSEUM"])) == TagPalette.colors[2])
        #expect(palette.color(for: place(["museum", "Café"])) == TagPalette.colors[1])
        #expect(palette.color(for: place(["park"])) == TagPalette.other)
        #expect(!TagPalette(locations: [place(["a"]), place(["b", "a"])]).hasOther)
    }

    @Test func antimeridianMapIsNarrowAndHasBothPins() {
        // Without context names, whose town dots are circles too.
        let svg = SVGMapRenderer(options: MapOptions(showsContext: false)).render([MapSamples.fiji, MapSamples.samoa])
        #expect(svg.contains(">180°</text>"))
        #expect(!svg.contains(">90°E</text>") && !svg.contains(">0°</text>"))
        #expect(svg.components(separatedBy: "<circle cx").count == 3)
        #expect(tagBalanceProblem(svg) == nil)
    }

    @Test func labelsCanBeTurnedOff() {
        let with = SVGMapRenderer().render(MapSamples.europe)
        let without = SVGMapRenderer(options: MapOptions(showsLabels: false)).render(MapSamples.europe)
        #expect(with.contains(">Louvre</text>"))
        #expect(!without.contains(">Louvre</text>"))
    }
}

@Suite struct LabelPlacerTests {
    @Test func labelsNeverOverlapAndStayInside() {
        // A tight cluster: some labels must move or be dropped.
        let requests = (0..<30).map { i in
            LabelPlacer.Request(x: 100 + Double(i % 6) * 9, y: 100 + Double(i / 6) * 7, pinRadius: 4, width: 60, height: 14)
        }
        let bounds = MapBox(x: 0, y: 0, width: 300, height: 250)
        let placed = LabelPlacer.place(requests, in: bounds).compactMap { $0?.box }
        #expect(!placed.isEmpty && placed.count < 30)
        for (i, a) in placed.enumerated() {
            #expect(bounds.contains(a))
            for b in placed[(i + 1)...] { #expect(!a.intersects(b)) }
        }
    }

    @Test func aLonePinGetsItsLabelOnTheRight() {
        let placed = LabelPlacer.place([LabelPlacer.Request(x: 50, y: 50, pinRadius: 5, width: 40, height: 14)],
                                       in: MapBox(x: 0, y: 0, width: 200, height: 100))
        #expect(placed[0]?.side == .right)
        #expect(placed[0]?.box == MapBox(x: 58, y: 43, width: 40, height: 14))
    }

    @Test func labelsAvoidObstacles() {
        let obstacle = MapBox(x: 55, y: 30, width: 100, height: 40)
        let placed = LabelPlacer.place([LabelPlacer.Request(x: 50, y: 50, pinRadius: 5, width: 40, height: 14)],
                                       in: MapBox(x: 0, y: 0, width: 200, height: 100), obstacles: [obstacle])
        #expect(placed[0]?.side == .left)
    }

    @Test func widthsAndShortening() {
        #expect(TerminalText.width("Café") == 4)
        #expect(TerminalText.width("東京") == 4)
        #expect(LabelPlacer.shortened("Sagrada Família de Barcelona", maximum: 10) == "Sagrada F…")
    }
}

@Suite struct TerminalMapRendererTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/map/terminal-europe-72.txt")

    /// The drawing at 72 columns, no colour. To regenerate the stored copy after an intended change:
    /// `PLACES_UPDATE_GOLDEN=1 swift test --filter TerminalMapRendererTests`, then review the diff.
    @Test func matchesTheStoredDrawing() throws {
        let drawing = TerminalMapRenderer(options: MapOptions(width: 72)).render(MapSamples.europe)
        if ProcessInfo.processInfo.environment["PLACES_UPDATE_GOLDEN"] != nil {
            // Writing the fixture is a separate step that never counts as a pass: the run that
            // wrote it fails, and the next run compares against what was written.
            try Data(drawing.utf8).write(to: Self.fixture)
            Issue.record("rewrote \(Self.fixture.lastPathComponent); check the diff and run again without PLACES_UPDATE_GOLDEN")
            return
        }
        let expected = try String(contentsOf: Self.fixture, encoding: .utf8)
        #expect(drawing == expected)
    }

    @Test func sizeAndMarks() {
        let drawing = TerminalMapRenderer(options: MapOptions(width: 60)).render(MapSamples.europe)
        let lines = drawing.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.first == "8 places")
        for line in lines where line.hasPrefix("│") || line.hasPrefix("┌") || line.hasPrefix("└") {
            #expect(TerminalText.width(String(line)) == 60)
        }
        #expect(drawing.contains("●") && drawing.contains("○"))
        #expect(drawing.contains("● visited") && drawing.contains("○ want to go"))
        #expect(!drawing.contains("\u{1B}["))
        let limited = TerminalMapRenderer(options: MapOptions(width: 200), maximumRows: 10).render(MapSamples.europe)
        #expect(limited.split(separator: "\n").filter { $0.hasPrefix("│") }.count == 10)
    }

    @Test func colourOnlyWhenAsked() {
        let drawing = TerminalMapRenderer(options: MapOptions(width: 60), usesColor: true).render(MapSamples.europe)
        #expect(drawing.contains("\u{1B}[1;38;5;\(TagPalette.colors[0].ansi256)m●"))
    }

    @Test func antimeridianInTheTerminal() {
        let drawing = TerminalMapRenderer(options: MapOptions(width: 60)).render([MapSamples.fiji, MapSamples.samoa])
        #expect(drawing.contains("180°"))
        #expect(drawing.contains("○ Suva") || drawing.contains("Suva ○"))
        #expect(drawing.contains("● Apia") || drawing.contains("Apia ●"))
    }

    @Test func brailleDots() {
        var canvas = BrailleCanvas(columns: 2, rows: 1)
        canvas.set(x: 0, y: 0)
        canvas.set(x: 3, y: 3)
        #expect(canvas.character(column: 0, row: 0) == "⠁")
        #expect(canvas.character(column: 1, row: 0) == "⢀")
        canvas.line(from: (-100, -100), to: (-50, -50))  // wholly outside: nothing drawn, no crash
        #expect(canvas.isSet(x: 0, y: 0) && !canvas.isSet(x: 1, y: 1))
    }
}
