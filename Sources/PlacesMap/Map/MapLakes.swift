#if canImport(Glibc)
import Glibc
#endif
import PlacesGeo

/// A named lake is drawn wherever its name is: the coarser outlines simplify small lakes away (Lake
/// Lucerne and Lake Brienz are not in the 1:50m data an Alps map is drawn from), so a lake named on
/// a map is looked up in the outlines the map is drawn with, then in the finest, then in the named
/// areas `where` reads, and its name is kept only when one of them has its water, big enough on the
/// canvas to carry a name.
struct MapLakes {
    /// A lake's water as the map draws it.
    struct Water {
        /// Rings to draw over the base layers: empty when the map's own outlines already have the lake.
        var extraShapes: [ProjectedShape]
    }

    /// The smallest a lake may be on the canvas, across its wider side, to be named: a name beside a
    /// speck of water reads as the name of something else.
    static let smallestNamedPixels = 10.0
    /// How far from a lake's shore its point may lie and still be its point, in canvas units: some
    /// points sit on the shore rather than on the water.
    static let shoreTolerance = 3.0

    let scene: MapScene
    /// The lakes the map draws at its own scale.
    let drawnLakes: [ProjectedShape]

    init(scene: MapScene, outlines: [ProjectedShape]) {
        self.scene = scene
        drawnLakes = outlines.filter { $0.kind == .lake }
    }

    /// The water of a lake named at `latitude`, `longitude`, or `nil` when neither the map's outlines
    /// nor the finest ones have a lake there big enough to name.
    func water(latitude: Double, longitude: Double) -> Water? {
        let p = scene.viewport.point(latitude: latitude, longitude: longitude)
        if let ring = drawnLakes.first(where: { Self.holds($0.points, p) }) {
            return Self.size(ring.points) >= Self.smallestNamedPixels ? Water(extraShapes: []) : nil
        }
        guard scene.outlineScale != .large else { return boundaryWater(latitude: latitude, longitude: longitude) }
        // The finest outlines are cut into tiles of 2°: a lake across a tile edge is several rings,
        // joined where they share a point on the edge.
        let fine = MapOutlines.shapes(scale: .large, west: longitude - 2, south: latitude - 2, east: longitude + 2, north: latitude + 2)
            .filter { $0.kind == .lake }
            .compactMap { shape -> ProjectedShape? in
                guard let points = scene.canvasPoints(longitudes: shape.longitudes, latitudes: shape.latitudes) else { return nil }
                return ProjectedShape(kind: .lake, points: points, runs: shape.outlineRuns())
            }
        guard let first = fine.firstIndex(where: { Self.holds($0.points, p) }) else { return boundaryWater(latitude: latitude, longitude: longitude) }
        var chosen = [first], frontier = [first]
        while let index = frontier.popLast() {
            let edge = Set(fine[index].points.map { Self.key($0) })
            for (other, ring) in fine.enumerated() where !chosen.contains(other) && ring.points.contains(where: { edge.contains(Self.key($0)) }) {
                chosen.append(other)
                frontier.append(other)
            }
        }
        let rings = chosen.sorted().map { fine[$0] }
        guard Self.size(rings.flatMap(\.points)) >= Self.smallestNamedPixels else { return nil }
        return Water(extraShapes: rings)
    }

    /// The lake that `where` reports at the point (the bundled named areas keep lakes the map outlines
    /// simplify away: Lake Como, Lake Lucerne), whole rings, so every edge is a shore.
    private func boundaryWater(latitude: Double, longitude: Double) -> Water? {
        // Some named points lie on the shore (Lake Lucerne's, 2.5 km inland): a lake within 3 km is theirs.
        var around = [(latitude, longitude)]
        for km in [1.5, 3.0] {
            for step in 0..<8 {
                let angle = Double(step) * .pi / 4
                around.append((latitude + km / 111.2 * sin(angle), longitude + km / (111.2 * cos(latitude * .pi / 180)) * cos(angle)))
            }
        }
        guard let rings = around.lazy.compactMap({ FeatureIndex.bundled.lakeRings(latitude: $0.0, longitude: $0.1) }).first else { return nil }
        let shapes = rings.compactMap { ring -> ProjectedShape? in
            guard let points = scene.canvasPoints(longitudes: ring.longitudes, latitudes: ring.latitudes) else { return nil }
            let runs = PackedGeometry.outlineRuns(pointCount: points.count, isArea: true, isCutEdge: Array(repeating: false, count: points.count))
            return ProjectedShape(kind: .lake, points: points, runs: runs)
        }
        guard Self.size(shapes.flatMap(\.points)) >= Self.smallestNamedPixels else { return nil }
        return Water(extraShapes: shapes)
    }

    /// Whether a point lies in a ring or within ``shoreTolerance`` of its edge.
    static func holds(_ ring: [(x: Double, y: Double)], _ p: (x: Double, y: Double)) -> Bool {
        guard ring.count >= 3 else { return false }
        var odd = false, near = false
        var a = ring[ring.count - 1]
        for b in ring {
            if (b.y > p.y) != (a.y > p.y), p.x < a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y) { odd.toggle() }
            if !near, distance(p, a, b) <= shoreTolerance { near = true }
            a = b
        }
        return odd || near
    }

    /// The distance from `p` to the segment from `a` to `b`.
    static func distance(_ p: (x: Double, y: Double), _ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = dx * dx + dy * dy
        let t = length == 0 ? 0 : min(max(((p.x - a.x) * dx + (p.y - a.y) * dy) / length, 0), 1)
        let x = a.x + t * dx - p.x, y = a.y + t * dy - p.y
        return (x * x + y * y).squareRoot()
    }

    /// The wider side of the points' box.
    static func size(_ points: [(x: Double, y: Double)]) -> Double {
        guard let first = points.first else { return 0 }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points { minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y) }
        return max(maxX - minX, maxY - minY)
    }

    /// A canvas point to a thousandth of a unit, to find the points two rings cut at one tile edge share.
    private static func key(_ p: (x: Double, y: Double)) -> SIMD2<Int64> {
        SIMD2(Int64((p.x * 1000).rounded()), Int64((p.y * 1000).rounded()))
    }
}
