/// Reading a region pack's drawable geometry (the `geometry` section, laid out as ``RegionLayer`` says).
extension RegionPack {
    /// One street, railway, shore line or area ring of a region, in degrees.
    public struct Shape: Sendable {
        /// What it is.
        public let layer: RegionLayer
        /// Longitudes of the points; a ring closes on its first point.
        public let longitudes: [Double]
        /// Latitudes, index for index with ``longitudes``.
        public let latitudes: [Double]
        /// A street's name, or empty.
        public let name: String
        /// For areas, whether the edge from point `i` to the next was made by cutting the data into
        /// tiles: such edges are filled across but never stroked.
        public let isCutEdge: [Bool]

        /// The point indices of each stretch to stroke: a line is one stretch; a ring's stretches skip
        /// its cut edges, possibly wrapping past its end.
        public func outlineRuns() -> [[Int]] {
            PackedGeometry.outlineRuns(pointCount: longitudes.count, isArea: layer.isArea, isCutEdge: isCutEdge)
        }
    }

    /// Index lines of the geometry section: row, column, offset, newline.
    private static let indexLine = 21

    /// The region's shapes in the tiles a box touches, of the layers asked for, lowest layer first within
    /// each tile (areas, then streets from the smallest). A shape that crosses tiles comes in pieces, one
    /// a tile; drawn together they join.
    /// - Parameters:
    ///   - west, south, east, north: the box in degrees (east may pass 180° for a view across it).
    ///   - layers: the layers wanted; others are passed over without being decoded.
    /// - Complexity: a binary search of the tile index per row of tiles, then the bytes of the tiles in the box.
    public func shapes(west: Double, south: Double, east: Double, north: Double,
                       layers: Set<RegionLayer> = Set(RegionLayer.allCases)) -> [Shape] {
        let g = geometry
        guard g.count > 0, let bounds, bounds.maxLatitude >= south, bounds.minLatitude <= north else { return [] }
        let head = g.fields(at: 0)
        let indexStart = g.nextLine(after: 0)
        guard head.count == 4, head[0] == "geometry", let units = Double(head[1]), units > 0, let tile = Int(head[2]), tile > 0,
              let tileCount = Int(head[3]), tileCount >= 0 else { return [] }
        let dataStart = indexStart + (tileCount + 1) * Self.indexLine
        guard dataStart <= g.count else { return [] }
        let wanted = Set(layers.map(\.rawValue))
        func number(_ at: Int, _ width: Int) -> Int {
            var value = 0
            for i in 0..<width { value = value * 10 + Int(g.base[at + i] &- 48) }
            return value
        }
        func row(_ i: Int) -> Int { number(indexStart + i * Self.indexLine, 5) }
        func column(_ i: Int) -> Int { number(indexStart + i * Self.indexLine + 5, 5) }
        func offset(_ i: Int) -> Int { number(indexStart + i * Self.indexLine + 10, 10) }
        let unitsPerTile = Double(tile) / units
        let firstRow = Int(((max(south, -90) + 90) / unitsPerTile).rounded(.down))
        let lastRow = Int(((min(north, 90) + 90) / unitsPerTile).rounded(.down))
        var result: [Shape] = []
        // Longitudes beyond 180° (a view across the antimeridian) are read as their copy a turn away.
        var spans: [(west: Double, east: Double, turn: Double)] = [(west, min(east, 180), 0)]
        if east > 180 { spans.append((-180, east - 360, 360)) }
        if west < -180 { spans.append((west + 360, 180, -360)); spans[0].west = -180 }
        guard firstRow <= lastRow else { return [] }
        for span in spans where span.east > span.west {
            let firstColumn = Int(((span.west + 180) / unitsPerTile).rounded(.down))
            let lastColumn = Int(((span.east + 180) / unitsPerTile).rounded(.down))
            for r in firstRow...lastRow {
                // The first index line at or after (r, firstColumn).
                var i = (0..<tileCount).partitionPoint { (row($0), column($0)) < (r, firstColumn) }
                while i < tileCount, row(i) == r, column(i) <= lastColumn {
                    let start = dataStart + offset(i), end = dataStart + offset(i + 1)
                    guard start <= end, end <= g.count else { return result }
                    decode(from: start, to: end, origin: (column(i) * tile, r * tile), tile: tile, units: units,
                           turn: span.turn, wanted: wanted, into: &result)
                    i += 1
                }
            }
        }
        return result
    }

    private func decode(from start: Int, to end: Int, origin: (Int, Int), tile: Int, units: Double, turn: Double,
                        wanted: Set<UInt8>, into result: inout [Shape]) {
        let g = geometry
        var p = start
        while p < end {
            let letter = g.base[p]
            let lineEnd = min(g.nextLine(after: p) - 1, end)
            guard let layer = RegionLayer(rawValue: letter), wanted.contains(letter) else { p = lineEnd + 1; continue }
            p += 1
            func next() -> Int? {
                var value = 0, shift = 0
                while p < lineEnd {
                    let group = Int(g.base[p] &- 48)
                    p += 1
                    guard group < 64, shift < 60 else { return nil }
                    value |= (group & 31) << shift
                    if group < 32 { return (value >> 1) ^ -(value & 1) }
                    shift += 5
                }
                return nil
            }
            guard let count = next(), count >= 1, count <= lineEnd - p else { p = lineEnd + 1; continue }
            var xs: [Int] = [], ys: [Int] = []
            xs.reserveCapacity(count); ys.reserveCapacity(count)
            var x = origin.0, y = origin.1
            var complete = true
            for _ in 0..<count {
                guard let dx = next(), let dy = next() else { complete = false; break }
                x += dx; y += dy
                xs.append(x); ys.append(y)
            }
            var name = ""
            if complete, p < lineEnd, g.base[p] == 9 {
                name = String(decoding: UnsafeBufferPointer(start: g.base + p + 1, count: lineEnd - p - 1), as: UTF8.self)
            }
            p = lineEnd + 1
            guard complete else { continue }
            var cut: [Bool] = []
            if layer.isArea {
                cut.reserveCapacity(count)
                for i in 0..<count {
                    let j = i + 1 == count ? 0 : i + 1
                    cut.append((xs[i] == xs[j] && xs[i] % tile == 0) || (ys[i] == ys[j] && ys[i] % tile == 0))
                }
            }
            result.append(Shape(layer: layer, longitudes: xs.map { Double($0) / units - 180 + turn },
                                latitudes: ys.map { Double($0) / units - 90 }, name: name, isCutEdge: cut))
        }
    }
}
