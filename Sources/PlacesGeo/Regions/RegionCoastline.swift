#if canImport(Glibc)
import Glibc
#endif

/// The sea of a region from its coastline: OpenStreetMap draws the coastline with the land on its left,
/// so the coastline's ways joined end to end give closed rings (islands) and, where the extract cuts
/// it, lines from one side of the extract's box to another. Each line's sea lies on its right: from
/// where a line leaves the box, the box's edge is followed clockwise to where the next line enters, that
/// line followed to where it leaves, and so on round to the first line again, which closes a sea ring.
/// A country's coast cut by its extract gives many such lines and rings.
///
/// A line that ends a little inside the box (an extract cut along a border) is carried straight on to
/// the nearest side. A coastline with a line ending far inside is not closed here: the map then keeps
/// the bundled Natural Earth coast.
enum RegionCoastline {
    typealias Point = (x: Int, y: Int)
    typealias Box = (minX: Int, minY: Int, maxX: Int, maxY: Int)

    /// The sea rings and islands, or `nil` when the coastline cannot be closed.
    static func sea(coastlines: [[Point]], box: Box) -> (sea: [[Point]], islands: [[Point]])? {
        let chains = joined(coastlines)
        var islands: [[Point]] = [], open: [[Point]] = []
        for chain in chains {
            if chain.count >= 4, chain.first! == chain.last! { islands.append(Array(chain.dropLast())) } else { open.append(chain) }
        }
        guard !open.isEmpty else { return nil }
        // A coast that strays outside the box for a while runs along its edge there instead.
        var lines: [[Point]] = []
        for chain in open {
            guard let line = extended(chain, box)?.map({ (x: min(max($0.x, box.minX), box.maxX), y: min(max($0.y, box.minY), box.maxY)) }),
                  line.count >= 2 else { return nil }
            lines.append(line)
        }
        let perimeter = 2 * ((box.maxX - box.minX) + (box.maxY - box.minY))
        let corners: [Point] = [(box.minX, box.maxY), (box.maxX, box.maxY), (box.maxX, box.minY), (box.minX, box.minY)]
        /// How far clockwise round the edge `to` lies from `from`.
        func ahead(_ from: Int, _ to: Int) -> Int { (to - from + perimeter) % perimeter }
        let entries = lines.map { position($0.first!, box) }
        var used = [Bool](repeating: false, count: lines.count)
        var rings: [[Point]] = []
        for first in lines.indices where !used[first] {
            var ring: [Point] = []
            var current = first
            while true {
                used[current] = true
                ring += lines[current]
                let exit = position(lines[current].last!, box)
                // The next line to enter clockwise from here; a line that leaves where it entered
                // (a bay cut off by the box) counts its own entry a whole turn on.
                let next = lines.indices.min { a, b in
                    let da = ahead(exit, entries[a]), db = ahead(exit, entries[b])
                    return (da == 0 && a == current ? perimeter : da) < (db == 0 && b == current ? perimeter : db)
                }!
                let span = ahead(exit, entries[next]) == 0 && next == current ? perimeter : ahead(exit, entries[next])
                for corner in corners.sorted(by: { ahead(exit, position($0, box)) < ahead(exit, position($1, box)) }) {
                    let at = ahead(exit, position(corner, box))
                    if at > 0 && at < span { ring.append(corner) }
                }
                if next == first { break }
                // Lines that cross each other's paths: not a coastline that can be closed.
                if used[next] { return nil }
                current = next
            }
            rings.append(ring)
        }
        return (rings, islands.filter { $0.count >= 3 })
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
    ///
    /// A chain starts at a way no open way ends where it begins (a ring, which has none, at its first way
    /// in the extract's order) and follows, at each end, the first unused way that begins there, until it
    /// closes or nothing follows; chains come in the order of their first ways. Each way's start is found
    /// in a table, so a country's thousands of coastline ways join in linear time (trying every pair
    /// again after each join took half of adding a 200 MB extract).
    static func joined(_ ways: [[Point]]) -> [[Point]] {
        let ways = ways.filter { $0.count >= 2 }
        func key(_ p: Point) -> Int { p.x << 32 | (p.y & 0xFFFF_FFFF) }
        var starting: [Int: [Int]] = [:]
        for (index, way) in ways.enumerated() { starting[key(way.first!), default: []].append(index) }
        var ending = Set<Int>()
        for way in ways where way.first! != way.last! { ending.insert(key(way.last!)) }
        var used = [Bool](repeating: false, count: ways.count)
        var chains: [(first: Int, points: [Point])] = []
        func chain(from head: Int) {
            used[head] = true
            var points = ways[head]
            while points.first! != points.last!,
                  let next = starting[key(points.last!)]?.first(where: { !used[$0] }) {
                used[next] = true
                points += ways[next].dropFirst()
            }
            chains.append((head, points))
        }
        // Lines first, from the ways nothing leads into; what is left are rings.
        for index in ways.indices where !used[index] && !ending.contains(key(ways[index].first!)) { chain(from: index) }
        for index in ways.indices where !used[index] { chain(from: index) }
        return chains.sorted { $0.first < $1.first }.map(\.points)
    }

}
