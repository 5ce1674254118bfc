#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore
import PlacesGeo

/// What `places` reads from a photo or video: where and when it was taken. Nothing else.
public struct MediaMetadata: Sendable, Equatable {
    /// Degrees north, when the file has a position.
    public var latitude: Double?
    /// Degrees east, when the file has a position.
    public var longitude: Double?
    /// The local wall-clock time it was taken, as seconds since 1970 read as if it were UTC
    /// (EXIF DateTimeOriginal carries no zone).
    public var localTime: Int64?
    /// Seconds east of UTC of ``localTime``, when the file says (EXIF OffsetTimeOriginal, an Apple
    /// creation date's offset).
    public var utcOffset: Int?
    /// The moment in UTC, when the file says (GPS date and time stamp, a video's creation time).
    public var utcTime: Int64?
    /// The date taken as the file writes it, when it is not a date that exists (`2024:02:31`): such
    /// a file is skipped, not dated a few days off.
    public var invalidDate: String?

    /// Creates metadata; every field is optional.
    public init(latitude: Double? = nil, longitude: Double? = nil, localTime: Int64? = nil, utcOffset: Int? = nil, utcTime: Int64? = nil) {
        self.latitude = latitude
        self.longitude = longitude
        self.localTime = localTime
        self.utcOffset = utcOffset
        self.utcTime = utcTime
    }

    /// The position, when both coordinates are present, finite and on the globe.
    public var position: (latitude: Double, longitude: Double)? {
        guard let latitude, let longitude, latitude.isFinite, longitude.isFinite,
              abs(latitude) <= 90, abs(longitude) <= 180, !(latitude == 0 && longitude == 0) else { return nil }
        return (latitude, longitude)
    }

    /// When it was taken, and the UTC offset there when known: the local time with its offset; else
    /// the local time against the GPS clock (the offset rounded to a quarter hour); else the GPS or
    /// creation time alone; else the local time with the longitude's estimated offset.
    public var moment: (date: Date, utcOffset: Int?)? {
        if let localTime, let utcOffset { return (Date(timeIntervalSince1970: Double(localTime - Int64(utcOffset))), utcOffset) }
        if let localTime, let utcTime {
            let difference = localTime - utcTime
            if abs(difference) <= 14 * 3600 {
                let offset = Int((Double(difference) / 900).rounded()) * 900
                return (Date(timeIntervalSince1970: Double(localTime - Int64(offset))), offset)
            }
        }
        if let utcTime { return (Date(timeIntervalSince1970: Double(utcTime)), nil) }
        if let localTime {
            let offset = Sighting.estimatedUTCOffset(longitude: longitude ?? 0)
            return (Date(timeIntervalSince1970: Double(localTime - Int64(offset))), nil)
        }
        return nil
    }

    /// Reads "YYYY:MM:DD HH:MM:SS" (EXIF) or "YYYY-MM-DD…" as seconds since 1970, or `nil`.
    static func seconds(exifDate bytes: [UInt8]) -> Int64? {
        guard bytes.count >= 10 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[from..<(from + count)] {
                guard byte >= 0x30 && byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              year >= 1800, (1...12).contains(month), day >= 1, day <= FastTimestamp.daysInMonth(month, year: year) else { return nil }
        var seconds = 0
        if bytes.count >= 19, let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
           hour < 24, minute < 60, second < 61 {
            seconds = hour * 3600 + minute * 60 + second
        }
        return Int64(FastTimestamp.daysSince1970(year: year, month: month, day: day)) * 86_400 + Int64(seconds)
    }

    /// Reads an EXIF date as ``seconds(exifDate:)`` does into ``localTime``; a date that is written but
    /// does not exist goes to ``invalidDate`` instead. An unset date (`0000:00:00 00:00:00`, blanks),
    /// which cameras write when their clock was never set, is no date rather than a wrong one.
    mutating func readLocalTime(exifDate bytes: [UInt8]) {
        if let seconds = Self.seconds(exifDate: bytes) {
            localTime = seconds
            return
        }
        let text = bytes.prefix { $0 != 0 }
        guard text.contains(where: { $0 >= 0x31 && $0 <= 0x39 }) else { return }
        if invalidDate == nil { invalidDate = String(decoding: text.prefix(40), as: UTF8.self) }
    }

    /// Why the file's time cannot date a visit, or `nil`: a date that does not exist, or a time
    /// outside ``Sighting/moments`` (a video header's year 10000, EXIF `9999:12:31 23:59:60`).
    public var timeProblem: String? {
        if let invalidDate { return "date taken \"\(invalidDate)\" is not a date that exists" }
        for (time, what) in [(localTime, "date taken"), (utcTime, utcTimeName)] {
            if let time, let problem = Sighting.timeProblem(Date(timeIntervalSince1970: Double(time))) { return "\(what) \(problem)" }
        }
        return nil
    }

    /// How ``timeProblem`` names ``utcTime``.
    var utcTimeName: String { "time recorded in UTC" }

    /// Reads an offset "+01:00", "-0530", "Z" as seconds east of UTC, or `nil`.
    static func offsetSeconds(_ bytes: some Collection<UInt8>) -> Int? {
        let text = Array(bytes.prefix { $0 != 0 && $0 != 0x20 })
        if text == [UInt8(ascii: "Z")] { return 0 }
        guard text.count >= 3, text[0] == UInt8(ascii: "+") || text[0] == UInt8(ascii: "-") else { return nil }
        let digits = text.dropFirst().filter { $0 != UInt8(ascii: ":") }
        guard digits.count == 2 || digits.count == 4, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let values = digits.map { Int($0 - 0x30) }
        let hours = values[0] * 10 + values[1]
        let minutes = values.count == 4 ? values[2] * 10 + values[3] : 0
        guard hours <= 14, minutes < 60 else { return nil }
        return (text[0] == UInt8(ascii: "-") ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
