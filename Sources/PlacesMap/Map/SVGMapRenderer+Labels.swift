import PlacesCore

/// The pins and every name on the SVG map: the user's labels with their leader lines, and the
/// gazetteer's context names beneath them.
extension SVGMapRenderer {
    typealias Metrics = MapLabelLayer.Metrics

    func pinsMarkup(_ scene: MapScene) -> String {
        let v = scene.viewport
        let points = scene.locations.map { v.point(latitude: $0.latitude, longitude: $0.longitude) }
        // Southern pins are drawn last so they overlap northern ones as a perspective would.
        let order = scene.locations.indices.sorted { points[$0].y != points[$1].y ? points[$0].y < points[$1].y : $0 < $1 }
        var out = "<g stroke-width=\"1.5\">\n"
        for index in order {
            let location = scene.locations[index], p = points[index]
            let color = scene.palette.color(for: location).hex
            let title = "<title>\(XMLEscaping.escape(location.name))</title>"
            if location.isVisited {
                out += "<circle cx=\"\(number(p.x))\" cy=\"\(number(p.y))\" r=\"\(number(Metrics.pinRadius))\" fill=\"\(color)\" stroke=\"#ffffff\">\(title)</circle>\n"
            } else {
                out += "<circle cx=\"\(number(p.x))\" cy=\"\(number(p.y))\" r=\"\(number(Metrics.pinRadius - 1))\" fill=\"#ffffff\" stroke=\"\(color)\" stroke-width=\"2.6\">\(title)</circle>\n"
            }
        }
        return out + "</g>\n"
    }

    func labelMarkup(_ layer: MapLabelLayer) -> String {
        guard !layer.pinLabels.isEmpty else { return "" }
        var out = ""
        let leaders = layer.pinLabels.compactMap(\.placement.leader)
        if !leaders.isEmpty {
            var d = ""
            for leader in leaders { d += "M\(number(leader.from.x)) \(number(leader.from.y))L\(number(leader.to.x)) \(number(leader.to.y))" }
            out += "<path class=\"leaders\" d=\"\(d)\" fill=\"none\" stroke=\"#4a5561\" stroke-width=\"0.9\"/>\n"
        }
        out += "<g font-size=\"\(number(Metrics.labelSize))\" fill=\"\(Style.text)\" stroke=\"#ffffff\" stroke-width=\"3\" "
        out += "stroke-linejoin=\"round\" paint-order=\"stroke\">\n"
        for label in layer.pinLabels {
            out += text(label.text, in: label.placement.box, side: label.placement.side, baseline: 11.5)
        }
        return out + "</g>\n"
    }

    func contextMarkup(_ layer: MapLabelLayer) -> String {
        guard !layer.context.isEmpty else { return "" }
        var out = "<g class=\"context\" font-size=\"\(number(Metrics.contextSize))\" stroke=\"#ffffff\" stroke-opacity=\"0.8\" "
        out += "stroke-width=\"2.5\" stroke-linejoin=\"round\" paint-order=\"stroke\">\n"
        let dots = layer.context.compactMap(\.dot)
        if !dots.isEmpty {
            out += "<g fill=\"\(Style.contextText)\" stroke=\"#ffffff\" stroke-width=\"1\">"
            for dot in dots { out += "<circle cx=\"\(number(dot.x))\" cy=\"\(number(dot.y))\" r=\"\(number(Metrics.contextDotRadius))\"/>" }
            out += "</g>\n"
        }
        for item in layer.context {
            switch item.label.style {
            case .capital:
                out += "<g fill=\"#4a5561\">" + text(item.label.name, in: item.box, side: item.side, baseline: 10) + "</g>\n"
            case .town:
                out += "<g fill=\"\(Style.contextText)\">" + text(item.label.name, in: item.box, side: item.side, baseline: 10) + "</g>\n"
            case .water:
                out += "<g fill=\"\(Style.waterText)\" font-style=\"italic\">"
                out += text(item.label.name, in: item.box, side: .above, baseline: 10) + "</g>\n"
            case .range:
                out += "<g fill=\"\(Style.rangeText)\" font-size=\"\(number(Metrics.contextSize - 1))\" "
                out += "letter-spacing=\"\(number(Metrics.rangeSpacing))\">"
                out += text(item.label.name, in: item.box, side: .above, baseline: 10) + "</g>\n"
            }
        }
        return out + "</g>\n"
    }

    /// A `<text>` in a label's box, anchored on the side that faces its pin.
    private func text(_ text: String, in box: MapBox, side: LabelPlacer.Side, baseline: Double) -> String {
        let (x, anchor): (Double, String)
        switch side {
        case .right, .aboveRight, .belowRight: (x, anchor) = (box.x, "")
        case .left, .aboveLeft, .belowLeft: (x, anchor) = (box.x + box.width, " text-anchor=\"end\"")
        case .above, .below: (x, anchor) = (box.x + box.width / 2, " text-anchor=\"middle\"")
        }
        return "<text x=\"\(number(x))\" y=\"\(number(box.y + baseline))\"\(anchor)>\(XMLEscaping.escape(text))</text>\n"
    }
}
