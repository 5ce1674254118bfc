import PlacesCore

/// Where every name on a map goes: the user's labels first, then the gazetteer's context names in
/// the room that is left. Renderers draw from it; they decide nothing about placement.
struct MapLabelLayer {
    /// A user label that found a spot.
    struct PinLabel {
        var text: String
        var placement: LabelPlacer.Placement
    }

    /// A context name that found a spot.
    struct ContextLabel {
        var label: MapContextLabel
        /// Where the text goes.
        var box: MapBox
        /// The dot of a town, in canvas units; `nil` for seas and ranges.
        var dot: MapPoint?
        /// How the text is aligned in its box.
        var side: LabelPlacer.Side
    }

    /// Text sizes, shared with the renderers so that what is measured is what is drawn.
    enum Metrics {
        static let pinRadius = 5.5, labelSize = 12.0, labelHeight = 15.0
        static let contextSize = 10.5, contextHeight = 13.0, contextDotRadius = 2.0
        /// Average advance of DejaVu Sans per character, in ems: a slight overestimate keeps labels apart.
        static let characterWidth = 0.6
        /// How far a label may stand from its pin when joined by a leader line.
        static let leaderLength = 22.0
        /// Extra space between the letters of a range's name.
        static let rangeSpacing = 1.5
    }

    var pinLabels: [PinLabel] = []
    /// The names of pins whose label found no spot, in the scene's order.
    var unlabelled: [String] = []
    var context: [ContextLabel] = []

    /// Places the labels of a scene.
    /// - Parameters:
    ///   - scene: the pins and the view.
    ///   - bounds: the area labels must stay inside.
    ///   - obstacles: title, legend and scale bar.
    ///   - context: the gazetteer's names worth showing, most important first (``MapContext``); they
    ///     are placed after the user's labels, where room is left.
    init(scene: MapScene, bounds: MapBox, obstacles: [MapBox], context candidates: [MapContextLabel]) {
        let v = scene.viewport
        let points = scene.locations.map { v.point(latitude: $0.latitude, longitude: $0.longitude) }
        var taken = obstacles
        if scene.options.showsLabels {
            let names = scene.locations.map { LabelPlacer.shortened($0.name.trimmed, maximum: 28) }
            let requests = zip(points, names).map { point, name in
                LabelPlacer.Request(x: point.x, y: point.y, pinRadius: Metrics.pinRadius,
                                    width: Self.textWidth(name, size: Metrics.labelSize), height: Metrics.labelHeight)
            }
            let placements = LabelPlacer.place(requests, in: bounds, obstacles: obstacles, leaderLength: Metrics.leaderLength)
            for (index, placement) in placements.enumerated() {
                if let placement {
                    pinLabels.append(PinLabel(text: names[index], placement: placement))
                    taken.append(placement.box)
                } else {
                    unlabelled.append(scene.locations[index].name.trimmed)
                }
            }
        }
        guard !candidates.isEmpty else { return }
        placeContext(candidates, viewport: v, pins: points.map { MapPoint(x: $0.x, y: $0.y) }, bounds: bounds, taken: taken)
    }

    /// Context names go where they crowd nothing: clear of every pin, user label, leader line and
    /// each other, at least a little way from any user pin so they are never read as its label.
    private mutating func placeContext(_ candidates: [MapContextLabel], viewport v: MapViewport, pins: [MapPoint],
                                       bounds: MapBox, taken: [MapBox]) {
        var taken = taken
        for label in pinLabels {
            if let leader = label.placement.leader {
                taken.append(MapBox(x: min(leader.from.x, leader.to.x), y: min(leader.from.y, leader.to.y),
                                    width: abs(leader.to.x - leader.from.x), height: abs(leader.to.y - leader.from.y)))
            }
        }
        var grid = PointGrid(cell: 40)
        for pin in pins { grid.insert(pin) }
        let clearance = Metrics.pinRadius * 3
        var dots: [MapPoint] = []
        var named = Set<String>()
        for label in candidates {
            // Natural Earth splits some seas in two (the Mediterranean's basins): one name is enough.
            guard !named.contains(label.name) else { continue }
            let p = v.point(latitude: label.latitude, longitude: label.longitude)
            let size = label.style == .range ? Metrics.contextSize - 1 : Metrics.contextSize
            var text = label.name
            if label.style == .range { text = text.uppercased() }
            var width = Self.textWidth(text, size: size)
            if label.style == .range { width += Double(text.count) * Metrics.rangeSpacing }
            let h = Metrics.contextHeight
            if label.hasDot {
                let dot = MapPoint(x: p.x, y: p.y)
                let dotBox = MapBox(x: p.x - 3, y: p.y - 3, width: 6, height: 6)
                guard bounds.contains(dotBox), !taken.contains(where: { $0.intersects(dotBox) }),
                      !grid.points(near: dotBox.expanded(by: clearance)).contains(where: { Self.distance($0, dot) < clearance }) else { continue }
                // Beside its own dot, owned by it as pins own their labels, clear of the user's pins too.
                let request = LabelPlacer.Request(x: p.x, y: p.y, pinRadius: Metrics.contextDotRadius, width: width, height: h)
                // Only what lies within reach of the label matters; a journal of thousands of pins
                // would otherwise be bucketed again for every town.
                let reach = MapBox(x: p.x - width - 20, y: p.y - h - 20, width: 2 * width + 40, height: 2 * h + 40)
                guard let placement = LabelPlacer.place([request], in: bounds, obstacles: taken.filter { $0.intersects(reach) }, gap: 2,
                                                        pins: (pins + dots).filter { reach.distance(toX: $0.x, y: $0.y) == 0 })[0],
                      !grid.points(near: placement.box.expanded(by: clearance)).contains(where: {
                          placement.box.distance(toX: $0.x, y: $0.y) < clearance }) else { continue }
                taken.append(placement.box)
                taken.append(dotBox)
                dots.append(dot)
                named.insert(label.name)
                context.append(ContextLabel(label: MapContextLabel(name: text, latitude: label.latitude, longitude: label.longitude,
                                                                   style: label.style), box: placement.box, dot: dot, side: placement.side))
            } else {
                let box = MapBox(x: p.x - width / 2, y: p.y - h / 2, width: width, height: h)
                guard bounds.contains(box), !taken.contains(where: { $0.intersects(box.expanded(by: 4)) }),
                      !grid.points(near: box.expanded(by: clearance)).contains(where: { box.distance(toX: $0.x, y: $0.y) < clearance })
                else { continue }
                taken.append(box)
                named.insert(label.name)
                context.append(ContextLabel(label: MapContextLabel(name: text, latitude: label.latitude, longitude: label.longitude,
                                                                   style: label.style), box: box, dot: nil, side: .above))
            }
        }
    }

    /// How many context names to consider for a canvas: about one per 15,000 square pixels, so a map
    /// is never filled with them however many the gazetteer has.
    static func contextLimit(_ bounds: MapBox) -> Int {
        max(12, Int(bounds.width * bounds.height / 15_000))
    }

    /// The width a text takes at a font size, by the average advance.
    static func textWidth(_ text: String, size: Double) -> Double {
        Double(TerminalText.width(text)) * size * Metrics.characterWidth
    }

    private static func distance(_ a: MapPoint, _ b: MapPoint) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }
}
