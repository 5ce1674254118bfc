#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

extension Gazetteer {
    /// The grid cell of a point: rows from 90°S, columns from 180°W, one degree each.
    static func cell(latitude: Double, longitude: Double) -> (row: Int, column: Int) {
        // Clamped before the conversion: a hand-edited journal may hold any number.
        (Int(saturating: min(179, max(0, latitude.rounded(.down) + 90))),
         Int(saturating: min(359, max(0, longitude.rounded(.down) + 180))))
    }

    /// Whether a grid cell may hold places: `false` only when the occupancy map says it holds none.
    @inline(__always) func mayHoldPlaces(row: Int, column: Int) -> Bool {
        let cellNumber = row * 360 + (column % 360 + 360) % 360
        guard let occupancy, cellNumber < occupancy.count else { return true }
        return occupancy.base[cellNumber] == UInt8(ascii: "1")
    }

    /// Whether the `places` line at `offset` is a populated place (its kind column is empty, or reads `city`).
    @inline(__always) func isSettlementLine(_ offset: Int) -> Bool {
        isSettlementKind(at: places.field(.kind, ofLineAt: offset))
    }

    /// Whether the kind column that starts at `start` names a populated place: empty, as the bundled table
    /// writes its most common kind, or `city`, as region packs and gazetteers imported before spell it.
    @inline(__always) func isSettlementKind(at start: Int) -> Bool {
        start < places.count && places.base[start] == 9 || places.keyHasPrefix(at: start, Gazetteer.cityKind)
    }

    static let cityKind = Array("city\t".utf8)

    /// Calls `body` with the offset, latitude and longitude of every line in one grid cell.
    /// - Parameter keepsLatitude: a quick test on a line's latitude; lines it refuses are skipped before
    ///   their longitude is read.
    /// - Parameter searched: called when the cell is searched (it may hold places).
    func forEachPlace(row: Int, column: Int, keepsLatitude: (Double) -> Bool = { _ in true },
                      searched: () -> Void = {}, _ body: (Int, Double, Double) -> Void) {
        forEachLine(row: row, column: column, keepsLatitude: keepsLatitude, searched: searched) { offset, lat, lon, _ in
            body(offset, lat, lon)
        }
    }

    /// ``forEachPlace(row:column:keepsLatitude:searched:_:)``, also giving where each line's longitude
    /// ends: ``isSettlementLine(afterLongitude:)`` reads the kind from there, not from the line's start.
    func forEachLine(row: Int, column: Int, keepsLatitude: (Double) -> Bool = { _ in true },
                     searched: () -> Void = {}, _ body: (_ offset: Int, _ latitude: Double, _ longitude: Double, _ longitudeEnd: Int) -> Void) {
        let cellNumber = row * 360 + (column % 360 + 360) % 360
        // Most cells (oceans, ice) hold no place: the occupancy map answers without a binary search.
        if let occupancy, cellNumber < occupancy.count, occupancy.base[cellNumber] != UInt8(ascii: "1") { return }
        searched()
        var digits = Array(String(cellNumber).utf8)
        while digits.count < 5 { digits.insert(48, at: 0) }
        var offset = places.lowerBound(digits)
        // The cell's key compared as one word and a byte, not through a call a line: a dense cell (Paris's)
        // holds hundreds of lines.
        let head = digits.withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }, last = digits[4]
        while offset + 5 < places.count, UnsafeRawPointer(places.base + offset).loadUnaligned(as: UInt32.self) == head,
              places.base[offset + 4] == last, places.base[offset + 5] == 9 {
            // Features, airports and sights share the cells; callers keep only populated places
            // (isSettlementLine), and test that only for a line they would keep: reading the kind column
            // of every line costs more than the distances. Each number is read once: the next field is
            // looked for from where it ends.
            let latitude = places.number(at: places.field(.latitude, ofLineAt: offset))
            if keepsLatitude(latitude.value) {
                let longitude = places.number(at: places.fieldEnd(from: latitude.end) + 1)
                body(offset, latitude.value, longitude.value, places.fieldEnd(from: longitude.end))
            }
            offset = places.nextLine(after: latitude.end)
        }
    }

    /// ``isSettlementLine(_:)`` for a line whose longitude field ends at `longitudeEnd` (as
    /// ``forEachLine(row:column:keepsLatitude:searched:_:)`` gives it).
    @inline(__always) func isSettlementLine(afterLongitude longitudeEnd: Int) -> Bool {
        let columns = GazetteerSchema.PlaceColumn.kind.rawValue - GazetteerSchema.PlaceColumn.longitude.rawValue
        return isSettlementKind(at: places.field(columns, ofLineAt: longitudeEnd))
    }

    /// What one nearest-place search read: how many grid cells it searched (a binary search each)
    /// and how many places' lines it looked at. Tests hold the search to a bound with it.
    struct NearestWork: Equatable {
        var cellsSearched = 0
        var linesRead = 0
    }

    /// The populated places nearest to a point, nearest first.
    /// - Parameters:
    ///   - latitude: degrees north.
    ///   - longitude: degrees east.
    ///   - limit: how many places to return.
    ///   - minimumPopulation: skip smaller places.
    /// - Complexity: a binary search per occupied 1-degree grid cell that could hold a nearer place
    ///   than the worst kept so far, in rings around the point until no unvisited cell can.
    public func nearest(latitude: Double, longitude: Double, limit: Int = 1, minimumPopulation: Int = 0) -> [NearbyPlace] {
        var work = NearestWork()
        return nearest(latitude: latitude, longitude: longitude, limit: limit, minimumPopulation: minimumPopulation, work: &work)
    }

    /// ``nearest(latitude:longitude:limit:minimumPopulation:)``, counting its work in `work`.
    func nearest(latitude: Double, longitude: Double, limit: Int, minimumPopulation: Int, work: inout NearestWork) -> [NearbyPlace] {
        nearestLines(latitude: latitude, longitude: longitude, limit: limit, minimumPopulation: minimumPopulation, work: &work)
            .map { NearbyPlace(entry: placeEntry(at: $0.offset), distanceKm: $0.distanceKm) }
    }

    /// The `places` lines of ``nearest(latitude:longitude:limit:minimumPopulation:)``, in its order, with no
    /// entry built: a caller that keeps one of several builds only that one (an entry looks up its region,
    /// county and country names).
    func nearestLines(latitude: Double, longitude: Double, limit: Int, minimumPopulation: Int = 0) -> [(offset: Int, distanceKm: Double)] {
        var work = NearestWork()
        return nearestLines(latitude: latitude, longitude: longitude, limit: limit, minimumPopulation: minimumPopulation, work: &work)
    }

    private func nearestLines(latitude: Double, longitude: Double, limit: Int, minimumPopulation: Int,
                              work: inout NearestWork) -> [(offset: Int, distanceKm: Double)] {
        guard limit > 0, latitude.isFinite, longitude.isFinite else { return [] }
        let center = Gazetteer.cell(latitude: latitude, longitude: longitude)
        var found: [(offset: Int, distance: Double)] = []
        var cellsSearched = 0, linesRead = 0
        func visit(_ row: Int, _ column: Int) {
            guard row >= 0, row < 180 else { return }
            // A whole cell farther in latitude alone than the worst place kept cannot hold a nearer
            // one: skip it unread. Near a pole or far out at sea the rings must go round the globe
            // (the far side of a pole is near), and without this every town on Earth would be read.
            if found.count == limit {
                let south = Double(row - 90), north = south + 1
                let degrees = latitude < south ? south - latitude : (latitude > north ? latitude - north : 0)
                if degrees * Geodesy.kmPerDegreeBelow > found[found.count - 1].distance { return }
            }
            guard mayHoldPlaces(row: row, column: column) else { return }
            // And one whose nearest meridian is farther than that: every point of the cell differs in
            // longitude by at least `degrees`, and no such point is nearer than that meridian's great
            // circle (or, 90° or more round, than the pole).
            if found.count == limit {
                let west = Double((column % 360 + 360) % 360 - 180)
                func apart(_ meridian: Double) -> Double {
                    let d = abs(longitude - meridian).truncatingRemainder(dividingBy: 360)
                    return min(d, 360 - d)
                }
                var offset = (longitude - west).truncatingRemainder(dividingBy: 360)
                if offset < 0 { offset += 360 }
                let degrees = offset <= 1 ? 0 : min(apart(west), apart(west + 1), 90)
                if degrees > 0 {
                    let km = asin(min(1, cos(latitude * .pi / 180) * sin(degrees * .pi / 180))) * Geodesy.earthRadiusKm * 0.999_999
                    if km > found[found.count - 1].distance { return }
                }
            }
            // The difference in latitude alone bounds the distance from below: once the list is full, most
            // places fail this test before their longitude is read or any trigonometry is done.
            let keepsLatitude = { (lat: Double) in
                found.count < limit || abs(lat - latitude) * Geodesy.kmPerDegreeBelow <= found[found.count - 1].distance
            }
            forEachPlace(row: row, column: column, keepsLatitude: keepsLatitude, searched: { cellsSearched += 1 }) { offset, lat, lon in
                linesRead += 1
                let d = Geodesy.distanceKm(fromLatitude: latitude, longitude: longitude, toLatitude: lat, longitude: lon)
                if found.count < limit || d < found[found.count - 1].distance {
                    guard isSettlementLine(offset) else { return }
                    if minimumPopulation > 0, places.integer(at: places.field(.population, ofLineAt: offset)) < minimumPopulation { return }
                    found.append((offset, d))
                    found.sort { $0.distance < $1.distance }
                    if found.count > limit { found.removeLast() }
                }
            }
        }
        // The rows that may still hold a nearer place than the worst kept (all of them until the list
        // is full): a ring's rows outside them are skipped whole, without a look at their cells.
        func rowsInReach() -> ClosedRange<Int> {
            guard found.count == limit else { return 0...179 }
            let degrees = found[found.count - 1].distance / Geodesy.kmPerDegreeBelow
            let south = Gazetteer.cell(latitude: latitude - degrees, longitude: 0).row
            let north = Gazetteer.cell(latitude: latitude + degrees, longitude: 0).row
            return south...north
        }
        for ring in 0...180 {
            if ring == 0 {
                visit(center.row, center.column)
            } else {
                for row in [center.row - ring, center.row + ring] where rowsInReach().contains(row) {
                    for column in (center.column - ring)...(center.column + ring) { visit(row, column) }
                }
                let reach = rowsInReach()
                let rows = max(center.row - ring + 1, reach.lowerBound), lastRow = min(center.row + ring - 1, reach.upperBound)
                if ring < 180, rows <= lastRow {
                    for row in rows...lastRow {
                        visit(row, center.column - ring)
                        if 2 * ring < 360 { visit(row, center.column + ring) }
                    }
                }
            }
            // Every cell not yet visited lies beyond the parallels or the meridians that bound the visited
            // box; when both are farther than the worst place kept, nothing nearer remains.
            if found.count == limit,
               Gazetteer.distanceOutsideBox(latitude: latitude, longitude: longitude, center: center, ring: ring)
                > found[found.count - 1].distance {
                break
            }
            if ring >= 180 { break }
        }
        work.cellsSearched += cellsSearched
        work.linesRead += linesRead
        return found.map { ($0.offset, $0.distance) }
    }

    /// A lower bound, in kilometres, on the distance from a point to any cell outside the box of cells
    /// within `ring` of its own cell.
    static func distanceOutsideBox(latitude: Double, longitude: Double, center: (row: Int, column: Int), ring: Int) -> Double {
        let north = Double(center.row + ring + 1 - 90), south = Double(center.row - ring - 90)
        let toNorth = north >= 90 ? Double.infinity : north - latitude
        let toSouth = south <= -90 ? Double.infinity : latitude - south
        let degreesOfLatitude = min(toNorth, toSouth)
        let west = Double(center.column - ring - 180), east = Double(center.column + ring + 1 - 180)
        let degreesOfLongitude = min(longitude - west, east - longitude)
        var meridianKm = Double.infinity
        if 2 * ring + 1 < 360 {
            let φ = latitude * .pi / 180
            if degreesOfLongitude >= 90 {
                meridianKm = (90 - abs(latitude)) * 111.19  // the nearest point of a far meridian is a pole
            } else {
                meridianKm = asin(min(1, cos(φ) * sin(degreesOfLongitude * .pi / 180))) * Geodesy.earthRadiusKm
            }
        }
        return min(degreesOfLatitude * 111.19, meridianKm)
    }

    /// The populated places within a radius of a point, nearest first.
    /// - Parameters:
    ///   - radiusKm: the radius in kilometres.
    ///   - limit: how many places to return at most.
    public func places(withinKm radiusKm: Double, ofLatitude latitude: Double, longitude: Double,
                       limit: Int = 50) -> [NearbyPlace] {
        guard radiusKm > 0, latitude.isFinite, longitude.isFinite else { return [] }
        // No two points on Earth are further apart than half its circumference.
        let radiusKm = min(radiusKm, 20_040)
        let rowSpan = Int(saturating: (radiusKm / 111.19).rounded(.up)) + 1
        let edgeLatitude = min(89.9, abs(latitude) + Double(rowSpan))
        let columnSpan = min(180, Int(saturating: (radiusKm / (111.19 * cos(edgeLatitude * .pi / 180))).rounded(.up)) + 1)
        let center = Gazetteer.cell(latitude: latitude, longitude: longitude)
        var found: [(offset: Int, distance: Double)] = []
        for row in (center.row - rowSpan)...(center.row + rowSpan) where row >= 0 && row < 180 {
            for column in (center.column - columnSpan)...(center.column + columnSpan) {
                if column - (center.column - columnSpan) >= 360 { break }
                forEachPlace(row: row, column: column) { offset, lat, lon in
                    let d = Geodesy.distanceKm(fromLatitude: latitude, longitude: longitude, toLatitude: lat, longitude: lon)
                    if d <= radiusKm, isSettlementLine(offset) { found.append((offset, d)) }
                }
            }
        }
        found.sort { ($0.distance, $0.offset) < ($1.distance, $1.offset) }
        return found.prefix(limit).map { NearbyPlace(entry: placeEntry(at: $0.offset), distanceKm: $0.distance) }
    }
}
