import PlacesData
import PlacesGeo

/// The outline tables, written by `Scripts/map/build-outlines.py` into `Sources/PlacesData/Tables` and
/// compiled into the binary; the tile sizes are the generator's `LEVELS` (a table with others reads as empty).
enum OutlineData {
    /// 1:110 million, tiles of 180°.
    static var scale110m: OutlineTable { OutlineTable(places_outlines_110m(), tileDegrees: 180) }
    /// 1:50 million, tiles of 10°.
    static var scale50m: OutlineTable { OutlineTable(places_outlines_50m(), tileDegrees: 10) }
    /// 1:10 million, tiles of 2°.
    static var scale10m: OutlineTable { OutlineTable(places_outlines_10m(), tileDegrees: 2) }
}

/// The map's base layers bundled with the program: Natural Earth land, lakes, rivers, country borders and
/// first-level borders (United States, Canada, Brazil, Australia) at three scales, for drawing maps
/// without a tile server.
///
/// Each scale is cut into tiles (180° at 1:110m, 10° at 1:50m, 2° at 1:10m) and read in place: a view
/// decodes only the tiles it shows, so a city map reads a few thousand points of the 1:10m data, not
/// the world's million. The coordinates are those of ``PackedGeometry``, exact to about 3 m.
public enum MapOutlines {
    /// A Natural Earth scale, and the views it serves.
    public enum Scale: String, CaseIterable, Sendable {
        /// 1:110m, simplified to 0.04°: the world and continents.
        case small = "110m"
        /// 1:50m, simplified to 0.006°: a country or a group of them.
        case medium = "50m"
        /// 1:10m, simplified to 0.0006° (about 60 m): a region, a city.
        case large = "10m"

        var table: OutlineTable {
            switch self {
            case .small: OutlineData.scale110m
            case .medium: OutlineData.scale50m
            case .large: OutlineData.scale10m
            }
        }

        /// The scale to draw a view with, from how many degrees of longitude one canvas unit (a pixel, a
        /// braille dot) spans: each scale's simplification stays below about a pixel.
        public static func forView(degreesPerUnit: Double) -> Scale {
            if degreesPerUnit >= 0.12 { return .small }
            if degreesPerUnit >= 0.03 { return .medium }
            return .large
        }

        /// The scale for a viewport; see ``forView(degreesPerUnit:)``.
        public static func forView(_ viewport: MapViewport) -> Scale {
            forView(degreesPerUnit: 360 / viewport.scale)
        }
    }

    /// What a shape is; renderers draw each kind in its own style.
    public enum Kind: UInt8, CaseIterable, Sendable {
        /// A piece of land (filled); lakes and holes cut out of it are drawn over it as water.
        case land = 76  // L
        /// A lake or reservoir (filled as water).
        case lake = 87  // W
        /// A river's centre line.
        case river = 82  // R
        /// A country border on land.
        case countryBorder = 66  // B
        /// A border between first-level regions (states, provinces).
        case regionBorder = 65  // A

        /// Whether the shape is an area (a closed ring) rather than a line.
        public var isArea: Bool { self == .land || self == .lake }
    }

    /// One ring of land or water, or one line, in degrees.
    public struct Shape: Sendable {
        /// What it is.
        public let kind: Kind
        /// Longitudes of the points, possibly moved by whole turns (±360°) to the copy of the world that
        /// the view shows; a ring closes on its first point.
        public let longitudes: [Double]
        /// Latitudes of the points, index for index with ``longitudes``.
        public let latitudes: [Double]
        /// For areas, whether the edge from point `i` to the next was added by cutting the data into
        /// tiles: such edges are filled across but never stroked as a coast or shore.
        public let isCutEdge: [Bool]

        /// The point indices of each stretch of real outline (coast, shore) of an area, in order, a
        /// stretch possibly wrapping past the ring's end; a line is one stretch of all its points.
        public func outlineRuns() -> [[Int]] {
            PackedGeometry.outlineRuns(pointCount: longitudes.count, isArea: kind.isArea, isCutEdge: isCutEdge)
        }
    }

    /// The finest view, in kilometres per canvas unit, that still draws Natural Earth's rivers. Their
    /// 1:10m lines lie up to about a kilometre off the real river: on a city map that is a few pixels
    /// against nothing to check them by, but at street zooms (finer than 20 m a unit, where a region's
    /// secondary and minor streets are drawn, ``RegionDetail``) the line would cross streets and run off
    /// its valley, so it is left out there (a region's own waterways draw the river instead).
    public static let riverKilometresPerUnit = 0.02

    /// Whether a view of `kilometresPerUnit` draws Natural Earth's rivers; see ``riverKilometresPerUnit``.
    public static func drawsRivers(kilometresPerUnit: Double) -> Bool {
        kilometresPerUnit >= riverKilometresPerUnit
    }

    /// The shapes of one scale that touch a box, land first, then lakes, rivers and borders.
    ///
    /// The box may run past ±180°: shapes in the part beyond are returned moved by a whole turn, so a
    /// view across the antimeridian gets Fiji and Samoa side by side. A box a full turn wide or wider
    /// gets each tile once, between −180° and 180°, so the world is never drawn twice.
    /// - Complexity: decodes only the tiles the box touches.
    public static func shapes(scale: Scale, west: Double, south: Double, east: Double, north: Double) -> [Shape] {
        let table = scale.table
        guard table.tileCount > 0 else { return [] }
        let tile = Double(table.tileDegrees)
        let columns = table.columns, rows = table.rows
        let firstRow = max(0, Int(((max(south, -90) + 90) / tile).rounded(.down)))
        let lastRow = min(rows - 1, Int(((min(north, 90) + 90) / tile).rounded(.down)))
        guard firstRow <= lastRow, east > west else { return [] }
        // A box a turn wide or wider gets the world as stored, each tile once.
        let wide = east - west >= 360
        let firstColumn = wide ? 0 : Int(((west + 180) / tile).rounded(.down))
        let lastColumn = wide ? columns - 1 : Int(((east + 180) / tile).rounded(.down))
        let tileUnits = table.tileDegrees * Int(PackedGeometry.unitsPerDegree)
        var byKind: [[Shape]] = Array(repeating: [], count: Kind.allCases.count)
        for row in firstRow...lastRow {
            for column in firstColumn...lastColumn {
                let wrapped = ((column % columns) + columns) % columns
                let turn = Double((column - wrapped) / columns) * 360
                table.forEachShape(inTile: row * columns + wrapped) { kind, xs, ys in
                    byKind[Kind.allCases.firstIndex(of: kind)!].append(shape(kind, xs, ys, turn: turn, tileUnits: tileUnits))
                }
            }
        }
        return byKind.flatMap { $0 }
    }

    /// Every shape of a scale (the whole world): for data checks and exports.
    public static func allShapes(scale: Scale) -> [Shape] {
        shapes(scale: scale, west: -180, south: -90, east: 180, north: 90)
    }

    /// A shape from a table's points: in degrees, moved by `turn`, with the edges that lie along a tile
    /// edge (whole multiples of `tileUnits`) marked as cut.
    private static func shape(_ kind: Kind, _ xs: [Int], _ ys: [Int], turn: Double, tileUnits: Int) -> Shape {
        var cut: [Bool] = []
        if kind.isArea {
            let count = xs.count
            cut.reserveCapacity(count)
            for i in 0..<count {
                let j = i + 1 == count ? 0 : i + 1
                cut.append((xs[i] == xs[j] && xs[i] % tileUnits == 0) || (ys[i] == ys[j] && ys[i] % tileUnits == 0))
            }
        }
        return Shape(kind: kind, longitudes: xs.map { PackedGeometry.longitude($0) + turn },
                     latitudes: ys.map { PackedGeometry.latitude($0) }, isCutEdge: cut)
    }
}
