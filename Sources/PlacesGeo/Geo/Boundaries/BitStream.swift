/// Bits of a byte range, least significant bit of each byte first, every read checked against the end.
package struct BitStream {
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private var next = 0
    private var buffer: UInt64 = 0
    private var buffered = 0
    /// Rice quotients from here on are written as a bit length and the value (see Scripts/pointcode.py).
    static let riceEscape = 24

    package init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// Bits not read yet.
    package var bitsLeft: Int { buffered + (count - next) * 8 }

    @inline(__always) private mutating func refill() {
        while buffered <= 56, next < count {
            buffer |= UInt64(base[next]) << UInt64(buffered)
            next += 1
            buffered += 8
        }
    }

    /// The next `width` bits (0 to 32) as a number, or nil when fewer are left.
    @inline(__always) package mutating func read(_ width: Int) -> Int? {
        guard width >= 0, width <= 32 else { return nil }
        if buffered < width { refill() }
        guard buffered >= width else { return nil }
        let value = buffer & ((1 << UInt64(width)) &- 1)
        buffer >>= UInt64(width)
        buffered -= width
        return Int(value)
    }

    /// A Rice code with parameter `k`: the quotient in unary (one bits ended by a zero bit), then the low
    /// `k` bits; a quotient of ``OutlineTable/riceEscape`` is followed by the value's bit length and the value.
    @inline(__always) package mutating func rice(_ k: Int) -> Int? {
        refill()
        // Bits past `buffered` are zero, so the run of ones never counts past the bits held.
        let ones = (~buffer).trailingZeroBitCount
        if ones >= BitStream.riceEscape {
            buffer >>= UInt64(BitStream.riceEscape)
            buffered -= BitStream.riceEscape
            guard let width = read(5) else { return nil }
            return read(width)
        }
        guard ones < buffered else { return nil }
        buffer >>= UInt64(ones + 1)
        buffered -= ones + 1
        guard let low = read(k) else { return nil }
        return ones << k | low
    }

    /// A run of points as `Scripts/pointcode.py` writes it (count, first point as an offset from
    /// `origin` in `pointBits` each, Rice parameter, differences), in ``PackedGeometry``'s units; `nil`
    /// when the bits end or go wrong first, when the count is outside `minimumCount...maximumCount` or
    /// more than the bits left can hold, or when a point falls off the world.
    package mutating func points(origin: (x: Int, y: Int), pointBits: Int, minimumCount: Int, maximumCount: Int) -> (xs: [Int], ys: [Int])? {
        guard let countBits = read(5), let count = read(countBits), count >= minimumCount, count <= maximumCount,
              // Every later point takes at least two bits, so a count the stream cannot hold is damage.
              count <= bitsLeft / 2 + 1,
              let firstX = read(pointBits), let firstY = read(pointBits), let k = read(5) else { return nil }
        let maxX = 360 * Int(PackedGeometry.unitsPerDegree), maxY = 180 * Int(PackedGeometry.unitsPerDegree)
        var x = origin.x + firstX, y = origin.y + firstY
        var xs = [Int](), ys = [Int]()
        xs.reserveCapacity(count); ys.reserveCapacity(count)
        for index in 0..<count {
            if index > 0 {
                guard let dx = rice(k), let dy = rice(k) else { return nil }
                x += (dx >> 1) ^ -(dx & 1)
                y += (dy >> 1) ^ -(dy & 1)
            }
            guard (0...maxX).contains(x), (0...maxY).contains(y) else { return nil }
            xs.append(x); ys.append(y)
        }
        return (xs, ys)
    }
}
