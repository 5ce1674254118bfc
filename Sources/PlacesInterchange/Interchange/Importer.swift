import PlacesCore

/// Reads files of places in any supported format.
public enum Importer {
    /// The places in a file.
    /// - Parameters:
    ///   - data: the file's bytes.
    ///   - fileName: the name to use in messages (as the user typed it).
    ///   - format: the format to read, or `nil` to detect it from the content.
    /// - Returns: the places, validated, and the entries left out with reasons.
    /// - Throws: ``ImportError`` naming the file, position, item and reason at the first problem.
    public static func parse(data: [UInt8], fileName: String, format: InterchangeFormat? = nil) throws -> ImportedFile {
        if data.count > FileSystem.maximumInputSize {
            throw ImportError(file: fileName, reason: "the file is \(data.count / 1_048_576) MB: the limit is \(FileSystem.maximumInputSize / 1_048_576) MB")
        }
        let resolved: InterchangeFormat
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) && (format == nil || format == .kml) {
            return try readKMZ(data, fileName: fileName)
        }
        if let format {
            resolved = format
        } else {
            switch FormatDetection.detect(bytes: data, fileName: fileName) {
            case .format(let detected): resolved = detected
            case .zip: return try readKMZ(data, fileName: fileName)
            case .unknown:
                throw ImportError(
                    file: fileName,
                    reason: "the format is not recognised: expected GeoJSON, GPX, KML, CSV, Google Takeout or a JSON array of places",
                    hint: .sayTheFormat)
            }
        }
        switch resolved {
        case .geojson, .takeout, .json:
            // With detection, GeoJSON and Takeout are told apart per feature; a forced format is obeyed.
            return try JSONPlacesReader.read(bytes: data, fileName: fileName, format: format)
        case .gpx:
            return try GPXReader.read(bytes: data, fileName: fileName)
        case .kml:
            return try KMLReader.read(bytes: data, fileName: fileName)
        case .csv:
            return try CSVReader.read(bytes: data, fileName: fileName)
        }
    }

    /// A KMZ: the KML document inside, read as KML. Positions in messages refer to that document.
    private static func readKMZ(_ data: [UInt8], fileName: String) throws -> ImportedFile {
        let document = try KMZ.kmlDocument(in: data, fileName: fileName, limit: FileSystem.maximumInputSize)
        var file = try KMLReader.read(bytes: document.bytes, fileName: "\(fileName) (\(document.name))")
        file.fileName = fileName
        return file
    }
}
