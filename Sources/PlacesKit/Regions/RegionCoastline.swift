#if canImport(Glibc)
import Glibc
#endif

/// The sea of a region from its coastline, in the simple case: OpenStreetMap draws the coastline with
/// the land on its left, so the coastline's ways joined end to end give closed rings (islands) and,
/// where the extract cuts it, lines from one side of the extract's box to another; one such line,
/// closed along the box's edge on its right-hand side, bounds the sea.
///
/// A line that ends a little inside the box (an extract cut along a border) is carried straight on to
/// the nearest side. A coastline of several such lines, or one ending far inside, is not closed here:
/// the map then keeps the bundled Natural Earth coast.
enum RegionCoastline {
    typealias Point = (x: Int, y: Int)
    typealias Box = (minX: Int, minY: Int, maxX: Int, maxY: Int)

    /// The sea rings and islands, or `nil` when the coastline is not simple enough.
    static func sea(coastlines: [[Point]], box: Box) -> (sea: [[Point]], islands: [[Point]])? {
        let chains = joined(coastlines)
        var islands: [[Point]] = [], open: [[Point]] = []
        for chain in chains {
            if chain.count >= 4, chain.first! == chain.last! { islands.append(Array(chain.dropLast())) } else { open.append(chain) }
        }
        // A coast that strays outside the box for a while runs along its edge there instead.
        guard open.count == 1, let line = extended(open[0], box)?.map({ (x: min(max($0.x, box.minX), box.maxX), y: min(max($0.y, box.minY), box.maxY)) }),
              let entry = line.first, let exit = line.last, entry != exit else { return nil }
        let inside = Array(line.dropFirst().dropLast())
        // From where the coast leaves the box, clockwise along its edge (the sea side) back to where it enters.
        var ring = [entry] + inside + [exit]
        let perimeter = 2 * ((box.maxX - box.minX) + (box.maxY - box.minY))
        let corners: [(Point, Int)] = [((box.minX, box.maxY), position((box.minX, box.maxY), box)),
                                       ((box.maxX, box.maxY), position((box.maxX, box.maxY), box)),
                                       ((box.maxX, box.minY), position((box.maxX, box.minY), box)),
                                       ((box.minX, box.minY), position((box.minX, box.minY), box))]
        let from = position(exit, box), to = position(entry, box)
        let span = (to - from + perimeter) % perimeter
        for (corner, at) in corners.sorted(by: { ($0.1 - from + perimeter) % perimeter < ($1.1 - from + perimeter) % perimeter }) {
            let ahead = (at - from + perimeter) % perimeter
            if ahead > 0 && ahead < span { ring.append(corner) }
        }
        return ([ring], islands.filter { $0.count >= 3 })
    }

    /// The line with an end that stops inside the box (an extract cut along a border rather than its
    /// box) carried on to the box's edge, when that is near: straight on in the direction the coast
    /// last took (over its last 200 m or so), else to the nearest side. `nil` when an end is far inside.
    static func extended(_ line: [Point], _ box: Box) -> [Point]? {
        let reach = Double(max(box.maxX - box.minX, box.maxY - box.minY)) / 4
        func isInside(_ p: Point) -> Bool { p.x > box.minX && p.x < box.maxX && p.y > box.minY && p.y < box.maxY }
        /// Where the coast meets the edge beyond `end`, coming from the points before it (nearest first).
        func toEdge(_ end: Point, _ before: ArraySlice<Point>) -> Point? {
            let back = before.first { hypot(Double($0.x - end.x), Double($0.y - end.y)) >= 120 } ?? before.last ?? end
            let dx = Double(end.x - back.x), dy = Double(end.y - back.y)
            var best = Double.infinity
            if dx > 0 { best = min(best, Double(box.maxX - end.x) / dx) } else if dx < 0 { best = min(best, Double(box.minX - end.x) / dx) }
            if dy > 0 { best = min(best, Double(box.maxY - end.y) / dy) } else if dy < 0 { best = min(best, Double(box.minY - end.y) / dy) }
            if best.isFinite, hypot(dx * best, dy * best) <= 2 * reach {
                return (min(max(end.x + Int((dx * best).rounded()), box.minX), box.maxX), min(max(end.y + Int((dy * best).rounded()), box.minY), box.maxY))
            }
            let sides: [(Int, Point)] = [(end.x - box.minX, (box.minX, end.y)), (box.maxX - end.x, (box.maxX, end.y)),
                                         (end.y - box.minY, (end.x, box.minY)), (box.maxY - end.y, (end.x, box.maxY))]
            guard let nearest = sides.min(by: { $0.0 < $1.0 }), Double(nearest.0) <= reach else { return nil }
            return nearest.1
        }
        var result = line
        if isInside(line.first!) {
            guard let start = toEdge(line.first!, line.dropFirst()) else { return nil }
            result.insert(start, at: 0)
        }
        if isInside(line.last!) {
            guard let end = toEdge(line.last!, line.dropLast().reversed()[...]) else { return nil }
            result.append(end)
        }
        return result
    }

    /// How far clockwise round the box's edge a point on it lies, from the south-west corner: up the
    /// west side, along the north, down the east, back along the south.
    static func position(_ p: Point, _ box: Box) -> Int {
        let w = box.maxX - box.minX, h = box.maxY - box.minY
        if p.x == box.minX { return p.y - box.minY }
        if p.y == box.maxY { return h + p.x - box.minX }
        if p.x == box.maxX { return h + w + box.maxY - p.y }
        return 2 * h + w + box.maxX - p.x
    }

    /// Ways joined where one ends and the next begins, as OpenStreetMap's coastline is drawn in one direction.
    static func joined(_ ways: [[Point]]) -> [[Point]] {
        var chains = ways.filter { $0.count >= 2 }
        var merged = true
        while merged {
            merged = false
            outer: for i in chains.indices {
                for j in chains.indices where j != i && chains[i].last! == chains[j].first! && chains[i].first! != chains[i].last! {
                    chains[i] += chains[j].dropFirst()
                    chains.remove(at: j)
                    merged = true
                    break outer
                }
            }
        }
        return chains
    }

}
