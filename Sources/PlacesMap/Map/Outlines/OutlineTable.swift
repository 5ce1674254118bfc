import PlacesData
import PlacesGeo

/// One scale's outline table, `outlines-<level>.bin`, written by `Scripts/map/build-outlines.py` (which
/// describes the layout): a header, one offset per tile, and each tile's shapes as a ``BitStream`` of
/// kinds and runs of points, in ``PackedGeometry``'s units.
///
/// Every read is checked against the table's bytes, so damaged data costs shapes, never a crash: a
/// header that does not fit gives a table of no tiles, and a tile whose stream goes wrong (an unknown
/// kind, a count the bits cannot hold, a point off the world, the end of the tile) ends at the last
/// whole shape before the damage.
struct OutlineTable: @unchecked Sendable {
    static let magic: [UInt8] = Array("PLOT".utf8)
    static let version: UInt8 = 1
    static let headerBytes = 12

    /// The side of a tile in degrees; tiles start at 180° W and 90° S.
    let tileDegrees: Int
    /// Tiles west to east, and rows of them south to north; both 0 for a table that did not read.
    let columns: Int, rows: Int
    private let base: UnsafePointer<UInt8>
    private let count: Int
    /// The bit width of a shape's first point, as an offset from its tile's south-west corner.
    private let pointBits: Int
    /// Where the tile offsets end and the tiles' bit streams begin.
    private let streamsStart: Int

    /// A table compiled into the binary (`PlacesData`), expected to have tiles of `tileDegrees`.
    init(_ table: PlacesTableBytes, tileDegrees: Int) {
        self.init(base: table.start, count: table.count, expectedTileDegrees: tileDegrees)
    }

    /// The table in `count` bytes at `base`; a header that disagrees with the layout (or with
    /// `expectedTileDegrees`, when given) leaves the table without tiles.
    init(base: UnsafePointer<UInt8>, count: Int, expectedTileDegrees: Int? = nil) {
        self.base = base
        self.count = count
        func u16(_ at: Int) -> Int { Int(base[at]) | Int(base[at + 1]) << 8 }
        var tile = 0, columns = 0, rows = 0, pointBits = 0
        if count >= Self.headerBytes, (0..<4).allSatisfy({ base[$0] == Self.magic[$0] }), base[4] == Self.version {
            tile = Int(base[5])
            columns = u16(6)
            rows = u16(8)
            pointBits = Int(base[10])
        }
        let fits = tile > 0 && (expectedTileDegrees == nil || expectedTileDegrees == tile)
            && columns * tile == 360 && rows == (180 + tile - 1) / tile
            && (1...32).contains(pointBits) && (tile * Int(PackedGeometry.unitsPerDegree)) < 1 << pointBits
            && Self.headerBytes + 4 * (columns * rows + 1) <= count
        tileDegrees = fits ? tile : expectedTileDegrees ?? 0
        self.columns = fits ? columns : 0
        self.rows = fits ? rows : 0
        self.pointBits = fits ? pointBits : 0
        streamsStart = fits ? Self.headerBytes + 4 * (columns * rows + 1) : 0
    }

    /// How many tiles the table has (0 when its header did not read).
    var tileCount: Int { columns * rows }

    private func offset(_ tile: Int) -> Int {
        let at = Self.headerBytes + 4 * tile
        return Int(UInt32(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt32.self)))
    }

    /// Calls `body` with each whole shape of a tile (`row * columns + column`), in the table's order:
    /// its kind, then its points' x and y in ``PackedGeometry``'s units. Stops at the first damage.
    func forEachShape(inTile tile: Int, _ body: (MapOutlines.Kind, [Int], [Int]) -> Void) {
        guard tile >= 0, tile < tileCount else { return }
        let start = streamsStart + offset(tile), end = streamsStart + offset(tile + 1)
        guard start <= end, end <= count else { return }
        let units = tileDegrees * Int(PackedGeometry.unitsPerDegree)
        let cornerX = (tile % columns) * units, cornerY = (tile / columns) * units
        var bits = BitStream(base: base + start, count: end - start)
        // The padding after the last shape is fewer than 8 bits; any shape takes more.
        while bits.bitsLeft >= 8 {
            guard let kindIndex = bits.read(3), kindIndex < MapOutlines.Kind.allCases.count else { return }
            let kind = MapOutlines.Kind.allCases[kindIndex]
            guard let points = bits.points(origin: (cornerX, cornerY), pointBits: pointBits, minimumCount: kind.isArea ? 3 : 2,
                                           maximumCount: 1 << 24) else { return }
            body(kind, points.xs, points.ys)
        }
    }
}
