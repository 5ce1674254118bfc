import Foundation
import Testing

/// `places browse` in tmux beyond the keyboard: the mouse (SGR reports), a non-UTF-8 locale, and an
/// added region's streets at street level.
@Suite(.enabled(if: ExternalTool.available("tmux"), "needs tmux"))
struct BrowseInputCLITests {
    /// Where a character is on the screen (zero-based column and row), each one column wide.
    static func cells(of glyph: Character, in screen: String) -> [(column: Int, row: Int)] {
        screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { row, line in
            line.enumerated().filter { $0.element == glyph }.map { (column: $0.offset, row: row) }
        }
    }

    /// An SGR mouse report (`CSI < b ; x ; y M`, one-based), sent as raw bytes.
    static func mouse(_ terminal: BrowseTerminal, button: Int, column: Int, row: Int, release: Bool = false) throws {
        let report = "\u{1B}[<\(button);\(column + 1);\(row + 1)\(release ? "m" : "M")"
        try terminal.tmux(["send-keys", "-H"] + report.utf8.map { String($0, radix: 16) })
    }

    @Test func wheelZoomsAboutThePointerAndDragPans() throws {
        try BrowseTerminal.withVienna { _, terminal, first in
            // The map is 120 − 31 columns wide (the side list, which has ○ of its own, is right of it).
            let mapColumns = 89
            func pins(_ screen: String) -> [(column: Int, row: Int)] { Self.cells(of: "○", in: screen).filter { $0.column < mapColumns } }
            // Schönbrunn is the westernmost place: the leftmost ○ (Café Sacher's is east of it).
            let pin = try #require(pins(first).min { $0.column < $1.column })
            // One notch up over Schönbrunn: twice as close about that cell, so Schönbrunn stays within
            // two cells of it and the others, 60 and more columns east, leave the view. (One notch, so
            // the screen waited for is the last one, not one between notches.)
            try Self.mouse(terminal, button: 64, column: pin.column, row: pin.row)
            let close = try terminal.waitFor("the zoom about Schönbrunn") { $0.contains(" 1 in view") && $0.contains("Schönbrunn") }
            let zoomedPin = try #require(pins(close).first)
            #expect(abs(zoomedPin.column - pin.column) <= 2 && abs(zoomedPin.row - pin.row) <= 2, "\(pin) went to \(zoomedPin)")

            // A drag of 12 columns right and 3 rows down moves the map, and the pin, with the pointer.
            let from = (column: 20, row: 10)
            try Self.mouse(terminal, button: 0, column: from.column, row: from.row)
            try Self.mouse(terminal, button: 32, column: from.column + 6, row: from.row + 1)
            try Self.mouse(terminal, button: 32, column: from.column + 12, row: from.row + 3)
            try Self.mouse(terminal, button: 0, column: from.column + 12, row: from.row + 3, release: true)
            let dragged = try terminal.waitFor("the pin moved by the drag") { screen in
                pins(screen).contains { $0.column == zoomedPin.column + 12 && $0.row == zoomedPin.row + 3 }
            }
            #expect(dragged.contains(" 1 in view"))

            // Wheel down: every place is back in view.
            for _ in 0..<2 { try Self.mouse(terminal, button: 65, column: 40, row: 15) }
            try terminal.waitFor("every place back in view") { $0.contains(" 3 in view") }
            try terminal.send("q")
            let end = try terminal.ended()
            #expect(end.status == "0")
            #expect(end.before == end.after)    }
        }

        @Test func asciiLocaleWritesNothingButASCII() throws {
            try BrowseTerminal.withVienna(environment: { _ in ["LANG": "C"] }) { _, terminal, first in
            var screens = [first]
            try terminal.send("Tab")
            screens.append(try terminal.waitFor("a place selected") { $0.contains("(1 of 3 in view)") })
            try terminal.send("?")
            screens.append(try terminal.waitFor("the keys") { $0.contains("Keys (any key closes)") })
            try terminal.send("Escape")
            try terminal.send("/")
            try terminal.send("Wien", literal: true)
            screens.append(try terminal.waitFor("the search results") { $0.contains("Search: Wien_") && $0.contains("Austria") })
            try terminal.send("Escape")
            try terminal.send("a")
            screens.append(try terminal.waitFor("the add form") { $0.contains("Add a place at") })
            for screen in screens {
                let foreign = screen.unicodeScalars.filter { !$0.isASCII }
                #expect(foreign.isEmpty, "not ASCII: \(String(String.UnicodeScalarView(foreign)))\n\(screen)")
            }
            // Names are shown with ? for what ASCII lacks; pins as * (visited) and o.
            #expect(screens[0].contains("Sch?nbrunn") && screens[0].contains("Caf? Sacher"))
            #expect(screens[0].contains("*") && screens[0].contains("o "))
            try terminal.send("Escape")
            try terminal.send("q")
            #expect(try terminal.ended().status == "0")    }
        }

        @Test func regionStreetsAndTheirNamesAtStreetLevel() throws {
            let with = try RegionMapCLITests.monacoRunner(region: true), without = try RegionMapCLITests.monacoRunner(region: false)
            defer { with.removeAll(); without.removeAll() }
            func dotCells(_ text: String) -> Int { text.unicodeScalars.filter { (0x2801...0x28FF).contains($0.value) }.count }
            var drawn: [String] = []
            for (index, runner) in [with, without].enumerated() {
                let terminal = try BrowseTerminal(runner, arguments: RegionMapCLITests.around + ["--no-context"])
                defer { terminal.close() }
                // The status line is the last row a frame writes: with it, the whole frame is there.
                drawn.append(try terminal.waitFor("the first frame") { $0.contains("3 in view") && $0.contains("shows every key") })
                if index == 0 {
                    // A street of the region found by name, flown to, and named at the crosshair.
                    try terminal.send("/")
                    try terminal.send("Rue Grimaldi", literal: true)
                    try terminal.waitFor("the street among the results") { $0.contains(">   Rue Grimaldi") }
                    try terminal.send("Enter")
                    let there = try terminal.waitFor("the view over the street") { $0.contains("43.73") && $0.contains("7.41") }
                    let status = there.split(separator: "\n").last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
                    #expect(status.contains("Rue Grimaldi"), "status line: \(status)")
                }
                try terminal.send("q")
                #expect(try terminal.ended().status == "0")
            }
            // The streets fill hundreds of cells more than the outlines alone, with their credit.
            #expect(dotCells(drawn[0]) > dotCells(drawn[1]) + 300, "with the region \(dotCells(drawn[0])) cells, without \(dotCells(drawn[1]))")
            #expect(drawn[0].contains("© OpenStreetMap contributors"))
            #expect(!drawn[1].contains("OpenStreetMap"))
        }
    }
