import PlacesCore
import PlacesGeo

/// Draws places on a map as a standalone SVG image: land, borders, graticule, scale bar, pins,
/// labels, legend and title. Offline: the outlines are bundled, no tiles are fetched.
public struct SVGMapRenderer: Sendable {
    /// Size, labels, title and filter.
    public var options: MapOptions
    /// Whether the drawing is for the bundled font alone (the PNG): context names it cannot draw are
    /// written in Latin letters or left out.
    var bundledFontOnly = false

    /// Creates a renderer.
    public init(options: MapOptions = MapOptions()) {
        self.options = options
    }

    /// Colours and sizes of the drawing, kept together so the look can be tuned in one place.
    enum Style {
        static let sea = "#dde9f0", land = "#f6f3ec", coast = "#a8c2d3", border = "#cdc3b2"
        static let countryBorder = "#b3a58e", river = "#9cc0d8"
        static let graticule = "#7f9bb0", graticuleText = "#5f7d93", text = "#26303b", mutedText = "#5b6673"
        static let font = "'DejaVu Sans', 'Helvetica Neue', Helvetica, Arial, sans-serif"
        static let contextText = "#6b7580", waterText = "#5d87a6", rangeText = "#8a7d6b"
    }

    /// The whole SVG document, with an XML declaration.
    public func render(_ locations: [Location]) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" + renderElement(locations)
    }

    /// The `<svg>` element alone, for putting inline in an HTML page.
    public func renderElement(_ locations: [Location]) -> String {
        let width = Double(max(options.width, 200))
        var scene = MapScene(locations: locations, options: options, width: width,
                             height: options.height.map { Double(max($0, 120)) }, padding: 36)
        var layout = Layout(scene: scene, bundledFontOnly: bundledFontOnly)
        // A legend that would cover a pin in every corner gets a strip of its own, below the map (or
        // above it at the south edge of the world), unless the caller fixed the height.
        if layout.overlays.legendCoversPins, options.height == nil,
           let grown = scene.viewport.extended(by: (layout.overlays.legendHeight + 20).rounded(.up)) {
            scene.viewport = grown
            layout = Layout(scene: scene, bundledFontOnly: bundledFontOnly)
        }
        let height = scene.viewport.height.rounded()
        var out = ""
        out.reserveCapacity(200_000)
        let w = number(width), h = number(height)
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" "
        out += "width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" font-family=\"\(Style.font)\">\n"
        out += "<title>\(XMLEscaping.escape(scene.title))</title>\n"
        out += "<defs>\n<clipPath id=\"frame\"><rect width=\"\(w)\" height=\"\(h)\"/></clipPath>\n"
        out += "</defs>\n"
        out += "<rect width=\"\(w)\" height=\"\(h)\" fill=\"\(Style.sea)\"/>\n"
        out += "<g clip-path=\"url(#frame)\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n"
        out += baseLayers(scene, layout.outlines, namedLakes: layout.namedLakes)
        out += regionMarkup(layout.regionShapes, scene)
        out += graticuleLines(scene)
        if let circle = scene.radiusCircle() {
            out += "<path d=\"\(path(circle, closed: true))\" fill=\"#3b6ea5\" fill-opacity=\"0.05\" "
            out += "stroke=\"#3b6ea5\" stroke-opacity=\"0.6\" stroke-width=\"1.2\" stroke-dasharray=\"5 4\"/>\n"
        }
        out += "</g>\n"
        let labels = layout.labels, overlays = layout.overlays
        out += graticuleLabels(scene, avoiding: overlays.boxes)
        if !layout.regionShapes.isEmpty, RegionDetail.namesStreets(kilometresPerUnit: scene.viewport.kilometresPerUnit) {
            out += streetNameMarkup(StreetNamePlacer(shapes: layout.regionShapes, bounds: layout.bounds,
                                                     obstacles: labels.occupied(scene) + overlays.boxes))
        }
        out += contextMarkup(labels)
        out += pinsMarkup(scene)
        out += labelMarkup(labels)
        out += overlays.markup
        out += "</svg>\n"
        return out
    }

    /// Where the names and the boxes over the map go in one scene.
    private struct Layout {
        let bounds: MapBox
        let regionShapes: [ProjectedRegionShape]
        /// The base layers at the view's scale.
        let outlines: [ProjectedShape]
        /// The named lakes the outlines at the view's scale lack, from the finer ones.
        var namedLakes: [ProjectedShape] = []
        var overlays: Overlays
        var labels: MapLabelLayer

        init(scene: MapScene, bundledFontOnly: Bool) {
            let width = scene.viewport.width, height = scene.viewport.height.rounded()
            regionShapes = scene.regionShapes()
            outlines = scene.outlineShapes()
            // The legend lists the pins whose label found no spot, and growing it can crowd out more:
            // place once without that line, then again around the legend that has it.
            bounds = MapBox(x: 2, y: 2, width: width - 4, height: height - 4)
            var context = scene.options.showsContext
                ? MapContext.candidates(for: scene.viewport, limit: MapLabelLayer.contextLimit(bounds)) : []
            if bundledFontOnly {
                context = context.compactMap { label in
                    var label = label
                    guard let name = MapFont.drawable(label.name) else { return nil }
                    label.name = name
                    return label
                }
            }
            // A lake is named only where its water is drawn.
            var lakeWater: [String: [ProjectedShape]] = [:]
            if context.contains(where: \.isLake) {
                let lakes = MapLakes(scene: scene, outlines: outlines)
                context = context.filter { label in
                    guard label.isLake else { return true }
                    guard let water = lakes.water(latitude: label.latitude, longitude: label.longitude) else { return false }
                    lakeWater[Self.key(label)] = water.extraShapes
                    return true
                }
            }
            let showsRegion = !regionShapes.isEmpty
            overlays = Overlays(scene: scene, width: width, height: height, unlabelled: [], namesContext: !context.isEmpty, showsRegion: showsRegion)
            labels = MapLabelLayer(scene: scene, bounds: bounds, obstacles: overlays.boxes, context: context)
            if !labels.unlabelled.isEmpty {
                overlays = Overlays(scene: scene, width: width, height: height, unlabelled: labels.unlabelled, namesContext: !context.isEmpty, showsRegion: showsRegion)
                labels = MapLabelLayer(scene: scene, bounds: bounds, obstacles: overlays.boxes, context: context)
                overlays = Overlays(scene: scene, width: width, height: height, unlabelled: labels.unlabelled, namesContext: !context.isEmpty, showsRegion: showsRegion)
            }
            // Every lake worth naming is drawn, named or not where its name found no room; a lake
            // under two names is drawn once (a ring filled twice would be cut out by the even-odd rule).
            var drawn = Set<String>()
            for label in context where label.isLake {
                for ring in lakeWater[Self.key(label)] ?? [] where drawn.insert("\(ring.points.count)|\(ring.points[0])").inserted {
                    namedLakes.append(ring)
                }
            }
        }

        private static func key(_ label: MapContextLabel) -> String { "\(label.name)|\(label.latitude)|\(label.longitude)" }
    }

    // MARK: - Land and graticule

    /// Land, lakes as water, rivers, then borders by level, from the outlines at the view's scale.
    /// Areas are filled with the even-odd rule (holes are rings of their own) and stroked only along
    /// their real coasts and shores, never along the tile edges the data is cut at.
    /// `namedLakes` (lakes the view's scale lacks, from finer data) are filled in a path of their own,
    /// so that where one overlaps a lake of the base layers the even-odd rule does not cut it out.
    private func baseLayers(_ scene: MapScene, _ shapes: [ProjectedShape], namedLakes: [ProjectedShape]) -> String {
        var fills: [MapOutlines.Kind: String] = [:], strokes: [MapOutlines.Kind: String] = [:]
        for shape in shapes {
            if shape.kind.isArea { fills[shape.kind, default: ""] += path(shape.points, closed: true) }
            for run in shape.runs {
                strokes[shape.kind, default: ""] += path(run.map { shape.points[$0] }, closed: false)
            }
        }
        let scale = scene.outlineScale
        // Lines thicken as the view zooms in, where there are fewer of them; in a city a river is drawn
        // about 200 m wide (up to 4 px), so the Thames reads as a river, not a boundary.
        let river = scale == .small ? 0.6 : scale == .medium ? 0.8 : min(max(0.2 / scene.viewport.kilometresPerUnit, 1.3), 4)
        var out = ""
        func layer(_ d: String?, _ attributes: String) {
            guard let d, !d.isEmpty else { return }
            out += "<path d=\"\(d)\" \(attributes)/>\n"
        }
        layer(fills[.land], "fill=\"\(Style.land)\" fill-rule=\"evenodd\"")
        layer(strokes[.land], "fill=\"none\" stroke=\"\(Style.coast)\" stroke-width=\"1\"")
        layer(fills[.lake], "fill=\"\(Style.sea)\" fill-rule=\"evenodd\"")
        layer(strokes[.lake], "fill=\"none\" stroke=\"\(Style.coast)\" stroke-width=\"0.7\"")
        if !namedLakes.isEmpty {
            layer(namedLakes.map { path($0.points, closed: true) }.joined(), "fill=\"\(Style.sea)\" fill-rule=\"evenodd\"")
            layer(namedLakes.flatMap { shape in shape.runs.map { run in path(run.map { shape.points[$0] }, closed: false) } }.joined(),
                  "fill=\"none\" stroke=\"\(Style.coast)\" stroke-width=\"0.7\"")
        }
        layer(strokes[.river], "fill=\"none\" stroke=\"\(Style.river)\" stroke-width=\"\(number(river))\"")
        layer(strokes[.regionBorder], "fill=\"none\" stroke=\"\(Style.border)\" stroke-width=\"0.6\" stroke-dasharray=\"3 2\"")
        layer(strokes[.countryBorder], "fill=\"none\" stroke=\"\(Style.countryBorder)\" stroke-width=\"0.9\"")
        return out
    }

    private func graticuleLines(_ scene: MapScene) -> String {
        let grid = MapGraticule(viewport: scene.viewport)
        let v = scene.viewport
        var d = ""
        for longitude in grid.longitudes {
            let x = number(v.point(latitude: 0, longitude: longitude).x)
            d += "M\(x) 0V\(number(v.height))"
        }
        for latitude in grid.latitudes {
            let y = number(v.point(latitude: latitude, longitude: 0).y)
            d += "M0 \(y)H\(number(v.width))"
        }
        guard !d.isEmpty else { return "" }
        return "<path d=\"\(d)\" fill=\"none\" stroke=\"\(Style.graticule)\" stroke-opacity=\"0.35\" stroke-width=\"0.6\"/>\n"
    }

    private func graticuleLabels(_ scene: MapScene, avoiding boxes: [MapBox]) -> String {
        let grid = MapGraticule(viewport: scene.viewport)
        let v = scene.viewport
        var out = "<g font-size=\"10\" fill=\"\(Style.graticuleText)\">\n"
        for longitude in grid.longitudes {
            let x = v.point(latitude: 0, longitude: longitude).x
            let text = grid.longitudeLabel(longitude)
            let box = MapBox(x: x + 2, y: 2, width: Double(text.count) * 6.2, height: 12)
            guard box.x + box.width < v.width, !boxes.contains(where: { $0.intersects(box) }) else { continue }
            out += "<text x=\"\(number(x + 3))\" y=\"12\">\(XMLEscaping.escape(text))</text>\n"
        }
        for latitude in grid.latitudes {
            let y = v.point(latitude: latitude, longitude: 0).y
            let text = grid.latitudeLabel(latitude)
            let box = MapBox(x: v.width - 4 - Double(text.count) * 6.2, y: y - 13, width: Double(text.count) * 6.2, height: 12)
            guard box.y > 14, !boxes.contains(where: { $0.intersects(box) }) else { continue }
            out += "<text x=\"\(number(v.width - 4))\" y=\"\(number(y - 3))\" text-anchor=\"end\">\(XMLEscaping.escape(text))</text>\n"
        }
        return out + "</g>\n"
    }

    // MARK: - Title, legend, scale bar

    /// The boxes drawn over the map, and the areas labels must keep out of.
    private struct Overlays {
        var markup = ""
        var boxes: [MapBox] = []
        /// Whether the legend, in the corner that hides fewest pins, still hides one.
        var legendCoversPins = false
        /// The legend's height (0 without one).
        var legendHeight = 0.0

        init(scene: MapScene, width: Double, height: Double, unlabelled: [String], namesContext: Bool, showsRegion: Bool) {
            // Title, top left.
            let title = scene.title, subtitle = scene.subtitle
            let titleWidth = max(Double(TerminalText.width(title)) * 11.5, Double(TerminalText.width(subtitle)) * 7) + 20
            let titleBox = MapBox(x: 10, y: 10, width: min(titleWidth, width - 20), height: subtitle.isEmpty ? 34 : 50)
            boxes.append(titleBox)
            markup += "<g>\n" + panel(titleBox)
            markup += "<text x=\"20\" y=\"33\" font-size=\"18\" font-weight=\"bold\" fill=\"\(Style.text)\">\(XMLEscaping.escape(title))</text>\n"
            if !subtitle.isEmpty {
                markup += "<text x=\"20\" y=\"51\" font-size=\"11.5\" fill=\"\(Style.mutedText)\">\(XMLEscaping.escape(subtitle))</text>\n"
            }
            markup += "</g>\n"

            // Legend, bottom left: what the two pin shapes mean, then one line per coloured tag.
            var rows: [(marker: String, text: String)] = []
            let anyVisited = scene.locations.contains { $0.isVisited }
            let anyWanted = scene.locations.contains { !$0.isVisited }
            let neutral = "#4a5561"
            if anyVisited { rows.append((visitedMarker(neutral), "visited")) }
            if anyWanted { rows.append((wantedMarker(neutral), "want to go")) }
            for entry in scene.palette.entries {
                rows.append((swatch(entry.color.hex), LabelPlacer.shortened(entry.tag, maximum: 22) + " (\(entry.count))"))
            }
            if scene.palette.hasOther && !scene.palette.entries.isEmpty {
                rows.append((swatch(TagPalette.other.hex), "other"))
            }
            // Names that found no spot beside their pin are listed rather than lost; the full list is
            // the row's tooltip, and every pin's own tooltip names it too.
            var unlabelledRow: Int?
            if !unlabelled.isEmpty {
                let text = "\(unlabelled.count) not labelled: " + unlabelled.joined(separator: ", ")
                unlabelledRow = rows.count
                rows.append(("", LabelPlacer.shortened(text, maximum: Self.unlabelledWidth)))
            }
            if !rows.isEmpty {
                var legendWidth = Double(rows.map { TerminalText.width($0.text) }.max() ?? 0) * 7 + 44
                // A fixed width for the list of unlabelled names, so the legend keeps its size between passes.
                if unlabelledRow != nil { legendWidth = max(legendWidth, Double(Self.unlabelledWidth) * 7 + 44) }
                let legendHeight = Double(rows.count) * 18 + 12
                self.legendHeight = legendHeight
                // The first corner that hides no pin: bottom left, top right, then under the title and
                // above the scale bar; else the one hiding fewest (the caller then grows the view).
                let bottomLeft = MapBox(x: 10, y: height - 10 - legendHeight, width: legendWidth, height: legendHeight)
                var corners = [bottomLeft]
                if 10 + legendHeight < height - 60 {
                    corners.append(MapBox(x: width - 10 - legendWidth, y: 10, width: legendWidth, height: legendHeight))
                }
                if titleBox.y + titleBox.height + 8 + legendHeight < bottomLeft.y {
                    corners.append(MapBox(x: 10, y: titleBox.y + titleBox.height + 8, width: legendWidth, height: legendHeight))
                }
                if legendWidth < width - 40, 70 + legendHeight < height - 60 {
                    corners.append(MapBox(x: width - 10 - legendWidth, y: height - 60 - legendHeight, width: legendWidth, height: legendHeight))
                }
                let points = scene.locations.map { scene.viewport.point(latitude: $0.latitude, longitude: $0.longitude) }
                func covered(_ box: MapBox) -> Int {
                    points.filter { box.intersects(MapBox(x: $0.x - 8, y: $0.y - 8, width: 16, height: 16)) }.count
                }
                let counts = corners.map(covered)
                let best = counts.indices.min { counts[$0] < counts[$1] }!
                let box = corners[best]
                legendCoversPins = counts[best] > 0
                boxes.append(box)
                markup += "<g font-size=\"11.5\" fill=\"\(Style.text)\">\n" + panel(box)
                for (row, item) in rows.enumerated() {
                    let y = box.y + 15 + Double(row) * 18
                    if row == unlabelledRow {
                        markup += "<text x=\"\(number(box.x + 12))\" y=\"\(number(y + 4))\" fill=\"\(Style.mutedText)\" class=\"unlabelled\">"
                        markup += "<title>\(XMLEscaping.escape(unlabelled.joined(separator: "\n")))</title>\(XMLEscaping.escape(item.text))</text>\n"
                        continue
                    }
                    markup += "<g transform=\"translate(\(number(box.x + 16)) \(number(y)))\">\(item.marker)</g>"
                    markup += "<text x=\"\(number(box.x + 30))\" y=\"\(number(y + 4))\">\(XMLEscaping.escape(item.text))</text>\n"
                }
                markup += "</g>\n"
            }

            // Scale bar and credit, bottom right.
            let bar = MapScaleBar(viewport: scene.viewport, maximumLength: min(140, width / 4))
            // The context names come from GeoNames, whose licence (CC BY) asks for credit where they are shown.
            // A region's streets and buildings are OpenStreetMap data, whose licence (ODbL) asks for this credit.
            let credit = "Made with Natural Earth" + (showsRegion ? " · " + RegionPack.mapCredit : "")
                + (namesContext ? " · Names: GeoNames, Natural Earth" : "")
            let creditWidth = Double(credit.count) * 9 * 0.6
            let right = width - 12, barY = height - 26
            let scaleBox = MapBox(x: right - max(bar.length, creditWidth) - 8, y: barY - 20, width: max(bar.length, creditWidth) + 16, height: 44)
            boxes.append(scaleBox)
            markup += "<g fill=\"\(Style.mutedText)\" font-size=\"10.5\">\n"
            markup += "<path d=\"M\(number(right - bar.length)) \(number(barY - 4))V\(number(barY))H\(number(right))V\(number(barY - 4))\" "
            markup += "fill=\"none\" stroke=\"#ffffff\" stroke-width=\"4\" stroke-linecap=\"round\"/>\n"
            markup += "<path d=\"M\(number(right - bar.length)) \(number(barY - 4))V\(number(barY))H\(number(right))V\(number(barY - 4))\" "
            markup += "fill=\"none\" stroke=\"#38434f\" stroke-width=\"1.5\"/>\n"
            markup += "<text x=\"\(number(right))\" y=\"\(number(barY - 8))\" text-anchor=\"end\" stroke=\"#ffffff\" stroke-width=\"3\" "
            markup += "paint-order=\"stroke\" fill=\"\(Style.text)\">\(XMLEscaping.escape(bar.label))</text>\n"
            markup += "<text x=\"\(number(right))\" y=\"\(number(height - 8))\" text-anchor=\"end\" font-size=\"9\" stroke=\"#ffffff\" "
            markup += "stroke-width=\"3\" paint-order=\"stroke\">\(XMLEscaping.escape(credit))</text>\n</g>\n"
        }

        /// Characters of the legend's line of unlabelled names.
        static let unlabelledWidth = 44

        private func panel(_ box: MapBox) -> String {
            "<rect x=\"\(number(box.x))\" y=\"\(number(box.y))\" width=\"\(number(box.width))\" height=\"\(number(box.height))\" "
                + "rx=\"6\" fill=\"#ffffff\" fill-opacity=\"0.88\" stroke=\"#c4ced6\" stroke-width=\"0.8\"/>\n"
        }

        private func visitedMarker(_ color: String) -> String {
            "<circle r=\"5.5\" fill=\"\(color)\" stroke=\"#ffffff\" stroke-width=\"1.5\"/>"
        }

        private func wantedMarker(_ color: String) -> String {
            "<circle r=\"4.5\" fill=\"#ffffff\" stroke=\"\(color)\" stroke-width=\"2.6\"/>"
        }

        private func swatch(_ color: String) -> String {
            "<rect x=\"-5\" y=\"-5\" width=\"10\" height=\"10\" rx=\"2\" fill=\"\(color)\"/>"
        }
    }
}

/// A canvas coordinate with one decimal, which is finer than any screen needs: keeps the file small.
func number(_ value: Double) -> String {
    var text = CoordinateFormat.fixed(value, decimals: 1)
    if text.hasSuffix(".0") { text.removeLast(2) }
    if text == "-0" { text = "0" }
    return text
}

/// An SVG path through the points, skipping points that round to the one before.
func path(_ points: [(x: Double, y: Double)], closed: Bool) -> String {
    var d = "", last = ""
    for (index, point) in points.enumerated() {
        let pair = number(point.x) + " " + number(point.y)
        if pair == last { continue }
        d += (index == 0 ? "M" : "L") + pair
        last = pair
    }
    return d.isEmpty ? "" : d + (closed ? "Z" : "")
}
