#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// The gazetteer read once per one-degree cell for ``PlaceAreas``' region lookups: each cell's populated
/// places and its other lines (among them the sights) sorted by latitude (the bundled table's lines read as
/// the searches reach them), and whether any first-level region outline reaches it. A region lookup then searches memory instead of the tables, and gives exactly what
/// ``ReverseGeocoder/firstLevelRegion(latitude:longitude:country:)`` gives: the nearest town and the sight
/// within ``ReverseGeocoder/sightRegionKm`` are the same ones (ties go to the place the table search meets
/// first), and a point whose nearest town may lie beyond the eight cells around its own is asked of the
/// gazetteer itself.
final class RegionCells {
    /// One group of a cell's lines (its populated places, or its other lines), sorted by latitude (ties by
    /// offset): each line's byte offset in the places table, and its coordinates once read.
    ///
    /// A search reads few of a cell's lines (a binary search on latitude, then outward while latitude alone
    /// could still win), so the bundled table's lines are read as they are reached: a latitude when first
    /// compared, a longitude only when the latitude is near enough.
    private final class Lines {
        let count: Int
        /// The packed table the lines are read from, and where this group's records start; `nil` when every
        /// coordinate was read at once.
        private let packed: (table: GazetteerCells, firstRecord: Int, firstLine: Int)?
        /// Each line's offset, for lines read at once (the packed table's are decoded from its records).
        private let offsetList: [Int]
        /// Three words a line: its latitude, where its longitude starts, its longitude; zero until read (see
        /// ``encode(_:)``). Zeroed memory rather than arrays filled with a mark: a search reads a few dozen
        /// lines of a cell of thousands, and pages of it never touched are never paged in.
        private let slots: UnsafeMutablePointer<UInt64>

        /// A coordinate as kept in ``slots``: its bits turned by those of a signalling NaN, which no number
        /// read from the table is, so zero means "not read yet".
        @inline(__always)
        private static func encode(_ value: Double) -> UInt64 { value.bitPattern ^ 0x7FF4_0000_0000_0001 }
        @inline(__always)
        private static func decode(_ word: UInt64) -> Double { Double(bitPattern: word ^ 0x7FF4_0000_0000_0001) }

        /// The lines of `records` in `table`, read as they are reached.
        init(_ table: GazetteerCells, records: Range<Int>, firstLine: Int) {
            count = records.count
            packed = (table, records.lowerBound, firstLine)
            offsetList = []
            slots = Self.zeroed(count)
        }

        /// Lines whose coordinates are already read, sorted by latitude (ties by offset).
        init(_ points: [(latitude: Double, longitude: Double, offset: Int)]) {
            count = points.count
            packed = nil
            offsetList = points.map(\.offset)
            slots = Self.zeroed(count)
            for (index, point) in points.enumerated() {
                slots[3 * index] = Self.encode(point.latitude)
                slots[3 * index + 2] = Self.encode(point.longitude)
            }
        }

        private static func zeroed(_ count: Int) -> UnsafeMutablePointer<UInt64> {
            // `calloc` takes fresh memory as it comes, already zero, without writing it.
            guard let memory = calloc(max(1, 3 * count), MemoryLayout<UInt64>.stride) else { fatalError("out of memory") }
            return memory.bindMemory(to: UInt64.self, capacity: max(1, 3 * count))
        }

        deinit { free(slots) }

        /// The byte offset in the places table of the line at `index`.
        @inline(__always)
        func offset(_ index: Int) -> Int {
            guard let packed else { return offsetList[index] }
            return packed.table.offset(ofRecord: packed.firstRecord + index, firstLine: packed.firstLine)
        }

        @inline(__always)
        func latitude(_ index: Int) -> Double {
            if slots[3 * index] == 0, let packed {
                let read = packed.table.latitude(ofLineAt: offset(index))
                slots[3 * index] = Self.encode(read.value)
                slots[3 * index + 1] = UInt64(truncatingIfNeeded: read.longitudeStart)
            }
            return Self.decode(slots[3 * index])
        }

        /// The longitude of the line at `index`, whose ``latitude(_:)`` was read first.
        @inline(__always)
        func longitude(_ index: Int) -> Double {
            if slots[3 * index + 2] == 0, let packed {
                slots[3 * index + 2] = Self.encode(packed.table.longitude(at: Int(truncatingIfNeeded: slots[3 * index + 1])))
            }
            return Self.decode(slots[3 * index + 2])
        }
    }

    /// One cell: its populated places, and its other lines (sights, features, airports).
    private struct Cell {
        var towns: Lines
        var others: Lines
    }

    /// What the region rule reads of a line: its country, its admin1 code and that region's name.
    private struct LineRegion {
        var country: String
        var code: String
        var name: String
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
    /// The region of each line read, by offset: a whole ``GazetteerEntry`` kept per line was most of the
    /// memory `stats` touched (a dictionary of a thousand of them rehashed as it grew).
    private var regionsOfLines: [Int: LineRegion] = [:]
    private var regionNames: [String: String] = [:]
    /// The first-level region outlines, in the features' order (the first that holds a point names it);
    /// found on the first region lookup (`trips` asks for none).
    private lazy var outlines: [Outline] = Self.admin1Outlines(geocoder.features)
    /// For each cell asked about, the outlines whose box reaches it.
    private var outlinesByCell: [Int: [Int]] = [:]

    init(geocoder: ReverseGeocoder) {
        self.geocoder = geocoder
    }

    /// The first-level region outlines among `features`, in their order.
    private static func admin1Outlines(_ features: FeatureIndex) -> [Outline] {
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
        return outlines
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
        let gazetteer = geocoder.gazetteer
        if let packed = gazetteer.packedCells {
            // The bundled table's towns and sights, found and sorted in the order below when the table was made
            // (the other lines are never kept: only a sight may be the nearest sight).
            let records = packed.records(ofCell: number)
            let cell = Cell(towns: Lines(packed, records: records.towns, firstLine: records.firstLine),
                            others: Lines(packed, records: records.others, firstLine: records.firstLine))
            cells[number] = cell
            return cell
        }
        var towns: [(latitude: Double, longitude: Double, offset: Int)] = [], others = towns
        gazetteer.forEachLine(row: row, column: column) { offset, lat, lon, longitudeEnd in
            if gazetteer.isSettlementLine(afterLongitude: longitudeEnd) {
                towns.append((lat, lon, offset))
            } else {
                // Whether it is a sight is read only for one within reach (``isSight(_:)``).
                others.append((lat, lon, offset))
            }
        }
        // The lines come in offset order and `sort` is documented stable: equal latitudes stay in offset
        // order, the (latitude, offset) order the searches rely on.
        towns.sort { $0.latitude < $1.latitude }
        others.sort { $0.latitude < $1.latitude }
        let cell = Cell(towns: Lines(towns), others: Lines(others))
        cells[number] = cell
        return cell
    }

    /// Whether the line at `offset` is a sight (``GazetteerEntry/Kind/isSight``).
    private func isSight(_ offset: Int) -> Bool {
        let places = geocoder.gazetteer.places
        let start = places.field(.kind, ofLineAt: offset)
        let end = places.fieldEnd(from: start)
        return GazetteerEntry.Kind(word: UnsafeBufferPointer(start: places.base + start, count: max(0, end - start)))
            .map(\.isSight) ?? false
    }

    /// The line at `offset` as far as the region rule reads it: its country, its admin1 code and that
    /// region's name (the district, names and the rest are not read, and not decoded).
    private func entry(_ offset: Int) -> GazetteerEntry {
        let region = lineRegion(offset)
        return GazetteerEntry(name: "", admin1: region.name, admin1Code: region.code, countryCode: region.country, latitude: 0, longitude: 0)
    }

    private func lineRegion(_ offset: Int) -> LineRegion {
        if let known = regionsOfLines[offset] { return known }
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
        let found = LineRegion(country: country, code: code, name: name)
        regionsOfLines[offset] = found
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
    private func nearest(in order: [(Int, Int)], _ list: KeyPath<Cell, Lines>, latitude: Double, longitude: Double,
                         center: (row: Int, column: Int), withinKm radius: Double,
                         where admits: (Int) -> Bool = { _ in true }) -> (offset: Int, distance: Double)? {
        var best: (offset: Int, distance: Double, rank: Int)?
        // No point outside the point's own cell is nearer than this (a hair less, for rounding): a cell
        // around it is read only while one of its points could still be kept.
        let outside = Gazetteer.distanceOutsideBox(latitude: latitude, longitude: longitude, center: center, ring: 0) * (1 - 1e-9)
        var reach = HaversineBound(latitude: latitude, distanceKm: radius)
        for (rank, step) in order.enumerated() {
            if step != (0, 0), outside > min(best?.distance ?? radius, radius) { continue }
            guard let cell = cell(center.row + step.0, center.column + step.1) else { continue }
            let points = cell[keyPath: list]
            // Outward from the point's latitude, each way until the latitude alone is too far.
            var low = 0, high = points.count
            while low < high {
                let mid = (low + high) / 2
                if points.latitude(mid) < latitude { low = mid + 1 } else { high = mid }
            }
            func consider(_ index: Int) -> Bool {
                let bound = best?.distance ?? radius
                let pointLatitude = points.latitude(index)
                guard abs(pointLatitude - latitude) * Geodesy.kmPerDegreeBelow <= bound else { return false }
                let pointLongitude = points.longitude(index)
                // Farther than the bound by longitude alone: neither kept nor able to stop the scan, as the
                // distance would have found, without working it out.
                if reach.isBeyond(latitudeDelta: pointLatitude - latitude, longitudeDelta: pointLongitude - longitude) { return true }
                let d = Geodesy.distanceKm(fromLatitude: latitude, longitude: longitude, toLatitude: pointLatitude, longitude: pointLongitude)
                guard d <= radius else { return true }
                let offset = points.offset(index)
                if let kept = best, (d, rank, offset) >= (kept.distance, kept.rank, kept.offset) { return true }
                if admits(offset) {
                    best = (offset, d, rank)
                    reach.distanceKm = d
                }
                return true
            }
            var up = low
            while up < points.count, consider(up) { up += 1 }
            var down = low - 1
            while down >= 0, consider(down) { down -= 1 }
        }
        return best.map { ($0.offset, $0.distance) }
    }
}

/// A test that a point lies farther than a distance from a fixed point, by a bound on the haversine formula
/// (``Geodesy/distanceKm(fromLatitude:longitude:toLatitude:longitude:)``) made of multiplications only.
///
/// The haversine term of two points is `sin²(Δφ/2) + cos φ₁ cos φ₂ sin²(Δλ/2)`, and the distance grows
/// with it. Its second part alone is at least `cos φ₁ · (cos φ₁ (1 − Δφ²/2) − |sin φ₁| |Δφ|) · (h − h³/6)²`
/// with `h = |Δλ|/2` (as `cos x ≥ 1 − x²/2`, `|sin x| ≤ |x|` and `sin h ≥ h − h³/6`): when that exceeds the
/// term of the distance, the point is farther, whatever the sines would give. A relative margin of 1e-7
/// leaves the rounding of either side no way to call a point beyond that the distance would not.
struct HaversineBound {
    private let cosLatitude: Double
    private let sinLatitude: Double
    /// `sin²(d / 2R)` of ``distanceKm``; infinite when no bound applies (an infinite or antipodal distance).
    private var term: Double

    /// The distance tested against; infinite for none.
    var distanceKm: Double {
        didSet { term = Self.term(of: distanceKm) }
    }

    init(latitude: Double, distanceKm: Double) {
        let φ = latitude * .pi / 180
        cosLatitude = cos(φ)
        sinLatitude = abs(sin(φ))
        self.distanceKm = distanceKm
        term = Self.term(of: distanceKm)
    }

    private static func term(of distanceKm: Double) -> Double {
        let angle = distanceKm / (2 * Geodesy.earthRadiusKm)
        guard angle.isFinite, angle >= 0, angle < .pi / 2 else { return .infinity }
        let sine = sin(angle)
        return sine * sine * (1 + 1e-7) + 1e-300
    }

    /// Whether a point this many degrees of latitude and longitude away is certainly farther than ``distanceKm``.
    @inline(__always)
    func isBeyond(latitudeDelta: Double, longitudeDelta: Double) -> Bool {
        guard term.isFinite else { return false }
        let h = abs(longitudeDelta) * (.pi / 360)
        // Beyond a radian the sine bound is too loose to help (and must not pass π/2).
        guard h < 1 else { return false }
        let dφ = abs(latitudeDelta) * (.pi / 180)
        let cosOther = max(0, cosLatitude * (1 - dφ * dφ / 2) - sinLatitude * dφ)
        let sineBound = h - h * h * h / 6
        return cosLatitude * cosOther * sineBound * sineBound > term
    }
}

