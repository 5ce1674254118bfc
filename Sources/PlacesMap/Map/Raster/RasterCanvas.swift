#if canImport(Glibc)
import Glibc
#endif

/// An RGB image that shapes are painted onto with anti-aliasing: polygons are filled by accumulating
/// each edge's signed area coverage per pixel (the method of font-rs and stb_truetype), which gives
/// exact coverage at edges for the cost of one pass over the shape's bounding box.
///
/// Shapes overlapping within one call add their windings, clamped at full coverage: strokes built
/// from overlapping quads and round joins therefore come out as one solid line.
public struct RasterCanvas: Sendable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Red, green, blue per pixel, row by row from the top.
    public private(set) var pixels: [UInt8]
    private var coverage: [Float]

    /// A canvas filled with one colour.
    public init(width: Int, height: Int, background: RasterColor = .white) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        pixels = [UInt8](repeating: 0, count: self.width * self.height * 3)
        coverage = [Float](repeating: 0, count: (self.width + 3) * self.height)
        for index in 0..<(self.width * self.height) {
            pixels[index * 3] = background.red
            pixels[index * 3 + 1] = background.green
            pixels[index * 3 + 2] = background.blue
        }
    }

    /// The colour of one pixel.
    public func pixel(x: Int, y: Int) -> RasterColor {
        let index = (y * width + x) * 3
        return RasterColor(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2])
    }

    /// Fills closed polygons (points in pixels, y down) with a colour at an opacity, nonzero winding.
    public mutating func fill(_ polygons: [[MapPoint]], color: RasterColor, opacity: Double = 1) {
        guard opacity > 0 else { return }
        var minX = Int.max, maxX = Int.min, minY = Int.max, maxY = Int.min
        for polygon in polygons where polygon.count >= 2 {
            for (a, b) in zip(polygon, polygon.dropFirst() + [polygon[0]]) {
                guard let rows = edge(a, b) else { continue }
                minY = min(minY, rows.lowerBound); maxY = max(maxY, rows.upperBound)
                minX = min(minX, Int(min(a.x, b.x).clamped(0, Double(width)).rounded(.down)))
                maxX = max(maxX, Int(max(a.x, b.x).clamped(0, Double(width)).rounded(.up)) + 2)
            }
        }
        guard minY <= maxY, minX <= maxX else { return }
        let stride = width + 3, alpha = Float(opacity)
        let r = Float(color.red), g = Float(color.green), b = Float(color.blue)
        for y in minY...maxY {
            var sum: Float = 0
            for x in minX...min(maxX, width + 2) {
                let slot = y * stride + x
                sum += coverage[slot]
                coverage[slot] = 0
                guard x < width else { continue }
                let a = min(abs(sum), 1) * alpha
                guard a > 0.002 else { continue }
                let index = (y * width + x) * 3
                pixels[index] = UInt8(Float(pixels[index]) + (r - Float(pixels[index])) * a + 0.5)
                pixels[index + 1] = UInt8(Float(pixels[index + 1]) + (g - Float(pixels[index + 1])) * a + 0.5)
                pixels[index + 2] = UInt8(Float(pixels[index + 2]) + (b - Float(pixels[index + 2])) * a + 0.5)
            }
        }
    }

    /// Strokes polylines with round joins and caps.
    public mutating func stroke(_ lines: [[MapPoint]], closed: Bool, width lineWidth: Double, color: RasterColor,
                                opacity: Double = 1) {
        guard lineWidth > 0 else { return }
        let half = lineWidth / 2
        var shapes: [[MapPoint]] = []
        for line in lines where !line.isEmpty {
            let points = closed ? line + [line[0]] : line
            for (a, b) in zip(points, points.dropFirst()) {
                let dx = b.x - a.x, dy = b.y - a.y, length = (dx * dx + dy * dy).squareRoot()
                guard length > 0 else { continue }
                let nx = -dy / length * half, ny = dx / length * half
                shapes.append([MapPoint(x: a.x + nx, y: a.y + ny), MapPoint(x: b.x + nx, y: b.y + ny),
                               MapPoint(x: b.x - nx, y: b.y - ny), MapPoint(x: a.x - nx, y: a.y - ny)])
            }
            // Joins: a disc at each vertex, wound as the quads are so that the windings add up.
            if half > 0.6 {
                for point in points { shapes.append(Self.circle(point, radius: half, clockwise: true)) }
            }
        }
        fill(shapes, color: color, opacity: opacity)
    }

    /// A circle as a polygon fine enough to look round at its size.
    public static func circle(_ centre: MapPoint, radius: Double, clockwise: Bool = false) -> [MapPoint] {
        let sides = max(8, min(64, Int(radius * 4)))
        return (0..<sides).map { step in
            let t = Double(step) / Double(sides) * 2 * .pi * (clockwise ? -1 : 1)
            return MapPoint(x: centre.x + radius * cos(t), y: centre.y + radius * sin(t))
        }
    }

    /// Adds one edge's signed coverage; returns the rows it touched, or `nil` for a flat edge.
    private mutating func edge(_ start: MapPoint, _ end: MapPoint) -> ClosedRange<Int>? {
        guard start.y != end.y, start.x.isFinite, start.y.isFinite, end.x.isFinite, end.y.isFinite else { return nil }
        let direction: Float = start.y < end.y ? 1 : -1
        let (p0, p1) = start.y < end.y ? (start, end) : (end, start)
        let h = Double(height), w = Double(width)
        guard p1.y > 0, p0.y < h else { return nil }
        // Parts of an edge left or right of the canvas still wind the pixels beside them: clamping x
        // keeps that winding while keeping every write inside the buffer.
        let dxdy = (p1.x - p0.x) / (p1.y - p0.y)
        var x = p0.x
        let top = max(p0.y, 0)
        if p0.y < 0 { x -= p0.y * dxdy }
        let firstRow = Int(top), lastRow = min(Int(p1.y.rounded(.up)), height) - 1
        guard firstRow <= lastRow else { return nil }
        let stride = width + 3
        for row in firstRow...lastRow {
            let rowStart = row * stride
            let dy = min(Double(row + 1), p1.y) - max(Double(row), top)
            let xNext = x + dxdy * dy
            let d = Float(dy) * direction
            let x0 = min(x, xNext).clamped(0, w), x1 = max(x, xNext).clamped(0, w)
            let x0Floor = x0.rounded(.down), x0i = Int(x0Floor)
            let x1Ceil = x1.rounded(.up), x1i = Int(x1Ceil)
            if x1i <= x0i + 1 {
                let middle = Float((x + xNext) / 2).clamped(0, Float(w)) - Float(x0Floor)
                coverage[rowStart + x0i] += d - d * middle
                coverage[rowStart + x0i + 1] += d * middle
            } else {
                let s = Float(1 / (x1 - x0))
                let x0f = Float(x0 - x0Floor)
                let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
                let x1f = Float(x1 - x1Ceil + 1)
                let am = 0.5 * s * x1f * x1f
                coverage[rowStart + x0i] += d * a0
                if x1i == x0i + 2 {
                    coverage[rowStart + x0i + 1] += d * (1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - x0f)
                    coverage[rowStart + x0i + 1] += d * (a1 - a0)
                    if x0i + 2 < x1i - 1 { for column in (x0i + 2)..<(x1i - 1) { coverage[rowStart + column] += d * s } }
                    let a2 = a1 + Float(x1i - x0i - 3) * s
                    coverage[rowStart + x1i - 1] += d * (1 - a2 - am)
                }
                coverage[rowStart + x1i] += d * am
            }
            x = xNext
        }
        return firstRow...lastRow
    }
}

/// An opaque colour.
public struct RasterColor: Sendable, Equatable {
    public var red: UInt8, green: UInt8, blue: UInt8

    /// Creates a colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let white = RasterColor(red: 255, green: 255, blue: 255)
    public static let black = RasterColor(red: 0, green: 0, blue: 0)

    /// Reads `#rrggbb`, `#rgb`, `white` or `black`; `nil` for anything else (`none` included).
    public init?(css text: String) {
        switch text {
        case "white": self = .white; return
        case "black": self = .black; return
        default: break
        }
        var digits = Array(text.utf8.dropFirst())
        guard text.hasPrefix("#") else { return nil }
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6, let value = Int(String(decoding: digits, as: UTF8.self), radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }
}

extension Comparable {
    func clamped(_ low: Self, _ high: Self) -> Self { min(max(self, low), high) }
}
