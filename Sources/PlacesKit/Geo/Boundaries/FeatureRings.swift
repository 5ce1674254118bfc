import PlacesData

/// The rings of the named areas, `boundary-feature-rings.bin`, written by
/// `Scripts/gazetteer/build-boundaries.py` (which describes the layout): a header, then each feature's
/// rings as a ``BitStream`` of runs of points, found by the byte range its line in
/// ``BoundaryData/features`` gives.
///
/// Every read is checked against the table's bytes: a header that does not read gives no rings at all,
/// and a feature whose stream goes wrong keeps only the rings before the damage.
struct FeatureRings: @unchecked Sendable {
    static let magic: [UInt8] = Array("PLFR".utf8)
    static let version: UInt8 = 1
    static let headerBytes = 8
    /// The bit width of a ring's first point (up to 360° in ``PackedGeometry``'s units).
    static let pointBits = 24

    private let base: UnsafePointer<UInt8>
    private let count: Int
    /// Whether the header read; without it every feature has no rings.
    let isValid: Bool

    /// The table compiled into the binary (`PlacesData`).
    init(_ table: PlacesTableBytes) {
        self.init(base: table.start, count: table.count)
    }

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
        isValid = count >= Self.headerBytes && (0..<4).allSatisfy { base[$0] == Self.magic[$0] } && base[4] == Self.version
    }

    /// The rings stored between two offsets (counted from the end of the header), each as x and y in
    /// ``PackedGeometry``'s units, the closing point not repeated.
    func rings(from start: Int, to end: Int) -> [(xs: [Int], ys: [Int])] {
        guard isValid, start >= 0, start <= end, Self.headerBytes + end <= count else { return [] }
        var bits = BitStream(base: base + Self.headerBytes + start, count: end - start)
        var rings: [(xs: [Int], ys: [Int])] = []
        // The padding after the last ring is fewer than 8 bits; any ring takes more.
        while bits.bitsLeft >= 8,
              let ring = bits.points(origin: (0, 0), pointBits: Self.pointBits, minimumCount: 3, maximumCount: 1 << 24) {
            rings.append(ring)
        }
        return rings
    }

    /// Whether a point lies inside an odd number of rings (the even-odd rule), as
    /// ``PackedGeometry/crossesOddly(xs:ys:x:y:)`` counts the crossings of one.
    static func containsOddly(_ rings: [(xs: [Int], ys: [Int])], x: Double, y: Double) -> Bool {
        var odd = false
        for ring in rings where PackedGeometry.crossesOddly(xs: ring.xs, ys: ring.ys, x: x, y: y) { odd.toggle() }
        return odd
    }
}
