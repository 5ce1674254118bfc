/// An axis-aligned rectangle on the canvas.
public struct MapBox: Sendable, Equatable {
    public var x: Double, y: Double, width: Double, height: Double

    /// Creates a box from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether the two boxes share any area (touching edges do not count).
    public func intersects(_ other: MapBox) -> Bool {
        x < other.x + other.width && other.x < x + width && y < other.y + other.height && other.y < y + height
    }

    /// Whether `other` lies wholly inside this box.
    public func contains(_ other: MapBox) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}

/// Places pin labels so that none overlaps another label, a pin or a reserved area.
///
/// Greedy, in the order given: each label tries the right of its pin, then the left, above, below and
/// the four diagonals, and takes the first spot that is free and inside the canvas. A label with no
/// free spot is dropped; a map with fewer names beats one with names on top of each other.
public enum LabelPlacer {
    /// Which side of the pin a label went to; renderers align the text by it.
    public enum Side: Sendable, Equatable { case right, left, above, below, aboveRight, belowRight, aboveLeft, belowLeft }

    /// One label to place: the pin's centre and radius, and the label's size.
    public struct Request: Sendable, Equatable {
        public var x: Double, y: Double, pinRadius: Double, width: Double, height: Double

        /// Creates a request.
        public init(x: Double, y: Double, pinRadius: Double, width: Double, height: Double) {
            self.x = x
            self.y = y
            self.pinRadius = pinRadius
            self.width = width
            self.height = height
        }
    }

    /// Where one label went.
    public struct Placement: Sendable, Equatable {
        public var box: MapBox
        public var side: Side
    }

    /// Places the labels.
    /// - Parameters:
    ///   - requests: the labels, most important first.
    ///   - bounds: the area labels must stay inside.
    ///   - obstacles: areas labels must not cover (legend, title, scale bar).
    ///   - gap: the space between a pin's edge and its label.
    /// - Returns: one placement or `nil` (dropped) per request, in the same order.
    /// - Complexity: O(n²) in the number of labels, fine for the few hundred a readable map holds.
    public static func place(_ requests: [Request], in bounds: MapBox, obstacles: [MapBox] = [],
                             gap: Double = 3) -> [Placement?] {
        var taken = obstacles
        // Every pin is an obstacle from the start, so no label hides a pin placed after it.
        taken += requests.map { MapBox(x: $0.x - $0.pinRadius, y: $0.y - $0.pinRadius,
                                       width: 2 * $0.pinRadius, height: 2 * $0.pinRadius) }
        var result: [Placement?] = []
        for (index, request) in requests.enumerated() {
            let r = request.pinRadius + gap, w = request.width, h = request.height
            let x = request.x, y = request.y
            let candidates: [(Side, MapBox)] = [
                (.right, MapBox(x: x + r, y: y - h / 2, width: w, height: h)),
                (.left, MapBox(x: x - r - w, y: y - h / 2, width: w, height: h)),
                (.above, MapBox(x: x - w / 2, y: y - r - h, width: w, height: h)),
                (.below, MapBox(x: x - w / 2, y: y + r, width: w, height: h)),
                (.aboveRight, MapBox(x: x + r * 0.7, y: y - r * 0.7 - h, width: w, height: h)),
                (.belowRight, MapBox(x: x + r * 0.7, y: y + r * 0.7, width: w, height: h)),
                (.aboveLeft, MapBox(x: x - r * 0.7 - w, y: y - r * 0.7 - h, width: w, height: h)),
                (.belowLeft, MapBox(x: x - r * 0.7 - w, y: y + r * 0.7, width: w, height: h)),
            ]
            let ownPin = obstacles.count + index
            let chosen = candidates.first { _, box in
                bounds.contains(box) && !taken.enumerated().contains { $0.offset != ownPin && $0.element.intersects(box) }
            }
            if let (side, box) = chosen {
                taken.append(box)
                result.append(Placement(box: box, side: side))
            } else {
                result.append(nil)
            }
        }
        return result
    }

    /// A name shortened to at most `maximum` character widths, with an ellipsis when cut.
    public static func shortened(_ text: String, maximum: Int) -> String {
        guard TerminalText.width(text) > maximum else { return text }
        var result = ""
        var used = 0
        for character in text {
            let width = TerminalText.width(of: character)
            if used + width > maximum - 1 { break }
            result.append(character)
            used += width
        }
        return result.trimmed + "…"
    }
}
