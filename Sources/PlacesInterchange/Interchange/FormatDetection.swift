import PlacesCore

/// Works out a file's format from its first bytes, falling back to its extension only when the
/// content does not say (a CSV file has no signature).
public enum FormatDetection {
    /// What the content looks like.
    public enum Guess: Equatable, Sendable {
        case format(InterchangeFormat)
        /// A zip archive: a KMZ (zipped KML), most likely.
        case zip
        case unknown
    }

    /// The format of a file.
    /// - Parameters:
    ///   - bytes: the file's content (only the first few kilobytes are looked at).
    ///   - fileName: used only when the content is not conclusive.
    public static func detect(bytes: [UInt8], fileName: String) -> Guess {
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .zip }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        let fileExtension = fileName.split(separator: ".").last.map { String($0).lowercased() } ?? ""
        guard index < bytes.count else { return extensionGuess(fileExtension) }
        switch bytes[index] {
        case UInt8(ascii: "["):
            return .format(.json)
        case UInt8(ascii: "{"):
            // GeoJSON and Takeout are told apart feature by feature while reading.
            return .format(.geojson)
        case UInt8(ascii: "<"):
            switch rootElement(bytes, from: index) {
            case "gpx": return .format(.gpx)
            case "kml": return .format(.kml)
            default: return extensionGuess(fileExtension)
            }
        default:
            let guess = extensionGuess(fileExtension)
            if guess != .unknown { return guess }
            return looksLikeCSV(bytes, from: index) ? .format(.csv) : .unknown
        }
    }

    private static func extensionGuess(_ fileExtension: String) -> Guess {
        switch fileExtension {
        case "geojson": return .format(.geojson)
        case "gpx": return .format(.gpx)
        case "kml": return .format(.kml)
        case "kmz", "zip": return .zip
        case "csv", "tsv", "txt": return .format(.csv)
        default: return .unknown
        }
    }

    /// The local name of the first element, skipping the declaration, comments and a DOCTYPE.
    private static func rootElement(_ bytes: [UInt8], from start: Int) -> String? {
        var index = start
        let limit = min(bytes.count, start + 64 * 1024)
        while index < limit {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let next = index + 1 < limit ? bytes[index + 1] : 0
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                // Skip to the end of this declaration, comment or DOCTYPE; good enough for sniffing.
                let closing: [UInt8] = next == UInt8(ascii: "!") && index + 3 < limit && bytes[index + 2] == UInt8(ascii: "-")
                    ? Array("-->".utf8) : [UInt8(ascii: ">")]
                var cursor = index + 2
                while cursor + closing.count <= limit && Array(bytes[cursor..<(cursor + closing.count)]) != closing { cursor += 1 }
                index = cursor + closing.count
                continue
            }
            var end = index + 1
            while end < limit, ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[end]) { end += 1 }
            let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            return XMLPath.split(name).local.lowercased()
        }
        return nil
    }

    private static func looksLikeCSV(_ bytes: [UInt8], from start: Int) -> Bool {
        let line = bytes[start...].prefix(while: { $0 != 0x0A }).prefix(4096)
        return line.contains(UInt8(ascii: ",")) || line.contains(UInt8(ascii: ";")) || line.contains(0x09)
    }
}
