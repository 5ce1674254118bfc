import PlacesCore
import PlacesGeo

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
        layers.formUnion([.land, .sea, .island, .water, .green, .coastline, .waterway, .motorway, .primary, .railway])
        if k <= 0.02 { layers.insert(.secondary) }
        if k <= 0.01 { layers.insert(.minor) }
        if k <= 0.005 { layers.formUnion([.service, .footway]) }
        if k <= 0.003 { layers.insert(.building) }
        return layers
    }

    /// The layers a terminal map draws: its dots are coarse, so it shows the streets of a view an SVG
    /// of the same width in pixels would still leave out, but no areas, buildings or footpaths, which
    /// would fill every cell.
    static func terminalLayers(kilometresPerDot k: Double) -> Set<RegionLayer> {
        layers(kilometresPerUnit: k / 4).intersection([.coastline, .waterway, .railway, .minor, .secondary, .primary, .motorway])
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
        // Paths stay hairlines however close: wider, they read as streets.
        if layer == .footway { return min(max(base * zoom, 0.6), 1.2) }
        return max(base * zoom, 0.8)
    }
}

extension MapScene {
    /// The region layers this view shows.
    var regionLayers: Set<RegionLayer> {
        options.regions.packs.isEmpty ? [] : RegionDetail.layers(kilometresPerUnit: viewport.kilometresPerUnit)
    }

    /// The added regions' shapes in view as canvas points, areas first, then streets from the smallest
    /// up; empty when no region covers the view or the view is too wide to show streets.
    func regionShapes(layers: Set<RegionLayer>? = nil) -> [ProjectedRegionShape] {
        let layers = layers ?? regionLayers
        guard !layers.isEmpty else { return [] }
        let v = viewport
        var result: [ProjectedRegionShape] = []
        for pack in options.regions.packs {
            for shape in pack.shapes(west: v.west, south: v.south, east: v.west + (v.maxX - v.minX) * 360, north: v.north, layers: layers) {
                guard let points = canvasPoints(longitudes: shape.longitudes, latitudes: shape.latitudes) else { continue }
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

extension HTMLMapData {
    /// The added regions' shapes around the page's view, as `{"credit", "layers": [{"name", "area",
    /// "minZoom", colours and widths, "shapes": [[lon, lat, …], …]}]}` in paint order, or `nil` when no
    /// region covers the view (the page is then as it was before regions).
    ///
    /// The box is the view and half as much again on every side: enough to pan around in, and a city's
    /// streets rather than a whole country's.
    func regionJSON() -> String? {
        guard !scene.options.regions.packs.isEmpty, !scene.regionLayers.isEmpty else { return nil }
        let v = scene.viewport
        let width = v.east - v.west, height = v.north - v.south
        let box = (west: v.west - width / 2, south: v.south - height / 2, east: v.east + width / 2, north: v.north + height / 2)
        var byLayer: [RegionLayer: [String]] = [:], namesByLayer: [RegionLayer: [String]] = [:]
        for pack in scene.options.regions.packs {
            for shape in pack.shapes(west: box.west, south: box.south, east: box.east, north: box.north) {
                var flat = "[", first = true
                for (lon, lat) in zip(shape.longitudes, shape.latitudes) {
                    if !first { flat += "," }
                    first = false
                    flat += CoordinateFormat.fixed(lon, decimals: 5) + "," + CoordinateFormat.fixed(lat, decimals: 5)
                }
                byLayer[shape.layer, default: []].append(flat + "]")
                if shape.layer.isStreet { namesByLayer[shape.layer, default: []].append(Self.scriptSafe(JSONText.quoted(shape.name))) }
            }
        }
        guard !byLayer.isEmpty else { return nil }
        typealias Style = SVGMapRenderer.RegionStyle
        var layers: [String] = []
        for layer in RegionLayer.allCases.sorted(by: { $0.drawOrder < $1.drawOrder }) {
            guard let shapes = byLayer[layer] else { continue }
            // Web Mercator zooms at which the SVG map's scale rules (``RegionDetail``) switch each layer on.
            let minZoom: Int
            var style: String
            switch layer {
            case .land, .island: (minZoom, style) = (11, "\"fill\":\"\(SVGMapRenderer.Style.land)\"")
            case .sea: (minZoom, style) = (11, "\"fill\":\"\(SVGMapRenderer.Style.sea)\"")
            case .water: (minZoom, style) = (11, "\"fill\":\"\(Style.water)\"")
            case .green: (minZoom, style) = (11, "\"fill\":\"\(Style.green)\"")
            case .building: (minZoom, style) = (16, "\"fill\":\"\(Style.building)\",\"stroke\":\"\(Style.buildingEdge)\"")
            case .waterway: (minZoom, style) = (11, "\"color\":\"\(Style.waterway)\",\"weight\":2")
            case .coastline: (minZoom, style) = (11, "\"color\":\"\(Style.coastline)\",\"weight\":1")
            case .railway: (minZoom, style) = (11, "\"color\":\"\(Style.railway)\",\"weight\":1.6")
            case .footway: (minZoom, style) = (15, "\"color\":\"\(Style.footway)\",\"weight\":1.2,\"dash\":\"3 2\"")
            default:
                let colours = Style.street(layer)
                let zoom = layer == .service ? 15 : layer == .minor ? 14 : layer == .secondary ? 13 : 11
                let weight = layer == .motorway ? 5 : layer == .primary ? 4.5 : layer == .secondary ? 4 : layer == .minor ? 3 : 2
                (minZoom, style) = (zoom, "\"color\":\"\(colours.fill)\",\"casing\":\"\(colours.casing)\",\"weight\":\(weight)")
            }
            // A street's name, shape for shape, for the page to write along it.
            let names = namesByLayer[layer].map { ",\"names\":[" + $0.joined(separator: ",") + "]" } ?? ""
            layers.append("{\"name\":\"\(layer)\",\"area\":\(layer.isArea),\"minZoom\":\(minZoom),\(style)\(names),\"shapes\":[\n"
                          + shapes.joined(separator: ",\n") + "]}")
        }
        return "{\"credit\":\"\(RegionPack.mapCredit)\",\"layers\":[" + layers.joined(separator: ",\n") + "]}"
    }
}
