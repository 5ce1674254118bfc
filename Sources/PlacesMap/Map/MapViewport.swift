#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// The part of the world a map shows, and how it lands on a canvas of pixels (or braille dots).
///
/// The window is a rectangle in ``MapProjection`` world units. Its west edge may lie west of −180° or
/// its east edge east of 180°: a view of Fiji and Samoa spans the antimeridian as one narrow window.
public struct MapViewport: Sendable, Equatable {
    /// World x of the left edge (may be below 0 when the view crosses the antimeridian).
    public var minX: Double
    /// World x of the right edge (may exceed 1).
    public var maxX: Double
    /// World y of the top edge.
    public var minY: Double
    /// World y of the bottom edge.
    public var maxY: Double
    /// Canvas width in pixels.
    public var width: Double
    /// Canvas height in pixels.
    public var height: Double

    /// Creates a viewport from a world-unit window and a canvas size; nothing is adjusted.
    public init(minX: Double, maxX: Double, minY: Double, maxY: Double, width: Double, height: Double) {
        self.minX = minX
        self.maxX = maxX
        self.minY = minY
        self.maxY = maxY
        self.width = width
        self.height = height
    }

    /// Longitude of the west edge in degrees (may be below −180).
    public var west: Double { MapProjection.longitude(x: minX) }
    /// Longitude of the east edge in degrees (may exceed 180).
    public var east: Double { MapProjection.longitude(x: maxX) }
    /// Latitude of the north edge in degrees.
    public var north: Double { MapProjection.latitude(y: minY) }
    /// Latitude of the south edge in degrees.
    public var south: Double { MapProjection.latitude(y: maxY) }
    /// Pixels per world unit (the same across and down, as the projection is conformal).
    public var scale: Double { width / (maxX - minX) }

    /// The canvas position of a coordinate. The longitude is moved by whole turns to the copy of the
    /// world nearest the view, so a pin at −172° lands east of one at 178° in a view across 180°.
    public func point(latitude: Double, longitude: Double) -> (x: Double, y: Double) {
        let x = nearestWorldX(MapProjection.x(longitude: longitude))
        return ((x - minX) * scale, (MapProjection.y(latitude: latitude) - minY) * height / (maxY - minY))
    }

    /// The canvas position of a coordinate; see ``point(latitude:longitude:)``.
    public func point(_ coordinate: MapCoordinate) -> (x: Double, y: Double) {
        point(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }

    /// Whether a coordinate falls inside the view (edges included).
    public func contains(latitude: Double, longitude: Double) -> Bool {
        let p = point(latitude: latitude, longitude: longitude)
        return p.x >= -1e-9 && p.x <= width + 1e-9 && p.y >= -1e-9 && p.y <= height + 1e-9
    }

    /// Kilometres on the ground per canvas unit, measured across at the view's middle latitude.
    public var kilometresPerUnit: Double {
        let latitude = MapProjection.latitude(y: (minY + maxY) / 2)
        return 2 * .pi * Geodesy.earthRadiusKm * cos(latitude * .pi / 180) / (width / (maxX - minX))
    }

    func nearestWorldX(_ x: Double) -> Double {
        let centre = (minX + maxX) / 2
        return x + ((centre - x).rounded())  // whole turns of the world (1 world unit) towards the centre
    }

    // MARK: - Fitting

    /// The smallest view that shows every coordinate with a margin, on a canvas `width` wide.
    ///
    /// Longitudes are treated as a circle: the window starts after the widest empty gap between
    /// pins, so pins on both sides of the antimeridian give a narrow window rather than the world.
    /// A single pin, or pins all at one point, get a window `minimumSpanDegrees` across, so that the
    /// map shows where it is; pins apart are fitted however close they are, down to a window
    /// ``streetSpanDegrees`` across (a few streets), so four pins in one town fill the map rather
    /// than sit in a knot in its middle.
    /// - Parameters:
    ///   - coordinates: the pins; an empty list shows the whole world.
    ///   - width: the canvas width, in pixels or dots.
    ///   - height: the canvas height; `nil` picks one from the pins' shape, between 0.5 and 0.9 of the width.
    ///   - margin: the share of the pins' span added on each side.
    ///   - minimumSpanDegrees: the window around a single point, in degrees of longitude at the equator.
    ///   - padding: canvas units kept free of pins along every edge, room for pin markers and labels.
    /// - Returns: a viewport whose window has the canvas's aspect ratio and contains every coordinate.
    public static func fitting(_ coordinates: [MapCoordinate], width: Double, height: Double? = nil,
                               margin: Double = 0.1, minimumSpanDegrees: Double = 1,
                               padding: Double = 0) -> MapViewport {
        guard !coordinates.isEmpty else { return world(width: width, height: height) }
        let (west, span) = longitudeWindow(coordinates.map(\.longitude))
        var minX = MapProjection.x(longitude: west), maxX = MapProjection.x(longitude: west + span)
        let ys = coordinates.map { MapProjection.y(latitude: $0.latitude) }
        var minY = ys.min()!, maxY = ys.max()!
        let spanX = max(maxX - minX, 0), spanY = max(maxY - minY, 0)
        let onePoint = spanX == 0 && spanY == 0
        let minimum = (onePoint ? minimumSpanDegrees : min(minimumSpanDegrees, streetSpanDegrees)) / 360
        let padX = max(spanX * margin, (minimum - spanX) / 2, 0)
        let padY = max(spanY * margin, (minimum - spanY) / 2, 0)
        minX -= padX; maxX += padX
        minY -= padY; maxY += padY
        let pad = min(max(padding, 0), width / 4)
        let inner = fitted(minX: minX, maxX: maxX, minY: minY, maxY: maxY, width: width - 2 * pad,
                           height: height.map { $0 - 2 * pad })
        guard pad > 0 else { return inner }
        // Grow the window by the padding, now that the scale of the inner area is known.
        let grow = pad / inner.scale
        return fitted(minX: inner.minX - grow, maxX: inner.maxX + grow, minY: inner.minY - grow,
                      maxY: inner.maxY + grow, width: width, height: inner.height + 2 * pad)
    }

    /// The narrowest window pins apart are fitted to, in degrees of longitude at the equator: about
    /// 1.1 km, 700 m at London's latitude.
    public static let streetSpanDegrees = 0.01

    /// The view of a circle of `radiusKm` around a centre, on a canvas `width` wide.
    /// - Parameters:
    ///   - centre: the middle of the view.
    ///   - radiusKm: the distance from the centre to the nearest edge of the view.
    ///   - width: the canvas width.
    ///   - height: the canvas height; `nil` makes it three quarters of the width.
    public static func around(_ centre: MapCoordinate, radiusKm: Double, width: Double,
                              height: Double? = nil) -> MapViewport {
        let latitude = min(max(centre.latitude, -80), 80)
        // World units per kilometre at this latitude (Mercator stretches by 1/cos φ).
        let unitsPerKm = 1 / (2 * .pi * Geodesy.earthRadiusKm * cos(latitude * .pi / 180))
        let half = max(radiusKm, 0.05) * unitsPerKm * 1.04
        let cx = MapProjection.x(longitude: centre.longitude), cy = MapProjection.y(latitude: centre.latitude)
        return fitted(minX: cx - half, maxX: cx + half, minY: cy - half, maxY: cy + half,
                      width: width, height: height ?? (width * 0.75).rounded())
    }

    /// The same view with `pixels` more canvas at the bottom (or, where the world ends there, at the
    /// top), at the same scale: room for a legend that would otherwise cover a pin. `nil` when the
    /// view already spans the world from top to bottom.
    public func extended(by pixels: Double) -> MapViewport? {
        let units = pixels * (maxY - minY) / height
        var grown = self
        grown.height = height + pixels
        if maxY + units <= 1 {
            grown.maxY = maxY + units
        } else if minY - units >= 0 {
            grown.minY = minY - units
        } else {
            return nil
        }
        return grown
    }

    /// The whole world between ±85°.
    public static func world(width: Double, height: Double? = nil) -> MapViewport {
        fitted(minX: 0, maxX: 1, minY: MapProjection.y(latitude: 78), maxY: MapProjection.y(latitude: -60),
               width: width, height: height)
    }

    /// The westernmost longitude and the span (degrees, 0…360) of the smallest arc holding every longitude.
    public static func longitudeWindow(_ longitudes: [Double]) -> (west: Double, span: Double) {
        let sorted = longitudes.map { normalizedLongitude($0) }.sorted()
        guard let first = sorted.first, let last = sorted.last else { return (-180, 360) }
        // The gap that wraps from the last pin eastward round to the first.
        var bestGap = first + 360 - last, west = first
        for (a, b) in zip(sorted, sorted.dropFirst()) where b - a > bestGap {
            bestGap = b - a
            west = b
        }
        return (west, 360 - bestGap)
    }

    /// A longitude brought into −180..<180.
    public static func normalizedLongitude(_ longitude: Double) -> Double {
        var value = (longitude + 180).truncatingRemainder(dividingBy: 360)
        if value < 0 { value += 360 }
        return value - 180
    }

    /// Grows a window to the canvas's aspect ratio (choosing a height when none is given) and keeps it
    /// inside the projected world.
    static func fitted(minX: Double, maxX: Double, minY: Double, maxY: Double,
                       width: Double, height: Double?) -> MapViewport {
        var minX = minX, maxX = maxX, minY = minY, maxY = maxY
        if maxX - minX > 1 {
            let centre = (minX + maxX) / 2
            minX = centre - 0.5; maxX = centre + 0.5
        }
        if maxY - minY > 1 { minY = 0; maxY = 1 }
        let spanX = maxX - minX, spanY = maxY - minY
        let canvasHeight = height ?? (width * min(max(spanY / spanX, 0.5), 0.9)).rounded()
        let aspect = canvasHeight / width
        if spanY / spanX < aspect {
            // Too wide for the canvas: add latitude, unless that would pass the poles; then add longitude.
            var newSpanY = spanX * aspect, newSpanX = spanX
            if newSpanY > 1 { newSpanY = 1; newSpanX = 1 / aspect }
            let centreX = (minX + maxX) / 2, centreY = (minY + maxY) / 2
            minX = centreX - newSpanX / 2; maxX = centreX + newSpanX / 2
            minY = centreY - newSpanY / 2; maxY = centreY + newSpanY / 2
        } else {
            let grow = (spanY / aspect - spanX) / 2
            minX -= grow; maxX += grow
        }
        // A window a turn wide or wider would show a continent twice: centre it on 0° instead, so the
        // world is drawn once and the rest of the canvas is padding.
        if maxX - minX >= 1 {
            let half = (maxX - minX) / 2
            minX = 0.5 - half; maxX = 0.5 + half
        }
        // Slide the window back inside the world's top and bottom edges when growing pushed it out.
        if minY < 0 { maxY -= minY; minY = 0 }
        if maxY > 1 { minY -= maxY - 1; maxY = 1 }
        if minY < 0 { minY = 0 }
        return MapViewport(minX: minX, maxX: maxX, minY: minY, maxY: maxY, width: width, height: canvasHeight)
    }
}
