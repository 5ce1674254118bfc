import Foundation
import Testing
@testable import PlacesKit

/// Data checks of the bundled Natural Earth outlines: the places a map of them must get right.
@Suite struct MapOutlinesTests {
    /// Whether a point is inside an odd number of the scale's rings of one kind (land or lake) near it:
    /// the even-odd rule the renderers fill with.
    static func inside(_ kind: MapOutlines.Kind, _ scale: MapOutlines.Scale, latitude: Double, longitude: Double) -> Bool {
        var odd = false
        for shape in MapOutlines.shapes(scale: scale, west: longitude - 0.01, south: latitude - 0.01,
                                        east: longitude + 0.01, north: latitude + 0.01) where shape.kind == kind {
            let xs = shape.longitudes, ys = shape.latitudes
            var j = xs.count - 1
            for i in xs.indices {
                if (ys[i] > latitude) != (ys[j] > latitude),
                   longitude < xs[j] + (latitude - ys[j]) * (xs[i] - xs[j]) / (ys[i] - ys[j]) {
                    odd.toggle()
                }
                j = i
            }
        }
        return odd
    }

    static func onLand(_ scale: MapOutlines.Scale, _ latitude: Double, _ longitude: Double) -> Bool {
        inside(.land, scale, latitude: latitude, longitude: longitude) && !inside(.lake, scale, latitude: latitude, longitude: longitude)
    }

    /// Small islands that a country or region map shows: Malta, Singapore, Upolu (Samoa), and the
    /// Giant's Causeway on the north coast of Ireland.
    @Test(arguments: [
        ("Malta", 35.89, 14.43, [MapOutlines.Scale.medium, .large]),
        ("Singapore", 1.3521, 103.8198, [.medium, .large]),
        ("Apia, Samoa", -13.8506, -171.7513, [.medium, .large]),
        ("Giant's Causeway", 55.2408, -6.5117, [.large]),
        ("London", 51.5074, -0.1278, [.small, .medium, .large]),
        ("Paris", 48.8566, 2.3522, [.small, .medium, .large]),
        ("Sydney", -33.8688, 151.2093, [.small, .medium, .large]),
    ])
    func landIsWhereItBelongs(name: String, latitude: Double, longitude: Double, scales: [MapOutlines.Scale]) {
        for scale in scales { #expect(Self.onLand(scale, latitude, longitude), "\(name) at 1:\(scale.rawValue)") }
    }

    @Test(arguments: [
        ("Irish Sea", 53.8, -5.2), ("North Sea", 55.0, 3.0), ("Mid-Atlantic", 30.0, -40.0), ("Strait of Malta", 36.3, 14.6),
    ])
    func seaIsNotLand(name: String, latitude: Double, longitude: Double) {
        for scale in MapOutlines.Scale.allCases { #expect(!Self.onLand(scale, latitude, longitude), "\(name) at 1:\(scale.rawValue)") }
    }

    /// Lake Geneva is water at the two finer scales, the Caspian Sea at all three, while the land around is land.
    @Test func lakesAreWater() {
        for scale in [MapOutlines.Scale.medium, .large] {
            #expect(Self.inside(.lake, scale, latitude: 46.45, longitude: 6.55), "Lake Geneva at 1:\(scale.rawValue)")
            #expect(!Self.onLand(scale, 46.45, 6.55))
            #expect(Self.onLand(scale, 46.52, 6.63), "Lausanne at 1:\(scale.rawValue)")
        }
        for scale in MapOutlines.Scale.allCases {
            #expect(!Self.onLand(scale, 42.0, 50.5), "Caspian Sea at 1:\(scale.rawValue)")
        }
    }

    /// The Thames through London at 1:10m, and the Rhine at every scale that draws rivers of its rank.
    @Test func riversArePresent() {
        func nearestRiverKm(_ scale: MapOutlines.Scale, _ latitude: Double, _ longitude: Double) -> Double {
            var best = Double.infinity
            for shape in MapOutlines.shapes(scale: scale, west: longitude - 0.5, south: latitude - 0.5,
                                            east: longitude + 0.5, north: latitude + 0.5) where shape.kind == .river {
                for (lon, lat) in zip(shape.longitudes, shape.latitudes) {
                    best = min(best, Geodesy.distanceKm(fromLatitude: latitude, longitude: longitude,
                                                        toLatitude: lat, longitude: lon))
                }
            }
            return best
        }
        #expect(nearestRiverKm(.large, 51.5080, -0.1000) < 2, "Thames at Blackfriars")
        #expect(nearestRiverKm(.medium, 51.5080, -0.1000) < 3, "Thames at 1:50m")
        #expect(nearestRiverKm(.large, 50.14, 7.73) < 3, "Rhine at the Lorelei")
        #expect(nearestRiverKm(.small, 50.14, 7.73) < 25, "Rhine at 1:110m")
    }

    /// Country borders at every scale, and first-level borders (between US states) at the finer two.
    @Test func bordersByLevel() {
        func hasShape(_ kind: MapOutlines.Kind, _ scale: MapOutlines.Scale, nearLatitude latitude: Double, longitude: Double) -> Bool {
            MapOutlines.shapes(scale: scale, west: longitude - 1, south: latitude - 1, east: longitude + 1, north: latitude + 1)
                .contains { shape in
                    // Some segment passes within 0.3° of the point (a straight border keeps only its ends).
                    guard shape.kind == kind else { return false }
                    let xs = shape.longitudes, ys = shape.latitudes
                    return zip(xs.indices, xs.indices.dropFirst()).contains { a, b in
                        let dx = xs[b] - xs[a], dy = ys[b] - ys[a], length = dx * dx + dy * dy
                        let t = length > 0 ? min(1, max(0, ((longitude - xs[a]) * dx + (latitude - ys[a]) * dy) / length)) : 0
                        return abs(xs[a] + t * dx - longitude) < 0.3 && abs(ys[a] + t * dy - latitude) < 0.3
                    }
                }
        }
        for scale in MapOutlines.Scale.allCases {
            #expect(hasShape(.countryBorder, scale, nearLatitude: 49.0, longitude: -100.0), "US–Canada at 1:\(scale.rawValue)")
        }
        for scale in [MapOutlines.Scale.medium, .large] {
            // Utah and Colorado meet along 109.05° W.
            #expect(hasShape(.regionBorder, scale, nearLatitude: 39.0, longitude: -109.05), "Utah–Colorado at 1:\(scale.rawValue)")
        }
        #expect(!MapOutlines.allShapes(scale: .small).contains { $0.kind == .regionBorder })
    }

    @Test(arguments: MapOutlines.Scale.allCases)
    func coordinatesAreInRangeAndShapesWellFormed(scale: MapOutlines.Scale) {
        let shapes = MapOutlines.allShapes(scale: scale)
        #expect(shapes.count > 500)
        for kind in MapOutlines.Kind.allCases where !(scale == .small && kind == .regionBorder) {
            #expect(shapes.contains { $0.kind == kind }, "\(kind) at 1:\(scale.rawValue)")
        }
        for shape in shapes {
            #expect(shape.longitudes.count == shape.latitudes.count)
            #expect(shape.longitudes.count >= (shape.kind.isArea ? 3 : 2))
            #expect(shape.longitudes.allSatisfy { (-180...180).contains($0) } && shape.latitudes.allSatisfy { (-90...90).contains($0) })
            #expect(shape.isCutEdge.count == (shape.kind.isArea ? shape.longitudes.count : 0))
        }
    }

    /// A city view decodes only the 1:10m tiles it shows: a small share of the whole scale.
    @Test func aCityViewReadsOnlyItsTiles() {
        let all = MapOutlines.allShapes(scale: .large).reduce(0) { $0 + $1.longitudes.count }
        let london = MapOutlines.shapes(scale: .large, west: -0.3, south: 51.4, east: 0.1, north: 51.6)
            .reduce(0) { $0 + $1.longitudes.count }
        #expect(london > 0)
        #expect(london * 200 < all, "\(london) of \(all) points")
    }

    /// A box past 180° gets the shapes beyond it moved by a turn, so Samoa lies east of Fiji.
    @Test func boxesAcrossTheAntimeridianWrap() {
        let shapes = MapOutlines.shapes(scale: .large, west: 170, south: -20, east: 190, north: -10)
        #expect(shapes.contains { $0.kind == .land && $0.longitudes.contains { $0 > 188 && $0 < 189 } }, "Upolu at 188.2°")
        #expect(shapes.contains { $0.kind == .land && $0.longitudes.contains { $0 > 177 && $0 < 179 } }, "Viti Levu")
        // A box wider than the world gets each tile once.
        let once = MapOutlines.shapes(scale: .small, west: -200, south: -90, east: 200, north: 90).count
        #expect(once == MapOutlines.allShapes(scale: .small).count)
    }

    /// Edges added by cutting the data into tiles are never stroked; a ring inside one tile is all coast.
    @Test func cutEdgesAreNotOutline() {
        let malta = MapOutlines.shapes(scale: .large, west: 14.3, south: 35.8, east: 14.6, north: 36.0)
            .filter { $0.kind == .land && $0.latitudes.contains { $0 > 35.8 && $0 < 36 } && $0.longitudes.contains { $0 > 14.3 && $0 < 14.6 } }
        #expect(!malta.isEmpty)
        for island in malta where !island.isCutEdge.contains(true) {
            #expect(island.outlineRuns() == [Array(island.longitudes.indices) + [0]])
        }
        // Great Britain at 1:10m is cut into tiles; the runs leave every cut edge out.
        for shape in MapOutlines.shapes(scale: .large, west: -3, south: 53, east: -1, north: 55) where shape.kind == .land {
            for run in shape.outlineRuns() {
                for (a, b) in zip(run, run.dropFirst()) { #expect(!shape.isCutEdge[a] || b != (a + 1) % shape.longitudes.count) }
            }
        }
    }

    @Test func scaleFollowsTheView() {
        #expect(MapOutlines.Scale.forView(MapViewport.world(width: 960)) == .small)
        let europe = MapViewport.fitting([Coordinate(latitude: 36, longitude: -10), Coordinate(latitude: 60, longitude: 30)], width: 960)
        #expect(MapOutlines.Scale.forView(europe) == .medium)
        let britishIsles = MapViewport.fitting([Coordinate(latitude: 50, longitude: -10.5), Coordinate(latitude: 58.6, longitude: 1.8)], width: 960)
        #expect(MapOutlines.Scale.forView(britishIsles) == .large)
        #expect(MapOutlines.Scale.forView(MapViewport.around(Coordinate(latitude: 51.5, longitude: -0.12), radiusKm: 5, width: 960)) == .large)
    }
}

/// The SVG draws the base layers by kind at the view's scale: land, lakes as water, rivers, borders.
@Suite struct SVGBaseLayerTests {
    static let lake = "fill=\"#dde9f0\" fill-rule=\"evenodd\"", river = "stroke=\"#9cc0d8\"", regionBorder = "stroke-dasharray=\"3 2\""

    /// The `d` of the first path with these attributes, or an empty string.
    static func layer(_ svg: String, _ attributes: String) -> String {
        guard let end = svg.range(of: "\" " + attributes) else { return "" }
        let before = svg[..<end.lowerBound]
        guard let start = before.range(of: "<path d=\"", options: .backwards) else { return "" }
        return String(before[start.upperBound...])
    }

    @Test func lakeGenevaIsWaterAndTheRhoneARiver() {
        let svg = SVGMapRenderer().render([MapSamples.place(1, "Lausanne", 46.52, 6.63), MapSamples.place(2, "Geneva", 46.2, 6.15)])
        #expect(!Self.layer(svg, Self.lake).isEmpty, "a lake layer")
        #expect(!Self.layer(svg, Self.river).isEmpty, "a river layer")
        #expect(svg.contains("Made with Natural Earth"))
    }

    @Test func stateBordersOnACountryMapNotOnTheWorld() {
        let usa = SVGMapRenderer().render([MapSamples.place(1, "Denver", 39.74, -104.99), MapSamples.place(2, "Salt Lake City", 40.76, -111.89)])
        #expect(!Self.layer(usa, Self.regionBorder).isEmpty)
        let world = SVGMapRenderer().render(MapSamples.europe + [MapSamples.place(90, "Sydney", -33.87, 151.21), MapSamples.place(91, "Denver", 39.74, -104.99)])
        #expect(Self.layer(world, Self.regionBorder).isEmpty)
        #expect(!Self.layer(world, Self.river).isEmpty)
    }

    /// A city map reads only the 1:10m tiles around it: a small file. Over a few streets it leaves the
    /// 1:10m Thames out (the line lies up to a kilometre off the river); across Greater London it is drawn.
    @Test func aCityMapIsSmallAndDrawsRiversOnlyWhereTheyAreAccurate() {
        let london = [MapSamples.place(1, "British Museum", 51.5194, -0.1270), MapSamples.place(2, "Tate Modern", 51.5076, -0.0994)]
        let streets = SVGMapRenderer(options: MapOptions(filter: MapFilter(around: Coordinate(latitude: 51.51, longitude: -0.11), radiusKm: 5))).render(london)
        #expect(streets.utf8.count < 100_000, "\(streets.utf8.count) bytes")
        #expect(Self.layer(streets, Self.river).isEmpty, "no 1:10m river over a few streets")
        let city = SVGMapRenderer(options: MapOptions(filter: MapFilter(around: Coordinate(latitude: 51.51, longitude: -0.11), radiusKm: 60))).render(london)
        #expect(Self.layer(city, Self.river).count > 100, "the Thames")
        #expect(MapOutlines.drawsRivers(kilometresPerUnit: MapOutlines.riverKilometresPerUnit))
        #expect(!MapOutlines.drawsRivers(kilometresPerUnit: 0.01))
    }
}

/// A canvas wider than the world's shape shows the world once, centred on 0°, with padding at the sides.
@Suite struct WideViewTests {
    @Test func aWideWorldIsCentredOnGreenwichWithPadding() {
        let view = MapViewport.world(width: 400, height: 100)
        #expect(view.maxX - view.minX > 1, "wider than a turn")
        #expect(abs((view.minX + view.maxX) / 2 - 0.5) < 1e-12)
        // The world's edges land inside the canvas, so nothing beyond them is drawn twice.
        let west = view.point(latitude: 0, longitude: -179.99).x, east = view.point(latitude: 0, longitude: 179.99).x
        #expect(west > 10 && east < 390 && east > west, "\(west) … \(east)")
        let grid = MapGraticule(viewport: view)
        #expect(grid.longitudes.first ?? 0 >= -180 && grid.longitudes.last ?? 0 <= 180)
    }
}
