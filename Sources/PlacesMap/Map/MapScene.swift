#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// A base-layer shape on the canvas: its points and the stretches of them to stroke (see
/// ``MapOutlines/Shape/outlineRuns()``).
struct ProjectedShape {
    let kind: MapOutlines.Kind
    let points: [(x: Double, y: Double)]
    let runs: [[Int]]
}

/// What every renderer works from: the places that passed the filter, the view, the colours.
package struct MapScene {
    package let locations: [Location]
    var viewport: MapViewport
    let palette: TagPalette
    let options: MapOptions

    init(locations all: [Location], options: MapOptions, width: Double, height: Double?, padding: Double) {
        self.options = options
        locations = options.filter.apply(to: all)
        viewport = options.viewport(for: locations, width: width, height: height, padding: padding)
        // One chosen tag would colour every pin alike: colour by the places' other tags instead.
        palette = TagPalette(locations: locations, excluding: options.filter.tags.count == 1 ? Set(options.filter.tags) : [])
    }

    /// A scene of a view chosen elsewhere (browse pans and zooms it); `locations` and the palette are
    /// taken as given.
    package init(locations: [Location], options: MapOptions, viewport: MapViewport, palette: TagPalette) {
        self.options = options
        self.locations = locations
        self.viewport = viewport
        self.palette = palette
    }

    var title: String { options.titleText(count: locations.count) }
    var subtitle: String { options.filter.summary }

    /// The Natural Earth scale the view is drawn at.
    var outlineScale: MapOutlines.Scale { MapOutlines.Scale.forView(viewport) }

    /// The base layers in view as canvas points, land first, then lakes, rivers and borders; rivers only
    /// at the scales they are accurate at (``MapOutlines/drawsRivers(kilometresPerUnit:)``).
    ///
    /// A view wider than the world shows each shape once (the window is centred on 0°, so the tiles
    /// fill one turn exactly and the rest is padding); a narrower view across the antimeridian gets the
    /// shapes beyond it moved by a turn.
    func outlineShapes(decoded: OutlineCache? = nil) -> [ProjectedShape] {
        let v = viewport
        let shapes = decoded?.shapes(for: outlineQuery) ?? outlineQuery.shapes()
        let rivers = MapOutlines.drawsRivers(kilometresPerUnit: v.kilometresPerUnit)
        return shapes.compactMap { shape in
            guard rivers || shape.kind != .river, let points = canvasPoints(longitudes: shape.longitudes, latitudes: shape.latitudes) else { return nil }
            return ProjectedShape(kind: shape.kind, points: points, runs: shape.outlineRuns())
        }
    }

    /// The Natural Earth shapes the view's outlines come from, before projection.
    var outlineQuery: OutlineQuery {
        let v = viewport
        let wide = v.maxX - v.minX >= 1
        return OutlineQuery(scale: outlineScale, west: wide ? -180 : v.west, south: v.south, east: wide ? 180 : v.east, north: v.north)
    }

    /// A shape's points on the canvas, or `nil` when its box lies wholly outside the view: a tile in
    /// view can hold islands, lakes and streets that are not, and they would only add bytes.
    func canvasPoints(longitudes: [Double], latitudes: [Double]) -> [(x: Double, y: Double)]? {
        let v = viewport
        let yScale = v.height / (v.maxY - v.minY)
        var points: [(x: Double, y: Double)] = []
        points.reserveCapacity(longitudes.count)
        var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
        for (lon, lat) in zip(longitudes, latitudes) {
            let x = (MapProjection.x(longitude: lon) - v.minX) * v.scale, y = (MapProjection.y(latitude: lat) - v.minY) * yScale
            points.append((x, y))
            minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
        }
        guard maxX >= 0, minX <= v.width, maxY >= 0, minY <= v.height else { return nil }
        return points
    }

    /// The `--around` circle as canvas points, or `nil` without `--around`.
    func radiusCircle(points count: Int = 96) -> [(x: Double, y: Double)]? {
        guard let centre = options.filter.around else { return nil }
        let δ = options.filter.radiusKm / Geodesy.earthRadiusKm
        let φ1 = centre.latitude * .pi / 180, λ1 = centre.longitude * .pi / 180
        return (0..<count).map { step in
            let θ = Double(step) / Double(count) * 2 * .pi
            let φ2 = asin(sin(φ1) * cos(δ) + cos(φ1) * sin(δ) * cos(θ))
            let λ2 = λ1 + atan2(sin(θ) * sin(δ) * cos(φ1), cos(δ) - sin(φ1) * sin(φ2))
            return viewport.point(latitude: φ2 * 180 / .pi, longitude: λ2 * 180 / .pi)
        }
    }
}

/// Which of the Natural Earth shapes a view draws: a scale and a box in degrees.
struct OutlineQuery: Equatable {
    var scale: MapOutlines.Scale, west: Double, south: Double, east: Double, north: Double

    func shapes() -> [MapOutlines.Shape] { MapOutlines.shapes(scale: scale, west: west, south: south, east: east, north: north) }
}

/// The shapes last decoded and what for: a pan of a view wider than the world (or a redraw of the
/// same view) asks for the same box again, and decoding its tiles is most of what the outlines cost.
package final class OutlineCache {
    private var last: (query: OutlineQuery, shapes: [MapOutlines.Shape])?

    package init() {}

    func shapes(for query: OutlineQuery) -> [MapOutlines.Shape] {
        if let last, last.query == query { return last.shapes }
        let shapes = query.shapes()
        last = (query, shapes)
        return shapes
    }
}
