/// Writes places in any exportable format.
public enum Exporter {
    /// The document for `places` in `format`.
    /// - Throws: ``ExportFormatError`` for a format that is only read (Takeout, JSON array).
    public static func export(_ places: [Location], as format: InterchangeFormat,
                              progress: (Int) -> Void = { _ in }) throws -> String {
        switch format {
        case .geojson: return GeoJSONExporter.export(places, progress: progress)
        case .gpx: return GPXExporter.export(places, progress: progress)
        case .kml: return KMLExporter.export(places, progress: progress)
        case .csv: return CSVExporter.export(places, progress: progress)
        case .takeout, .json: throw ExportFormatError(format: format)
        }
    }
}

/// A format that can be read but not written.
public struct ExportFormatError: Error, Sendable, CustomStringConvertible {
    public var format: InterchangeFormat
    public var description: String {
        "\(format) can be imported but not exported: export as \(InterchangeFormat.exportable.map(\.rawValue).joined(separator: ", "))"
    }
}
