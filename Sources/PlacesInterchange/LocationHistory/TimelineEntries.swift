#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore
import PlacesGeo

/// Turns one entry of a Semantic Location History or Timeline file into a sighting, or says why not.
///
/// Only visits are read; movements between them (`activitySegment`, `activity`, `timelinePath`)
/// are counted and left out. The fields read are exactly these:
/// - Semantic Location History: `placeVisit.location.latitudeE7`, `.longitudeE7`, `.placeId`,
///   `.name`, `.address`, and `placeVisit.duration.startTimestamp`/`endTimestamp` (or the older
///   `startTimestampMs`/`endTimestampMs`);
/// - Timeline.json: `visit.topCandidate.placeLocation.latLng` (or `placeLocation` as `geo:LAT,LON`),
///   `visit.topCandidate.placeId` (or `placeID`), and the segment's `startTime`/`endTime`.
enum TimelineEntries {
    enum Outcome {
        case visit(Sighting)
        /// A movement or another kind of entry that is not a stay.
        case ignored(LocationHistorySummary.Ignored)
        case skipped(String)
    }

    /// One `timelineObjects` entry of a Semantic Location History file.
    static func semantic(_ entry: JSONValue, item: String) -> Outcome {
        guard entry.isObject else { return .skipped("is not a JSON object") }
        guard let visit = entry["placeVisit"] else {
            if entry["activitySegment"] != nil { return .ignored(.activitySegment) }
            return .skipped("is neither a placeVisit nor an activitySegment")
        }
        guard visit.isObject, let location = visit["location"], location.isObject else {
            return .skipped("the placeVisit has no location")
        }
        do {
            let point = try GoogleHistoryFields.e7(latitude: location["latitudeE7"], longitude: location["longitudeE7"])
            let duration = visit["duration"] ?? .null
            let start = try GoogleHistoryFields.date(text: duration["startTimestamp"], milliseconds: duration["startTimestampMs"],
                                                     field: "startTimestamp")
            let end = try? GoogleHistoryFields.date(text: duration["endTimestamp"], milliseconds: duration["endTimestampMs"],
                                                    field: "endTimestamp")
            var name = location["name"]?.stringValue?.trimmed
            if name?.isEmpty ?? true {
                // Without a name, the address's first line says more than the gazetteer's nearest town.
                name = location["address"]?.stringValue?.split(separator: "\n").first.map { String($0).trimmed }
            }
            let placeID = location["placeId"]?.stringValue?.trimmed
            return .visit(sighting(point, start: start, end: end, name: name, placeID: placeID, item: item))
        } catch {
            return .skipped(error.reason)
        }
    }

    /// One segment of a Timeline.json file (`semanticSegments` entry, or an element of the phone's array).
    static func timeline(_ entry: JSONValue, item: String) -> Outcome {
        guard entry.isObject else { return .skipped("is not a JSON object") }
        guard let visit = entry["visit"] else {
            if entry["timelinePath"] != nil { return .ignored(.path) }
            if entry["activity"] != nil { return .ignored(.activitySegment) }
            if entry["timelineMemory"] != nil { return .ignored(.tripSummary) }
            return .skipped("is neither a visit, an activity nor a timelinePath")
        }
        guard let candidate = visit["topCandidate"], candidate.isObject else { return .skipped("the visit has no topCandidate") }
        do {
            let location = candidate["placeLocation"]
            let point = try GoogleHistoryFields.latLng(location?["latLng"]?.stringValue ?? location?.stringValue)
            let start = try GoogleHistoryFields.date(text: entry["startTime"], field: "startTime")
            let end = try? GoogleHistoryFields.date(text: entry["endTime"], field: "endTime")
            let placeID = (candidate["placeId"] ?? candidate["placeID"])?.stringValue?.trimmed
            // The local day decides which visit this is: the segment's own offset says it best.
            var offset = GoogleHistoryFields.utcOffset(entry["startTime"]?.stringValue)
            if let minutes = entry["startTimeTimezoneUtcOffsetMinutes"]?.numberValue, abs(minutes) <= 14 * 60 {
                offset = Int(minutes) * 60
            }
            var visit = sighting(point, start: start, end: end, name: nil, placeID: placeID, item: item)
            visit.utcOffset = offset
            return .visit(visit)
        } catch {
            return .skipped(error.reason)
        }
    }

    private static func sighting(_ point: (latitude: Double, longitude: Double), start: Date, end: Date?, name: String?,
                                 placeID: String?, item: String) -> Sighting {
        let placeID = placeID?.isEmpty == false ? placeID : nil
        // The same visit has the same start and place in Takeout and in the phone's export, so
        // importing both adds it once.
        let key = placeID ?? "\(Int((point.latitude * 1e5).rounded())),\(Int((point.longitude * 1e5).rounded()))"
        return Sighting(latitude: point.latitude, longitude: point.longitude, start: start,
                        end: end.flatMap { $0 >= start ? $0 : nil }, name: Sighting.placeName(name),
                        sourcePlaceID: placeID, sourceItem: item,
                        identity: GoogleHistoryFields.identity("visit:\(Int64(start.timeIntervalSince1970)):\(key)"))
    }
}
