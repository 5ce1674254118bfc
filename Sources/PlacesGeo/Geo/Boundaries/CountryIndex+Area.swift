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
    ///
    /// Read from `boundary-country-areas.tsv`, which `Scripts/gazetteer/areas.py` computes from the same
    /// rings as ``outlineAreasKm2()`` (summing every ring took more work than the rest of `stats`); when
    /// a line does not name the country in its place or does not read, every ring is summed instead.
    public func areasKm2() -> [Double] {
        let table = BoundaryData.countryAreas
        var result: [Double] = [], offset = 0
        result.reserveCapacity(countryCount)
        while offset < table.count, result.count < countryCount {
            let codeEnd = table.fieldEnd(from: offset)
            let valueEnd = codeEnd < table.count ? table.fieldEnd(from: codeEnd + 1) : codeEnd
            // The area is read as `Double(String)` reads it (correctly rounded), so the script's
            // shortest text gives back its double exactly.
            let text = String(decoding: UnsafeBufferPointer(start: table.base + min(codeEnd + 1, valueEnd), count: max(0, valueEnd - codeEnd - 1)),
                              as: UTF8.self)
            guard table.compareKey(at: offset, Array(country(at: result.count).code.utf8)) == 0,
                  let area = Double(text), area.isFinite, area >= 0 else { break }
            result.append(area)
            offset = table.nextLine(after: offset)
        }
        guard result.count < countryCount else { return result }
        return outlineAreasKm2()
    }

    /// ``areasKm2()`` summed from the outline rings (what the table holds).
    func outlineAreasKm2() -> [Double] {
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

    /// One whole outline ring of the 1:50m country outlines.
    public struct OutlineRing {
        let xs: [Int], ys: [Int]
        /// The number of points (at least 3).
        public var count: Int { xs.count }

        /// The ring's `i`th point.
        public func point(_ i: Int) -> (latitude: Double, longitude: Double) {
            (PackedGeometry.latitude(ys[i]), PackedGeometry.longitude(xs[i]))
        }
    }

    /// Calls `body` with each outline ring of three or more points and its country's position in
    /// ``countries``, in the order the outlines are stored (a country's rings together).
    public func forEachRing(_ body: (_ country: Int, _ ring: OutlineRing) -> Void) {
        outlines.forEachRing { ring in
            guard ring.id >= 1, ring.id <= countries.count, let points = ring.decoded() else { return }
            body(ring.id - 1, OutlineRing(xs: points.xs, ys: points.ys))
        }
    }
}
