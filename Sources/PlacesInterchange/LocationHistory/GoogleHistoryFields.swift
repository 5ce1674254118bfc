#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore
import PlacesGeo

/// Reading the fields Google's location history files share: E7 coordinates, the `"48.8584°, 2.2945°"`
/// and `"geo:48.8584,2.2945"` forms, and timestamps as ISO 8601 text or milliseconds.
enum GoogleHistoryFields {
    /// Why a field cannot be read: the entry is skipped with this reason.
    struct Problem: Error {
        var reason: String
    }

    /// A coordinate pair in E7 (degrees × 10⁷), as Takeout writes them.
    ///
    /// Some Takeout exports hold E7 values that overflowed a signed 32-bit integer (a latitude of
    /// −10° written as 4,194,967,296 − 100,000,000): such a value is read as its wrapped-around
    /// signed form when that lands in range, as Google's own viewers did.
    static func e7(latitude: JSONValue?, longitude: JSONValue?) throws(Problem) -> (latitude: Double, longitude: Double) {
        guard let rawLatitude = latitude?.numberValue, let rawLongitude = longitude?.numberValue else {
            throw Problem(reason: "has no latitudeE7/longitudeE7")
        }
        let lat = try degrees(e7: rawLatitude, limit: 90, field: "latitudeE7")
        let lon = try degrees(e7: rawLongitude, limit: 180, field: "longitudeE7")
        return (lat, lon)
    }

    private static func degrees(e7 raw: Double, limit: Double, field: String) throws(Problem) -> Double {
        guard raw.isFinite, raw == raw.rounded() else {
            throw Problem(reason: "\(field) \(CoordinateFormat.plain(raw)) is not a whole number of 10⁻⁷ degrees")
        }
        var value = raw
        let bound = limit * 1e7
        if abs(value) > bound, abs(value) < 4_294_967_296 {
            let wrapped = value > 0 ? value - 4_294_967_296 : value + 4_294_967_296
            if abs(wrapped) <= bound { value = wrapped }
        }
        guard abs(value) <= bound else {
            throw Problem(reason: "\(field) \(CoordinateFormat.plain(raw)) is out of range: at most ±\(Int(limit)) degrees (±\(Int(bound)))")
        }
        return value / 1e7
    }

    /// `"48.8584°, 2.2945°"` (Timeline.json) or `"geo:48.8584,2.2945"` (the phone's array export).
    static func latLng(_ text: String?) throws(Problem) -> (latitude: Double, longitude: Double) {
        guard var text = text?.trimmed, !text.isEmpty else { throw Problem(reason: "has no latLng") }
        if text.hasPrefix("geo:") { text.removeFirst(4) }
        let parts = text.replacing("°", with: "").split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let latitude = Double(String(parts[0]).trimmed), let longitude = Double(String(parts[1]).trimmed),
              latitude.isFinite, longitude.isFinite else {
            throw Problem(reason: "latLng \"\(text.prefix(60))\" is not \"LAT°, LON°\"")
        }
        guard abs(latitude) <= 90, abs(longitude) <= 180 else {
            throw Problem(reason: "latLng \"\(text.prefix(60))\" is out of range: latitude ±90, longitude ±180")
        }
        return (latitude, longitude)
    }

    /// A timestamp as ISO 8601 text (any offset, fractions allowed), or as milliseconds since 1970
    /// in a string or a number (`timestampMs`, older exports).
    static func date(text: JSONValue?, milliseconds: JSONValue? = nil, field: String) throws(Problem) -> Date {
        if let text {
            guard let string = text.stringValue, let date = Timestamp.date(from: string), date.timeIntervalSince1970.isFinite else {
                throw Problem(reason: "\(field) \(text.scalarText.map { "\"\($0.prefix(40))\"" } ?? "") is not an ISO 8601 time")
            }
            if let problem = Sighting.timeProblem(date) { throw Problem(reason: "\(field) \"\(string.prefix(40))\" \(problem)") }
            return date
        }
        if let milliseconds {
            guard let value = milliseconds.numberValue, value.isFinite, abs(value) < 1e15 else {
                throw Problem(reason: "\(field)Ms is not a number of milliseconds")
            }
            let date = Date(timeIntervalSince1970: (value / 1000).rounded(.down))
            // 999999999999999 is a number of milliseconds, but of the year 33658.
            if let problem = Sighting.timeProblem(date) {
                throw Problem(reason: "\(field)Ms \"\(milliseconds.scalarText.map { String($0.prefix(20)) } ?? "")\" \(problem)")
            }
            return date
        }
        throw Problem(reason: "has no \(field)")
    }

    /// The UTC offset a timestamp's text states, in seconds east (`+01:00` → 3600), or `nil` for
    /// `Z` (Takeout writes UTC, which says nothing about the local time) and for no offset.
    static func utcOffset(_ text: String?) -> Int? {
        guard let bytes = text.map({ Array($0.utf8) }), bytes.count > 19 else { return nil }
        for index in stride(from: bytes.count - 1, through: 19, by: -1) where bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let digits = bytes[(index + 1)...].filter { $0 != UInt8(ascii: ":") }
            guard digits.count == 4, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            let value = digits.map { Int($0 - 0x30) }
            let seconds = (value[0] * 10 + value[1]) * 3600 + (value[2] * 10 + value[3]) * 60
            guard seconds <= 14 * 3600 else { return nil }
            return bytes[index] == UInt8(ascii: "-") ? -seconds : seconds
        }
        return nil
    }

    /// A sighting's identity: a 64-bit FNV-1a hash of what makes the record itself (its start and its
    /// place id or position), so that the journal, which keeps it as the visit's source, holds no
    /// time of day or place id from the history, while the same record always gives the same key.
    static func identity(_ key: String) -> String {
        return "location-history:" + FNV1a.hex(key)
    }
}
