#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// A point on the Earth in degrees, as the map works with it.
public typealias MapCoordinate = Coordinate

/// Web Mercator, the projection of web map apps, with latitudes clipped at ±85.0511°.
///
/// Coordinates are "world units": x runs 0…1 west to east from −180° to 180° (a longitude beyond
/// 180° gives x beyond 1, which lets a view straddle the antimeridian), y runs 0…1 north to south.
/// The projection is conformal, so equal spans in x and y cover equally long distances on the ground.
public enum MapProjection {
    /// The latitude at which the projected world becomes a square, and beyond which it is clipped.
    public static let maximumLatitude = 85.051_128_779_806_59

    /// World x for a longitude in degrees: `x(longitude: 0)` is 0.5.
    public static func x(longitude: Double) -> Double { (longitude + 180) / 360 }

    /// World y for a latitude in degrees, clipped to ±``maximumLatitude``: `y(latitude: 0)` is 0.5.
    public static func y(latitude: Double) -> Double {
        let clipped = min(max(latitude, -maximumLatitude), maximumLatitude)
        let φ = clipped * .pi / 180
        return (1 - log(tan(.pi / 4 + φ / 2)) / .pi) / 2
    }

    /// The longitude for a world x (the inverse of ``x(longitude:)``).
    public static func longitude(x: Double) -> Double { x * 360 - 180 }

    /// The latitude for a world y (the inverse of ``y(latitude:)``).
    public static func latitude(y: Double) -> Double {
        atan(sinh(.pi * (1 - 2 * y))) * 180 / .pi
    }
}
