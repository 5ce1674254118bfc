import PlacesTerminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore
import PlacesGeo
import PlacesMap

/// Draws a ``BrowseModel`` into a ``ScreenBuffer``: the map (outlines, a region's streets, context
/// names, pins and their names, the search mark, the crosshair, a scale bar), the side list from 100
/// columns, the status line and whichever panel is open.
public final class BrowseScreen {
    /// Whether colours are used (a terminal, `NO_COLOR` unset); emphasis and reversal stay without.
    public let usesColor: Bool
    /// Whether to draw in ASCII only (a locale that is not UTF-8).
    public let ascii: Bool
    /// Map options: context names on or off, the region packs.
    public let options: MapOptions
    /// What `where` says about a point, one line.
    let whereText: (MapCoordinate) -> String
    /// The gazetteer's names for a view.
    let contextNames: (MapViewport) -> [MapContextLabel]
    private var contextCache: [(unitsPerDot: Double, area: MapViewport, labels: [MapContextLabel])] = []
    var whereCache: (MapCoordinate, String)?
    /// The map as last drawn and what it was drawn from: a key that changes nothing on the map (a
    /// letter typed into the search line) puts it back instead of drawing it again.
    private var mapLayer: (key: MapKey, cells: [ScreenCell], inView: BrowseModel.PlacesInView)?
    /// The map of a frame that left the gazetteer's names out (the first), before they would have
    /// gone on: the frame that adds them draws only them.
    private var unnamed: (key: MapKey, cells: [ScreenCell], taken: [Bool], hasRegionShapes: Bool)?
    /// The base outlines last decoded, for the next pan of a view wider than the world.
    private let outlines = OutlineCache()
    /// The view and size last drawn, to tell the screen when the map only moved (a pan).
    private var lastDrawn: (view: BrowseView, columns: Int, rows: Int)?

    /// Everything the map's drawing depends on.
    private struct MapKey: Equatable {
        var generation: Int, filter: MapFilter, view: BrowseView, columns: Int, rows: Int
        var selection: UUID?, mark: BrowseModel.Mark?
    }

    /// The side list's width, shown from ``sideListFromColumns`` columns.
    static let sideListWidth = 30
    static let sideListFromColumns = 100
    /// The most place names written on the map, nearest the centre first.
    static let mostLabels = 150

    enum Palette {
        static let outline = CellStyle(foreground: 109), street = CellStyle(foreground: 180)
        static let context = CellStyle(foreground: 244, dim: true), crosshair = CellStyle(foreground: 160, bold: true)
        static let mark = CellStyle(foreground: 196, bold: true), frame = CellStyle(foreground: 244)
        static let status = CellStyle(reverse: true), selected = CellStyle(bold: true, reverse: true)
    }

    public init(usesColor: Bool, ascii: Bool, options: MapOptions,
                whereText: @escaping (MapCoordinate) -> String,
                contextNames: @escaping (MapViewport) -> [MapContextLabel]) {
        self.usesColor = usesColor
        self.ascii = ascii
        self.options = options
        self.whereText = whereText
        self.contextNames = contextNames
    }

    /// The map's size in cells for a terminal of this size.
    public static func mapSize(columns: Int, rows: Int) -> (columns: Int, rows: Int) {
        let list = columns >= sideListFromColumns ? sideListWidth + 1 : 0
        return (max(columns - list, 10), max(rows - 1, 3))
    }

    private func style(_ style: CellStyle) -> CellStyle { usesColor ? style : style.withoutColor }

    /// Text as drawn: only ASCII in an ASCII locale, never control characters.
    func shown(_ text: String) -> String {
        let visible = TerminalText.visible(text)
        return ascii ? Self.asciiOnly(visible) : visible
    }

    /// The few signs browse writes itself in their ASCII forms; any other character becomes `?`.
    static func asciiOnly(_ text: String) -> String {
        let signs: [Unicode.Scalar: Unicode.Scalar] = ["·": "|", "—": "-", "↑": "^", "↓": "v", "←": "<", "→": ">", "▏": "_", "●": "*", "○": "o", "…": "~"]
        return String(String.UnicodeScalarView(text.unicodeScalars.map { $0.isASCII ? $0 : signs[$0] ?? "?" }))
    }

    /// Whether the last ``draw(_:into:quick:)`` left the gazetteer's names or what is at the
    /// crosshair out: another draw without `quick` adds them.
    public internal(set) var leftOut = false

    /// Draws the whole screen.
    /// - Parameter quick: leave out the gazetteer's names when they are not at hand (a search of
    ///   the whole world's towns), so the first frame shows at once; ``leftOut`` tells.
    public func draw(_ model: BrowseModel, into screen: inout ScreenBuffer, quick: Bool = false) {
        leftOut = false
        let size = Self.mapSize(columns: screen.columns, rows: screen.rows)
        model.mapColumns = size.columns
        model.mapRows = size.rows
        let key = MapKey(generation: model.journal.generation, filter: model.filter, view: model.view, columns: screen.columns,
                         rows: screen.rows, selection: model.selection, mark: model.mark)
        let inView: BrowseModel.PlacesInView
        if let layer = mapLayer, layer.key == key {
            screen.restore(layer.cells)
            inView = layer.inView
        } else {
            screen.clear()
            inView = drawMap(model, key: key, into: &screen, columns: size.columns, rows: size.rows, quick: quick)
            mapLayer = leftOut ? nil : (key, screen.content, inView)
            scrollIfPanned(model, into: &screen, columns: size.columns, rows: size.rows)
        }
        if screen.columns >= Self.sideListFromColumns {
            drawSideList(model, inView.prefix(max(screen.rows - 3, 0)), count: inView.count, into: &screen, from: size.columns)
        }
        drawStatus(model, inView: inView.count, quick: quick, into: &screen)
        drawPanel(model, into: &screen, columns: size.columns, rows: size.rows)
    }

    /// A pan moves the map by whole cells: the screen is told, so it scrolls what the terminal shows
    /// rather than writing every cell again.
    private func scrollIfPanned(_ model: BrowseModel, into screen: inout ScreenBuffer, columns: Int, rows: Int) {
        defer { lastDrawn = (model.view, screen.columns, screen.rows) }
        guard let last = lastDrawn, last.columns == screen.columns, last.rows == screen.rows,
              last.view.unitsPerDot == model.view.unitsPerDot else { return }
        // Whole turns of the world do not move the map.
        var dx = model.view.centreX - last.view.centreX
        dx -= dx.rounded()
        let dots = (x: dx / model.view.unitsPerDot, y: (model.view.centreY - last.view.centreY) / model.view.unitsPerDot)
        let cells = (x: (dots.x / 2).rounded(), y: (dots.y / 4).rounded())
        guard abs(dots.x - cells.x * 2) < 1e-3, abs(dots.y - cells.y * 4) < 1e-3, cells.x != 0 || cells.y != 0 else { return }
        // The view moving east moves the map west. The scale bar's row moves with the rest and is
        // written again where it differs.
        screen.shift(columns: 0..<columns, rows: 0..<rows, byColumns: -Int(cells.x), rows: -Int(cells.y))
    }

    // MARK: - The map

    private func drawMap(_ model: BrowseModel, key: MapKey, into screen: inout ScreenBuffer, columns: Int, rows: Int,
                         quick: Bool) -> BrowseModel.PlacesInView {
        let viewport = model.viewport
        let found = model.inView()
        var taken = [Bool](repeating: false, count: columns * rows)
        // Marks the cells `width` wide from `column` on `row` as taken, those inside the map.
        // - Returns: false when the row is outside the map (nothing is drawn there).
        func claim(column: Int, row: Int, width: Int) -> Bool {
            guard row >= 0, row < rows else { return false }
            let start = max(column, 0), end = min(column + width, columns)
            if start < end { for c in start..<end { taken[row * columns + c] = true } }
            return true
        }
        func put(_ text: String, column: Int, row: Int, _ cellStyle: CellStyle) {
            let width = TerminalText.width(text)
            guard claim(column: column, row: row, width: width) else { return }
            // Text never runs past the map's edge into the side list.
            screen.put(column + width > columns ? TerminalText.truncate(text, toWidth: max(columns - column, 0)) : text,
                       column: column, row: row, style: style(cellStyle))
        }
        // A pin is one character one column wide: set as a cell, without measuring it as text
        // (with every place in view that is thousands of pins a frame).
        func putPin(_ cell: ScreenCell, column: Int, row: Int) {
            guard column >= 0, column < columns, claim(column: column, row: row, width: 1) else { return }
            screen.set(column: column, row: row, cell)
        }
        func isFree(_ column: Int, _ row: Int, width: Int) -> Bool {
            guard row >= 0, row < rows, column >= 0, column + width <= columns else { return false }
            return !(column..<(column + width)).contains { taken[row * columns + $0] }
        }

        let hasRegionShapes: Bool
        if let base = unnamed, base.key == key {
            // The frame before left the gazetteer's names out: its map is put back and they go on it.
            screen.restore(base.cells)
            taken = base.taken
            hasRegionShapes = base.hasRegionShapes
        } else {
            // The scene holds every shown place; the pins are those in view (`found.order`).
            let scene = MapScene(locations: found.shown, options: options, viewport: viewport, palette: model.shown().palette)
            let layers = TerminalMapLayers(scene: scene, columns: columns, rows: rows, decoded: outlines)
            for row in 0..<rows {
                for column in 0..<columns {
                    if let dots = layers.outlines.character(column: column, row: row) {
                        screen.set(column: column, row: row, ScreenCell(ascii ? "." : String(dots), style: style(Palette.outline)))
                    } else if let dots = layers.streets.character(column: column, row: row) {
                        screen.set(column: column, row: row, ScreenCell(ascii ? ":" : String(dots), style: style(Palette.street)))
                    }
                }
            }

            // Pins first, so no name covers one.
            // The model projected each place once; a cell is two dots across and four down.
            let cells = found.points.map { (column: Int($0.x / 2), row: Int($0.y / 4)) }
            let glyphs = (selected: ascii ? "@" : "◉", visited: ascii ? "*" : "●", planned: ascii ? "o" : "○")
            for pin in layers.pins(scene, cells: cells, places: found.order) {
                let isSelected = model.selection != nil && scene.locations[pin.index].id == model.selection
                let glyph = isSelected ? glyphs.selected : pin.visited ? glyphs.visited : glyphs.planned
                putPin(ScreenCell(glyph, style: style(isSelected ? Palette.selected : CellStyle(foreground: UInt8(pin.color.ansi256), bold: true))),
                       column: pin.column, row: pin.row)
            }
            if let selected = model.selected, found.order.contains(where: { found.shown[$0].id == selected.id }) {
                // Where pins share a cell the selected one shows.
                let p = viewport.point(latitude: selected.latitude, longitude: selected.longitude)
                put(ascii ? "@" : "◉", column: Int(p.x / 2), row: Int(p.y / 4), Palette.selected)
            }
            if let mark = model.mark {
                let p = viewport.point(mark.coordinate)
                if p.x >= 0, p.y >= 0, p.x < viewport.width, p.y < viewport.height {
                    put(ascii ? "+" : "✚", column: Int(p.x / 2), row: Int(p.y / 4), Palette.mark)
                }
            }
            // The crosshair, unless a pin is there.
            if isFree(columns / 2, rows / 2, width: 1) { put(ascii ? "x" : "┼", column: columns / 2, row: rows / 2, Palette.crosshair) }

            // Names of the places nearest the centre, placed around their pins.
            if options.showsLabels {
                let labelled = found.prefix(Self.mostLabels)
                let names = labelled.map { shown(LabelPlacer.shortened(TerminalText.visible($0.name.trimmed), maximum: 20)) }
                let requests = zip(found.points, names).map { p, name -> LabelPlacer.Request in
                    LabelPlacer.Request(x: Double(Int(p.x / 2)) + 0.5, y: Double(Int(p.y / 4)) + 0.5, pinRadius: 0.5,
                                               width: Double(TerminalText.width(name) + 1), height: 1)
                }
                let placements = LabelPlacer.place(requests, in: MapBox(x: 0, y: 0, width: Double(columns), height: Double(rows)), gap: 0.5)
                for (place, (name, placement)) in zip(labelled, zip(names, placements)) {
                    guard let placement else { continue }
                    let column = Int(saturating: (placement.box.x + 0.5).rounded(.down)), row = Int(saturating: placement.box.y.rounded())
                    guard isFree(column, row, width: TerminalText.width(name)) else { continue }
                    put(name, column: column, row: row, place.id == model.selection ? CellStyle(bold: true, underline: true) : .plain)
                }
            }
            hasRegionShapes = layers.hasRegionShapes
        }
        unnamed = nil
        // The gazetteer's names where there is room, most important first.
        if options.showsContext {
            let labels = context(for: viewport, unitsPerDot: model.view.unitsPerDot, quick: quick)
            if labels == nil {
                leftOut = true
                unnamed = (key, screen.content, taken, hasRegionShapes)
            }
            for label in labels ?? [] {
                let p = viewport.point(latitude: label.latitude, longitude: label.longitude)
                let name = shown(label.name)
                let width = TerminalText.width(name)
                let column = Int(p.x / 2) - width / 2, row = Int(p.y / 4)
                guard isFree(column - 1, row, width: width + 2) else { continue }
                put(name, column: column, row: row, Palette.context)
            }
        }
        // A scale bar in the bottom-left corner.
        let bar = MapScaleBar(viewport: viewport, maximumLength: Double(min(columns, 60)) / 3 * 2)
        let barCells = max(Int(saturating: (bar.length / 2).rounded()), 2)
        let barText = (ascii ? "|" + String(repeating: "-", count: barCells - 2) + "|" : "├" + String(repeating: "─", count: barCells - 2) + "┤") + " " + bar.label
        put(barText, column: 1, row: rows - 1, Palette.frame)
        if hasRegionShapes {
            let credit = RegionPack.mapCredit
            put(credit, column: columns - TerminalText.width(credit) - 1, row: rows - 1, Palette.context)
        }
        return found
    }

    /// The context names for a view: the gazetteer is asked for an area three views wide, kept for
    /// the last few zooms, so a pan or a zoom back costs no search.
    /// - Returns: `nil` when `quick` and the names are not at hand.
    private func context(for viewport: MapViewport, unitsPerDot: Double, quick: Bool) -> [MapContextLabel]? {
        // The world ends at y 0 and 1, and an area a turn wide holds every longitude.
        let top = max(viewport.minY, 0), bottom = min(viewport.maxY, 1)
        if let hit = contextCache.first(where: { $0.unitsPerDot == unitsPerDot && $0.area.minY <= top && $0.area.maxY >= bottom
            && ($0.area.maxX - $0.area.minX >= 1 || ($0.area.minX <= viewport.minX && $0.area.maxX >= viewport.maxX)) }) {
            return hit.labels.filter { viewport.contains(latitude: $0.latitude, longitude: $0.longitude) }
        }
        if quick { return nil }
        let w = viewport.maxX - viewport.minX, h = viewport.maxY - viewport.minY
        let area = MapViewport(minX: viewport.minX - w, maxX: viewport.maxX + w, minY: max(viewport.minY - h, 0),
                               maxY: min(viewport.maxY + h, 1), width: viewport.width * 3, height: viewport.height * 3)
        let labels = contextNames(area)
        contextCache.insert((unitsPerDot, area, labels), at: 0)
        if contextCache.count > 6 { contextCache.removeLast() }
        return labels.filter { viewport.contains(latitude: $0.latitude, longitude: $0.longitude) }
    }
}
