import PlacesCore
import PlacesGeo

/// Draws the map for a terminal: country outlines in braille dots inside a frame, pins as `●`
/// (visited) and `○` (want to go), names beside them, a title above and a legend below (none when
/// compact).
public struct TerminalMapRenderer: Sendable {
    /// ``MapOptions/width`` is the total width in characters, frame included.
    public var options: MapOptions
    /// Whether to colour with ANSI escape codes; the caller decides (a terminal, `NO_COLOR` unset).
    public var usesColor: Bool
    /// The most lines the map itself may take (the title and legend come on top), e.g. the
    /// terminal's height less a few; `nil` for no limit.
    public var maximumRows: Int?

    /// Whether to leave out the legend and scale bar, for a small terminal (80 × 24): the title, the
    /// framed map and nothing else.
    public var isCompact: Bool

    /// Creates a renderer.
    public init(options: MapOptions = MapOptions(width: 80), usesColor: Bool = false, maximumRows: Int? = nil,
                isCompact: Bool = false) {
        self.options = options
        self.usesColor = usesColor
        self.maximumRows = maximumRows
        self.isCompact = isCompact
    }

    private struct Cell {
        var text: String
        var style: String
    }

    private enum Style {
        static let outline = "38;5;109", street = "38;5;180", frame = "38;5;244", grid = "2;38;5;244", label = "", title = "1"
    }

    /// The drawing, lines joined by newlines, ending with one.
    public func render(_ locations: [Location]) -> String {
        let columns = max(options.width, 24) - 2  // inside the frame
        var rows = (options.height ?? 0) > 0 ? options.height! : 0
        let dotWidth = Double(columns * 2)
        var scene = MapScene(locations: locations, options: options, width: dotWidth,
                             height: rows > 0 ? Double(rows * 4) : nil, padding: 3)
        if rows == 0 {
            // The view chose its own shape; round it to whole cells and fit again at exactly that height.
            rows = Int(saturating: (scene.viewport.height / 4).rounded())
            if let maximumRows { rows = min(rows, max(maximumRows, 6)) }
            rows = max(rows, 6)
            scene = MapScene(locations: locations, options: options, width: dotWidth, height: Double(rows * 4), padding: 3)
        }
        let viewport = scene.viewport

        let layers = TerminalMapLayers(scene: scene, columns: columns, rows: rows)
        var canvas = layers.outlines
        let streets = layers.streets
        if let circle = scene.radiusCircle(points: 64) {
            for (index, point) in circle.enumerated() where index % 2 == 0 {
                canvas.line(from: point, to: circle[(index + 1) % circle.count])
            }
        }

        var overlay: [Int: Cell] = [:]  // row * columns + column
        func put(_ text: String, column: Int, row: Int, style: String, halo: Bool = false) {
            var c = column
            for character in text {
                guard c >= 0, c < columns, row >= 0, row < rows else { c += 1; continue }
                // A halo is blank space that clears the outlines round a label, never over a pin or text.
                if halo && overlay[row * columns + c] != nil { c += 1; continue }
                overlay[row * columns + c] = Cell(text: String(character), style: style)
                let wide = TerminalText.width(String(character)) == 2
                if wide, c + 1 < columns { overlay[row * columns + c + 1] = Cell(text: "", style: style) }
                c += wide ? 2 : 1
            }
        }

        // Parallels' labels at the left edge, where they are least in the way.
        let grid = MapGraticule(viewport: MapViewport(minX: viewport.minX, maxX: viewport.maxX, minY: viewport.minY,
                                                      maxY: viewport.maxY, width: viewport.width, height: viewport.height),
                                lines: Double(columns) / 16)
        for latitude in grid.latitudes {
            let row = Int(saturating: viewport.point(latitude: latitude, longitude: 0).y / 4)
            if row > 0 && row < rows - 1 { put(grid.latitudeLabel(latitude), column: 0, row: row, style: Style.grid) }
        }

        // Pins, then names placed around them in cell units.
        let cellsOfPins = layers.pinCells(scene)
        for pin in layers.pins(scene, cells: cellsOfPins) {
            put(pin.visited ? "●" : "○", column: pin.column, row: pin.row, style: "1;38;5;\(pin.color.ansi256)")
        }
        if options.showsLabels {
            let names = scene.locations.map { LabelPlacer.shortened(TerminalText.visible($0.name.trimmed), maximum: 20) }
            let requests = zip(cellsOfPins, names).map { cell, name in
                LabelPlacer.Request(x: Double(cell.column) + 0.5, y: Double(cell.row) + 0.5, pinRadius: 0.5,
                                    width: Double(TerminalText.width(name) + 1), height: 1)
            }
            let placements = LabelPlacer.place(requests, in: MapBox(x: 0, y: 0, width: Double(columns), height: Double(rows)),
                                               gap: 0.5)
            for (name, placement) in zip(names, placements) {
                guard let placement else { continue }
                let box = placement.box
                let column: Int
                switch placement.side {
                case .left, .aboveLeft, .belowLeft: column = Int(saturating: (box.x + 0.5).rounded(.down))
                default: column = Int(saturating: (box.x + 0.5).rounded(.down))
                }
                let row = Int(saturating: box.y.rounded())
                put(" ", column: column - 1, row: row, style: Style.label, halo: true)
                put(" ", column: column + TerminalText.width(name), row: row, style: Style.label, halo: true)
                put(name, column: column, row: row, style: Style.label)
            }
        }

        // Assemble: title, framed map with meridian labels in the top edge, legend.
        var lines: [String] = []
        var title = styled(scene.title, Style.title)
        if !scene.subtitle.isEmpty { title += styled(" · " + scene.subtitle, Style.grid) }
        lines.append(title)

        var top = Array(repeating: "─", count: columns)
        for longitude in grid.longitudes {
            let column = Int(saturating: viewport.point(latitude: 0, longitude: longitude).x / 2)
            let label = grid.longitudeLabel(longitude)
            guard column >= 1, column + label.count < columns else { continue }
            guard top[(column - 1)..<min(column + label.count + 1, columns)].allSatisfy({ $0 == "─" }) else { continue }
            for (offset, character) in label.enumerated() { top[column + offset] = String(character) }
        }
        lines.append(styled("┌" + top.joined() + "┐", Style.frame))
        for row in 0..<rows {
            var line = styled("│", Style.frame)
            var run = "", runStyle = ""
            func flush() { if !run.isEmpty { line += styled(run, runStyle); run = "" } }
            for column in 0..<columns {
                let (text, style): (String, String)
                if let cell = overlay[row * columns + column] {
                    (text, style) = (cell.text, cell.style)
                } else if let dots = canvas.character(column: column, row: row) {
                    (text, style) = (String(dots), Style.outline)
                } else if let dots = streets.character(column: column, row: row) {
                    (text, style) = (String(dots), Style.street)
                } else {
                    (text, style) = (" ", "")
                }
                if style != runStyle { flush(); runStyle = style }
                run += text
            }
            flush()
            lines.append(line + styled("│", Style.frame))
        }
        // Region data is OpenStreetMap's, whose licence asks for credit where it is shown: in the frame's
        // bottom edge, so a compact map keeps its height.
        let credit = " " + RegionPack.mapCredit + " "
        if layers.hasRegionShapes, TerminalText.width(credit) + 2 <= columns {
            lines.append(styled("└" + String(repeating: "─", count: columns - TerminalText.width(credit) - 1) + credit + "─┘", Style.frame))
        } else {
            lines.append(styled("└" + String(repeating: "─", count: columns) + "┘", Style.frame))
        }

        if isCompact { return lines.joined(separator: "\n") + "\n" }
        var legend: [String] = []
        if scene.locations.contains(where: { $0.isVisited }) { legend.append("● visited") }
        if scene.locations.contains(where: { !$0.isVisited }) { legend.append("○ want to go") }
        for entry in scene.palette.entries { legend.append(styled("■", "38;5;\(entry.color.ansi256)") + " " + TerminalText.visible(entry.tag)) }
        if scene.palette.hasOther && !scene.palette.entries.isEmpty {
            legend.append(styled("■", "38;5;\(TagPalette.other.ansi256)") + " other")
        }
        let bar = MapScaleBar(viewport: viewport, maximumLength: Double(min(columns, 60)) / 3 * 2)
        let barCells = max(Int(saturating: (bar.length / 2).rounded()), 2)
        legend.append("├" + String(repeating: "─", count: barCells - 2) + "┤ " + bar.label)
        lines += wrap(legend, width: columns + 2)
        return lines.joined(separator: "\n") + "\n"
    }

    private func styled(_ text: String, _ style: String) -> String {
        guard usesColor, !style.isEmpty, !text.isEmpty else { return text }
        return "\u{1B}[\(style)m" + text + "\u{1B}[0m"
    }

    /// Joins legend items with two spaces, starting a new line before one that would not fit.
    private func wrap(_ items: [String], width: Int) -> [String] {
        var lines: [String] = [], current = "", currentWidth = 0
        for item in items {
            let itemWidth = TerminalText.width(stripEscapes(item))
            if currentWidth > 0 && currentWidth + 2 + itemWidth > width {
                lines.append(current)
                current = ""; currentWidth = 0
            }
            current += (currentWidth > 0 ? "  " : "") + item
            currentWidth += (currentWidth > 0 ? 2 : 0) + itemWidth
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    private func stripEscapes(_ text: String) -> String {
        var result = "", inEscape = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{1B}" { inEscape = true; continue }
            if inEscape { if scalar == "m" { inEscape = false }; continue }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
