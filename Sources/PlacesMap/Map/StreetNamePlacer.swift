#if canImport(Glibc)
import Glibc
#endif

/// Chooses where a region's street names are written: along a straight enough stretch of the street,
/// each name once, clear of the user's pins and labels, of the map's panels and of each other.
struct StreetNamePlacer {
    /// A name set along its street: centred on `centre`, turned by `angle` degrees (never upside down).
    struct Placement {
        var name: String
        var centre: (x: Double, y: Double)
        var angle: Double
    }

    static let size = 9.5

    /// The names placed, most important streets first.
    private(set) var placements: [Placement] = []

    /// - Parameters:
    ///   - shapes: the region's shapes in view; only named streets are read.
    ///   - bounds: the canvas area names stay inside.
    ///   - obstacles: boxes names keep out of (pins, labels, panels).
    init(shapes: [ProjectedRegionShape], bounds: MapBox, obstacles: [MapBox]) {
        var taken = obstacles
        var named = Set<String>()
        // Bigger roads first: their names say most about the map.
        let streets = Self.joined(shapes.filter { $0.layer.isStreet && !$0.name.isEmpty })
            .sorted { $0.layer.drawOrder != $1.layer.drawOrder ? $0.layer.drawOrder > $1.layer.drawOrder : $0.points.count > $1.points.count }
        for street in streets where !named.contains(street.name) {
            let width = MapFont.width(street.name, size: Self.size) + 8
            guard let (a, b) = Self.straightStretch(street.points, length: width) else { continue }
            let dx = b.x - a.x, dy = b.y - a.y
            let length = (dx * dx + dy * dy).squareRoot()
            let centre = ((a.x + b.x) / 2, (a.y + b.y) / 2)
            var angle = atan2(dy, dx) * 180 / .pi
            if angle > 90 { angle -= 180 } else if angle < -90 { angle += 180 }
            // The box of the turned text, as the axis-aligned box around it.
            let ux = dx / length, uy = dy / length
            let halfW = (width - 8) / 2, halfH = Self.size * 0.6
            let extentX = abs(ux) * halfW + abs(uy) * halfH, extentY = abs(uy) * halfW + abs(ux) * halfH
            let box = MapBox(x: centre.0 - extentX, y: centre.1 - extentY, width: 2 * extentX, height: 2 * extentY)
            guard box.x >= bounds.x, box.y >= bounds.y, box.x + box.width <= bounds.x + bounds.width,
                  box.y + box.height <= bounds.y + bounds.height, !taken.contains(where: { $0.intersects(box) }) else { continue }
            taken.append(box)
            named.insert(street.name)
            placements.append(Placement(name: street.name, centre: centre, angle: angle))
        }
    }

    /// A street's pieces (its OSM ways, cut again at tile edges) joined end to end where they meet, so
    /// a name can run across the joins.
    static func joined(_ shapes: [ProjectedRegionShape]) -> [ProjectedRegionShape] {
        var byName: [String: [ProjectedRegionShape]] = [:], order: [String] = []
        for shape in shapes {
            if byName[shape.name] == nil { order.append(shape.name) }
            byName[shape.name, default: []].append(shape)
        }
        func same(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double)) -> Bool { abs(a.x - b.x) < 0.5 && abs(a.y - b.y) < 0.5 }
        var result: [ProjectedRegionShape] = []
        for name in order {
            var pieces = byName[name]!.map { (layer: $0.layer, points: $0.points) }
            var merged = true
            while merged && pieces.count > 1 {
                merged = false
                search: for i in pieces.indices {
                    for j in pieces.indices where j != i {
                        let a = pieces[i].points, b = pieces[j].points
                        var joined: [(x: Double, y: Double)]?
                        if same(a.last!, b.first!) { joined = a + b.dropFirst() }
                        else if same(a.last!, b.last!) { joined = a + b.reversed().dropFirst() }
                        else if same(a.first!, b.first!) { joined = a.reversed() + b.dropFirst() }
                        guard let joined else { continue }
                        pieces[i] = (pieces[i].layer.drawOrder >= pieces[j].layer.drawOrder ? pieces[i].layer : pieces[j].layer, joined)
                        pieces.remove(at: j)
                        merged = true
                        break search
                    }
                }
            }
            result += pieces.map { ProjectedRegionShape(layer: $0.layer, points: $0.points, runs: [], name: name) }
        }
        return result
    }

    /// The first stretch of a line at least `length` long whose points all lie within 3 units of the
    /// chord between its ends: text set along the chord follows the street.
    static func straightStretch(_ points: [(x: Double, y: Double)], length: Double) -> ((x: Double, y: Double), (x: Double, y: Double))? {
        guard points.count >= 2 else { return nil }
        var best: (Int, Int, Double)?
        for i in 0..<(points.count - 1) {
            var j = i + 1
            while j < points.count {
                let a = points[i], b = points[j]
                let dx = b.x - a.x, dy = b.y - a.y, chord = (dx * dx + dy * dy).squareRoot()
                var straight = true
                if chord > 0 {
                    for k in (i + 1)..<j where abs((points[k].x - a.x) * dy - (points[k].y - a.y) * dx) / chord > 3 {
                        straight = false
                        break
                    }
                }
                guard straight else { break }
                if chord >= length, best == nil || chord > best!.2 { best = (i, j, chord) }
                j += 1
            }
            if let best, best.2 >= length * 1.5 { break }
        }
        guard let (i, j, chord) = best else { return nil }
        // The text's own length, centred on the stretch.
        let a = points[i], b = points[j]
        let t = (1 - length / chord) / 2
        return ((a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t), (a.x + (b.x - a.x) * (1 - t), a.y + (b.y - a.y) * (1 - t)))
    }
}
