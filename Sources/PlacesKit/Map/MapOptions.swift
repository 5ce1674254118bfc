/// Which places go on the map: the `--tag`, `--visited`/`--unvisited` and `--around` choices.
public struct MapFilter: Sendable, Equatable {
    /// Only places with any of these tags (compared without regard to case); all places when empty.
    public var tags: [String]
    /// `true` for visited places only, `false` for want-to-go places only, `nil` for both.
    public var visited: Bool?
    /// The centre of the region to show, or `nil` to fit the view to the places.
    public var around: MapCoordinate?
    /// With ``around``: the places within this many kilometres of it are shown.
    public var radiusKm: Double

    /// The default radius for `--around`, in kilometres.
    public static let defaultRadiusKm = 50.0

    /// Creates a filter; with no arguments every place passes.
    public init(tags: [String] = [], visited: Bool? = nil, around: MapCoordinate? = nil,
                radiusKm: Double = MapFilter.defaultRadiusKm) {
        self.tags = tags
        self.visited = visited
        self.around = around
        self.radiusKm = radiusKm
    }

    /// The places that pass, in their original order.
    public func apply(to locations: [Location]) -> [Location] {
        let wanted = Set(tags.map { $0.lowercased() })
        return locations.filter { location in
            if !wanted.isEmpty, !location.tags.contains(where: { wanted.contains($0.lowercased()) }) { return false }
            if let visited, location.isVisited != visited { return false }
            if let around {
                let distance = Geodesy.distanceKm(fromLatitude: around.latitude, longitude: around.longitude,
                                                  toLatitude: location.latitude, longitude: location.longitude)
                if distance > radiusKm { return false }
            }
            return true
        }
    }

    /// A few words for the map's subtitle: `tag food · visited · within 50 km of 48.8566, 2.3522`.
    public var summary: String {
        var parts: [String] = []
        if !tags.isEmpty { parts.append((tags.count == 1 ? "tag " : "tags ") + tags.joined(separator: ", ")) }
        if let visited { parts.append(visited ? "visited" : "want to go") }
        if let around {
            parts.append("within \(MapScaleBar.distanceText(radiusKm)) of "
                + CoordinateFormat.pair(latitude: around.latitude, longitude: around.longitude))
        }
        return parts.joined(separator: " · ")
    }
}

extension MapFilter {
    /// Reads a radius as people type it: `50km`, `50 km`, `800m`, `10mi`, or a bare number of kilometres.
    /// - Throws: ``UsageError`` for anything else, or a radius that is not positive.
    public static func parseRadius(_ text: String) throws -> Double {
        guard let kilometres = DistanceParser.kilometres(text) else {
            throw UsageError("--radius \"\(text)\" is not a distance up to 20,040 km (half the Earth's circumference)",
                             hint: "e.g. --radius 50km, --radius 800m or --radius 10mi")
        }
        return kilometres
    }

    /// Reads the centre for `--around`: `LAT,LON` in decimal degrees, or a place name handed to
    /// `resolvePlace` (the gazetteer, where the program has one).
    /// - Parameters:
    ///   - text: what follows `--around`.
    ///   - resolvePlace: turns a name into coordinates, `nil` when it knows no such place.
    /// - Throws: ``UsageError`` for coordinates out of range or a name nobody can resolve.
    public static func parseCentre(_ text: String,
                                   resolvePlace: ((String) throws -> MapCoordinate?)? = nil) throws -> MapCoordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmed }
        if parts.count == 2, let latitude = try? DecimalDegrees.parse(parts[0], field: "latitude"),
           let longitude = try? DecimalDegrees.parse(parts[1], field: "longitude") {
            guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                throw UsageError("--around \"\(text)\" is outside the world",
                                 hint: "latitude comes first, -90 to 90; longitude second, -180 to 180")
            }
            return MapCoordinate(latitude: latitude, longitude: longitude)
        }
        if let resolvePlace, let found = try resolvePlace(text.trimmed) { return found }
        throw UsageError("--around \"\(text)\" is not LAT,LON" + (resolvePlace == nil ? "" : " nor a known place"),
                         hint: "e.g. --around 48.8566,2.3522 (a decimal point, a comma between the two)")
    }
}

/// How a map is drawn: size, labels, title. Shared by the SVG, HTML and terminal renderers.
public struct MapOptions: Sendable, Equatable {
    /// Canvas width: pixels for SVG and HTML, characters for the terminal.
    public var width: Int
    /// Canvas height in the same units, or `nil` to choose one from the shape of the view.
    public var height: Int?
    /// Whether place names are written beside the pins.
    public var showsLabels: Bool
    /// The title; `nil` gives "N places".
    public var title: String?
    /// The filter that chose the places: its region frames the view, its summary becomes the subtitle.
    public var filter: MapFilter

    /// The default SVG width in pixels.
    public static let defaultWidth = 960

    /// Creates options; the defaults suit an SVG map with labels.
    public init(width: Int = MapOptions.defaultWidth, height: Int? = nil, showsLabels: Bool = true,
                title: String? = nil, filter: MapFilter = MapFilter()) {
        self.width = width
        self.height = height
        self.showsLabels = showsLabels
        self.title = title
        self.filter = filter
    }

    /// The title to show for `count` places.
    func titleText(count: Int) -> String {
        title ?? (count == 1 ? "1 place" : "\(count) places")
    }

    /// The view for these places on a canvas `width` units wide.
    func viewport(for locations: [Location], width: Double, height: Double?, padding: Double) -> MapViewport {
        if let centre = filter.around {
            return .around(centre, radiusKm: filter.radiusKm, width: width, height: height)
        }
        return .fitting(locations.map { MapCoordinate(latitude: $0.latitude, longitude: $0.longitude) },
                        width: width, height: height, padding: padding)
    }
}
