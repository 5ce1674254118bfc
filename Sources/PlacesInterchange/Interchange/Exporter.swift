import PlacesCore

/// Writes places in any exportable format.
public enum Exporter {
    /// The document for `places` in `format`.
    /// - Throws: ``ExportFormatError`` for a format that is only read (Takeout, JSON array).
    /// - Parameter route: a route through the places to write after them (GPX `rte`, KML and GeoJSON
    ///   `LineString`); CSV has no routes.
    public static func export(_ places: [Location], as format: InterchangeFormat, route: ExportRoute? = nil,
                              progress: (Int) -> Void = { _ in }) throws -> String {
        switch format {
        case .geojson: return GeoJSONExporter.export(places, route: route, progress: progress)
        case .gpx: return GPXExporter.export(places, route: route, progress: progress)
        case .kml: return KMLExporter.export(places, route: route, progress: progress)
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

/// A route through places in order (a trip's stops), written after the places by the formats that have routes.
public struct ExportRoute: Sendable {
    /// The route's name.
    public var name: String
    /// The stops in visiting order; a route of fewer than two is not written (a line needs two points).
    public var stops: [Location]

    /// Creates a route.
    public init(name: String, stops: [Location]) {
        self.name = name
        self.stops = stops
    }
}
