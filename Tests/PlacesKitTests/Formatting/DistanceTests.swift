import Testing
@testable import PlacesKit

/// One distance parser and one formatter: `near`, `map --radius`, the maps' subtitles and scale
/// bars read and write distances the same way.
@Suite struct DistanceTests {
    @Test(arguments: [("25km", 25.0), ("500 m", 0.5), ("7", 7), (" 2.5 KM ", 2.5), ("1e3m", 1), ("+4km", 4)])
    func readsDistances(_ text: String, _ kilometres: Double) {
        #expect(DistanceParser.kilometres(text) == kilometres)
    }

    @Test func readsMiles() throws {
        #expect(abs(try #require(DistanceParser.kilometres("10mi")) - 16.09344) < 1e-9)
    }

    /// `Double("0x10")` is 16: `near` used to take `0x10km` as 16 km while `map` refused it.
    @Test(arguments: ["0x10km", "0x10", "-3km", "0", "far", "inf", "nan km", "infinity", "1e400km", "", "km", "1,5km"])
    func refusesWhatIsNotADistance(_ text: String) {
        #expect(DistanceParser.kilometres(text) == nil)
    }

    /// `near` printed 123.4 km as "123 km" and the maps as "123.4 km"; now both say "123 km".
    @Test(arguments: [(0.25, "250 m"), (0.5, "500 m"), (2.34, "2.3 km"), (25, "25 km"), (50, "50 km"),
                      (99.94, "99.9 km"), (123.4, "123 km"), (1234.4, "1234 km"), (2000, "2000 km")])
    func writesDistances(_ kilometres: Double, _ text: String) {
        #expect(DistanceParser.text(kilometres: kilometres) == text)
    }

    @Test func mapSubtitleAndScaleBarUseTheSameWords() {
        let filter = MapFilter(around: MapCoordinate(latitude: 1, longitude: 2), radiusKm: 123.4)
        #expect(filter.summary.hasPrefix("within 123 km of "))
        let view = MapViewport.around(MapCoordinate(latitude: 0, longitude: 0), radiusKm: 100, width: 800)
        let bar = MapScaleBar(viewport: view, maximumLength: 150)
        #expect(bar.label == DistanceParser.text(kilometres: bar.kilometres))
    }

    /// A huge distance is written, not trapped on (no conversion to `Int`).
    @Test func hugeDistancesAreWritten() {
        #expect(DistanceParser.text(kilometres: 1e20).hasSuffix(" km"))
    }
}

/// One column-width table: tables and the terminal map measure text alike.
@Suite struct ColumnWidthTests {
    /// A family emoji (three people joined by zero-width joiners) is one character two columns
    /// wide; the map used to count six.
    @Test func emojiSequencesAreTwoColumnsEverywhere() {
        let family = "👨‍👩‍👧"
        #expect(TerminalText.width(family) == 2)
        #expect(TerminalText.width("🇫🇷") == 2)
        #expect(TerminalText.width("東京") == 4)
        #expect(LabelPlacer.shortened("👨‍👩‍👧 Home sweet home", maximum: 6) == "👨‍👩‍👧 Ho…")
    }

    @Test func terminalMapFramesStayStraightAroundEmojiLabels() {
        let home = MapSamples.place(30, "👨‍👩‍👧 Home", 48.85, 2.35, visited: true)
        let drawing = TerminalMapRenderer(options: MapOptions(width: 60)).render([home, MapSamples.europe[0]])
        #expect(drawing.contains("👨‍👩‍👧 Home"))
        let framed = drawing.split(separator: "\n").filter { $0.hasPrefix("│") || $0.hasPrefix("┌") || $0.hasPrefix("└") }
        #expect(framed.count > 10)
        for line in framed { #expect(TerminalText.width(String(line)) == 60, "\(line)") }
    }
}
