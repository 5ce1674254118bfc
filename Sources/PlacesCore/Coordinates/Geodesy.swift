#if canImport(Glibc)
import Glibc
#endif

/// Distances and directions on the Earth, treated as a sphere of mean radius (good to about 0.5 %).
public enum Geodesy {
    /// The Earth's mean radius in kilometres (IUGG).
    public static let earthRadiusKm = 6371.0088

    /// Kilometres per degree of latitude along a great circle, rounded down a little so that the bound
    /// it gives stays below the true distance despite rounding.
    package static let kmPerDegreeBelow = earthRadiusKm * .pi / 180 * 0.999_999

    /// Great-circle distance between two points, in kilometres (haversine formula).
    public static func distanceKm(fromLatitude lat1: Double, longitude lon1: Double,
                                  toLatitude lat2: Double, longitude lon2: Double) -> Double {
        distanceKm(fromLatitude: lat1, longitude: lon1, cosine: latitudeCosine(lat1),
                   toLatitude: lat2, longitude: lon2, cosine: latitudeCosine(lat2))
    }

    /// The cosine of a latitude in degrees, as ``distanceKm(fromLatitude:longitude:cosine:toLatitude:longitude:cosine:)`` takes it.
    package static func latitudeCosine(_ latitude: Double) -> Double { cos(latitude * .pi / 180) }

    /// ``distanceKm(fromLatitude:longitude:toLatitude:longitude:)`` with each latitude's ``latitudeCosine(_:)``
    /// given: a route measured leg by leg works out each point's once, not once for each of its two legs.
    /// The same operations in the same order, so the same result to the last bit.
    package static func distanceKm(fromLatitude lat1: Double, longitude lon1: Double, cosine cos1: Double,
                                   toLatitude lat2: Double, longitude lon2: Double, cosine cos2: Double) -> Double {
        let dφ = (lat2 - lat1) * .pi / 180, dλ = (lon2 - lon1) * .pi / 180
        let a = sin(dφ / 2) * sin(dφ / 2) + cos1 * cos2 * sin(dλ / 2) * sin(dλ / 2)
        return 2 * earthRadiusKm * asin(min(1, sqrt(a)))
    }

    /// Initial compass bearing from the first point towards the second, in degrees 0..<360 (0 = north).
    public static func bearingDegrees(fromLatitude lat1: Double, longitude lon1: Double,
                                      toLatitude lat2: Double, longitude lon2: Double) -> Double {
        let φ1 = lat1 * .pi / 180, φ2 = lat2 * .pi / 180
        let dλ = (lon2 - lon1) * .pi / 180
        let y = sin(dλ) * cos(φ2)
        let x = cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(dλ)
        let degrees = atan2(y, x) * 180 / .pi
        return (degrees + 360).truncatingRemainder(dividingBy: 360)
    }

    /// The 16-wind compass point for a bearing: `N`, `NNE`, `NE`, … `NNW`.
    public static func compassPoint(bearingDegrees bearing: Double) -> String {
        let points = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
        let index = Int(saturating: (bearing / 22.5).rounded()) % 16
        return points[(index + 16) % 16]
    }
}
