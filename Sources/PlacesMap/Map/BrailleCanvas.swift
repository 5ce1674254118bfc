/// A drawing surface of Unicode braille characters: each terminal cell holds 2 × 4 dots, so an
/// 80-column terminal gives 160 dots across, and the dots come out about square.
public struct BrailleCanvas: Sendable, Equatable {
    /// Width in terminal cells.
    public let columns: Int
    /// Height in terminal cells.
    public let rows: Int
    private var cells: [UInt8]

    /// A blank canvas of `columns` × `rows` cells.
    public init(columns: Int, rows: Int) {
        self.columns = max(columns, 1)
        self.rows = max(rows, 1)
        cells = Array(repeating: 0, count: self.columns * self.rows)
    }

    /// Width in dots (two per cell).
    public var dotWidth: Int { columns * 2 }
    /// Height in dots (four per cell).
    public var dotHeight: Int { rows * 4 }

    /// The braille bit for each dot of a cell, by [row][column] inside the cell (Unicode's numbering).
    private static let bits: [[UInt8]] = [[0x01, 0x08], [0x02, 0x10], [0x04, 0x20], [0x40, 0x80]]

    /// Raises the dot at (x, y); dots outside the canvas are ignored.
    public mutating func set(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        cells[(y / 4) * columns + x / 2] |= Self.bits[y % 4][x % 2]
    }

    /// Whether the dot at (x, y) is raised.
    public func isSet(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return false }
        return cells[(y / 4) * columns + x / 2] & Self.bits[y % 4][x % 2] != 0
    }

    /// Draws a straight line between two points in dot coordinates, clipped to the canvas first so
    /// that a far-off segment of a zoomed-in map costs nothing.
    public mutating func line(from a: (x: Double, y: Double), to b: (x: Double, y: Double)) {
        guard let (p, q) = clip(a, b) else { return }
        let steps = Int(saturating: max(abs(q.x - p.x), abs(q.y - p.y)).rounded(.up))
        guard steps > 0 else { set(x: Int(saturating: p.x.rounded(.down)), y: Int(saturating: p.y.rounded(.down))); return }
        for step in 0...steps {
            let t = Double(step) / Double(steps)
            set(x: Int(saturating: (p.x + (q.x - p.x) * t).rounded(.down)), y: Int(saturating: (p.y + (q.y - p.y) * t).rounded(.down)))
        }
    }

    /// The cell's braille character, or `nil` when none of its dots is raised.
    public func character(column: Int, row: Int) -> Character? {
        let value = cells[row * columns + column]
        return value == 0 ? nil : Character(Unicode.Scalar(0x2800 + UInt32(value))!)
    }

    /// Liang–Barsky clipping against the canvas (a hair inside its far edges).
    private func clip(_ a: (x: Double, y: Double), _ b: (x: Double, y: Double))
        -> ((x: Double, y: Double), (x: Double, y: Double))? {
        let maxX = Double(dotWidth) - 0.001, maxY = Double(dotHeight) - 0.001
        var t0 = 0.0, t1 = 1.0
        let dx = b.x - a.x, dy = b.y - a.y
        for (p, q) in [(-dx, a.x), (dx, maxX - a.x), (-dy, a.y), (dy, maxY - a.y)] {
            if p == 0 {
                if q < 0 { return nil }
            } else {
                let r = q / p
                if p < 0 { if r > t1 { return nil }; if r > t0 { t0 = r } }
                else { if r < t0 { return nil }; if r < t1 { t1 = r } }
            }
        }
        return ((a.x + t0 * dx, a.y + t0 * dy), (a.x + t1 * dx, a.y + t1 * dy))
    }
}
