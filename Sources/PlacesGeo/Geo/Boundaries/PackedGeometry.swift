#if canImport(Glibc)
import Glibc
#endif
import PlacesData
import PlacesCore

/// The boundary tables, written by `Scripts/gazetteer/build-boundaries.py` into `Sources/PlacesData/Tables`
/// and compiled into the binary.
enum BoundaryData {
    /// Named areas: `kind<TAB>name<TAB>extra<TAB>bbox<TAB>start end` (where its rings lie in ``featureRings``).
    static var features: SortedTable { SortedTable(places_boundary_features()) }
    /// The named areas' rings.
    static var featureRings: FeatureRings { FeatureRings(places_boundary_feature_rings()) }
    /// Each feature's bounding box and the offset of its line in ``features``, 21 bytes a line.
    static var featureBoxes: SortedTable { SortedTable(places_boundary_feature_boxes()) }
    /// Named peaks: `kind<TAB>name<TAB>elevation<TAB>point`.
    static var peaks: SortedTable { SortedTable(places_boundary_peaks()) }
    /// Countries and territories with outlines: `CC<TAB>name`; the line number is the index.
    static var countries: SortedTable { SortedTable(places_boundary_countries()) }
    /// Each outlined country's area: `CC<TAB>km²`, one line a country in ``countries``' order, written by
    /// `Scripts/gazetteer/areas.py` from ``countryOutlines``' rings.
    static var countryAreas: SortedTable { SortedTable(places_boundary_country_areas()) }
    /// Every ring of every country, and the one-degree grid with the rings clipped to each mixed cell.
    static var countryOutlines: CountryOutlines { CountryOutlines() }
}

/// The coordinate format of the boundary tables, and the tests on their rings.
///
/// A coordinate is an integer number of 1/32768 degree (about 3.4 m) counted from 180° W or 90° S. Text
/// tables write one as four characters of a 64-letter alphabet (`0` = 48 to `o` = 111, six bits each,
/// most significant first), a point as x then y, eight characters; outline tables write runs of points as
/// bits (``BitStream``). Whole degrees are exact, so rings clipped to one-degree cells keep their cell
/// edges exactly. Nothing is decoded until a ring is tested, which is why a lookup in a fresh process
/// costs microseconds.
package enum PackedGeometry {
    /// The point indices of each stretch to stroke of a shape cut into tiles: a line is one stretch of
    /// all its points; a ring's stretches skip the edges the cutting made (`isCutEdge[i]`: the edge from
    /// point `i` to the next), a stretch possibly wrapping past the ring's end. The bundled outlines and
    /// the region packs' areas both draw through this.
    package static func outlineRuns(pointCount count: Int, isArea: Bool, isCutEdge: [Bool]) -> [[Int]] {
        guard isArea else { return count >= 2 ? [Array(0..<count)] : [] }
        guard let firstCut = isCutEdge.firstIndex(of: true) else { return count >= 2 ? [Array(0..<count) + [0]] : [] }
        var runs: [[Int]] = [], current: [Int] = []
        // Start just after a cut edge so that no stretch is split at the ring's end.
        for step in 1...count {
            let index = (firstCut + step) % count
            if current.isEmpty { current.append(index) }
            if isCutEdge[index] {
                if current.count >= 2 { runs.append(current) }
                current = []
            } else {
                current.append((index + 1) % count)
            }
        }
        if current.count >= 2 { runs.append(current) }
        return runs
    }

    /// Quantisation steps per degree.
    package static let unitsPerDegree = 32768.0
    /// Kilometres per degree of latitude (mean Earth radius 6,371 km).
    static let kmPerDegree = 111.195

    /// The number written in `width` characters at `p`.
    @inline(__always) static func value(_ p: UnsafePointer<UInt8>, width: Int) -> Int {
        var v = 0
        for i in 0..<width { v = v << 6 | Int(p[i] &- 48) }
        return v
    }

    /// The four digits at `p` as one big-endian word: two such words compare as the values ``value(_:width:)``
    /// reads from them (each digit is a byte from `0` to `o`, most significant first).
    @inline(__always) static func digitWord(at p: UnsafePointer<UInt8>) -> UInt32 {
        UInt32(bigEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt32.self))
    }

    /// The word ``digitWord(at:)`` reads from the four digits of `value`, clamped to the digits' range
    /// (0 to 64⁴ − 1), which keeps every comparison with a written value the same.
    @inline(__always) static func digitWord(_ value: Int) -> UInt32 {
        let v = UInt32(min(max(value, 0), 64 * 64 * 64 * 64 - 1))
        return (48 + (v >> 18) & 63) << 24 | (48 + (v >> 12) & 63) << 16 | (48 + (v >> 6) & 63) << 8 | (48 + v & 63)
    }

    /// A longitude in quantised units (not rounded), kept half a unit inside the map's edge: outlines
    /// that reach the antimeridian or the South Pole have their edges exactly there, and a ray cast from a
    /// point on an edge is undecided.
    @inline(__always) static func x(longitude: Double) -> Double {
        min(max((longitude + 180) * unitsPerDegree, 0.5), 360 * unitsPerDegree - 0.5)
    }
    /// A latitude in quantised units (not rounded), kept half a unit inside the poles (see above).
    @inline(__always) static func y(latitude: Double) -> Double {
        min(max((latitude + 90) * unitsPerDegree, 0.5), 180 * unitsPerDegree - 0.5)
    }

    /// Degrees east of a quantised x.
    @inline(__always) package static func longitude(_ x: Int) -> Double { Double(x) / unitsPerDegree - 180 }
    /// Degrees north of a quantised y.
    @inline(__always) package static func latitude(_ y: Int) -> Double { Double(y) / unitsPerDegree - 90 }

    /// A bounding box packed as minX minY maxX maxY.
    struct Box: Equatable {
        var minX: Int, minY: Int, maxX: Int, maxY: Int

        init(minX: Int, minY: Int, maxX: Int, maxY: Int) {
            self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
        }

        /// The box written as text at `p`.
        init(_ p: UnsafePointer<UInt8>) {
            minX = PackedGeometry.value(p, width: 4)
            minY = PackedGeometry.value(p + 4, width: 4)
            maxX = PackedGeometry.value(p + 8, width: 4)
            maxY = PackedGeometry.value(p + 12, width: 4)
        }

        @inline(__always) func contains(x: Double, y: Double) -> Bool {
            x >= Double(minX) && x <= Double(maxX) && y >= Double(minY) && y <= Double(maxY)
        }

        /// Its area in square degrees (for ranking nested features, smallest first).
        var squareDegrees: Double {
            Double(maxX - minX) * Double(maxY - minY) / (PackedGeometry.unitsPerDegree * PackedGeometry.unitsPerDegree)
        }
    }

    /// Whether a horizontal ray from (x, y) eastwards crosses the ring's edges an odd number of times.
    /// The ring's points are `xs` and `ys`, the closing edge implied. A vertex exactly at the ray's height
    /// counts as above it, so a ray through a vertex is counted once.
    static func crossesOddly(xs: [Int], ys: [Int], x: Double, y: Double) -> Bool {
        let count = min(xs.count, ys.count)
        guard count >= 3 else { return false }
        var odd = false
        var px = Double(xs[count - 1]), py = Double(ys[count - 1])
        for i in 0..<count {
            let cx = Double(xs[i]), cy = Double(ys[i])
            if (cy > y) != (py > y) {
                let crossing = px + (y - py) * (cx - px) / (cy - py)
                if x < crossing { odd.toggle() }
            }
            px = cx; py = cy
        }
        return odd
    }

    /// The least distance in kilometres from a point to the ring's edges, on a flat projection centred on
    /// the point (longitudes shrunk by the cosine of its latitude; good to a few per cent within a
    /// thousand kilometres). Edges for which `skip` is true (cell borders added by clipping) are left out.
    static func distanceKm(xs: [Int], ys: [Int], x: Double, y: Double, scale: Double,
                           skip: (Int, Int, Int, Int) -> Bool = { _, _, _, _ in false }) -> Double {
        let count = min(xs.count, ys.count)
        guard count >= 2 else { return .infinity }
        var best = Double.infinity
        var ax = xs[count - 1], ay = ys[count - 1]
        for i in 0..<count {
            let bx = xs[i], by = ys[i]
            if !skip(ax, ay, bx, by) {
                best = min(best, segmentDistance(x: x, y: y, ax: ax, ay: ay, bx: bx, by: by, scale: scale))
            }
            ax = bx; ay = by
        }
        return best * kmPerDegree / unitsPerDegree
    }

    /// Distance in quantised units from (x, y) to the segment a–b, x shrunk by `scale`; a segment across
    /// the antimeridian from the point is measured the short way round.
    @inline(__always) static func segmentDistance(x: Double, y: Double, ax: Int, ay: Int, bx: Int, by: Int, scale: Double) -> Double {
        let fullTurn = 360 * unitsPerDegree
        var dax = Double(ax) - x, dbx = Double(bx) - x
        if dax > fullTurn / 2 { dax -= fullTurn } else if dax < -fullTurn / 2 { dax += fullTurn }
        if dbx > fullTurn / 2 { dbx -= fullTurn } else if dbx < -fullTurn / 2 { dbx += fullTurn }
        let x1 = dax * scale, y1 = Double(ay) - y
        let x2 = dbx * scale, y2 = Double(by) - y
        let dx = x2 - x1, dy = y2 - y1
        let lengthSquared = dx * dx + dy * dy
        var t = lengthSquared > 0 ? -(x1 * dx + y1 * dy) / lengthSquared : 0
        t = min(1, max(0, t))
        let px = x1 + t * dx, py = y1 + t * dy
        return (px * px + py * py).squareRoot()
    }

    /// The longitude scale of the flat projection at a latitude (never zero, so poles stay finite).
    static func scale(latitude: Double) -> Double {
        max(0.01, cos(min(89.9, abs(latitude)) * .pi / 180))
    }
}
