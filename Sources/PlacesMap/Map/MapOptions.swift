import PlacesCore

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
    /// With ``around``: the name of the place it was given as (`Zermatt`), which the subtitle shows
    /// instead of the coordinates; `nil` when it was given as coordinates.
    public var aroundName: String?

    /// The default radius for `--around`, in kilometres.
    public static let defaultRadiusKm = 50.0

    /// Creates a filter; with no arguments every place passes.
    public init(tags: [String] = [], visited: Bool? = nil, around: MapCoordinate? = nil,
                radiusKm: Double = MapFilter.defaultRadiusKm, aroundName: String? = nil) {
        self.tags = tags
        self.visited = visited
        self.around = around
        self.radiusKm = radiusKm
        self.aroundName = aroundName
    }

    /// The same choice as the ``PlaceQuery`` that `list` and `export` use.
    public var query: PlaceQuery {
        PlaceQuery(tags: tags, visited: visited,
                   centre: around,
                   radiusKm: around == nil ? nil : radiusKm)
    }

    /// The places that pass, in their original order.
    public func apply(to locations: [Location]) -> [Location] {
        query.apply(to: locations)
    }

    /// A few words for the map's subtitle: `tag food · visited · within 50 km of 48.8566, 2.3522`, or
    /// `within 50 km of Zermatt` when the centre was given by name.
    public var summary: String {
        var parts: [String] = []
        if !tags.isEmpty { parts.append((tags.count == 1 ? "tag " : "tags ") + tags.joined(separator: ", ")) }
        if let visited { parts.append(visited ? "visited" : "want to go") }
        if let around {
            let name = aroundName?.trimmed ?? ""
            parts.append("within \(DistanceParser.text(kilometres: radiusKm)) of "
                + (name.isEmpty ? CoordinateFormat.pair(latitude: around.latitude, longitude: around.longitude) : name))
        }
        return parts.joined(separator: " · ")
    }
}

extension MapCoordinate {
    /// Reads coordinates in any form ``CoordinateParser`` knows (`48.8566, 2.3522`, `48°51′N 2°21′E`,
    /// a map link), `nil` for anything else. The point may lie outside the world (`95,0`): the caller
    /// says what is wrong with it.
    public init?(coordinateText text: String) {
        guard let point = CoordinateParser.unchecked(text) else { return nil }
        self.init(latitude: point.latitude, longitude: point.longitude)
    }

    /// Whether the point is on the globe: latitude −90…90, longitude −180…180.
    public var isInTheWorld: Bool { (-90...90).contains(latitude) && (-180...180).contains(longitude) }
}

/// How a map is drawn: size, labels, title. Shared by the SVG, HTML and terminal renderers.
public struct MapOptions: Sendable, Equatable {
    /// Canvas width: pixels for SVG and HTML, characters for the terminal.
    public var width: Int
    /// Canvas height in the same units, or `nil` to choose one from the shape of the view.
    public var height: Int?
    /// Whether place names are written beside the pins.
    public var showsLabels: Bool
    /// Whether the gazetteer's towns, seas and ranges are named around the pins (SVG, HTML and PNG).
    public var showsContext: Bool
    /// The title; `nil` gives "N places".
    public var title: String?
    /// The filter that chose the places: its region frames the view, its summary becomes the subtitle.
    public var filter: MapFilter
    /// The added regions whose streets, water, parks and buildings are drawn where they cover the view.
    public var regions: MapRegions = MapRegions()

    /// The default SVG width in pixels.
    public static let defaultWidth = 960

    /// Creates options; the defaults suit an SVG map with labels.
    public init(width: Int = MapOptions.defaultWidth, height: Int? = nil, showsLabels: Bool = true,
                showsContext: Bool = true, title: String? = nil, filter: MapFilter = MapFilter()) {
        self.width = width
        self.height = height
        self.showsLabels = showsLabels
        self.showsContext = showsContext
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
