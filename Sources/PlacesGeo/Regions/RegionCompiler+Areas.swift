#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// An area that names the places inside it: a municipality's boundary (`admin_level` 8, 9 or 10) or a
/// settlement's outline (`place=city|town|village|hamlet`), as a way or a relation.
struct RegionLocalityArea {
    /// Its name.
    var name: String
    /// Which areas win where several hold a place, lowest first: a settlement's outline or a
    /// municipality (`admin_level=8`), then its districts (9), then their quarters (10).
    var rank: Int
    var shape: RegionMultipolygon
    var box: (minLat: Int32, minLon: Int32, maxLat: Int32, maxLon: Int32)
    /// Twice its largest part's area, in square 1e-7 degrees: the smaller of two equal ranks is the more exact.
    var size: Double

    /// The rank of an area with these tags, or `nil` when it names no locality.
    static func rank(_ tags: OSMTags) -> Int? {
        if let place = tags[.place], OSMKinds.settlementValues.contains(place) { return 1 }
        guard tags[.boundary] == "administrative", let level = tags[.adminLevel] else { return nil }
        switch level {
        case "8": return 1
        case "9": return 2
        case "10": return 3
        default: return nil
        }
    }

    init?(tags: OSMTags, shape: RegionMultipolygon) {
        guard let rank = Self.rank(tags), let name = OSMKinds.names(tags).first, !shape.polygons.isEmpty else { return nil }
        self.name = name
        self.rank = rank
        self.shape = shape
        var box = RegionMultipolygon.box(shape.polygons[0].outer)
        for polygon in shape.polygons.dropFirst() {
            let b = RegionMultipolygon.box(polygon.outer)
            box = (min(box.minLat, b.minLat), min(box.minLon, b.minLon), max(box.maxLat, b.maxLat), max(box.maxLon, b.maxLon))
        }
        self.box = box
        size = shape.polygons.map { abs(RegionMultipolygon.signedArea($0.outer)) }.max() ?? 0
    }

    /// Whether it holds a point given in 1e-7 degrees.
    func contains(latitude7: Int32, longitude7: Int32) -> Bool {
        latitude7 >= box.minLat && latitude7 <= box.maxLat && longitude7 >= box.minLon && longitude7 <= box.maxLon
            && shape.contains(lat: Double(latitude7), lon: Double(longitude7))
    }
}

/// Areas made of several ways: multipolygon and boundary relations drawn on the map, placed by a point
/// inside them, and naming the localities of what lies within.
extension RegionCompiler {
    /// Keeps a way's outline when it names a locality itself (its points, for the relations read after
    /// it, are kept by ``RegionCompiler/way(_:)``).
    mutating func keepForAreas(_ way: OSMWay, latitudes7: [Int32], longitudes7: [Int32]) {
        if RegionLocalityArea.rank(way.tags) != nil, way.nodes.count >= 4, way.nodes.first == way.nodes.last {
            let ring = zip(latitudes7, longitudes7).map { RegionMultipolygon.Point(lat: $0, lon: $1) }
            if let shape = RegionMultipolygon(ways: [ring], missingMembers: false), let area = RegionLocalityArea(tags: way.tags, shape: shape) {
                localityAreas.append(area)
            }
        }
    }

    /// Builds an area relation's rings when it is drawn, names a locality or is kept as a place, and
    /// draws it. `nil` for other relations, or when none of its rings can be closed.
    mutating func assembleArea(_ relation: OSMRelation) throws -> RegionMultipolygon? {
        let tags = relation.tags
        guard let type = tags[.type], type == "multipolygon" || type == "boundary" else { return nil }
        let layer = RegionLayer.of(tags: tags, closed: true)
        let drawn = layer?.isArea ?? false
        let names = OSMKinds.names(tags)
        let kept = !names.isEmpty && OSMKinds.interest(tags) != nil || tags.has(.houseNumber)
        let locality = RegionLocalityArea.rank(tags) != nil
        guard drawn || kept || locality else { return nil }
        var ways: [[RegionMultipolygon.Point]] = []
        var missing = false
        for member in relation.members where member.type == .way {
            guard let points = try memberWays.points(of: member.id) else { missing = true; continue }
            ways.append(points)
        }
        guard let area = RegionMultipolygon(ways: ways, missingMembers: missing) else { return nil }
        if drawn, let layer { geometry.add(layer, area) }
        if locality, let named = RegionLocalityArea(tags: tags, shape: area) { localityAreas.append(named) }
        assembledAreas += 1
        return area
    }

    /// The locality of the boundary or settlement outline a point lies in, by ``RegionLocalityArea/rank``.
    static func boundaryLocality(latitude7: Int32, longitude7: Int32, areas: [RegionLocalityArea], grid: [Int: [Int]]) -> String? {
        var best: RegionLocalityArea?
        for index in grid[areaCell(latitude7, longitude7)] ?? [] {
            let area = areas[index]
            if let b = best, (b.rank, b.size) <= (area.rank, area.size) { continue }
            if area.contains(latitude7: latitude7, longitude7: longitude7) { best = area }
        }
        return best?.name
    }

    /// The locality areas by cell of about 1 km, for ``boundaryLocality(latitude7:longitude7:areas:grid:)``.
    func localityAreaGrid() -> [Int: [Int]] {
        var grid: [Int: [Int]] = [:]
        for (index, area) in localityAreas.enumerated() {
            let south = Self.areaRow(area.box.minLat), north = Self.areaRow(area.box.maxLat)
            let west = Self.areaColumn(area.box.minLon), east = Self.areaColumn(area.box.maxLon)
            // A country-sized boundary would fill millions of cells; such areas are too coarse to be a locality.
            guard (north - south + 1) * (east - west + 1) <= 40_000 else { continue }
            for row in south...north { for column in west...east { grid[row << 20 | column, default: []].append(index) } }
        }
        return grid
    }

    private static func areaRow(_ latitude7: Int32) -> Int { Int(latitude7 / 100_000 + 1000) }
    private static func areaColumn(_ longitude7: Int32) -> Int { Int(longitude7 / 100_000 + 2000) }
    private static func areaCell(_ latitude7: Int32, _ longitude7: Int32) -> Int { areaRow(latitude7) << 20 | areaColumn(longitude7) }
}

extension RegionGeometryCollector {
    /// Adds an area relation to a layer: its outer rings counter-clockwise and its holes clockwise, so a
    /// map filling the layer by the nonzero rule leaves the holes open.
    mutating func add(_ layer: RegionLayer, _ area: RegionMultipolygon) {
        func units(_ ring: [RegionMultipolygon.Point]) -> [(x: Int, y: Int)] {
            var points: [(x: Int, y: Int)] = []
            points.reserveCapacity(ring.count)
            for p in ring {
                let q = (x: Self.x(p.lon), y: Self.y(p.lat))
                if let last = points.last, last == q { continue }
                points.append(q)
            }
            if points.count > 1, points.first! == points.last! { points.removeLast() }
            return points
        }
        for polygon in area.polygons {
            for ring in [polygon.outer] + polygon.holes {
                let points = units(ring)
                guard points.count >= 3 else { continue }
                add(layer, Self.simplified(points, closed: true), name: "")
            }
        }
    }

    /// A ring turned to run counter-clockwise (east is x, north is y).
    static func counterClockwise(_ ring: [(x: Int, y: Int)]) -> [(x: Int, y: Int)] {
        var sum = 0
        for i in ring.indices {
            let a = ring[i], b = ring[i + 1 == ring.count ? 0 : i + 1]
            sum += (a.x - ring[0].x) * (b.y - ring[0].y) - (b.x - ring[0].x) * (a.y - ring[0].y)
        }
        return sum >= 0 ? ring : ring.reversed()
    }
}

/// The settlement nodes (towns, villages, hamlets) by the cells of about 5 km their reach touches, so a
/// feature's nearest settlement is found among the few that can reach it.
///
/// The answer is the one a scan of every node in the 3 × 3 cells of a quarter degree around the feature
/// gives (the rule region packs have always been made by): the node within its reach at the least share
/// of that reach, the first in that scan's order when two tie. A scan of a quarter degree tests every
/// settlement of a dense countryside, hundreds of them, for each feature; this tests those whose reach
/// covers the feature's small cell.
struct RegionSettlementIndex {
    /// The side of a cell, in degrees.
    static let cellDegrees = 0.05

    private let names: [String]
    private let lats: [Double], lons: [Double], reaches: [Double]
    /// Nodes by the cells their reach's box covers.
    private var cells: [Int: [Int32]] = [:]
    /// Nodes whose reach spans too many longitudes to list (near a pole): tested for every feature.
    private var everywhere: [Int32] = []

    /// - Parameter nodes: candidate nodes with their reach in km, in the order the scan meets them within a cell.
    init(_ nodes: [(name: String, lat: Double, lon: Double, reach: Double)]) {
        names = nodes.map(\.name)
        lats = nodes.map(\.lat)
        lons = nodes.map(\.lon)
        reaches = nodes.map(\.reach)
        for (index, node) in nodes.enumerated() {
            // A point within `reach` differs by at most reach / R radians in latitude, and in longitude by at
            // most 2 asin(sin(reach / 2R) / cos φ), φ the larger latitude of the two (haversine); a hair more
            // for rounding.
            let angle = node.reach / Geodesy.earthRadiusKm * 1.001 + 1e-9
            let dLat = angle * 180 / .pi
            let poleward = min(90, abs(node.lat) + dLat) * .pi / 180
            let ratio = sin(angle / 2) / cos(poleward)
            guard ratio < 0.5 else { everywhere.append(Int32(index)); continue }
            let dLon = 2 * asin(ratio) * 180 / .pi
            for row in Self.cell(node.lat - dLat)...Self.cell(node.lat + dLat) {
                for column in Self.cell(node.lon - dLon)...Self.cell(node.lon + dLon) {
                    cells[Self.key(row, column), default: []].append(Int32(index))
                }
            }
        }
    }

    private static func cell(_ degrees: Double) -> Int { Int((degrees / cellDegrees).rounded(.down)) }
    private static func key(_ row: Int, _ column: Int) -> Int { (row + 4000) << 16 | (column + 8000) }
    /// The quarter-degree cell of the scan this index answers for.
    private static func quarter(_ degrees: Double) -> Int { Int((degrees * 4).rounded(.down)) }

    /// The name of the settlement a point lies nearest within reach (as a share of the reach), or `nil`.
    func nearest(latitude lat: Double, longitude lon: Double) -> String? {
        let row = Self.quarter(lat), column = Self.quarter(lon)
        var best: (index: Int, ratio: Double, order: Int)?
        func test(_ index: Int) {
            // Only nodes of the 3 × 3 quarter degrees around the point, as the scan saw them.
            let dr = Self.quarter(lats[index]) - row, dc = Self.quarter(lons[index]) - column
            guard abs(dr) <= 1, abs(dc) <= 1 else { return }
            let d = Geodesy.distanceKm(fromLatitude: lat, longitude: lon, toLatitude: lats[index], longitude: lons[index])
            guard d <= reaches[index] else { return }
            let ratio = d / reaches[index], order = ((dr + 1) * 3 + dc + 1) << 32 | index
            if best == nil || ratio < best!.ratio || (ratio == best!.ratio && order < best!.order) { best = (index, ratio, order) }
        }
        for index in cells[Self.key(Self.cell(lat), Self.cell(lon))] ?? [] { test(Int(index)) }
        for index in everywhere { test(Int(index)) }
        return best.map { names[$0.index] }
    }
}
