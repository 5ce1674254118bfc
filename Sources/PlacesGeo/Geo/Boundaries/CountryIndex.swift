/// Which country or territory a point is in, from Natural Earth's 1:50m outlines of all of them, in a few
/// microseconds.
///
/// The outlines are indexed by a grid of one-degree cells built with the data: a cell is open sea, wholly
/// inside one country, or mixed; a mixed cell keeps the country rings clipped to it, so a lookup tests only
/// the few edges that cross that cell (a coast, a border) instead of a whole country's outline. Countries
/// are tested in priority order (territories too small for the outlines, such as Gibraltar, first); within
/// one, a point is inside when it is inside an odd number of its rings, so enclaves cut as holes
/// (Lesotho in South Africa, San Marino and the Vatican in Italy) belong to the enclave.
public struct CountryIndex: Sendable {
    /// One country or territory with an outline.
    public struct Country: Sendable, Equatable {
        /// ISO 3166-1 alpha-2 code, as GeoNames and the gazetteer use them (`XK` for Kosovo).
        public var code: String
        /// Natural Earth's name (the gazetteer's name is preferred where it has one).
        public var name: String
    }

    /// The index compiled into `places`.
    public static let bundled = CountryIndex()

    /// Every country with an outline; a lookup returns a position in this array. Built on first use: a
    /// lookup that names one country reads it with ``country(at:)`` instead (making 250 names' strings
    /// cost a one-point `where` more than the rest of its country lookup).
    public var countries: [Country] { Self.allCountries }
    /// How many countries have outlines (``countries``' count, without building it).
    public var countryCount: Int { Self.lineStarts.count }
    let outlines = BoundaryData.countryOutlines

    init() {}

    private static let allCountries: [Country] = lineStarts.indices.map(country(onLine:))

    /// Where each line of ``BoundaryData/countries`` starts (one a country, in order).
    private static let lineStarts: [Int] = {
        let table = BoundaryData.countries
        var starts: [Int] = [], offset = 0
        while offset < table.count {
            starts.append(offset)
            offset = table.nextLine(after: offset)
        }
        return starts
    }()

    private static func country(onLine position: Int) -> Country {
        let table = BoundaryData.countries
        let start = lineStarts[position], codeEnd = table.fieldEnd(from: start)
        let nameEnd = codeEnd < table.count && table.base[codeEnd] == 9 ? table.fieldEnd(from: codeEnd + 1) : codeEnd
        let text = { (from: Int, to: Int) in
            String(decoding: UnsafeBufferPointer(start: table.base + from, count: max(0, to - from)), as: UTF8.self)
        }
        return Country(code: text(start, codeEnd), name: text(min(codeEnd + 1, nameEnd), nameEnd))
    }

    /// The country at a position of ``countries``, read from its line alone.
    public func country(at position: Int) -> Country {
        Self.country(onLine: position)
    }

    /// The position in ``countries`` of the country with an ISO code, `nil` when none has an outline.
    public func position(ofCode code: String) -> Int? {
        let table = BoundaryData.countries
        let bytes = Array(code.utf8)
        return Self.lineStarts.firstIndex { start in table.compareKey(at: start, bytes) == 0 }
    }

    /// The position in ``countries`` of the country containing the point, or `nil` outside every outline
    /// (at sea) or for coordinates out of range.
    /// - Complexity: one grid read; in a cell crossed by a coast or border, a ray cast over the edges
    ///   clipped to that cell (tens of points).
    /// - Parameter decoded: the pieces of the cells met so far, for a caller that looks up many points.
    public func country(latitude: Double, longitude: Double, decoded: DecodedCells? = nil) -> Int? {
        guard let (row, column) = CountryIndex.cell(latitude: latitude, longitude: longitude) else { return nil }
        let value = cellValue(row: row, column: column)
        if value == 0 { return nil }
        if value < CountryOutlines.mixedCell { return value - 1 }
        let x = PackedGeometry.x(longitude: longitude), y = PackedGeometry.y(latitude: latitude)
        // Pieces come grouped by country: a country holds the point when an odd number of its pieces do.
        var current = 0, odd = false, found: Int?
        forEachPiece(inCell: value, row: row, column: column, decoded: decoded) { id, xs, ys in
            if id != current {
                if odd { found = current - 1; return false }
                current = id
                odd = false
            }
            if PackedGeometry.crossesOddly(xs: xs, ys: ys, x: x, y: y) { odd.toggle() }
            return true
        }
        if found == nil, odd { found = current - 1 }
        return found
    }

    /// The same answer as ``country(latitude:longitude:)`` from the whole outlines, without the grid:
    /// the reference the index is tested against.
    /// - Complexity: a bounding-box test for each of the ~1,600 rings and a ray cast over the rings whose
    ///   box holds the point (thousands of points for a large country).
    public func countryWithoutIndex(latitude: Double, longitude: Double) -> Int? {
        guard CountryIndex.cell(latitude: latitude, longitude: longitude) != nil else { return nil }
        let x = PackedGeometry.x(longitude: longitude), y = PackedGeometry.y(latitude: latitude)
        var current = 0, odd = false, found: Int?
        outlines.forEachRing { ring in
            guard found == nil else { return }
            if ring.id != current {
                if odd { found = current - 1; return }
                current = ring.id
                odd = false
            }
            if ring.box.contains(x: x, y: y), let points = ring.decoded(),
               PackedGeometry.crossesOddly(xs: points.xs, ys: points.ys, x: x, y: y) {
                odd.toggle()
            }
        }
        if found == nil, odd { found = current - 1 }
        return found
    }

    /// The nearest country's outline to a point outside every outline, and how far it is.
    /// - Parameter limitKm: search no farther than this.
    /// - Returns: the country's position in ``countries`` and the distance in kilometres (measured on a flat
    ///   projection centred on the point: within a few per cent up to a thousand kilometres), or `nil`
    ///   when no outline is that near.
    /// - Complexity: reads grid cells in rings around the point until no unread cell can be nearer.
    public func nearestOutline(latitude: Double, longitude: Double, limitKm: Double = .infinity,
                               decoded: DecodedCells? = nil) -> (country: Int, distanceKm: Double)? {
        guard let (row0, column0) = CountryIndex.cell(latitude: latitude, longitude: longitude) else { return nil }
        let x = PackedGeometry.x(longitude: longitude), y = PackedGeometry.y(latitude: latitude)
        let scale = PackedGeometry.scale(latitude: latitude)
        var best: (country: Int, distanceKm: Double)? = nil
        func visit(_ row: Int, _ rawColumn: Int) {
            guard row >= 0, row < 180 else { return }
            let column = (rawColumn % 360 + 360) % 360
            let value = cellValue(row: row, column: column)
            guard value != 0 else { return }
            let unit = Int(PackedGeometry.unitsPerDegree)
            let x0 = column * unit, x1 = x0 + unit, y0 = row * unit, y1 = y0 + unit
            if value < CountryOutlines.mixedCell {
                let d = boxDistanceKm(x: x, y: y, x0: x0, y0: y0, x1: x1, y1: y1, scale: scale)
                if d < (best?.distanceKm ?? .infinity) { best = (value - 1, d) }
                return
            }
            // Edges along the cell's own border were added by clipping: they are not coast.
            let skip: (Int, Int, Int, Int) -> Bool = { ax, ay, bx, by in
                (ax == bx && (ax == x0 || ax == x1)) || (ay == by && (ay == y0 || ay == y1))
            }
            forEachPiece(inCell: value, row: row, column: column, decoded: decoded) { id, xs, ys in
                let d = PackedGeometry.distanceKm(xs: xs, ys: ys, x: x, y: y, scale: scale, skip: skip)
                if d < (best?.distanceKm ?? .infinity) { best = (id - 1, d) }
                return true
            }
        }
        for ring in 0...360 {
            if ring == 0 {
                visit(row0, column0)
            } else {
                // Past half the globe the rows wrap round: read each column once, and the sides are
                // columns read before.
                let columns = 2 * ring + 1 <= 360 ? (column0 - ring)...(column0 + ring) : (column0 - 180)...(column0 + 179)
                for column in columns {
                    visit(row0 - ring, column)
                    visit(row0 + ring, column)
                }
                if 2 * ring + 1 <= 360 {
                    for row in (row0 - ring + 1)..<(row0 + ring) {
                        visit(row, column0 - ring)
                        if 2 * ring < 360 { visit(row, column0 + ring) }
                    }
                }
            }
            // Cells not yet read lie beyond the box of rings read so far.
            let bound = CountryIndex.distanceOutsideKm(latitude: latitude, longitude: longitude, row: row0, column: column0,
                                                      ring: ring, scale: scale)
            if bound >= min(limitKm, best?.distanceKm ?? .infinity) { break }
        }
        guard let best, best.distanceKm <= limitKm else { return nil }
        return best
    }

    /// The pieces of the mixed cells a caller has met, decoded once: a journal's places crowd into a few
    /// cells, and decoding a cell's bits is most of a lookup in it.
    public final class DecodedCells {
        fileprivate var pieces: [Int: [(id: Int, xs: [Int], ys: [Int])]] = [:]
        /// No cell decoded yet.
        public init() {}
    }

    /// ``CountryOutlines/forEachPiece(inCell:row:column:_:)``, from `decoded` when given (the cell's
    /// pieces decoded on first use).
    private func forEachPiece(inCell value: Int, row: Int, column: Int, decoded: DecodedCells?,
                              _ body: (_ id: Int, _ xs: [Int], _ ys: [Int]) -> Bool) {
        guard let decoded else { return outlines.forEachPiece(inCell: value, row: row, column: column, body) }
        let key = row * 360 + column
        if decoded.pieces[key] == nil {
            var pieces: [(id: Int, xs: [Int], ys: [Int])] = []
            outlines.forEachPiece(inCell: value, row: row, column: column) { id, xs, ys in
                pieces.append((id, xs, ys))
                return true
            }
            decoded.pieces[key] = pieces
        }
        for piece in decoded.pieces[key]! where !body(piece.id, piece.xs, piece.ys) { return }
    }

    /// The grid cell of a point, or `nil` for coordinates out of range.
    static func cell(latitude: Double, longitude: Double) -> (row: Int, column: Int)? {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        return (min(179, Int((latitude + 90).rounded(.down))), min(359, Int((longitude + 180).rounded(.down))))
    }

    @inline(__always) func cellValue(row: Int, column: Int) -> Int {
        outlines.cellValue(row: row, column: column)
    }

    private func boxDistanceKm(x: Double, y: Double, x0: Int, y0: Int, x1: Int, y1: Int, scale: Double) -> Double {
        let fullTurn = 360 * PackedGeometry.unitsPerDegree
        var dx = 0.0
        for shift in [0.0, fullTurn, -fullTurn] {
            let candidate = max(0, Double(x0) + shift - x, x - Double(x1) - shift)
            dx = shift == 0 ? candidate : min(dx, candidate)
        }
        let dy = max(0, Double(y0) - y, y - Double(y1))
        return ((dx * scale) * (dx * scale) + dy * dy).squareRoot() * PackedGeometry.kmPerDegree / PackedGeometry.unitsPerDegree
    }

    /// A lower bound on the distance from the point to any cell outside the `ring` rings around its own.
    static func distanceOutsideKm(latitude: Double, longitude: Double, row: Int, column: Int, ring: Int, scale: Double) -> Double {
        let north = row + ring + 1 >= 180 ? Double.infinity : Double(row + ring + 1 - 90) - latitude
        let south = row - ring <= 0 ? Double.infinity : latitude - Double(row - ring - 90)
        var eastWest = Double.infinity
        if 2 * ring + 1 < 360 {
            eastWest = min(longitude - Double(column - ring - 180), Double(column + ring + 1 - 180) - longitude) * scale
        }
        return min(north, south, eastWest) * PackedGeometry.kmPerDegree
    }
}
