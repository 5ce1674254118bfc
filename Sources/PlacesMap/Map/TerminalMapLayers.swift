import PlacesCore

/// The drawing a terminal map and `places browse` share: the base outlines and a region's streets in
/// braille dots, and which cell each pin takes.
package struct TerminalMapLayers {
    /// Coasts, shores, borders (and rivers when zoomed in).
    package var outlines: BrailleCanvas
    /// An added region's streets, railways and shores, drawn beneath the outlines in a colour of their own.
    package var streets: BrailleCanvas
    /// Whether any region shape is in view (its data then needs its credit shown).
    package var hasRegionShapes: Bool

    /// One pin as drawn: its cell, whether visited, its tag colour, and the place it stands for.
    package struct Pin {
        package var column: Int
        package var row: Int
        package var visited: Bool
        package var color: MapColor
        package var index: Int
    }

    /// - Parameter decoded: the shapes a caller that draws often (browse) keeps between frames.
    package init(scene: MapScene, columns: Int, rows: Int, decoded: OutlineCache? = nil) {
        let viewport = scene.viewport
        outlines = BrailleCanvas(columns: columns, rows: rows)
        // Coasts, shores and country borders at the view's scale; rivers only once zoomed in to a
        // region, where they help to find one's way rather than cover the map in dots (and not over a few
        // streets, where they would run off their valleys: MapScene leaves them out there).
        let drawsRivers = scene.outlineScale == .large
        for shape in scene.outlineShapes(decoded: decoded) where shape.kind != .regionBorder && (shape.kind != .river || drawsRivers) {
            for run in shape.runs {
                for (a, b) in zip(run, run.dropFirst()) { outlines.line(from: shape.points[a], to: shape.points[b]) }
            }
        }
        streets = BrailleCanvas(columns: columns, rows: rows)
        let regionShapes = scene.options.regions.packs.isEmpty ? []
            : scene.regionShapes(layers: RegionDetail.terminalLayers(kilometresPerDot: viewport.kilometresPerUnit))
        for shape in regionShapes {
            for run in shape.runs {
                for (a, b) in zip(run, run.dropFirst()) { streets.line(from: shape.points[a], to: shape.points[b]) }
            }
        }
        hasRegionShapes = !regionShapes.isEmpty
    }

    /// The cell of each of the scene's places, clamped to the canvas (a still map fits them all).
    func pinCells(_ scene: MapScene) -> [(column: Int, row: Int)] {
        let columns = outlines.columns, rows = outlines.rows
        return scene.locations.map { location in
            let p = scene.viewport.point(latitude: location.latitude, longitude: location.longitude)
            return (min(max(Int(saturating: p.x / 2), 0), columns - 1), min(max(Int(saturating: p.y / 4), 0), rows - 1))
        }
    }

    /// One pin a cell: where pins share a cell a visited one wins, so the drawing does not depend on
    /// order alone. Binned in an array the size of the canvas; only the winners are coloured.
    /// - Parameter places: which of the scene's places each cell is for (browse passes the places in
    ///   view without copying them out of the scene's); `nil` when the cells are the places, in order.
    ///   A pin's `index` is its place's in the scene.
    package func pins(_ scene: MapScene, cells: [(column: Int, row: Int)], places: [Int]? = nil) -> [Pin] {
        var winner = [Int32](repeating: -1, count: outlines.columns * outlines.rows)
        for (index, cell) in cells.enumerated() {
            let key = cell.row * outlines.columns + cell.column
            if winner[key] >= 0 && scene.locations[places?[Int(winner[key])] ?? Int(winner[key])].isVisited { continue }
            winner[key] = Int32(index)
        }
        return winner.filter { $0 >= 0 }.sorted().map { index in
            let place = places?[Int(index)] ?? Int(index)
            let location = scene.locations[place], cell = cells[Int(index)]
            return Pin(column: cell.column, row: cell.row, visited: location.isVisited, color: scene.palette.color(for: location), index: place)
        }
    }
}
