import PlacesCore
import PlacesGeo

/// The added regions on the SVG map: parks, water, buildings, railways and streets by class, and
/// street names along their streets.
extension SVGMapRenderer {
    /// Colours of the region layers: a light, familiar street map that keeps the user's pins the
    /// strongest marks on it.
    enum RegionStyle {
        static let green = "#d6e8c4", water = "#c4dceb", building = "#e2dbd0", buildingEdge = "#cfc5b6"
        static let waterway = "#9cc0d8", coastline = "#a8c2d3", railway = "#8b8f94", footway = "#c2b2a1"
        static let streetName = "#4e5761"

        /// Fill and casing of a street layer.
        static func street(_ layer: RegionLayer) -> (fill: String, casing: String) {
            switch layer {
            case .motorway: return ("#e9a37e", "#c0805f")
            case .primary: return ("#f4d08d", "#c8a55f")
            case .secondary: return ("#fbf1bf", "#cdbf88")
            default: return ("#ffffff", "#cbc3b6")
            }
        }
    }

    /// The region layers in paint order, one path a layer (casings beneath all street fills).
    func regionMarkup(_ shapes: [ProjectedRegionShape], _ scene: MapScene) -> String {
        guard !shapes.isEmpty else { return "" }
        var fills: [RegionLayer: String] = [:], strokes: [RegionLayer: String] = [:]
        for shape in shapes {
            if shape.layer.isArea { fills[shape.layer, default: ""] += path(shape.points, closed: true) }
            if shape.layer == .building || !shape.layer.isArea {
                for run in shape.runs { strokes[shape.layer, default: ""] += path(run.map { shape.points[$0] }, closed: false) }
            }
        }
        let k = scene.viewport.kilometresPerUnit
        var out = "<g class=\"region\">\n"
        func layer(_ d: String?, _ attributes: String) {
            guard let d, !d.isEmpty else { return }
            out += "<path d=\"\(d)\" \(attributes)/>\n"
        }
        // Where the region's coastline bounds a sea, its own land and sea replace the coarser bundled coast.
        layer(fills[.land], "fill=\"\(Style.land)\"")
        layer(fills[.sea], "fill=\"\(Style.sea)\"")
        layer(fills[.island], "fill=\"\(Style.land)\"")
        // Nonzero, as every renderer fills: overlapping areas join, and a relation's holes, which run
        // against its outer rings, stay open.
        layer(fills[.green], "fill=\"\(RegionStyle.green)\"")
        layer(fills[.water], "fill=\"\(RegionStyle.water)\"")
        layer(strokes[.waterway], "fill=\"none\" stroke=\"\(RegionStyle.waterway)\" stroke-width=\"\(number(RegionDetail.width(.waterway, kilometresPerUnit: k)))\"")
        layer(strokes[.coastline], "fill=\"none\" stroke=\"\(RegionStyle.coastline)\" stroke-width=\"1\"")
        layer(fills[.building], "fill=\"\(RegionStyle.building)\"")
        layer(strokes[.building], "fill=\"none\" stroke=\"\(RegionStyle.buildingEdge)\" stroke-width=\"0.6\"")
        layer(strokes[.footway], "class=\"street footway\" fill=\"none\" stroke=\"\(RegionStyle.footway)\" stroke-width=\"\(number(RegionDetail.width(.footway, kilometresPerUnit: k)))\" stroke-dasharray=\"3 2\"")
        let streets: [RegionLayer] = [.service, .minor, .secondary, .primary, .motorway]
        // Casings first, so crossing streets of a class join instead of being cut by each other's edges.
        for street in streets {
            let width = RegionDetail.width(street, kilometresPerUnit: k)
            layer(strokes[street], "fill=\"none\" stroke=\"\(RegionStyle.street(street).casing)\" stroke-width=\"\(number(width + 1.2))\"")
        }
        for street in streets {
            let width = RegionDetail.width(street, kilometresPerUnit: k)
            layer(strokes[street], "class=\"street \(street)\" fill=\"none\" stroke=\"\(RegionStyle.street(street).fill)\" stroke-width=\"\(number(width))\"")
        }
        layer(strokes[.railway], "class=\"railway\" fill=\"none\" stroke=\"\(RegionStyle.railway)\" stroke-width=\"\(number(RegionDetail.width(.railway, kilometresPerUnit: k)))\"")
        return out + "</g>\n"
    }

    /// Street names along their streets, beneath the user's pins and labels.
    func streetNameMarkup(_ placer: StreetNamePlacer) -> String {
        guard !placer.placements.isEmpty else { return "" }
        var out = "<g class=\"street-names\" font-size=\"\(number(StreetNamePlacer.size))\" fill=\"\(RegionStyle.streetName)\" "
        out += "stroke=\"#ffffff\" stroke-width=\"2.5\" stroke-linejoin=\"round\" paint-order=\"stroke\" text-anchor=\"middle\">\n"
        for p in placer.placements {
            let x = number(p.centre.x), y = number(p.centre.y + StreetNamePlacer.size * 0.35)
            out += "<text x=\"\(x)\" y=\"\(y)\" transform=\"rotate(\(number(p.angle)) \(number(p.centre.x)) \(number(p.centre.y)))\">"
            out += XMLEscaping.escape(p.name) + "</text>\n"
        }
        return out + "</g>\n"
    }
}
