#if canImport(Glibc)
import Glibc
#endif
import PlacesMap

/// Where `places browse` looks: the centre of the view in projected world units and the zoom, in
/// world units per braille dot. Panning and zooming change only these two.
public struct BrowseView: Sendable, Equatable {
    /// World x (0…1 is −180°…180°; may leave that range after panning across the antimeridian).
    public var centreX: Double
    /// World y (0 is the north edge of the projection).
    public var centreY: Double
    /// World units per dot: smaller is closer.
    public var unitsPerDot: Double

    /// The closest zoom: about a metre a dot.
    static let closest = 1.0 / 40_000_000
    /// The widest: the world about 160 dots across.
    static let widest = 1.0 / 160

    public init(centreX: Double, centreY: Double, unitsPerDot: Double) {
        self.centreX = centreX
        self.centreY = centreY
        self.unitsPerDot = min(max(unitsPerDot, Self.closest), Self.widest)
        clampY()
    }

    /// A view centred on a coordinate at the zoom that shows `radiusKm` around it on a canvas
    /// `dotWidth` × `dotHeight` dots.
    public init(around centre: MapCoordinate, radiusKm: Double, dotWidth: Int, dotHeight: Int) {
        let viewport = MapViewport.around(centre, radiusKm: radiusKm, width: Double(dotWidth), height: Double(dotHeight))
        self.init(viewport: viewport)
    }

    /// The view of a fitted viewport.
    public init(viewport: MapViewport) {
        self.init(centreX: (viewport.minX + viewport.maxX) / 2, centreY: (viewport.minY + viewport.maxY) / 2,
                  unitsPerDot: (viewport.maxX - viewport.minX) / viewport.width)
    }

    /// The view that shows every coordinate (the whole world when there are none).
    public static func fitting(_ coordinates: [MapCoordinate], dotWidth: Int, dotHeight: Int) -> BrowseView {
        BrowseView(viewport: .fitting(coordinates, width: Double(dotWidth), height: Double(dotHeight), padding: 4))
    }

    /// The coordinate at the centre (the crosshair).
    public var centre: MapCoordinate {
        var longitude = MapProjection.longitude(x: centreX)
        longitude = MapViewport.normalizedLongitude(longitude)
        return MapCoordinate(latitude: MapProjection.latitude(y: centreY), longitude: longitude)
    }

    /// The viewport on a canvas of this many dots.
    public func viewport(dotWidth: Int, dotHeight: Int) -> MapViewport {
        let halfX = Double(dotWidth) / 2 * unitsPerDot, halfY = Double(dotHeight) / 2 * unitsPerDot
        return MapViewport(minX: centreX - halfX, maxX: centreX + halfX, minY: centreY - halfY, maxY: centreY + halfY,
                           width: Double(dotWidth), height: Double(dotHeight))
    }

    /// Moves the view by a number of dots (positive: east, south).
    public mutating func pan(dotsX: Double, dotsY: Double) {
        centreX += dotsX * unitsPerDot
        centreY += dotsY * unitsPerDot
        // Keep the centre on the first turn of the world, so positions stay small numbers.
        centreX -= centreX.rounded(.down)
        clampY()
    }

    /// Zooms by `factor` (2 is twice as close) keeping the point `dotsX`, `dotsY` from the centre where it is.
    public mutating func zoom(by factor: Double, aboutDotsX dx: Double = 0, dotsY dy: Double = 0) {
        let new = min(max(unitsPerDot / factor, Self.closest), Self.widest)
        // The world point under the pointer before and after must be the same.
        centreX += dx * (unitsPerDot - new)
        centreY += dy * (unitsPerDot - new)
        unitsPerDot = new
        clampY()
    }

    /// Moves the view to a coordinate, keeping the zoom.
    public mutating func centre(on coordinate: MapCoordinate) {
        centreX = MapProjection.x(longitude: coordinate.longitude)
        centreY = MapProjection.y(latitude: coordinate.latitude)
        clampY()
    }

    private mutating func clampY() {
        centreY = min(max(centreY, 0), 1)
    }
}
