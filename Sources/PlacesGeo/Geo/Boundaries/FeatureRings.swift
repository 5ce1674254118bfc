import PlacesData

/// The rings of the named areas, `boundary-feature-rings.bin`, written by
/// `Scripts/gazetteer/build-boundaries.py` (which describes the layout): a header, then each feature's
/// one-degree cell grid (`Scripts/gazetteer/cellgrid.py`) and rings as a ``BitStream`` of runs of
/// points, found by the byte range its line in ``BoundaryData/features`` gives.
///
/// The grid says of each cell of the feature's box whether the feature's edges cross it; a point in a
/// cell they do not cross is inside or outside without a ring decoded (decoding Great Britain's outline
/// and the seas around it was most of a `where` in London).
///
/// Every read is checked against the table's bytes: a header that does not read gives no rings at all,
/// and a feature whose stream goes wrong keeps only the rings before the damage.
struct FeatureRings: @unchecked Sendable {
    static let magic: [UInt8] = Array("PLFR".utf8)
    static let version: UInt8 = 2

    /// Where a point's cell lies with respect to a feature.
    enum Cell: Equatable {
        /// Wholly outside the feature.
        case outside
        /// Wholly inside it.
        case inside
        /// Crossed by its edges (or the feature has no grid): only its rings can tell.
        case crossed
    }
    static let headerBytes = 8
    /// The bit width of a ring's first point (up to 360° in ``PackedGeometry``'s units).
    static let pointBits = 24

    private let base: UnsafePointer<UInt8>
    private let count: Int
    /// Whether the header read; without it every feature has no rings.
    let isValid: Bool

    /// The table compiled into the binary (`PlacesData`).
    init(_ table: PlacesTableBytes) {
        self.init(base: table.start, count: table.count)
    }

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        isValid = count >= Self.headerBytes && (0..<4).allSatisfy { base[$0] == Self.magic[$0] } && base[4] == Self.version
    }

    /// The first cell of a box's grid (column, row) and its columns and rows: the one-degree cells from the
    /// one holding its south-west corner to the one holding its north-east corner.
    static func gridSpan(_ box: PackedGeometry.Box) -> (column: Int, row: Int, columns: Int, rows: Int) {
        let unit = Int(PackedGeometry.unitsPerDegree)
        let column = box.minX / unit, row = box.minY / unit
        return (column, row, min(359, box.maxX / unit) - column + 1, min(179, box.maxY / unit) - row + 1)
    }

    /// Where the rings of the feature stored between two offsets start: after its grid, if it has one;
    /// `nil` when the grid's flag or length does not read.
    private func ringsStart(from start: Int, to end: Int, box: PackedGeometry.Box) -> Int? {
        guard isValid, start >= 0, start < end, Self.headerBytes + end <= count else { return nil }
        switch base[Self.headerBytes + start] {
        case 0: return start + 1
        case 1:
            let span = Self.gridSpan(box)
            guard span.columns > 0, span.rows > 0 else { return nil }
            let ringsStart = start + 1 + (2 * span.columns * span.rows + 7) / 8
            return ringsStart <= end ? ringsStart : nil
        default: return nil
        }
    }

    /// Where the point (x, y), inside the box, lies with respect to the feature stored between two offsets,
    /// as far as its grid tells.
    func cell(from start: Int, to end: Int, box: PackedGeometry.Box, x: Double, y: Double) -> Cell {
        guard ringsStart(from: start, to: end, box: box) != nil, base[Self.headerBytes + start] == 1 else { return .crossed }
        let unit = Int(PackedGeometry.unitsPerDegree)
        let span = Self.gridSpan(box)
        let column = min(359, Int(x) / unit) - span.column, row = min(179, Int(y) / unit) - span.row
        guard (0..<span.columns).contains(column), (0..<span.rows).contains(row) else { return .crossed }
        let index = row * span.columns + column
        switch (base[Self.headerBytes + start + 1 + index / 4] >> UInt8(2 * (index % 4))) & 3 {
        case 0: return .outside
        case 1: return .inside
        default: return .crossed
        }
    }

    /// The rings of the feature stored between two offsets (counted from the end of the header), each as
    /// x and y in ``PackedGeometry``'s units, the closing point not repeated. `box` is the feature's box,
    /// which gives the length of its grid.
    func rings(from start: Int, to end: Int, box: PackedGeometry.Box) -> [(xs: [Int], ys: [Int])] {
        guard let start = ringsStart(from: start, to: end, box: box) else { return [] }
        var bits = BitStream(base: base + Self.headerBytes + start, count: end - start)
        var rings: [(xs: [Int], ys: [Int])] = []
        // The padding after the last ring is fewer than 8 bits; any ring takes more.
        while bits.bitsLeft >= 8,
              let ring = bits.points(origin: (0, 0), pointBits: Self.pointBits, minimumCount: 3, maximumCount: 1 << 24) {
            rings.append(ring)
        }
        return rings
    }

    /// Whether a point lies inside an odd number of rings (the even-odd rule), as
    /// ``PackedGeometry/crossesOddly(xs:ys:x:y:)`` counts the crossings of one.
    static func containsOddly(_ rings: [(xs: [Int], ys: [Int])], x: Double, y: Double) -> Bool {
        var odd = false
        for ring in rings where PackedGeometry.crossesOddly(xs: ring.xs, ys: ring.ys, x: x, y: y) { odd.toggle() }
        return odd
    }
}
