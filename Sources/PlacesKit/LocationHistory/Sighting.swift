#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Someone was at a point for a while: one stay read from a photo or from location history,
/// before sightings are grouped into places and visits.
public struct Sighting: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double
    public var start: Date
    public var end: Date?
    /// The place's name, when the source gives one.
    public var name: String?
    /// The source's own id for the place (Google's place id), which ties repeated visits together.
    public var sourcePlaceID: String?
    /// Where it came from, for messages: a file name and entry.
    public var sourceItem: String
    /// A stable key for this sighting, the same on every import of the same file.
    public var identity: String

    public init(latitude: Double, longitude: Double, start: Date, end: Date?, name: String?, sourcePlaceID: String?,
                sourceItem: String, identity: String) {
        self.latitude = latitude
        self.longitude = longitude
        self.start = start
        self.end = end
        self.name = name
        self.sourcePlaceID = sourcePlaceID
        self.sourceItem = sourceItem
        self.identity = identity
    }
}
