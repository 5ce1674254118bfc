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
        var offset = 0
        while offset < rings.count {
            let p = rings.base + offset
            let end = rings.nextLine(after: offset) - 1
            let id = PackedGeometry.value(p, width: 2)
            let count = (end - offset - 18) / 8
            if id >= 1, id <= countries.count, count >= 3 {
                // The area of a ring on a sphere: R²/2 · |Σ (λ₂ − λ₁)(2 + sin φ₁ + sin φ₂)|.
                var sum = 0.0
                let q = p + 18
                var lastLon = PackedGeometry.longitude(PackedGeometry.value(q + 8 * (count - 1), width: 4)) * .pi / 180
                var lastSin = sin(PackedGeometry.latitude(PackedGeometry.value(q + 8 * (count - 1) + 4, width: 4)) * .pi / 180)
                for i in 0..<count {
                    let lon = PackedGeometry.longitude(PackedGeometry.value(q + 8 * i, width: 4)) * .pi / 180
                    let s = sin(PackedGeometry.latitude(PackedGeometry.value(q + 8 * i + 4, width: 4)) * .pi / 180)
                    sum += (lon - lastLon) * (2 + lastSin + s)
                    lastLon = lon
                    lastSin = s
                }
                result[id - 1] += abs(sum) * Self.earthRadiusKm * Self.earthRadiusKm / 2
            }
            offset = end + 1
        }
        return result
    }
}
