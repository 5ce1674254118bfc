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

    private let geocoder: ReverseGeocoder
    private var cells: [Int: Cell] = [:]
    private var entries: [Int: GazetteerEntry] = [:]
    /// The boxes of the first-level region outlines, in quantised units.
    private let outlineBoxes: [PackedGeometry.Box]

    init(geocoder: ReverseGeocoder) {
        self.geocoder = geocoder
        let features = geocoder.features
        var boxes: [PackedGeometry.Box] = []
        let kind = Array("admin1\t".utf8)
        var record = 0
        while record + 20 <= features.boxes.count {
            let p = features.boxes.base + record
            let line = PackedGeometry.value(p + 16, width: 4)
            if line + kind.count <= features.features.count,
               kind.indices.allSatisfy({ features.features.base[line + $0] == kind[$0] }) {
                boxes.append(PackedGeometry.Box(p))
            }
            record += 21
        }
        outlineBoxes = boxes
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
        let outlined = mayBeOutlined(center) ? geocoder.features.admin1(latitude: latitude, longitude: longitude) : nil
        return geocoder.firstLevelRegion(latitude: latitude, longitude: longitude, country: country, nearest: nearest, outlined: outlined,
                                         sight: { self.nearestSight(latitude: latitude, longitude: longitude, center: center) }).region
    }

    // MARK: Cells

    private func cell(_ row: Int, _ column: Int) -> Cell? {
        guard row >= 0, row < 180 else { return nil }
        let number = row * 360 + (column % 360 + 360) % 360
        if let known = cells[number] { return known }
        var cell = Cell()
        let gazetteer = geocoder.gazetteer
        gazetteer.forEachPlace(row: row, column: column) { offset, lat, lon in
            if gazetteer.isSettlementLine(offset) {
                cell.towns.append(Point(latitude: lat, longitude: lon, offset: offset))
            } else {
                // Whether it is a sight is read only for one within reach (``isSight(_:)``).
                cell.others.append(Point(latitude: lat, longitude: lon, offset: offset))
            }
        }
        cell.towns.sort { ($0.latitude, $0.offset) < ($1.latitude, $1.offset) }
        cell.others.sort { ($0.latitude, $0.offset) < ($1.latitude, $1.offset) }
        cells[number] = cell
        return cell
    }

    /// Whether the line at `offset` is a sight (one of ``Gazetteer/sightKinds``).
    private func isSight(_ offset: Int) -> Bool {
        let places = geocoder.gazetteer.places
        let start = places.field(.kind, ofLineAt: offset)
        let end = places.fieldEnd(from: start)
        let text = String(decoding: UnsafeBufferPointer(start: places.base + start, count: max(0, end - start)), as: UTF8.self)
        return GazetteerEntry.Kind(rawValue: text).map { Gazetteer.sightKinds.contains($0) } ?? false
    }

    private func entry(_ offset: Int) -> GazetteerEntry {
        if let known = entries[offset] { return known }
        let found = geocoder.gazetteer.placeEntry(at: offset)
        entries[offset] = found
        return found
    }

    /// Whether a first-level region outline's box reaches the cell.
    private func mayBeOutlined(_ center: (row: Int, column: Int)) -> Bool {
        let minX = PackedGeometry.x(longitude: Double(center.column - 180)), maxX = PackedGeometry.x(longitude: Double(center.column - 179))
        let minY = PackedGeometry.y(latitude: Double(center.row - 90)), maxY = PackedGeometry.y(latitude: Double(center.row - 89))
        return outlineBoxes.contains { Double($0.maxX) >= minX && Double($0.minX) <= maxX && Double($0.maxY) >= minY && Double($0.minY) <= maxY }
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
        for (rank, step) in order.enumerated() {
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
