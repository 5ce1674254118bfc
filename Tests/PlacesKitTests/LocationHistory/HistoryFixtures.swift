import Foundation
@testable import PlacesKit

/// Small location history files of the three shapes Google writes, built in code so each test shows
/// exactly what it reads.
enum HistoryFixtures {
    static func placeVisit(latE7: Int, lonE7: Int, placeId: String?, name: String?, address: String? = nil,
                           start: String, end: String) -> String {
        var location = "\"latitudeE7\": \(latE7), \"longitudeE7\": \(lonE7)"
        if let placeId { location += ", \"placeId\": \"\(placeId)\"" }
        if let name { location += ", \"name\": \"\(name)\"" }
        if let address { location += ", \"address\": \"\(address)\"" }
        location += ", \"semanticType\": \"TYPE_UNKNOWN\", \"sourceInfo\": {\"deviceTag\": 123}"
        return """
        {"placeVisit": {"location": {\(location)}, "duration": {"startTimestamp": "\(start)", "endTimestamp": "\(end)"},
          "placeConfidence": "HIGH_CONFIDENCE", "childVisits": [{"location": {"latitudeE7": 1, "longitudeE7": 1}}]}}
        """
    }

    static let activitySegment = """
    {"activitySegment": {"startLocation": {"latitudeE7": 488583701, "longitudeE7": 22944813},
      "endLocation": {"latitudeE7": 488600000, "longitudeE7": 23000000},
      "duration": {"startTimestamp": "2019-01-05T12:00:00Z", "endTimestamp": "2019-01-05T12:30:00Z"},
      "activityType": "WALKING", "waypointPath": {"waypoints": [{"latE7": 488583701, "lngE7": 22944813}]}}}
    """

    static func semantic(_ objects: [String]) -> String {
        "{\n  \"timelineObjects\": [\n" + objects.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    static func segment(latLng: String, placeId: String?, start: String, end: String, offsetMinutes: Int? = nil) -> String {
        let id = placeId.map { ", \"placeId\": \"\($0)\"" } ?? ""
        let offset = offsetMinutes.map { ", \"startTimeTimezoneUtcOffsetMinutes\": \($0)" } ?? ""
        return """
        {"startTime": "\(start)", "endTime": "\(end)"\(offset),
         "visit": {"hierarchyLevel": 0, "probability": 0.9,
                   "topCandidate": {"semanticType": "UNKNOWN", "probability": 0.8\(id), "placeLocation": {"latLng": "\(latLng)"}}}}
        """
    }

    static let pathSegment = """
    {"startTime": "2024-03-01T12:00:00.000+01:00", "endTime": "2024-03-01T14:00:00.000+01:00",
     "timelinePath": [{"point": "48.8584°, 2.2945°", "time": "2024-03-01T12:01:00.000+01:00"}]}
    """

    static let activityEntry = """
    {"startTime": "2024-03-01T11:00:00.000+01:00", "endTime": "2024-03-01T11:30:00.000+01:00",
     "activity": {"start": {"latLng": "48.8584°, 2.2945°"}, "end": {"latLng": "48.86°, 2.30°"}, "distanceMeters": 900}}
    """

    static func timeline(_ segments: [String]) -> String {
        """
        {
          "semanticSegments": [
        \(segments.joined(separator: ",\n"))
          ],
          "rawSignals": [{"position": {"LatLng": "1.0°, 2.0°", "timestamp": "2024-03-01T10:00:00.000+01:00"}}],
          "userLocationProfile": {"frequentPlaces": [{"placeId": "x", "placeLocation": "48.1°, 2.1°"}]}
        }
        """
    }

    /// A raw point as Records.json holds it.
    static func point(latE7: Int, lonE7: Int, time: Date, accuracy: Int = 15) -> String {
        """
            {
              "latitudeE7": \(latE7),
              "longitudeE7": \(lonE7),
              "accuracy": \(accuracy),
              "source": "WIFI",
              "deviceTag": -12345,
              "timestamp": "\(ISO8601DateFormatter().string(from: time))"
            }
        """
    }

    static func records(_ points: [String]) -> String {
        "{\n  \"locations\": [\n" + points.joined(separator: ",\n") + "\n  ]\n}\n"
    }

    /// Points every `step` seconds from `start` for `minutes`, jittering a few metres around a spot.
    static func dwell(latE7: Int, lonE7: Int, from start: Date, minutes: Int, step: Int = 120) -> [String] {
        stride(from: 0, through: minutes * 60, by: step).enumerated().map { index, offset in
            point(latE7: latE7 + (index % 3) * 100, lonE7: lonE7 - (index % 2) * 100, time: start.addingTimeInterval(Double(offset)))
        }
    }

    static func date(_ text: String) -> Date { Timestamp.date(from: text)! }

    /// Reads text as location history, returning the sightings and the summary.
    static func read(_ text: String, name: String = "history.json", days: ClosedRange<Int>? = nil) throws
        -> (sightings: [Sighting], summary: LocationHistorySummary) {
        var sightings: [Sighting] = []
        let summary = try LocationHistoryReader.read(bytes: Array(text.utf8), name: name, days: days) { sightings.append($0) }
        return (sightings, summary)
    }

    /// A fresh temporary directory.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("places-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
