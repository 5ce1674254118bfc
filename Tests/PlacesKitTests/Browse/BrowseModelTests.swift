import Foundation
import PlacesTerminal
import PlacesTestSupport
import Testing
@testable import PlacesKit
@testable import PlacesMap

/// `places browse` without a terminal: keys in, view and journal out.
@Suite struct BrowseModelTests {
    /// A journal in a fresh directory with a few places in Vienna, and a model over it at 100 × 30 cells.
    private func model(_ places: [Location]? = nil) throws -> (BrowseModel, JournalStore, URL) {
        let dir = try makeTestDirectory()
        let store = JournalStore(path: dir.appendingPathComponent("places.json").path)
        for place in places ?? [
            Location(name: "Café Sacher", latitude: 48.2038, longitude: 16.3699, tags: ["food"]),
            Location(name: "Stephansdom", latitude: 48.2085, longitude: 16.3731, visited: Date(timeIntervalSince1970: 1_700_000_000)),
            Location(name: "Schönbrunn", latitude: 48.1845, longitude: 16.3122),
        ] { try store.add(place) }
        let journal = try BrowseJournal(store: store)
        let resolver = { (query: String) in PlaceResolver(gazetteer: .bundled, journal: journal.places).candidates(for: query, limit: 8).candidates }
        let model = BrowseModel(journal: journal, view: BrowseView(centreX: 0.5, centreY: 0.5, unitsPerDot: 1.0 / 200),
                                searcher: resolver, nearestTown: { _ in "Testville" },
                                today: { VisitDate(journalText: "2025-06-01")! })
        model.mapColumns = 100
        model.mapRows = 30
        model.showAll()
        return (model, store, dir)
    }

    private func type(_ text: String, into model: BrowseModel) {
        for character in text { _ = model.handle(.character(character)) }
    }

    @Test func showAllPanAndZoom() throws {
        let (model, _, dir) = try model()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(model.placesInView().count == 3)
        let start = model.view
        _ = model.handle(.character("+"))
        #expect(abs(model.view.unitsPerDot - start.unitsPerDot / 2) < 1e-15)
        _ = model.handle(.right)
        #expect(model.view.centreX > start.centreX)
        _ = model.handle(.character("k"))
        #expect(model.view.centreY < start.centreY)
        // Two views' widths east: the fitted view has pins out to its edges.
        for _ in 0..<16 { _ = model.handle(.character("l")) }
        #expect(model.placesInView().isEmpty)
        _ = model.handle(.character("0"))
        #expect(model.placesInView().count == 3)
        // The wheel zooms about the pointer: the point under it stays put.
        let v = model.viewport
        // The pointer at cell (4, 2) is the dot (9, 10): the middle of that cell.
        let before = (x: v.minX + 9.0 / v.scale, y: v.minY + 10.0 / v.scale)
        _ = model.handle(.mouse(MouseEvent(kind: .wheelUp, button: 0, column: 4, row: 2)))
        let after = model.viewport
        let now = (x: after.minX + 9.0 / after.scale, y: after.minY + 10.0 / after.scale)
        #expect(abs(now.x - before.x) < 1e-9 && abs(now.y - before.y) < 1e-9)
        // A drag pans by the cells moved.
        let centre = model.view.centreX
        _ = model.handle(.mouse(MouseEvent(kind: .press, button: 0, column: 20, row: 10)))
        _ = model.handle(.mouse(MouseEvent(kind: .drag, button: 0, column: 10, row: 10)))
        #expect(abs(model.view.centreX - (centre + 20 * model.view.unitsPerDot)) < 1e-12)
    }

    @Test func tabSelectsNearestTheCentreFirstAndCycles() throws {
        let (model, _, dir) = try model()
        defer { try? FileManager.default.removeItem(at: dir) }
        let order = model.placesInView().map(\.id)
        _ = model.handle(.tab)
        #expect(model.selection == order[0])
        _ = model.handle(.tab)
        #expect(model.selection == order[1])
        _ = model.handle(.backTab)
        _ = model.handle(.backTab)
        #expect(model.selection == order[2])
        _ = model.handle(.enter)
        #expect(model.mode == .details)
        _ = model.handle(.escape)
        #expect(model.mode == .map)
    }

    @Test func searchFliesToATownAndAddSavesThere() throws {
        let (model, store, dir) = try model()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = model.handle(.character("/"))
        type("Kotka", into: model)
        #expect(model.search.results.first?.name == "Kotka")
        _ = model.handle(.enter)
        #expect(model.mode == .map)
        #expect(abs(model.view.centre.latitude - 60.47) < 0.05 && abs(model.view.centre.longitude - 26.95) < 0.05)
        #expect(model.mark?.name == "Kotka")
        _ = model.handle(.character("a"))
        #expect(model.form?.name == "Kotka")
        _ = model.handle(.tab)
        _ = model.handle(.tab)
        type("harbour, Finland", into: model)
        _ = model.handle(.enter)
        let saved = try #require(try store.load().first { $0.name == "Kotka" })
        #expect(saved.tags == ["harbour", "finland"] || saved.tags == ["harbour", "Finland"])
        #expect(abs(saved.latitude - model.view.centre.latitude) < 1e-6)
        #expect(model.status == "Added Kotka")
        #expect(model.selection == saved.id)
    }

    @Test func addAtTheCrosshairIsNamedForTheNearestTown() throws {
        let (model, store, dir) = try model()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = model.handle(.character("a"))
        #expect(model.form?.name == "Near Testville")
        _ = model.handle(.escape)
        #expect(try store.load().count == 3)
    }

    @Test func editVisitRemoveAndUndoEachReachTheJournal() throws {
        let (model, store, dir) = try model()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = model.handle(.tab)
        let id = try #require(model.selection)
        _ = model.handle(.character("e"))
        for _ in 0..<40 { _ = model.handle(.backspace) }
        type("Renamed", into: model)
        _ = model.handle(.enter)
        #expect(try #require(try store.load().first { $0.id == id }).name == "Renamed")
        _ = model.handle(.character("v"))
        #expect(try #require(try store.load().first { $0.id == id }).visits.contains { $0.date.journalText == "2025-06-01" })
        _ = model.handle(.character("d"))
        _ = model.handle(.character("n"))
        #expect(try store.load().count == 3)
        _ = model.handle(.character("d"))
        _ = model.handle(.character("y"))
        #expect(try store.load().count == 2)
        _ = model.handle(.character("u"))
        #expect(try store.load().count == 3)
        _ = model.handle(.character("u"))
        #expect(try #require(try store.load().first { $0.id == id }).visits.allSatisfy { $0.date.journalText != "2025-06-01" })
        _ = model.handle(.character("u"))
        #expect(try #require(try store.load().first { $0.id == id }).name != "Renamed")
        _ = model.handle(.character("u"))
        #expect(model.status == "Nothing to undo in this session")
    }

    @Test func descriptionsAreReadForDetailsAndFormsAndKeptByAnEdit() throws {
        let (model, store, dir) = try model([
            Location(name: "Café Sacher", description: "Torte\nsince 1832", latitude: 48.2038, longitude: 16.3699),
            Location(name: "Stephansdom", description: "Tower", latitude: 48.2085, longitude: 16.3731),
        ])
        defer { try? FileManager.default.removeItem(at: dir) }
        // The map's places are read without them.
        #expect(model.journal.places.allSatisfy { $0.description.isEmpty })
        _ = model.handle(.tab)
        let id = try #require(model.selection)
        let written = try #require(try store.load().first { $0.id == id }).description
        #expect(try model.journal.place(id)?.description == written)
        _ = model.handle(.enter)
        let drawer = BrowseScreen(usesColor: false, ascii: false, options: MapOptions(showsContext: false),
                                  whereText: { _ in "" }, contextNames: { _ in [] })
        var screen = ScreenBuffer(columns: 100, rows: 30)
        drawer.draw(model, into: &screen)
        let text = (0..<screen.rows).map { row in (0..<screen.columns).map { screen[$0, row].text }.joined() }.joined(separator: "\n")
        #expect(text.contains(String(written.split(separator: "\n")[0])))
        _ = model.handle(.escape)
        _ = model.handle(.character("e"))
        #expect(model.form?.description == written)
        type("!", into: model)
        _ = model.handle(.enter)
        let saved = try #require(try store.load().first { $0.id == id })
        #expect(saved.name.contains("!") && saved.description == written)
        // Another change: the full read is of the journal as it is now.
        try JournalStore(path: store.path).update(id) { $0.description = "Changed elsewhere" }
        _ = model.tick()
        #expect(try model.journal.place(id)?.description == "Changed elsewhere")
    }

    @Test func theFrameThatAddsTheNamesEqualsOneDrawnWithThemAtOnce() throws {
        let (model, _, dir) = try model()
        defer { try? FileManager.default.removeItem(at: dir) }
        let names = [(48.21, 16.33), (48.19, 16.345), (48.2, 16.36)].map { MapContextLabel(name: "Testsee", latitude: $0.0, longitude: $0.1, style: .water) }
        func drawer() -> BrowseScreen {
            BrowseScreen(usesColor: true, ascii: false, options: MapOptions(showsContext: true),
                         whereText: { _ in "In Austria (AT)" }, contextNames: { _ in names })
        }
        let twice = drawer()
        var first = ScreenBuffer(columns: 131, rows: 31)
        twice.draw(model, into: &first, quick: true)
        #expect(twice.leftOut)
        let quick = first.content
        twice.draw(model, into: &first)
        var once = ScreenBuffer(columns: 131, rows: 31)
        drawer().draw(model, into: &once)
        #expect(first.content == once.content)
        // The map's rows, left of the side list.
        func map(_ cells: [ScreenCell]) -> String { (0..<30).map { cells[($0 * 131)..<($0 * 131 + 100)].map(\.text).joined() }.joined() }
        #expect(!map(quick).contains("Testsee") && map(first.content).contains("Testsee"))
    }

    @Test func undoLeavesAPlaceChangedElsewhereAlone() throws {
        let (model, store, dir) = try model()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = model.handle(.tab)
        let id = try #require(model.selection)
        _ = model.handle(.character("v"))
        // Another process renames it.
        try JournalStore(path: store.path).update(id) { $0.name = "Theirs" }
        _ = model.handle(.character("u"))
        #expect(model.status.hasPrefix("Not undone"))
        #expect(try #require(try store.load().first { $0.id == id }).name == "Theirs")
        #expect(try #require(try store.load().first { $0.id == id }).visits.contains { $0.date.journalText == "2025-06-01" })
    }

    @Test func aBadFormWritesNothingAndSaysWhy() throws {
        let (model, store, dir) = try model()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        _ = model.handle(.character("a"))
        for _ in 0..<40 { _ = model.handle(.backspace) }
        _ = model.handle(.enter)
        #expect(model.mode == .form)
        #expect(model.form?.problem?.contains("name") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
    }

    @Test func anotherProcessChangingTheJournalIsReadIn() throws {
        let (model, store, dir) = try model()
        defer { try? FileManager.default.removeItem(at: dir) }
        #expect(model.tick() == false)
        try JournalStore(path: store.path).add(Location(name: "Hofburg", latitude: 48.2066, longitude: 16.3655))
        #expect(model.tick())
        #expect(model.journal.places.contains { $0.name == "Hofburg" })
        #expect(model.placesInView().contains { $0.name == "Hofburg" })
    }

    @Test func filterByTagAndVisited() throws {
        let (model, _, dir) = try model()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = model.handle(.character("f"))
        type("food", into: model)
        _ = model.handle(.enter)
        #expect(model.placesInView().map(\.name) == ["Café Sacher"])
        _ = model.handle(.character("f"))
        type("visited", into: model)
        _ = model.handle(.enter)
        #expect(model.placesInView().map(\.name) == ["Stephansdom"] || model.filter.tags == ["food"] && model.placesInView().isEmpty)
        _ = model.handle(.character("f"))
        _ = model.handle(.enter)
        #expect(model.placesInView().count == 3)
    }

    @Test func screenShowsPinsNamesStatusAndHonoursNoColorAndASCII() throws {
        let (model, _, dir) = try model()
        defer { try? FileManager.default.removeItem(at: dir) }
        func draw(color: Bool, ascii: Bool) -> ScreenBuffer {
            let drawer = BrowseScreen(usesColor: color, ascii: ascii, options: MapOptions(showsContext: false),
                                      whereText: { _ in "In Austria (AT)" }, contextNames: { _ in [] })
            var screen = ScreenBuffer(columns: 131, rows: 31)
            drawer.draw(model, into: &screen)
            return screen
        }
        func text(_ screen: ScreenBuffer) -> String {
            (0..<screen.rows).map { row in (0..<screen.columns).map { screen[$0, row].text }.joined() }.joined(separator: "\n")
        }
        let colour = draw(color: true, ascii: false)
        let shown = text(colour)
        #expect(shown.contains("Stephansdom") && shown.contains("Schönbrunn"))
        #expect(shown.contains("●") && shown.contains("○"))
        #expect(shown.contains("3 in view") && shown.contains("In Austria (AT)"))
        let plain = draw(color: false, ascii: false)
        #expect((0..<plain.rows).allSatisfy { row in (0..<plain.columns).allSatisfy { plain[$0, row].style.foreground == nil } })
        let ascii = text(draw(color: true, ascii: true))
        #expect(ascii.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(ascii.contains("Sch?nbrunn") && ascii.contains("*"))
    }

    @Test func formFieldCursorMovesInsertsAndDeletesInTheMiddle() throws {
        let (model, _, dir) = try model()
        defer { try? FileManager.default.removeItem(at: dir) }
        _ = model.handle(.character("a"))
        #expect(model.form?.name == "Near Testville" && model.form?.cursor == 14)
        // Home, two right, then "a" goes in after "Ne"; Delete takes the "a" of "Near" after it.
        _ = model.handle(.home)
        _ = model.handle(.right)
        _ = model.handle(.right)
        type("X", into: model)
        #expect(model.form?.name == "NeXar Testville" && model.form?.cursor == 3)
        _ = model.handle(.delete)
        #expect(model.form?.name == "NeXr Testville")
        _ = model.handle(.backspace)
        #expect(model.form?.name == "Ner Testville" && model.form?.cursor == 2)
        // Left stops at the start, right and End at the end; a paste goes in at the cursor.
        for _ in 0..<5 { _ = model.handle(.left) }
        _ = model.handle(.backspace)
        #expect(model.form?.name == "Ner Testville" && model.form?.cursor == 0)
        _ = model.handle(.paste("Ö "))
        #expect(model.form?.name == "Ö Ner Testville" && model.form?.cursor == 2)
        _ = model.handle(.end)
        _ = model.handle(.delete)
        for _ in 0..<3 { _ = model.handle(.right) }
        type("!", into: model)
        #expect(model.form?.name == "Ö Ner Testville!")
        // Another field gets the cursor at its end, and its own text.
        _ = model.handle(.tab)
        type("quiet", into: model)
        _ = model.handle(.left)
        _ = model.handle(.left)
        type("-", into: model)
        #expect(model.form?.description == "qui-et" && model.form?.name == "Ö Ner Testville!")

        // The form shows the cursor where the next character goes.
        let drawer = BrowseScreen(usesColor: false, ascii: false, options: MapOptions(showsContext: false),
                                  whereText: { _ in "" }, contextNames: { _ in [] })
        var screen = ScreenBuffer(columns: 131, rows: 31)
        drawer.draw(model, into: &screen)
        let lines = (0..<screen.rows).map { row in (0..<screen.columns).map { screen[$0, row].text }.joined() }
        #expect(lines.contains { $0.contains("> Description qui-▏et") }, "\(lines.joined(separator: "\n"))")
    }
}
