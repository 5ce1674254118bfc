#if canImport(Glibc)
import Glibc
#endif


/// The land area of each outlined country, for the share of the world's land visited (`stats`).
extension CountryIndex {
    /// The mean radius of the Earth, in kilometres.
    static let earthRadiusKm = 6371.0088

    /// Each country's area in square kilometres, in the order of ``countries``, from its 1:50m outline
    /// rings on a sphere. Each ring counts whole, so an enclave's area is added to the country around it
    /// (an error of a few hundredths of a per cent of the world's land).
    public func areasKm2() -> [Double] {
        var result = [Double](repeating: 0, count: countries.count)
        forEachRing { country, ring in
            // The area of a ring on a sphere: R²/2 · |Σ (λ₂ − λ₁)(2 + sin φ₁ + sin φ₂)|.
            var sum = 0.0
            let last = ring.point(ring.count - 1)
            var lastLon = last.longitude * .pi / 180
            var lastSin = sin(last.latitude * .pi / 180)
            for i in 0..<ring.count {
                let point = ring.point(i)
                let lon = point.longitude * .pi / 180
                let s = sin(point.latitude * .pi / 180)
                sum += (lon - lastLon) * (2 + lastSin + s)
                lastLon = lon
                lastSin = s
            }
            result[country] += abs(sum) * Self.earthRadiusKm * Self.earthRadiusKm / 2
        }
        return result
    }

    /// One whole outline ring of the 1:50m country outlines: its points as stored.
    public struct OutlineRing {
        /// Where the ring's points start: 8 bytes a point, longitude then latitude.
        let points: UnsafePointer<UInt8>
        /// The number of points (at least 3).
        public let count: Int

        /// The ring's `i`th point.
        public func point(_ i: Int) -> (latitude: Double, longitude: Double) {
            (PackedGeometry.latitude(PackedGeometry.value(points + 8 * i + 4, width: 4)),
             PackedGeometry.longitude(PackedGeometry.value(points + 8 * i, width: 4)))
        }
    }

    /// Calls `body` with each outline ring of three or more points and its country's position in
    /// ``countries``, in the order the outlines are stored (a country's rings together).
    public func forEachRing(_ body: (_ country: Int, _ ring: OutlineRing) -> Void) {
        var offset = 0
        while offset < rings.count {
            let p = rings.base + offset
            let end = rings.nextLine(after: offset) - 1
            // A ring's line: the country's 1-based id (2 bytes), its box (16), then its points.
            let id = PackedGeometry.value(p, width: 2)
            let count = (end - offset - 18) / 8
            if id >= 1, id <= countries.count, count >= 3 { body(id - 1, OutlineRing(points: p + 18, count: count)) }
            offset = end + 1
        }
    }
}
