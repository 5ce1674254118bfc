import PlacesData

/// The 1:50m country outlines, `boundary-country-grid.bin` and `boundary-country-rings.bin`, written by
/// `Scripts/gazetteer/build-boundaries.py` (which describes both layouts): the one-degree grid with the
/// rings clipped to each mixed cell, and every whole ring with its box. Points are runs of
/// ``BitStream/points(origin:pointBits:minimumCount:maximumCount:)`` in ``PackedGeometry``'s units.
///
/// Every read is checked against the table's bytes: a table whose header does not read has no cells
/// and no rings, and a cell or ring whose bits go wrong ends where the damage starts.
struct CountryOutlines: @unchecked Sendable {
    static let gridMagic: [UInt8] = Array("PLCG".utf8)
    static let ringsMagic: [UInt8] = Array("PLCR".utf8)
    static let version: UInt8 = 1
    static let headerBytes = 8
    /// Bytes of one grid cell's value.
    static let cellBytes = 3
    static let cellCount = 180 * 360
    /// Grid values from this one on are offsets (plus this) into the clipped rings of mixed cells.
    static let mixedCell = 4096
    /// The bit width of a country's id (1 + its index) in a mixed cell; 0 ends the cell.
    static let idBits = 12
    /// The bit width of a clipped piece's first point, counted from its cell's south-west corner.
    static let cellPointBits = 16
    /// The bit width of a whole ring's first point (up to 360° in ``PackedGeometry``'s units).
    static let ringPointBits = 24
    /// A ring record's head: the country's id (2 bytes), its box (four of 3 bytes), its points' length (3 bytes).
    static let ringHeadBytes = 17

    /// One stored ring: its country (1 + its index in ``CountryIndex/countries``), box and points.
    struct Ring {
        let id: Int
        let box: PackedGeometry.Box
        fileprivate let points: UnsafePointer<UInt8>
        fileprivate let byteCount: Int

        /// The ring's points, or `nil` when its bits do not read as one.
        func decoded() -> (xs: [Int], ys: [Int])? {
            var bits = BitStream(base: points, count: byteCount)
            return bits.points(origin: (0, 0), pointBits: CountryOutlines.ringPointBits, minimumCount: 3, maximumCount: 1 << 24)
        }
    }

    private let grid: PlacesTableBytes
    private let rings: PlacesTableBytes
    /// Whether the grid's header and cells read; without them every point is at sea.
    let hasGrid: Bool
    /// Whether the rings' header reads; without it there are no rings.
    let hasRings: Bool

    /// The tables compiled into the binary (`PlacesData`).
    init() {
        self.init(grid: places_boundary_country_grid(), rings: places_boundary_country_rings())
    }

    init(grid: PlacesTableBytes, rings: PlacesTableBytes) {
        self.grid = grid
        self.rings = rings
        hasGrid = Self.headerReads(grid, magic: Self.gridMagic)
            && grid.count >= Self.headerBytes + Self.cellCount * Self.cellBytes
        hasRings = Self.headerReads(rings, magic: Self.ringsMagic)
    }

    private static func headerReads(_ table: PlacesTableBytes, magic: [UInt8]) -> Bool {
        table.count >= headerBytes && (0..<4).allSatisfy { table.start[$0] == magic[$0] } && table.start[4] == version
    }

    /// A little-endian number of `width` bytes at `p`.
    @inline(__always) private static func number(_ p: UnsafePointer<UInt8>, width: Int) -> Int {
        var value = 0
        for i in (0..<width).reversed() { value = value << 8 | Int(p[i]) }
        return value
    }

    /// The value of a grid cell: 0 at sea, 1 + a country's index when one country fills it, else
    /// ``mixedCell`` plus where its pieces start.
    @inline(__always) func cellValue(row: Int, column: Int) -> Int {
        guard hasGrid, (0..<180).contains(row), (0..<360).contains(column) else { return 0 }
        return Self.number(grid.start + Self.headerBytes + (row * 360 + column) * Self.cellBytes, width: Self.cellBytes)
    }

    /// Calls `body` with each piece of a mixed cell (the country's id, 1 + its index, and the ring clipped
    /// to the cell), in the order stored: by country, in priority order. `body` returns false to stop.
    func forEachPiece(inCell value: Int, row: Int, column: Int, _ body: (_ id: Int, _ xs: [Int], _ ys: [Int]) -> Bool) {
        let cells = Self.headerBytes + Self.cellCount * Self.cellBytes
        let start = cells + value - Self.mixedCell
        guard hasGrid, value >= Self.mixedCell, start < grid.count else { return }
        let unit = Int(PackedGeometry.unitsPerDegree)
        var bits = BitStream(base: grid.start + start, count: grid.count - start)
        while let id = bits.read(Self.idBits), id != 0,
              let piece = bits.points(origin: (column * unit, row * unit), pointBits: Self.cellPointBits,
                                      minimumCount: 3, maximumCount: 1 << 24) {
            if !body(id, piece.xs, piece.ys) { return }
        }
    }

    /// Calls `body` with every whole ring, in the order stored (a country's rings together, countries in
    /// priority order); a record that does not fit the table ends the walk.
    func forEachRing(_ body: (Ring) -> Void) {
        guard hasRings else { return }
        var offset = Self.headerBytes
        while offset + Self.ringHeadBytes <= rings.count {
            let p = rings.start + offset
            let byteCount = Self.number(p + 14, width: 3)
            guard offset + Self.ringHeadBytes + byteCount <= rings.count else { return }
            let box = PackedGeometry.Box(minX: Self.number(p + 2, width: 3), minY: Self.number(p + 5, width: 3),
                                         maxX: Self.number(p + 8, width: 3), maxY: Self.number(p + 11, width: 3))
            body(Ring(id: Self.number(p, width: 2), box: box, points: p + Self.ringHeadBytes, byteCount: byteCount))
            offset += Self.ringHeadBytes + byteCount
        }
    }
}
