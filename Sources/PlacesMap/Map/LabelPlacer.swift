import PlacesCore

/// An axis-aligned rectangle on the canvas.
public struct MapBox: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double

    /// Creates a box from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether the two boxes share any area (touching edges do not count).
    public func intersects(_ other: MapBox) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    /// Whether `other` lies wholly inside this box.
    public func contains(_ other: MapBox) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }

    /// The distance from a point to the nearest point of the box; 0 inside it.
    public func distance(toX px: Double, y py: Double) -> Double {
        let dx = max(x - px, 0, px - (x + width)), dy = max(y - py, 0, py - (y + height))
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The point of the box nearest to a point (the point itself when inside).
    public func nearestPoint(toX px: Double, y py: Double) -> (x: Double, y: Double) {
        (min(max(px, x), x + width), min(max(py, y), y + height))
    }

    /// The box grown by `margin` on every side.
    public func expanded(by margin: Double) -> MapBox {
        MapBox(x: x - margin, y: y - margin, width: width + 2 * margin, height: height + 2 * margin)
    }
}

/// Places pin labels so that each sits by its own pin, none overlaps another label, a pin or a
/// reserved area, and none lies nearer another pin than its own.
///
/// Greedy, in the order given: each label tries the right of its pin, then the left, above, below and
/// the four diagonals; when `leaderLength` is given it then tries the same eight directions further
/// out, joined to the pin by a leader line. It takes the first spot that is free, inside the bounds,
/// and *owned*: no other pin is as near the label as its own, so a reader never pairs a name with the
/// wrong dot (a London label beside the Paris pin on a world map). A label with no such spot is
/// dropped and reported; renderers list dropped names rather than losing them.
public enum LabelPlacer {
    /// Which side of the pin a label went to; renderers align the text by it.
    public enum Side: Sendable, Equatable { case right, left, above, below, aboveRight, belowRight, aboveLeft, belowLeft }

    /// One label to place: the pin's centre and radius, and the label's size.
    public struct Request: Sendable, Equatable {
        public var x: Double, y: Double, pinRadius: Double, width: Double, height: Double

        /// Creates a request.
        public init(x: Double, y: Double, pinRadius: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.pinRadius = pinRadius
            self.width = width
            self.height = height
        }
    }

    /// Where one label went.
    public struct Placement: Sendable, Equatable {
        public var box: MapBox
        public var side: Side
        /// For a label set apart from its pin: the line from the pin's edge to the label's nearest point.
        public var leader: (from: MapPoint, to: MapPoint)?

        public static func == (a: Placement, b: Placement) -> Bool {
            a.box == b.box && a.side == b.side && a.leader?.from == b.leader?.from && a.leader?.to == b.leader?.to
        }
    }

    /// Places the labels.
    /// - Parameters:
    ///   - requests: the labels, most important first.
    ///   - bounds: the area labels must stay inside.
    ///   - obstacles: areas labels must not cover (legend, title, scale bar, labels placed before).
    ///   - gap: the space between a pin's edge and its label.
    ///   - leaderLength: how far beyond `gap` a label may stand when joined to its pin by a leader
    ///     line; `nil` for labels beside their pins only (the terminal, which draws no lines).
    ///   - pins: further pins that labels must not cover nor sit nearest to (pins without a label).
    /// - Returns: one placement or `nil` (dropped) per request, in the same order.
    /// - Complexity: about O(n) for pins spread over the canvas: boxes are kept in a grid of buckets.
    public static func place(_ requests: [Request], in bounds: MapBox, obstacles: [MapBox] = [],
                             gap: Double = 3, leaderLength: Double? = nil,
                             pins extraPins: [MapPoint] = []) -> [Placement?] {
        let pinRadius = requests.map(\.pinRadius).max() ?? 0
        let averageHeight = requests.isEmpty ? 10 : requests.map(\.height).reduce(0, +) / Double(requests.count)
        var taken = BoxGrid(cell: max(averageHeight * 3, 4))
        for box in obstacles { taken.insert(box) }
        var pins = PointGrid(cell: max(averageHeight * 3, 4))
        for request in requests { pins.insert(MapPoint(x: request.x, y: request.y)) }
        for pin in extraPins { pins.insert(pin) }
        // Every pin is an obstacle from the start, so no label hides a pin placed after it.
        for pin in pins.points { taken.insert(MapBox(x: pin.x - pinRadius, y: pin.y - pinRadius, width: 2 * pinRadius, height: 2 * pinRadius)) }

        var result: [Placement?] = []
        result.reserveCapacity(requests.count)
        for request in requests {
            let own = MapPoint(x: request.x, y: request.y)
            let ownBox = MapBox(x: request.x - request.pinRadius, y: request.y - request.pinRadius,
                                width: 2 * request.pinRadius, height: 2 * request.pinRadius)
            var placed: Placement?
            for (side, box, leader) in candidates(for: request, gap: gap, leaderLength: leaderLength) {
                guard bounds.contains(box) else { continue }
                // The label may touch its own pin's box only; any other box in the way rules the spot out.
                if taken.anyIntersects(box, except: ownBox) { continue }
                if !isOwned(box, by: own, pins: pins) { continue }
                if let leader, !leaderIsClear(from: own, to: leader, radius: request.pinRadius, pins: pins) { continue }
                placed = Placement(box: box, side: side, leader: leader.map { (edgePoint(own, towards: $0, radius: request.pinRadius), $0) })
                break
            }
            if let placed { taken.insert(placed.box) }
            result.append(placed)
        }
        return result
    }

    /// The spots to try, nearest first: beside the pin, then (with `leaderLength`) further out.
    private static func candidates(for request: Request, gap: Double, leaderLength: Double?)
        -> [(Side, MapBox, MapPoint?)] {
        let w = request.width, h = request.height, x = request.x, y = request.y
        func ring(_ r: Double) -> [(Side, MapBox)] {
            [(.right, MapBox(x: x + r, y: y - h / 2, width: w, height: h)),
             (.left, MapBox(x: x - r - w, y: y - h / 2, width: w, height: h)),
             (.above, MapBox(x: x - w / 2, y: y - r - h, width: w, height: h)),
             (.below, MapBox(x: x - w / 2, y: y + r, width: w, height: h)),
             (.aboveRight, MapBox(x: x + r * 0.7, y: y - r * 0.7 - h, width: w, height: h)),
             (.belowRight, MapBox(x: x + r * 0.7, y: y + r * 0.7, width: w, height: h)),
             (.aboveLeft, MapBox(x: x - r * 0.7 - w, y: y - r * 0.7 - h, width: w, height: h)),
             (.belowLeft, MapBox(x: x - r * 0.7 - w, y: y + r * 0.7, width: w, height: h))]
        }
        var result = ring(request.pinRadius + gap).map { ($0.0, $0.1, MapPoint?.none) }
        if let leaderLength, leaderLength > 0 {
            for step in [0.5, 1.0] {
                for (side, box) in ring(request.pinRadius + gap + leaderLength * step) {
                    let end = box.nearestPoint(toX: x, y: y)
                    result.append((side, box, MapPoint(x: end.x, y: end.y)))
                }
            }
        }
        return result
    }

    /// Whether no other pin is as near the box as its own pin. Pins within half a unit of the own pin
    /// draw as one dot, so they do not count against it.
    static func isOwned(_ box: MapBox, by own: MapPoint, pins: PointGrid) -> Bool {
        let ownDistance = box.distance(toX: own.x, y: own.y)
        for pin in pins.points(near: box.expanded(by: ownDistance)) {
            let dx = pin.x - own.x, dy = pin.y - own.y
            if dx * dx + dy * dy < 0.25 { continue }
            if box.distance(toX: pin.x, y: pin.y) <= ownDistance { return false }
        }
        return true
    }

    /// Whether a leader line from the pin to `end` passes clear of every other pin.
    private static func leaderIsClear(from own: MapPoint, to end: MapPoint, radius: Double, pins: PointGrid) -> Bool {
        let area = MapBox(x: min(own.x, end.x), y: min(own.y, end.y), width: abs(end.x - own.x), height: abs(end.y - own.y))
        for pin in pins.points(near: area.expanded(by: radius * 2)) {
            let dx = pin.x - own.x, dy = pin.y - own.y
            if dx * dx + dy * dy < 0.25 { continue }
            if segmentDistance(pin, own, end) < radius * 1.5 { return false }
        }
        return true
    }

    private static func segmentDistance(_ p: MapPoint, _ a: MapPoint, _ b: MapPoint) -> Double {
        let vx = b.x - a.x, vy = b.y - a.y, length = vx * vx + vy * vy
        let t = length == 0 ? 0 : min(max(((p.x - a.x) * vx + (p.y - a.y) * vy) / length, 0), 1)
        let dx = a.x + t * vx - p.x, dy = a.y + t * vy - p.y
        return (dx * dx + dy * dy).squareRoot()
    }

    private static func edgePoint(_ centre: MapPoint, towards end: MapPoint, radius: Double) -> MapPoint {
        let dx = end.x - centre.x, dy = end.y - centre.y, length = (dx * dx + dy * dy).squareRoot()
        guard length > radius else { return centre }
        return MapPoint(x: centre.x + dx / length * radius, y: centre.y + dy / length * radius)
    }

    /// A name shortened to at most `maximum` character widths, with an ellipsis when cut.
    public static func shortened(_ text: String, maximum: Int) -> String {
        guard TerminalText.width(text) > maximum else { return text }
        var result = ""
        var used = 0
        for character in text {
            let width = TerminalText.width(of: character)
            if used + width > maximum - 1 { break }
            result.append(character)
            used += width
        }
        return result.trimmed + "…"
    }
}

/// A point on the canvas.
public struct MapPoint: Sendable, Equatable {
    public var x: Double, y: Double

    /// Creates a point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Boxes bucketed by a square grid, so that "does anything overlap this box" looks at a few buckets.
struct BoxGrid {
    let cell: Double
    private var boxes: [MapBox] = []
    private var buckets: [Int: [Int]] = [:]
    /// Boxes too large for buckets (a legend on a fine grid): checked every time, there are few.
    private var large: [Int] = []

    init(cell: Double) { self.cell = cell }

    private func key(_ column: Int, _ row: Int) -> Int { row &* 1_000_003 &+ column }

    private func range(_ box: MapBox) -> (ClosedRange<Int>, ClosedRange<Int>) {
        let c0 = Int(saturating: (box.x / cell).rounded(.down)), c1 = Int(saturating: ((box.x + box.width) / cell).rounded(.down))
        let r0 = Int(saturating: (box.y / cell).rounded(.down)), r1 = Int(saturating: ((box.y + box.height) / cell).rounded(.down))
        return (c0...max(c0, c1), r0...max(r0, r1))
    }

    mutating func insert(_ box: MapBox) {
        boxes.append(box)
        let (columns, rows) = range(box)
        if columns.count * rows.count > 64 { large.append(boxes.count - 1); return }
        for row in rows { for column in columns { buckets[key(column, row), default: []].append(boxes.count - 1) } }
    }

    /// Whether some stored box other than `except` shares area with `box`.
    func anyIntersects(_ box: MapBox, except: MapBox) -> Bool {
        for index in large where boxes[index] != except && boxes[index].intersects(box) { return true }
        let (columns, rows) = range(box)
        for row in rows {
            for column in columns {
                for index in buckets[key(column, row)] ?? [] where boxes[index] != except && boxes[index].intersects(box) {
                    return true
                }
            }
        }
        return false
    }
}

/// Points bucketed by a square grid.
struct PointGrid {
    let cell: Double
    private(set) var points: [MapPoint] = []
    private var buckets: [Int: [Int]] = [:]

    init(cell: Double) { self.cell = cell }

    private func key(_ column: Int, _ row: Int) -> Int { row &* 1_000_003 &+ column }

    mutating func insert(_ point: MapPoint) {
        points.append(point)
        let column = Int(saturating: (point.x / cell).rounded(.down)), row = Int(saturating: (point.y / cell).rounded(.down))
        buckets[key(column, row), default: []].append(points.count - 1)
    }

    /// The points inside the box (and a few just outside it).
    func points(near box: MapBox) -> [MapPoint] {
        let c0 = Int(saturating: (box.x / cell).rounded(.down)), c1 = Int(saturating: ((box.x + box.width) / cell).rounded(.down))
        let r0 = Int(saturating: (box.y / cell).rounded(.down)), r1 = Int(saturating: ((box.y + box.height) / cell).rounded(.down))
        if (c1 - c0 + 1) * (r1 - r0 + 1) > 4 * buckets.count { return points }
        var found: [MapPoint] = []
        for row in r0...max(r0, r1) {
            for column in c0...max(c0, c1) { for index in buckets[key(column, row)] ?? [] { found.append(points[index]) } }
        }
        return found
    }
}
