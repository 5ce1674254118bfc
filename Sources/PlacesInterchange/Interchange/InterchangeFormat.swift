/// The file formats places travel in.
public enum InterchangeFormat: String, CaseIterable, Sendable, CustomStringConvertible {
    /// RFC 7946 GeoJSON: a FeatureCollection of Points.
    case geojson
    /// GPX 1.1 waypoints.
    case gpx
    /// KML 2.2 Placemarks.
    case kml
    /// RFC 4180 comma-separated values with a header row.
    case csv
    /// Google Takeout "Saved Places.json" (a GeoJSON dialect; read only).
    case takeout
    /// A bare JSON array of places, as the bucket-list app before this journal wrote it (read only).
    case json

    /// The formats `export` and `list --format` write.
    public static let exportable: [InterchangeFormat] = [.geojson, .gpx, .kml, .csv]

    /// The usual file extension.
    public var fileExtension: String {
        switch self {
        case .geojson: return "geojson"
        case .gpx: return "gpx"
        case .kml: return "kml"
        case .csv: return "csv"
        case .takeout, .json: return "json"
        }
    }

    /// The name people know the format by.
    public var description: String {
        switch self {
        case .geojson: return "GeoJSON"
        case .gpx: return "GPX"
        case .kml: return "KML"
        case .csv: return "CSV"
        case .takeout: return "Google Takeout saved places"
        case .json: return "JSON array of places"
        }
    }
}
