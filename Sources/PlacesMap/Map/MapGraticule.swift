import PlacesCore

/// The lines of latitude and longitude drawn across a map, at a round step that suits the view.
public struct MapGraticule: Sendable, Equatable {
    /// Degrees between neighbouring lines.
    public let step: Double
    /// Longitudes of the meridians in view, west to east (may lie beyond ±180 in a view across it).
    public let longitudes: [Double]
    /// Latitudes of the parallels in view, north to south.
    public let latitudes: [Double]

    static let steps: [Double] = [0.01, 0.02, 0.05, 0.1, 0.2, 0.25, 0.5, 1, 2, 5, 10, 15, 20, 30, 45, 60]

    /// The graticule for a view, with about `lines` meridians across it.
    public init(viewport: MapViewport, lines: Double = 6) {
        // A view wider than the world draws it once (see MapViewport.fitted): no meridians in the padding.
        let wide = viewport.east - viewport.west >= 360
        let west = wide ? -180 : viewport.west, east = wide ? 180 : viewport.east
        step = Self.steps.first { (east - west) / $0 <= lines } ?? 90
        longitudes = Self.multiples(of: step, from: west, to: east)
        latitudes = Self.multiples(of: step, from: viewport.south, to: viewport.north).reversed()
    }

    private static func multiples(of step: Double, from low: Double, to high: Double) -> [Double] {
        var values: [Double] = []
        var index = (low / step).rounded(.up)
        while index * step <= high {
            values.append(index * step)
            index += 1
        }
        return values
    }

    /// How many decimals the labels need at this step.
    var decimals: Int { step >= 1 ? 0 : step >= 0.1 && (step * 10).rounded() == step * 10 ? 1 : 2 }

    /// A meridian's label: `30°E`, `170°W`, `0°`, `180°`.
    public func longitudeLabel(_ longitude: Double) -> String {
        let value = MapViewport.normalizedLongitude(longitude)
        let rounded = Double(CoordinateFormat.fixed(value, decimals: decimals)) ?? value
        if rounded == 0 { return "0°" }
        if abs(rounded) == 180 { return "180°" }
        return CoordinateFormat.fixed(abs(rounded), decimals: decimals) + (rounded > 0 ? "°E" : "°W")
    }

    /// A parallel's label: `45°N`, `12.5°S`, `0°`.
    public func latitudeLabel(_ latitude: Double) -> String {
        let rounded = Double(CoordinateFormat.fixed(latitude, decimals: decimals)) ?? latitude
        if rounded == 0 { return "0°" }
        return CoordinateFormat.fixed(abs(rounded), decimals: decimals) + (rounded > 0 ? "°N" : "°S")
    }
}

/// A scale bar of a round length: 1, 2 or 5 times a power of ten, in kilometres or metres.
public struct MapScaleBar: Sendable, Equatable {
    /// The length the bar stands for, in kilometres.
    public let kilometres: Double
    /// The bar's length on the canvas.
    public let length: Double
    /// The text under the bar: `500 km`, `200 m`.
    public var label: String { DistanceParser.text(kilometres: kilometres) }

    /// The longest round bar no longer than `maximumLength` canvas units, measured at the view's middle.
    public init(viewport: MapViewport, maximumLength: Double) {
        let perUnit = viewport.kilometresPerUnit
        let limit = maximumLength * perUnit
        var best = 0.001
        var magnitude = 0.001
        while magnitude <= 100_000 {
            for factor in [1.0, 2, 5] where factor * magnitude <= limit { best = factor * magnitude }
            magnitude *= 10
        }
        kilometres = best
        length = best / perUnit
    }
}
