#if canImport(Glibc)
import Glibc
#endif

/// The gazetteer read once per one-degree cell for ``PlaceAreas``' region lookups: each cell's populated
/// places and its other lines (among them the sights) decoded into arrays sorted by latitude, and whether any first-level region outline
/// reaches it. A region lookup then searches memory instead of the tables, and gives exactly what
/// ``ReverseGeocoder/firstLevelRegion(latitude:longitude:country:)`` gives: the nearest town and the sight
/// within ``ReverseGeocoder/sightRegionKm`` are the same ones (ties go to the place the table search meets
/// first), and a point whose nearest town may lie beyond the eight cells around its own is asked of the
/// gazetteer itself.
final class RegionCells {
    /// One decoded line: where it is, its byte offset in the places table, its rank in search order.
    private struct Point {
        var latitude: Double
        var longitude: Double
        var offset: Int
    }

    /// One cell: its populated places, and its other lines (sights, features, airports), each sorted by
    /// latitude (ties by offset).
    private struct Cell {
        var towns: [Point] = []
        var others: [Point] = []
    }

    /// A first-level region outline: its box, its name and code, its rings once read.
    private struct Outline {
        var box: PackedGeometry.Box
        var line: Int
        var name: String
        var code: String
        var rings: [(xs: [Int], ys: [Int])]?
    }

    private let geocoder: ReverseGeocoder
    private var cells: [Int: Cell] = [:]
    private var entries: [Int: GazetteerEntry] = [:]
    private var regionNames: [String: String] = [:]
    /// The first-level region outlines, in the features' order (the first that holds a point names it).
    private var outlines: [Outline]
    /// For each cell asked about, the outlines whose box reaches it.
    private var outlinesByCell: [Int: [Int]] = [:]

    init(geocoder: ReverseGeocoder) {
        self.geocoder = geocoder
        let features = geocoder.features
        var outlines: [Outline] = []
        let kind = Array("admin1\t".utf8)
        var record = 0
        while record + 20 <= features.boxes.count {
            let p = features.boxes.base + record
            let line = PackedGeometry.value(p + 16, width: 4)
            if line + kind.count <= features.features.count,
               kind.indices.allSatisfy({ features.features.base[line + $0] == kind[$0] }) {
                let fields = features.features.fields(at: line)
                outlines.append(Outline(box: PackedGeometry.Box(p), line: line, name: fields.count > 1 ? String(fields[1]) : "",
                                        code: fields.count > 2 ? String(fields[2]) : "", rings: nil))
            }
            record += 21
        }
        self.outlines = outlines
    }

    /// The first-level region of a point on land in `country`, as
    /// ``ReverseGeocoder/firstLevelRegion(latitude:longitude:country:)`` gives it.
    func firstLevelRegion(latitude: Double, longitude: Double, country: String) -> ReverseGeocoder.Region? {
        guard latitude.isFinite, longitude.isFinite else {
            return geocoder.firstLevelRegion(latitude: latitude, longitude: longitude, country: country)
        }
        let center = Gazetteer.cell(latitude: latitude, longitude: longitude)
        let nearest = nearestTown(latitude: latitude, longitude: longitude, center: center)
            ?? geocoder.gazetteer.nearest(latitude: latitude, longitude: longitude, limit: 1).first
        // Outlines exist for a few countries only: most cells have none to test.
        let outlined = outline(latitude: latitude, longitude: longitude, center: center)
        return geocoder.firstLevelRegion(latitude: latitude, longitude: longitude, country: country, nearest: nearest, outlined: outlined,
                                         sight: { self.nearestSight(latitude: latitude, longitude: longitude, center: center) }).region
    }

    // MARK: Cells

    private func cell(_ row: Int, _ column: Int) -> Cell? {
        guard row >= 0, row < 180 else { return nil }
        let number = row * 360 + (column % 360 + 360) % 360
        if let known = cells[number] { return known }
        var cell = Cell()
        // Whether it is a sight is read only for one within reach (``isSight(_:)``).
        if geocoder.gazetteer.mayHoldPlaces(row: row, column: column) {
            CellReader(geocoder.gazetteer.places).forEachLine(cell: number) { offset, latitude, longitude, isSettlement in
                let point = Point(latitude: latitude, longitude: longitude, offset: offset)
                if isSettlement { cell.towns.append(point) } else { cell.others.append(point) }
            }
        }
        // The lines come in offset order and `sort` is documented stable: equal latitudes stay in offset
        // order, the (latitude, offset) order the searches rely on.
        cell.towns.sort { $0.latitude < $1.latitude }
        cell.others.sort { $0.latitude < $1.latitude }
        cells[number] = cell
        return cell
    }

    /// Whether the line at `offset` is a sight (``Gazetteer/isSightKind(_:)``).
    private func isSight(_ offset: Int) -> Bool {
        let places = geocoder.gazetteer.places
        let start = places.field(.kind, ofLineAt: offset)
        let end = places.fieldEnd(from: start)
        return GazetteerEntry.Kind(word: UnsafeBufferPointer(start: places.base + start, count: max(0, end - start)))
            .map(Gazetteer.isSightKind) ?? false
    }

    /// The line at `offset` as far as the region rule reads it: its country, its admin1 code and that
    /// region's name (the district, names and the rest are not read, and not decoded).
    private func entry(_ offset: Int) -> GazetteerEntry {
        if let known = entries[offset] { return known }
        let places = geocoder.gazetteer.places
        func text(_ column: GazetteerSchema.PlaceColumn) -> String {
            let start = places.field(column, ofLineAt: offset)
            let end = places.fieldEnd(from: start)
            return String(decoding: UnsafeBufferPointer(start: places.base + start, count: max(0, end - start)), as: UTF8.self)
        }
        let country = text(.country), code = text(.admin1)
        let key = country + "." + code
        let name = regionNames[key] ?? geocoder.gazetteer.regionName(country: country, code: code)
        regionNames[key] = name
        let found = GazetteerEntry(name: "", admin1: name, admin1Code: code, countryCode: country, latitude: 0, longitude: 0)
        entries[offset] = found
        return found
    }

    /// The first-level region whose outline holds the point, as ``FeatureIndex/admin1(latitude:longitude:)``
    /// finds it: only the outlines whose box reaches the point's cell are tested, each read once.
    private func outline(latitude: Double, longitude: Double, center: (row: Int, column: Int)) -> (name: String, code: String)? {
        let number = center.row * 360 + center.column
        let candidates: [Int]
        if let known = outlinesByCell[number] {
            candidates = known
        } else {
            let minX = PackedGeometry.x(longitude: Double(center.column - 180)), maxX = PackedGeometry.x(longitude: Double(center.column - 179))
            let minY = PackedGeometry.y(latitude: Double(center.row - 90)), maxY = PackedGeometry.y(latitude: Double(center.row - 89))
            candidates = outlines.indices.filter { index in
                let box = outlines[index].box
                return Double(box.maxX) >= minX && Double(box.minX) <= maxX && Double(box.maxY) >= minY && Double(box.minY) <= maxY
            }
            outlinesByCell[number] = candidates
        }
        guard !candidates.isEmpty, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        let x = PackedGeometry.x(longitude: longitude), y = PackedGeometry.y(latitude: latitude)
        for index in candidates where outlines[index].box.contains(x: x, y: y) {
            if outlines[index].rings == nil { outlines[index].rings = geocoder.features.rings(ofLineAt: outlines[index].line) }
            if FeatureRings.containsOddly(outlines[index].rings!, x: x, y: y) { return (outlines[index].name, outlines[index].code) }
        }
        return nil
    }

    // MARK: Searches

    /// The cells around `center` in the order ``Gazetteer/nearest(latitude:longitude:limit:minimumPopulation:)``
    /// visits them: its own, the row below, the row above, then west and east.
    private static let ringOrder = [(0, 0), (-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1), (0, -1), (0, 1)]
    /// Row by row, as ``Gazetteer/nearestSight(latitude:longitude:withinKm:)`` visits them.
    private static let rowOrder = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1), (1, -1), (1, 0), (1, 1)]

    /// The nearest populated place, `nil` when one beyond the nine cells around the point might be nearer.
    private func nearestTown(latitude: Double, longitude: Double, center: (row: Int, column: Int)) -> NearbyPlace? {
        guard let best = nearest(in: Self.ringOrder, \.towns, latitude: latitude, longitude: longitude, center: center, withinKm: .infinity),
              Gazetteer.distanceOutsideBox(latitude: latitude, longitude: longitude, center: center, ring: 1) > best.distance else { return nil }
        return NearbyPlace(entry: entry(best.offset), distanceKm: best.distance)
    }

    /// The nearest sight within ``ReverseGeocoder/sightRegionKm``.
    private func nearestSight(latitude: Double, longitude: Double, center: (row: Int, column: Int)) -> NearbyPlace? {
        nearest(in: Self.rowOrder, \.others, latitude: latitude, longitude: longitude, center: center, withinKm: ReverseGeocoder.sightRegionKm,
                where: isSight).map { NearbyPlace(entry: entry($0.offset), distanceKm: $0.distance) }
    }

    /// The point of `list` nearest to the given one within `radius` over the cells `order` names: the least
    /// distance, ties to the cell earlier in `order`, then the earlier line, as the table searches keep them.
    private func nearest(in order: [(Int, Int)], _ list: KeyPath<Cell, [Point]>, latitude: Double, longitude: Double,
                         center: (row: Int, column: Int), withinKm radius: Double,
                         where admits: (Int) -> Bool = { _ in true }) -> (offset: Int, distance: Double)? {
        var best: (offset: Int, distance: Double, rank: Int)?
        // No point outside the point's own cell is nearer than this (a hair less, for rounding): a cell
        // around it is read only while one of its points could still be kept.
        let outside = Gazetteer.distanceOutsideBox(latitude: latitude, longitude: longitude, center: center, ring: 0) * (1 - 1e-9)
        for (rank, step) in order.enumerated() {
            if step != (0, 0), outside > min(best?.distance ?? radius, radius) { continue }
            guard let cell = cell(center.row + step.0, center.column + step.1) else { continue }
            let points = cell[keyPath: list]
            // Outward from the point's latitude, each way until the latitude alone is too far.
            var low = 0, high = points.count
            while low < high {
                let mid = (low + high) / 2
                if points[mid].latitude < latitude { low = mid + 1 } else { high = mid }
            }
            func consider(_ point: Point) -> Bool {
                let bound = best?.distance ?? radius
                guard abs(point.latitude - latitude) * Gazetteer.kmPerDegreeBelow <= bound else { return false }
                let d = Geodesy.distanceKm(fromLatitude: latitude, longitude: longitude, toLatitude: point.latitude, longitude: point.longitude)
                guard d <= radius else { return true }
                if let kept = best, (d, rank, point.offset) >= (kept.distance, kept.rank, kept.offset) { return true }
                if admits(point.offset) { best = (point.offset, d, rank) }
                return true
            }
            var up = low
            while up < points.count, consider(points[up]) { up += 1 }
            var down = low - 1
            while down >= 0, consider(points[down]) { down -= 1 }
        }
        return best.map { ($0.offset, $0.distance) }
    }
}

// MARK: Reading a cell

extension RegionCells {
    /// ``Gazetteer/forEachLine(row:column:keepsLatitude:searched:_:)`` with
    /// ``Gazetteer/isSettlementLine(afterLongitude:)``, for the region cells: a cell's lines read byte by
    /// byte in one pass, each number as ``SortedTable/number(at:)`` reads it (the same digits divided by
    /// the same power of ten, so the same double). A line that is not the plain `-12.34567` numbers and
    /// tab-ended fields this reads is handed to the table's own readers, so every line gives what those
    /// give.
    struct CellReader {
        let places: SortedTable
        private let base: UnsafePointer<UInt8>
        private let end: UnsafePointer<UInt8>
        private let city = Gazetteer.cityKind

        /// A reader of a gazetteer's `places` table.
        init(_ places: SortedTable) {
            self.places = places
            base = places.base
            end = places.base + places.count
        }

        /// ``SortedTable``'s powers of ten, each made by the same multiplications (exact to 10²²).
        static let powersOfTen: [Double] = (0...22).map { n in (0..<n).reduce(1.0) { value, _ in value * 10 } }

        /// Calls `body` with every line of the grid cell numbered `cell` (`row * 360 + column`).
        func forEachLine(cell: Int, _ body: (_ offset: Int, _ latitude: Double, _ longitude: Double, _ isSettlement: Bool) -> Void) {
            var digits = Array(String(cell).utf8)
            while digits.count < 5 { digits.insert(48, at: 0) }
            var offset = places.lowerBound(digits)
            while offset < places.count, places.keyHasPrefix(at: offset, digits), places.base[offset + 5] == 9 {
                if let line = plainLine(at: offset) {
                    body(offset, line.latitude, line.longitude, line.isSettlement)
                    offset = line.next
                } else {
                    let latitude = places.number(at: places.field(.latitude, ofLineAt: offset))
                    let longitude = places.number(at: places.fieldEnd(from: latitude.end) + 1)
                    let kind = places.field(GazetteerSchema.PlaceColumn.kind.rawValue - GazetteerSchema.PlaceColumn.longitude.rawValue,
                                            ofLineAt: places.fieldEnd(from: longitude.end))
                    body(offset, latitude.value, longitude.value, places.keyHasPrefix(at: kind, city))
                    offset = places.nextLine(after: latitude.end)
                }
            }
        }

        /// The line at `offset` (its cell key and tab already checked), `nil` when it is not plain.
        @inline(__always)
        private func plainLine(at offset: Int) -> (latitude: Double, longitude: Double, isSettlement: Bool, next: Int)? {
            // The name: any bytes up to its tab.
            guard var p = skipField(base + offset + 6), let latitude = number(&p), let longitude = number(&p) else { return nil }
            // Country, first-level region, second-level region, population: then the kind.
            for _ in 0..<4 { guard let next = skipField(p) else { return nil }; p = next }
            var isSettlement = end - p >= city.count
            if isSettlement { for i in 0..<city.count where p[i] != city[i] { isSettlement = false; break } }
            guard let newline = memchr(p, 10, end - p) else { return nil }
            let next = UnsafePointer(newline.assumingMemoryBound(to: UInt8.self)) + 1 - base
            return (latitude, longitude, isSettlement, next)
        }

        /// Just past the tab that ends the field at `start`; `nil` when the line or the table ends first.
        @inline(__always) private func skipField(_ start: UnsafePointer<UInt8>) -> UnsafePointer<UInt8>? {
            var p = start
            while p < end {
                if p.pointee == 9 { return p + 1 }
                if p.pointee == 10 { return nil }
                p += 1
            }
            return nil
        }

        /// The number at `p` followed by its tab (`p` moved past the tab): an optional minus, digits, an
        /// optional point and digits, 18 digits at most; `nil` for any other text.
        @inline(__always) private func number(_ p: inout UnsafePointer<UInt8>) -> Double? {
            var q = p
            let negative = q < end && q.pointee == 45
            if negative { q += 1 }
            var mantissa: UInt64 = 0, digits = 0, decimals = 0
            while q < end, q.pointee &- 48 < 10 { mantissa = mantissa &* 10 &+ UInt64(q.pointee &- 48); digits += 1; q += 1 }
            if q < end, q.pointee == 46 {
                q += 1
                while q < end, q.pointee &- 48 < 10 {
                    mantissa = mantissa &* 10 &+ UInt64(q.pointee &- 48); digits += 1; decimals += 1; q += 1
                }
            }
            guard digits > 0, digits <= 18, decimals < Self.powersOfTen.count, q < end, q.pointee == 9 else { return nil }
            p = q + 1
            var value = Double(mantissa)
            if decimals > 0 { value /= Self.powersOfTen[decimals] }
            return negative ? -value : value
        }
    }
}
