#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// Finds stays in a stream of raw positions: the points stay within ``radiusMetres`` of where they
/// gather for at least ``minimumSeconds``.
///
/// Memory is constant: one open stay (its first point, running sums for its centre, and its first
/// and last times), however long the stream. Points may come oldest first (Records.json) or newest
/// first (the older LocationHistory.json): a stay spans the earliest to the latest of its points.
public struct StayDetector: Sendable {
    /// How far from a stay's centre a point may be and still belong to it.
    public static let radiusMetres = 100.0
    /// How long a stay must last to count.
    public static let minimumSeconds = 15.0 * 60
    /// A silence longer than this ends a stay: where the phone was meanwhile is unknown.
    public static let maximumGapSeconds = 2.0 * 3600

    /// A stay found.
    public struct Stay: Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double
        public var start: Date
        public var end: Date
        /// How many positions it was made of.
        public var points: Int
    }

    private struct Open {
        var anchorLatitude: Double
        var anchorLongitude: Double
        /// Sums of offsets from the anchor (longitude unwrapped across ±180°).
        var sumLatitude = 0.0
        var sumLongitude = 0.0
        var count = 1
        var earliest: Double
        var latest: Double
        var last: Double

        var centre: (latitude: Double, longitude: Double) {
            var longitude = anchorLongitude + sumLongitude / Double(count)
            if longitude > 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            return (anchorLatitude + sumLatitude / Double(count), longitude)
        }
    }

    private var open: Open?

    public init() {}

    /// Adds the next position.
    /// - Returns: the stay that this position ends, if one ended and was long enough.
    public mutating func add(latitude: Double, longitude: Double, time: Date) -> Stay? {
        let seconds = time.timeIntervalSince1970
        if var current = open {
            let centre = current.centre
            let metres = Geodesy.distanceKm(fromLatitude: centre.latitude, longitude: centre.longitude,
                                            toLatitude: latitude, longitude: longitude) * 1000
            if metres <= Self.radiusMetres, abs(seconds - current.last) <= Self.maximumGapSeconds {
                current.sumLatitude += latitude - current.anchorLatitude
                current.sumLongitude += Self.unwrap(longitude - current.anchorLongitude)
                current.count += 1
                current.earliest = min(current.earliest, seconds)
                current.latest = max(current.latest, seconds)
                current.last = seconds
                open = current
                return nil
            }
        }
        let ended = finish()
        open = Open(anchorLatitude: latitude, anchorLongitude: longitude, earliest: seconds, latest: seconds, last: seconds)
        return ended
    }

    /// Ends the stream.
    /// - Returns: the stay still open, if it was long enough.
    public mutating func finish() -> Stay? {
        guard let current = open else { return nil }
        open = nil
        guard current.latest - current.earliest >= Self.minimumSeconds else { return nil }
        let centre = current.centre
        return Stay(latitude: centre.latitude, longitude: centre.longitude,
                    start: Date(timeIntervalSince1970: current.earliest), end: Date(timeIntervalSince1970: current.latest),
                    points: current.count)
    }

    private static func unwrap(_ delta: Double) -> Double {
        delta > 180 ? delta - 360 : delta < -180 ? delta + 360 : delta
    }
}
