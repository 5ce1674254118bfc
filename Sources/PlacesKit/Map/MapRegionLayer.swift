/// The region packs a map draws from, compared by their files so ``MapOptions`` stays `Equatable`.
public struct MapRegions: Sendable, Equatable {
    /// The packs, in the order they are drawn.
    public var packs: [RegionPack]

    /// Regions to draw; none by default, so a map is drawn as before any region was added.
    public init(_ packs: [RegionPack] = []) { self.packs = packs }

    public static func == (a: MapRegions, b: MapRegions) -> Bool { a.packs.map(\.path) == b.packs.map(\.path) }
}

/// A region's shape on the canvas: its points, the stretches to stroke, and a street's name.
struct ProjectedRegionShape {
    let layer: RegionLayer
    let points: [(x: Double, y: Double)]
    let runs: [[Int]]
    let name: String
}

/// Which of a region's layers a view shows, by its scale: major roads, railways, water and parks on a
/// city map; every street closer in; footpaths, service roads and buildings only at the closest zooms,
/// where they are more than a grey haze.
enum RegionDetail {
    /// The layers drawn at a scale, in kilometres per canvas unit (a pixel).
    static func layers(kilometresPerUnit k: Double) -> Set<RegionLayer> {
        var layers: Set<RegionLayer> = []
        guard k <= 0.06 else { return layers }
        layers.formUnion([.water, .green, .coastline, .waterway, .motorway, .primary, .railway])
        if k <= 0.02 { layers.insert(.secondary) }
        if k <= 0.01 { layers.insert(.minor) }
        if k <= 0.005 { layers.formUnion([.service, .footway]) }
        if k <= 0.003 { layers.insert(.building) }
        return layers
    }

    /// Whether street names are written along their streets at a scale.
    static func namesStreets(kilometresPerUnit k: Double) -> Bool { k <= 0.006 }

    /// The width of a street's line in canvas units: wider for bigger roads and closer zooms, from about
    /// its real width at the closest zoom to a hairline on a city map.
    static func width(_ layer: RegionLayer, kilometresPerUnit k: Double) -> Double {
        let zoom = min(max(0.002 / k, 0.35), 1.6)
        let base: Double
        switch layer {
        case .motorway: base = 7
        case .primary: base = 6
        case .secondary: base = 5
        case .minor: base = 4
        case .service: base = 2.6
        case .footway: base = 1.3
        case .railway: base = 1.6
        case .waterway: base = 2.5
        default: base = 1
        }
        return max(base * zoom, layer == .footway ? 0.6 : 0.8)
    }
}

extension MapScene {
    /// The region layers this view shows.
    var regionLayers: Set<RegionLayer> {
        options.regions.packs.isEmpty ? [] : RegionDetail.layers(kilometresPerUnit: viewport.kilometresPerUnit)
    }

    /// The added regions' shapes in view as canvas points, areas first, then streets from the smallest
    /// up; empty when no region covers the view or the view is too wide to show streets.
    func regionShapes() -> [ProjectedRegionShape] {
        let layers = regionLayers
        guard !layers.isEmpty else { return [] }
        let v = viewport
        let yScale = v.height / (v.maxY - v.minY)
        var result: [ProjectedRegionShape] = []
        for pack in options.regions.packs {
            for shape in pack.shapes(west: v.west, south: v.south, east: v.west + (v.maxX - v.minX) * 360, north: v.north, layers: layers) {
                var points: [(x: Double, y: Double)] = []
                points.reserveCapacity(shape.longitudes.count)
                var minX = Double.infinity, maxX = -Double.infinity, minY = Double.infinity, maxY = -Double.infinity
                for (lon, lat) in zip(shape.longitudes, shape.latitudes) {
                    let x = (MapProjection.x(longitude: lon) - v.minX) * v.scale, y = (MapProjection.y(latitude: lat) - v.minY) * yScale
                    points.append((x, y))
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
                guard maxX >= 0, minX <= v.width, maxY >= 0, minY <= v.height else { continue }
                result.append(ProjectedRegionShape(layer: shape.layer, points: points, runs: shape.outlineRuns(), name: shape.name))
            }
        }
        return result.enumerated().sorted { ($0.element.layer.drawOrder, $0.offset) < ($1.element.layer.drawOrder, $1.offset) }.map(\.element)
    }
}

extension MapLabelLayer {
    /// The boxes the placed names and the scene's pins take, for names placed after them (a region's
    /// street names) to keep clear of.
    func occupied(_ scene: MapScene) -> [MapBox] {
        let v = scene.viewport
        let r = Metrics.pinRadius + 2
        var boxes = scene.locations.map { location -> MapBox in
            let p = v.point(latitude: location.latitude, longitude: location.longitude)
            return MapBox(x: p.x - r, y: p.y - r, width: 2 * r, height: 2 * r)
        }
        boxes += pinLabels.map(\.placement.box)
        boxes += context.map(\.box)
        return boxes
    }
}
