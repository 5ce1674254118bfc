#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every renderer works from: the places that passed the filter, the view, the colours.
struct MapScene {
    let locations: [Location]
    let viewport: MapViewport
    let palette: TagPalette
    let options: MapOptions

    init(locations all: [Location], options: MapOptions, width: Double, height: Double?, padding: Double) {
        self.options = options
        locations = options.filter.apply(to: all)
        viewport = options.viewport(for: locations, width: width, height: height, padding: padding)
        // One chosen tag would colour every pin alike: colour by the places' other tags instead.
        palette = TagPalette(locations: locations, excluding: options.filter.tags.count == 1 ? Set(options.filter.tags) : [])
    }

    var title: String { options.titleText(count: locations.count) }
    var subtitle: String { options.filter.summary }

    /// Each outline ring as canvas points, once for every copy of the world that overlaps the view.
    func outlineRings() -> [[(x: Double, y: Double)]] {
        var result: [[(x: Double, y: Double)]] = []
        let v = viewport
        for ring in CountryOutlines.rings {
            let top = MapProjection.y(latitude: ring.north), bottom = MapProjection.y(latitude: ring.south)
            guard bottom >= v.minY && top <= v.maxY else { continue }
            for turn in [-1.0, 0, 1] {
                let west = MapProjection.x(longitude: ring.west) + turn
                let east = MapProjection.x(longitude: ring.east) + turn
                guard east >= v.minX && west <= v.maxX else { continue }
                var points: [(x: Double, y: Double)] = []
                points.reserveCapacity(ring.longitudes.count)
                for (lon, lat) in zip(ring.longitudes, ring.latitudes) {
                    let x = (MapProjection.x(longitude: lon) + turn - v.minX) * v.scale
                    let y = (MapProjection.y(latitude: lat) - v.minY) * v.height / (v.maxY - v.minY)
                    points.append((x, y))
                }
                result.append(points)
            }
        }
        return result
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

