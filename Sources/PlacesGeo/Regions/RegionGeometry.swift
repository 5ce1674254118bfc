/// The drawable part of a region pack: its streets, railways, water, green areas and buildings, by
/// layer, clipped to square tiles so a map decodes only the tiles it shows.
///
/// The pack's `geometry` section starts with a line `geometry<TAB>unitsPerDegree<TAB>tileUnits<TAB>tiles`,
/// then one fixed-width index line per tile that holds shapes, in (row, column) order: row (5 digits),
/// column (5 digits), the offset of its shapes from the end of the index (10 digits), a newline; then a
/// final line of row and column `99999` whose offset is the end of the data. A tile's shapes are lines,
/// areas first (see ``RegionLayer/drawOrder``): the layer's letter, the number of points, the first point
/// from the tile's south-west corner, every later point as the difference from the one before, and for a
/// named street a tab and its name. Numbers are zig-zag encoded in five-bit groups written as the
/// characters `0`–`o`, as the map outlines are (``MapOutlines``).
public enum RegionLayer: UInt8, CaseIterable, Sendable {
    /// The land of the extract's box, where its coastline bounds a sea (see ``RegionCoastline``).
    case land = 78  // N
    /// The sea the coastline bounds, over ``land``.
    case sea = 69  // E
    /// Islands inside the sea: closed coastline rings.
    case island = 73  // I
    /// `natural=water`, `waterway=riverbank`, reservoirs and basins: filled as water.
    case water = 87  // W
    /// Parks, gardens, grass, woods and forests: filled green.
    case green = 71  // G
    /// Buildings: filled, at the closest zooms only.
    case building = 66  // B
    /// A river, canal or stream's centre line.
    case waterway = 76  // L
    /// `natural=coastline`: the shore, drawn as a line.
    case coastline = 67  // C
    /// Footways, paths, steps, cycleways, pedestrian streets and tracks: the thinnest lines.
    case footway = 70  // F
    /// Service roads (car parks, alleys, driveways).
    case service = 86  // V
    /// Residential, unclassified and living streets.
    case minor = 82  // R
    /// Secondary and tertiary roads.
    case secondary = 83  // S
    /// Primary roads.
    case primary = 80  // P
    /// Motorways and trunk roads, the heaviest lines.
    case motorway = 77  // M
    /// Railways, trams and funiculars above ground.
    case railway = 84  // T

    /// Whether the layer's shapes are closed rings to fill.
    public var isArea: Bool { self == .water || self == .green || self == .building || self == .land || self == .sea || self == .island }

    /// Whether the layer is a street whose name can be written along it.
    public var isStreet: Bool {
        switch self {
        case .footway, .service, .minor, .secondary, .primary, .motorway: return true
        default: return false
        }
    }

    /// Where the layer is drawn, lowest first: areas beneath lines, minor streets beneath major ones.
    public var drawOrder: Int { RegionLayer.allCases.firstIndex(of: self)! }

    /// The layer of a way from its tags, or `nil` when it is not drawn. Ways in tunnels are left out:
    /// they would be drawn over the streets and buildings above them.
    static func of(tags: OSMTags, closed: Bool) -> RegionLayer? {
        let tunnel = tags[.tunnel].map { $0 != "no" } ?? false
        if let highway = tags[.highway] {
            guard !tunnel, tags[.area] != "yes" else { return nil }
            switch highway {
            case "motorway", "motorway_link", "trunk", "trunk_link": return .motorway
            case "primary", "primary_link": return .primary
            case "secondary", "secondary_link", "tertiary", "tertiary_link": return .secondary
            case "residential", "unclassified", "living_street", "road", "busway": return .minor
            case "service": return .service
            case "footway", "path", "pedestrian", "steps", "cycleway", "track", "bridleway", "corridor": return .footway
            default: return nil
            }
        }
        if let railway = tags[.railway] {
            guard !tunnel else { return nil }
            switch railway {
            case "rail", "light_rail", "tram", "narrow_gauge", "funicular", "monorail", "subway", "preserved": return .railway
            default: return nil
            }
        }
        if tags[.natural] == "coastline" { return .coastline }
        if let waterway = tags[.waterway] {
            if waterway == "riverbank" { return closed ? .water : nil }
            guard !tunnel else { return nil }
            switch waterway {
            case "river", "canal", "stream": return .waterway
            default: return nil
            }
        }
        guard closed else { return nil }
        let natural = tags[.natural], landuse = tags[.landuse]
        switch (natural, landuse) {
        case ("water", _), (_, "reservoir"), (_, "basin"): return .water
        default: break
        }
        switch (tags[.leisure], landuse, natural) {
        case ("park", _, _), ("garden", _, _), ("golf_course", _, _), ("nature_reserve", _, _), ("dog_park", _, _),
             (_, "forest", _), (_, "grass", _), (_, "meadow", _), (_, "village_green", _), (_, "recreation_ground", _),
             (_, "cemetery", _), (_, "allotments", _),
             (_, _, "wood"), (_, _, "scrub"), (_, _, "grassland"), (_, _, "heath"):
            return .green
        default: break
        }
        if let building = tags[.building], building != "no" { return .building }
        return nil
    }
}

/// Collects the drawable ways of an extract as the compiler reads them, clipped to tiles and packed
/// (see ``RegionLayer`` for the section's layout).
struct RegionGeometryCollector {
    /// Quantisation steps per degree: 1/65,536° is 1.7 m of latitude, finer than a pixel at the
    /// closest zoom a map draws buildings at.
    static let unitsPerDegree = 65_536.0
    /// The side of a tile in units: 1/64°, about 1.7 km north to south.
    static let tileUnits = 1024

    /// Every shape's record (see ``record(_:_:origin:name:into:)``), end to end: millions of shapes
    /// cost their bytes and two words each, not an array each.
    private var data: [UInt8] = []
    /// Per record: its tile (row << 15 | column, 29 bits) << 35, its layer's draw order (4 bits) << 31,
    /// its index (31 bits); sorted, these give the section's order (by tile, areas first, then the
    /// extract's order).
    private var keys: [UInt64] = []
    /// Where each record starts in ``data``.
    private var starts: [Int] = []
    /// The coastline's ways, whole, for ``RegionCoastline`` to make a sea of.
    private var coastlines: [[(x: Int, y: Int)]] = []
    /// How many shapes were kept, and their points.
    private(set) var shapeCount = 0, pointCount = 0

    // Typed steps: as one expression each took the type checker over 200 ms.
    static func x(_ longitude7: Int32) -> Int {
        let degrees: Double = Double(longitude7) / 1e7 + 180
        return Int((degrees * unitsPerDegree).rounded())
    }
    static func y(_ latitude7: Int32) -> Int {
        let degrees: Double = Double(latitude7) / 1e7 + 90
        return Int((degrees * unitsPerDegree).rounded())
    }

    /// Adds a way if it is drawn: its layer from its tags, its points clipped to every tile it crosses.
    mutating func add(tags: OSMTags, latitudes7: [Int32], longitudes7: [Int32]) {
        guard latitudes7.count >= 2 else { return }
        let closed = latitudes7.count >= 4 && latitudes7.first == latitudes7.last && longitudes7.first == longitudes7.last
        guard let layer = RegionLayer.of(tags: tags, closed: closed) else { return }
        var points: [(x: Int, y: Int)] = []
        points.reserveCapacity(latitudes7.count)
        for i in latitudes7.indices {
            let p = (x: Self.x(longitudes7[i]), y: Self.y(latitudes7[i]))
            if let last = points.last, last == p { continue }
            points.append(p)
        }
        if layer.isArea {
            // A ring repeats its first point; the packed ring closes on its own.
            if points.count > 1, points.first! == points.last! { points.removeLast() }
            guard points.count >= 3 else { return }
            // Every simple area runs one way round, the way a relation's outer rings do, so the nonzero
            // rule fills overlaps and leaves only the relations' holes (which run the other way) open.
            points = Self.counterClockwise(points)
        } else {
            guard points.count >= 2 else { return }
        }
        if layer == .coastline { coastlines.append(points) }
        points = Self.simplified(points, closed: layer.isArea)
        add(layer, points, name: layer.isStreet ? GazetteerImporter.clean(tags[.name] ?? "") : "")
    }

    /// Adds a shape to every tile it crosses, cut to each.
    mutating func add(_ layer: RegionLayer, _ points: [(x: Int, y: Int)], name: String) {
        let t = Self.tileUnits
        let minX = points.map(\.x).min()!, maxX = points.map(\.x).max()!
        let minY = points.map(\.y).min()!, maxY = points.map(\.y).max()!
        for row in (minY / t)...(maxY / t) {
            for column in (minX / t)...(maxX / t) {
                let box = (minX: column * t, minY: row * t, maxX: column * t + t, maxY: row * t + t)
                let inside = minX >= box.minX && maxX <= box.maxX && minY >= box.minY && maxY <= box.maxY
                let pieces = inside ? [points] : layer.isArea ? [Self.clipRing(points, to: box)] : Self.clipLine(points, to: box)
                for piece in pieces where piece.count >= (layer.isArea ? 3 : 2) {
                    precondition(keys.count < 1 << 31 && row < 1 << 14 && column < 1 << 15 && layer.drawOrder < 16,
                                 "a shape outside the geometry index's range")
                    keys.append(UInt64(row << 15 | column) << 35 | UInt64(layer.drawOrder) << 31 | UInt64(keys.count))
                    starts.append(data.count)
                    Self.record(layer, piece, origin: (box.minX, box.minY), name: name, into: &data)
                    shapeCount += 1
                    pointCount += piece.count
                }
            }
        }
    }

    /// Appends one shape's line in a tile.
    static func record(_ layer: RegionLayer, _ points: [(x: Int, y: Int)], origin: (Int, Int), name: String, into bytes: inout [UInt8]) {
        bytes.append(layer.rawValue)
        append(points.count, to: &bytes)
        var last = origin
        for p in points {
            append(p.x - last.0, to: &bytes)
            append(p.y - last.1, to: &bytes)
            last = p
        }
        if !name.isEmpty { bytes.append(9); bytes += name.utf8 }
        bytes.append(10)
    }

    /// A number zig-zag encoded in five-bit groups, least significant first, as `0`–`o`.
    static func append(_ value: Int, to bytes: inout [UInt8]) {
        var zigzag = UInt(bitPattern: (value << 1) ^ (value >> 63))
        while zigzag >= 32 {
            bytes.append(UInt8(48 + 32 + (zigzag & 31)))
            zigzag >>= 5
        }
        bytes.append(UInt8(48 + zigzag))
    }

    /// Drops points that lie within half a unit of the line through their neighbours (Douglas–Peucker):
    /// straight stretches mapped with many nodes cost bytes and draw the same.
    static func simplified(_ points: [(x: Int, y: Int)], closed: Bool) -> [(x: Int, y: Int)] {
        guard points.count > 3 else { return points }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true; keep[points.count - 1] = true
        if closed {
            // A ring's farthest point from its first splits it in two open runs.
            let far = points.indices.max { distanceSquared(points[$0], points[0]) < distanceSquared(points[$1], points[0]) }!
            keep[far] = true
        }
        var stack: [(Int, Int)] = []
        for (a, b) in zip(keep.indices.filter { keep[$0] }, keep.indices.filter { keep[$0] }.dropFirst()) { stack.append((a, b)) }
        while let (a, b) = stack.popLast() {
            guard b > a + 1 else { continue }
            var worst = 0.0, index = a
            let (ax, ay) = (Double(points[a].x), Double(points[a].y)), (bx, by) = (Double(points[b].x), Double(points[b].y))
            let dx = bx - ax, dy = by - ay, length = (dx * dx + dy * dy).squareRoot()
            for i in (a + 1)..<b {
                let px = Double(points[i].x) - ax, py = Double(points[i].y) - ay
                let d = length == 0 ? (px * px + py * py).squareRoot() : abs(px * dy - py * dx) / length
                if d > worst { worst = d; index = i }
            }
            if worst > 0.5 {
                keep[index] = true
                stack.append((a, index)); stack.append((index, b))
            }
        }
        return points.indices.filter { keep[$0] }.map { points[$0] }
    }

    private static func distanceSquared(_ a: (x: Int, y: Int), _ b: (x: Int, y: Int)) -> Int {
        (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)
    }

    typealias Tile = (minX: Int, minY: Int, maxX: Int, maxY: Int)

    /// The parts of a line inside a tile (Liang–Barsky on each segment), joined where they meet.
    static func clipLine(_ points: [(x: Int, y: Int)], to box: Tile) -> [[(x: Int, y: Int)]] {
        var pieces: [[(x: Int, y: Int)]] = [], current: [(x: Int, y: Int)] = []
        for i in 1..<points.count {
            let a = points[i - 1], b = points[i]
            let dx = Double(b.x - a.x), dy = Double(b.y - a.y)
            var t0 = 0.0, t1 = 1.0
            var visible = true
            for (p, q) in [(-dx, Double(a.x - box.minX)), (dx, Double(box.maxX - a.x)), (-dy, Double(a.y - box.minY)), (dy, Double(box.maxY - a.y))] {
                if p == 0 { if q < 0 { visible = false; break }; continue }
                let r = q / p
                if p < 0 { if r > t1 { visible = false; break }; t0 = max(t0, r) } else { if r < t0 { visible = false; break }; t1 = min(t1, r) }
            }
            guard visible else {
                if current.count >= 2 { pieces.append(current) }
                current = []
                continue
            }
            let start = (x: Int((Double(a.x) + t0 * dx).rounded()), y: Int((Double(a.y) + t0 * dy).rounded()))
            let end = (x: Int((Double(a.x) + t1 * dx).rounded()), y: Int((Double(a.y) + t1 * dy).rounded()))
            if current.isEmpty || current.last! != start {
                if current.count >= 2 { pieces.append(current) }
                current = [start]
            }
            if current.last! != end { current.append(end) }
            if t1 < 1 {
                if current.count >= 2 { pieces.append(current) }
                current = []
            }
        }
        if current.count >= 2 { pieces.append(current) }
        return pieces
    }

    /// A ring cut to a tile (Sutherland–Hodgman): edges along the tile's sides are the cut, which the
    /// reader recognises and never strokes.
    static func clipRing(_ ring: [(x: Int, y: Int)], to box: Tile) -> [(x: Int, y: Int)] {
        var output = ring
        for side in 0..<4 {
            let input = output
            output = []
            guard !input.isEmpty else { break }
            func inside(_ p: (x: Int, y: Int)) -> Bool {
                switch side {
                case 0: return p.x >= box.minX
                case 1: return p.x <= box.maxX
                case 2: return p.y >= box.minY
                default: return p.y <= box.maxY
                }
            }
            func crossing(_ a: (x: Int, y: Int), _ b: (x: Int, y: Int)) -> (x: Int, y: Int) {
                switch side {
                case 0, 1:
                    let x = side == 0 ? box.minX : box.maxX
                    let t = Double(x - a.x) / Double(b.x - a.x)
                    return (x, Int((Double(a.y) + t * Double(b.y - a.y)).rounded()))
                default:
                    let y = side == 2 ? box.minY : box.maxY
                    let t = Double(y - a.y) / Double(b.y - a.y)
                    return (Int((Double(a.x) + t * Double(b.x - a.x)).rounded()), y)
                }
            }
            var previous = input.last!
            for point in input {
                if inside(point) {
                    if !inside(previous) { output.append(crossing(previous, point)) }
                    output.append(point)
                } else if inside(previous) {
                    output.append(crossing(previous, point))
                }
                previous = point
            }
        }
        var cleaned: [(x: Int, y: Int)] = []
        for p in output where cleaned.last.map({ $0 != p }) ?? true { cleaned.append(p) }
        if cleaned.count > 1, cleaned.first! == cleaned.last! { cleaned.removeLast() }
        return cleaned
    }

    /// The section's bytes, with the sea and land the coastline bounds within the extract's box when
    /// it is simple enough to close (see ``RegionCoastline``). The collector is left empty.
    mutating func section(coverage: GeoBounds?) -> [UInt8] {
        if let coverage, !coastlines.isEmpty {
            let box = (minX: Int(((coverage.minLongitude + 180) * Self.unitsPerDegree).rounded()),
                       minY: Int(((coverage.minLatitude + 90) * Self.unitsPerDegree).rounded()),
                       maxX: Int(((coverage.maxLongitude + 180) * Self.unitsPerDegree).rounded()),
                       maxY: Int(((coverage.maxLatitude + 90) * Self.unitsPerDegree).rounded()))
            if let coast = RegionCoastline.sea(coastlines: coastlines, box: box) {
                add(.land, [(box.minX, box.minY), (box.minX, box.maxY), (box.maxX, box.maxY), (box.maxX, box.minY)], name: "")
                for ring in coast.sea { add(.sea, Self.simplified(ring, closed: true), name: "") }
                for ring in coast.islands { add(.island, Self.simplified(ring, closed: true), name: "") }
            }
        }
        coastlines = []
        let section = packed()
        self = RegionGeometryCollector()
        return section
    }

    private mutating func packed() -> [UInt8] {
        func digits(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        // The index's ties are the records' own order, so the sort is stable by construction.
        keys.sort()
        func tile(_ key: UInt64) -> Int { Int(key >> 35) }
        func bytes(_ key: UInt64) -> Range<Int> {
            let record = Int(key & 0x7FFF_FFFF)
            return starts[record]..<(record + 1 < starts.count ? starts[record + 1] : data.count)
        }
        var tileCount = 0
        for (i, key) in keys.enumerated() where i == 0 || tile(keys[i - 1]) != tile(key) { tileCount += 1 }
        var section = Array("geometry\t\(Int(Self.unitsPerDegree))\t\(Self.tileUnits)\t\(tileCount)\n".utf8)
        section.reserveCapacity(section.count + 21 * (tileCount + 1) + data.count)
        var offset = 0
        for (i, key) in keys.enumerated() {
            if i == 0 || tile(keys[i - 1]) != tile(key) {
                section += Array((digits(tile(key) >> 15, 5) + digits(tile(key) & 0x7FFF, 5) + digits(offset, 10) + "\n").utf8)
            }
            offset += bytes(key).count
        }
        section += Array(("9999999999" + digits(offset, 10) + "\n").utf8)
        for key in keys { section += data[bytes(key)] }
        return section
    }
}
