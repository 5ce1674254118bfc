/// A point on the globe in degrees (WGS 84): the one coordinate pair of the library
/// (``MapCoordinate``, ``PlaceQuery/Point``).
public struct Coordinate: Sendable, Hashable {
    /// Degrees north, −90…90.
    public var latitude: Double
    /// Degrees east, −180…180 (maps accept values outside and wrap them).
    public var longitude: Double

    /// Creates a coordinate from degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
