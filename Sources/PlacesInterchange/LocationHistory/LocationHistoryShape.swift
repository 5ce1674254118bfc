/// The shapes of Google location history people have on disk.
public enum LocationHistoryShape: String, Sendable, CaseIterable, CustomStringConvertible {
    /// Takeout's "Semantic Location History" monthly files: `{"timelineObjects": [{"placeVisit": …}, …]}`.
    case semantic
    /// The on-device "Timeline.json" export: `{"semanticSegments": [{"visit": …}, …]}` (or the
    /// phone's top-level array of segments with `"placeLocation": "geo:LAT,LON"`).
    case timeline
    /// Takeout's raw "Records.json": `{"locations": [{"latitudeE7": …, "timestamp": …}, …]}`.
    case records

    /// The top-level member holding the entries.
    var entriesKey: String {
        switch self {
        case .semantic: return "timelineObjects"
        case .timeline: return "semanticSegments"
        case .records: return "locations"
        }
    }

    /// The name people know the file by.
    public var description: String {
        switch self {
        case .semantic: return "Google Semantic Location History"
        case .timeline: return "Google Timeline (on-device export)"
        case .records: return "Google location Records"
        }
    }
}

extension FormatDetection {
    /// How many leading bytes ``locationHistoryShape(_:)`` needs at most.
    public static let locationHistoryPrefixSize = 64 * 1024

    /// Whether a file's first bytes are Google location history, and which shape: told by the
    /// top-level member names (`timelineObjects`, `semanticSegments`, `locations`), never by the
    /// file name, so a renamed export is still recognised and a GeoJSON file called Records.json is not.
    /// - Parameter prefix: the first bytes of the file (up to ``locationHistoryPrefixSize``).
    /// - Returns: the shape, or `nil` when the content is something else.
    public static func locationHistoryShape(_ prefix: [UInt8]) -> LocationHistoryShape? {
        var index = prefix.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < prefix.count, [0x20, 0x09, 0x0A, 0x0D].contains(prefix[index]) { index += 1 }
        guard index < prefix.count else { return nil }
        let rootIsArray = prefix[index] == UInt8(ascii: "[")
        guard rootIsArray || prefix[index] == UInt8(ascii: "{") else { return nil }
        // Member names at the depth that matters: the root object's, or the first segment's of the
        // phone's top-level array.
        let keys = memberNames(prefix, from: index, depth: rootIsArray ? 2 : 1, stopAfterFirstContainer: rootIsArray)
        if rootIsArray {
            let segmentKeys: Set<String> = ["visit", "activity", "timelinePath"]
            return keys.contains("startTime") && keys.contains(where: segmentKeys.contains) ? .timeline : nil
        }
        for key in keys {
            if let shape = LocationHistoryShape.allCases.first(where: { $0.entriesKey == key }) { return shape }
        }
        return nil
    }

    /// The member names found at `depth` (1 = the root object's) in the bytes given.
    private static func memberNames(_ bytes: [UInt8], from start: Int, depth wanted: Int, stopAfterFirstContainer: Bool) -> [String] {
        var names: [String] = []
        var depth = 0
        var index = start
        var objectDepths: [Bool] = []  // whether each open container is an object
        while index < bytes.count, names.count < 64 {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard end < bytes.count else { return names }
                var after = end + 1
                while after < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[after]) { after += 1 }
                if depth == wanted, objectDepths.last == true, after < bytes.count, bytes[after] == UInt8(ascii: ":") {
                    names.append(String(decoding: bytes[(index + 1)..<end], as: UTF8.self))
                }
                index = end + 1
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                objectDepths.append(byte == UInt8(ascii: "{"))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                _ = objectDepths.popLast()
                if stopAfterFirstContainer && depth == wanted - 1 { return names }
                if depth <= 0 { return names }
            default:
                break
            }
            index += 1
        }
        return names
    }
}
