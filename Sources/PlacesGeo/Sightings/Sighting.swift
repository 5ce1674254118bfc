#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// One moment someone was somewhere, as an outside record tells it: a geotagged photo, a stay in a
/// location history. Importers turn their records into sightings; ``SightingGrouper`` turns sightings
/// into places and visits.
public struct Sighting: Sendable, Hashable {
    /// Degrees north, −90…90 (WGS 84).
    public var latitude: Double
    /// Degrees east, −180…180 (WGS 84).
    public var longitude: Double
    /// When the sighting began (a photo's moment, a stay's arrival).
    public var start: Date
    /// When it ended, for a stay; `nil` for a moment.
    public var end: Date?
    /// The place's name when the source gives one (a history's place name); `nil` to name it from the gazetteer.
    public var name: String?
    /// The source's own id of the place (a Google place id): sightings sharing one are one place.
    public var sourcePlaceID: String?
    /// What the sighting came from, as people know it: a photo's file name, a history file and its entry.
    public var sourceItem: String
    /// A key that stays the same when the same record is imported again (from the record's content,
    /// position and time, never from when it was read), so a re-import adds nothing. It starts with
    /// the importer's name (`photo:…`) and becomes the ``Visit/source`` of the visit it begins.
    public var identity: String
    /// Seconds east of UTC at the sighting, when the source says (a photo's OffsetTimeOriginal, a
    /// timestamp's offset); `nil` to estimate it from the longitude. It decides the sighting's local day.
    public var utcOffset: Int?

    /// Creates a sighting; coordinates are checked by ``isValid``, not here.
    public init(latitude: Double, longitude: Double, start: Date, end: Date? = nil, name: String? = nil,
                sourcePlaceID: String? = nil, sourceItem: String, identity: String, utcOffset: Int? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.start = start
        self.end = end
        self.name = name
        self.sourcePlaceID = sourcePlaceID
        self.sourceItem = sourceItem
        self.identity = identity
        self.utcOffset = utcOffset
    }

    /// Whether the coordinates are finite and on the globe, and not the 0,0 that cameras write
    /// when they had no fix.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite && abs(latitude) <= 90 && abs(longitude) <= 180
            && !(latitude == 0 && longitude == 0)
    }

    /// The moments a sighting may start at, in seconds since 1970: from 1800-01-01 (before any
    /// photograph) to the end of 9999-12-30 UTC, so that the local day, whatever the offset, is a
    /// day of the journal's four-digit years. Readers check a record's time against it where they
    /// read it and skip the record otherwise, so one wrong clock never stops an import.
    public static let moments: ClosedRange<Double> = -5_364_662_400 ... 253_402_214_399

    /// Why `date` cannot be a sighting's time ("is before 1800", "is after the year 9999"), or
    /// `nil` when it can.
    public static func timeProblem(_ date: Date) -> String? {
        let seconds = date.timeIntervalSince1970
        if seconds.isNaN { return "is not a time" }
        if seconds < moments.lowerBound { return "is before 1800" }
        if seconds > moments.upperBound { return "is after the year 9999" }
        return nil
    }

    /// A name read from a record, made fit for the journal: control characters written as escapes
    /// (`\u{7}`), and cut with "…" to ``Location/maximumNameLength`` characters, so that a long or
    /// odd name is kept, shortened, instead of stopping the import; `nil` for an empty name.
    public static func placeName(_ raw: String?) -> String? {
        guard let raw else { return nil }
        var name = TerminalText.visible(raw.trimmed)
        if name.count > Location.maximumNameLength {
            name = String(name.prefix(Location.maximumNameLength - 1)).trimmed + "…"
        }
        return name.isEmpty ? nil : name
    }

    /// The offset used for the local day: the recorded one, else the longitude's mean solar offset
    /// rounded to the hour (close to the civil time zone almost everywhere people take photos).
    public var effectiveUTCOffset: Int { utcOffset ?? Self.estimatedUTCOffset(longitude: longitude) }

    /// The mean solar offset of a longitude, rounded to whole hours, in seconds.
    public static func estimatedUTCOffset(longitude: Double) -> Int {
        guard longitude.isFinite else { return 0 }
        return Int((max(-180, min(180, longitude)) / 15).rounded()) * 3600
    }

    /// The local calendar day of the start, as days since 1970-01-01.
    public var localDay: Int {
        let seconds = start.timeIntervalSince1970 + Double(effectiveUTCOffset)
        guard seconds.isFinite, abs(seconds) < 1e15 else { return 0 }
        return Int((seconds / 86_400).rounded(.down))
    }
}
