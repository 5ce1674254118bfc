import PlacesCore
import PlacesGeo

/// Draws places as a PNG image, for chat apps and documents that do not take SVG: the SVG map,
/// painted by ``SVGRasterizer`` with the bundled font and written by ``PNGWriter``. Nothing outside
/// `places` is needed.
public struct PNGMapRenderer: Sendable {
    /// Size, labels, title and filter, as for the SVG map.
    public var options: MapOptions

    /// Creates a renderer.
    public init(options: MapOptions = MapOptions()) {
        self.options = options
    }

    /// The image, already painted, for callers that look at pixels.
    public func canvas(_ locations: [Location]) -> RasterCanvas {
        var renderer = SVGMapRenderer(options: options)
        renderer.bundledFontOnly = true
        let svg = renderer.render(locations.map(Self.drawable))
        // The SVG renderer always writes its size; a missing one would be a bug in it.
        return SVGRasterizer.rasterize(svg) ?? RasterCanvas(width: 1, height: 1)
    }

    /// The PNG file's bytes.
    public func render(_ locations: [Location]) -> [UInt8] {
        let image = canvas(locations)
        return PNGWriter.encode(width: image.width, height: image.height, rgb: image.pixels)
    }

    /// A place whose name the bundled font cannot draw, under the name it is known by in Latin
    /// letters: the gazetteer's name for it (a place of that name within 50 km), else its letters
    /// spelled in Latin (Greek, Cyrillic), else "near" the nearest town, never a row of `?`.
    static func drawable(_ location: Location) -> Location {
        guard !MapFont.canDraw(location.name) else { return location }
        var place = location
        let gazetteer = Gazetteer.bundled
        let known = gazetteer.lookup(location.name, limit: 5).matches.first { match in
            match.quality.isExact && MapFont.canDraw(match.entry.name)
                && Geodesy.distanceKm(fromLatitude: location.latitude, longitude: location.longitude,
                                      toLatitude: match.entry.latitude, longitude: match.entry.longitude) <= 50
        }
        if let known {
            place.name = known.entry.name
        } else if let spelled = MapFont.drawable(location.name) {
            place.name = spelled
        } else if let town = gazetteer.nearest(latitude: location.latitude, longitude: location.longitude).first,
                  let name = MapFont.drawable(town.entry.name) {
            place.name = "near " + name
        } else {
            place.name = "place"
        }
        return place
    }
}
