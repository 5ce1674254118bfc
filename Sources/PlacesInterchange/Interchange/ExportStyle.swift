import PlacesCore

/// The look of each place in an export, so that visited and want-to-go places and their tags keep
/// the map's colours in Google Earth (KML styles), geojson.io and GitHub (GeoJSON simplestyle) and
/// GPS apps (GPX symbols). Importing ignores all of it: a place's colour follows from its tags.
public struct ExportStyle: Sendable {
    private let palette: TagPalette

    /// The styles for a set of exported places: tag colours ranked as the map ranks them.
    public init(places: [Location]) {
        palette = TagPalette(locations: places)
    }

    /// The place's colour as `#rrggbb`: its main tag's colour, or the map's grey.
    public func color(for place: Location) -> String { palette.color(for: place).hex }

    /// Every colour a place can take, in palette order, without repeats.
    public var colors: [String] { palette.entries.map(\.color.hex) + [TagPalette.other.hex] }

    // MARK: GeoJSON simplestyle

    /// simplestyle-spec's Maki symbol: a filled circle for visited, a ring for want-to-go.
    public static func markerSymbol(visited: Bool) -> String { visited ? "circle" : "circle-stroked" }

    /// simplestyle-spec's marker size: visited places stand out a little.
    public static func markerSize(visited: Bool) -> String { visited ? "medium" : "small" }

    // MARK: GPX

    /// A Garmin waypoint symbol, the names GPS units and apps such as OsmAnd and Basecamp know.
    public static func gpxSymbol(visited: Bool) -> String { visited ? "Flag, Green" : "Flag, Blue" }

    // MARK: KML

    /// The id of a shared `<Style>` for a colour and visited state: `visited-3b6ea5`, `want-d1603d`.
    public static func kmlStyleID(color: String, visited: Bool) -> String {
        (visited ? "visited-" : "want-") + color.dropFirst()
    }

    /// KML's `aabbggrr` for an opaque `#rrggbb`.
    public static func kmlColor(_ hex: String) -> String {
        let digits = Array(hex.dropFirst())
        guard digits.count == 6 else { return "ff888888" }
        return "ff" + String(digits[4...5]) + String(digits[2...3]) + String(digits[0...1])
    }

    /// Google Earth's stock icons: a filled circle for visited places, an open diamond for want-to-go.
    public static func kmlIcon(visited: Bool) -> String {
        visited ? "http://maps.google.com/mapfiles/kml/shapes/placemark_circle.png"
            : "http://maps.google.com/mapfiles/kml/shapes/open-diamond.png"
    }

    /// The `<Style>` elements for every colour in both states, indented for a `Document`.
    public var kmlStyles: String {
        var out = ""
        for color in colors {
            for visited in [true, false] {
                out += "  <Style id=\"\(Self.kmlStyleID(color: color, visited: visited))\">"
                out += "<IconStyle><color>\(Self.kmlColor(color))</color><scale>\(visited ? "1.1" : "0.9")</scale>"
                out += "<Icon><href>\(Self.kmlIcon(visited: visited))</href></Icon></IconStyle>"
                out += "<LabelStyle><scale>0.8</scale></LabelStyle></Style>\n"
            }
        }
        return out
    }
}
