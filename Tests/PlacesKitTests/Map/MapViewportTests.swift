import Testing
@testable import PlacesKit

@Suite struct MapProjectionTests {
    @Test func equatorAndGreenwichAreTheMiddle() {
        #expect(MapProjection.x(longitude: 0) == 0.5)
        #expect(abs(MapProjection.y(latitude: 0) - 0.5) < 1e-12)
        #expect(abs(MapProjection.y(latitude: MapProjection.maximumLatitude)) < 1e-9)
        #expect(abs(MapProjection.y(latitude: -90) - 1) < 1e-9)  // clipped at −85.05°
    }

    @Test func londonLandsOnItsWebMercatorPixel() {
        // The whole world as one 256-pixel tile (zoom 0), as web maps number it.
        let world = MapViewport(minX: 0, maxX: 1, minY: 0, maxY: 1, width: 256, height: 256)
        let p = world.point(latitude: 51.5074, longitude: -0.1278)
        #expect(abs(p.x - 127.9091) < 0.001)
        #expect(abs(p.y - 85.1265) < 0.001)
    }

    @Test func windowMapsToPixels() {
        let view = MapViewport(minX: 0.25, maxX: 0.75, minY: 0.25, maxY: 0.75, width: 800, height: 800)
        let centre = view.point(latitude: 0, longitude: 0)
        #expect(abs(centre.x - 400) < 1e-9 && abs(centre.y - 400) < 1e-9)
        #expect(abs(view.point(latitude: 0, longitude: -90).x) < 1e-9)
        #expect(abs(view.point(latitude: 0, longitude: 90).x - 800) < 1e-9)
    }

    @Test func inverseRoundTrips() {
        for latitude in stride(from: -80.0, through: 80, by: 10) {
            #expect(abs(MapProjection.latitude(y: MapProjection.y(latitude: latitude)) - latitude) < 1e-9)
        }
    }
}

@Suite struct MapViewportFittingTests {
    static let widths: [Double] = [300, 960, 1600]

    @Test(arguments: widths)
    func fittedViewContainsEveryPin(width: Double) {
        let pins = MapSamples.europe + [MapSamples.place(9, "Sydney", -33.86, 151.21), MapSamples.place(10, "Lima", -12.05, -77.04)]
        let view = MapViewport.fitting(pins.map { MapCoordinate(latitude: $0.latitude, longitude: $0.longitude) },
                                       width: width, padding: 20)
        for pin in pins {
            #expect(view.contains(latitude: pin.latitude, longitude: pin.longitude), "\(pin.name) outside")
            let p = view.point(latitude: pin.latitude, longitude: pin.longitude)
            #expect(p.x >= 19.9 && p.x <= width - 19.9 && p.y >= 19.9 && p.y <= view.height - 19.9, "\(pin.name) in the padding")
        }
        #expect(view.width == width)
        #expect(abs((view.maxX - view.minX) / (view.maxY - view.minY) - view.width / view.height) < 1e-9)
    }

    @Test func pinsAcrossTheAntimeridianGiveANarrowWindow() {
        let pins = [MapSamples.fiji, MapSamples.samoa].map { MapCoordinate(latitude: $0.latitude, longitude: $0.longitude) }
        let window = MapViewport.longitudeWindow(pins.map(\.longitude))
        #expect(abs(window.west - 178.4419) < 1e-9)
        #expect(abs(window.span - 9.7914) < 1e-6)
        let view = MapViewport.fitting(pins, width: 960)
        #expect(view.east - view.west < 30, "a narrow window, not the world: \(view.west)…\(view.east)")
        #expect(view.west < 178.4419 && view.east > 188.2333)
        for pin in pins { #expect(view.contains(latitude: pin.latitude, longitude: pin.longitude)) }
        // Samoa lies east of Fiji on this map, though its longitude is negative.
        #expect(view.point(pins[1]).x > view.point(pins[0]).x)
    }

    @Test func singlePinGetsASensibleSpan() {
        let pin = MapCoordinate(latitude: 51.501, longitude: -0.141)
        let view = MapViewport.fitting([pin], width: 960)
        let span = view.east - view.west
        #expect(span >= 1 && span < 3, "span \(span)°")
        let p = view.point(pin)
        #expect(abs(p.x - 480) < 1e-6 && abs(p.y - view.height / 2) < 1e-6)
    }

    @Test func noPinsShowTheWorld() {
        let view = MapViewport.fitting([], width: 960)
        #expect(abs(view.west + 180) < 0.5 && abs(view.east - 180) < 0.5, "\(view.west)…\(view.east)")
    }

    @Test func aroundFramesTheRadius() {
        let centre = MapCoordinate(latitude: 48.8566, longitude: 2.3522)
        let view = MapViewport.around(centre, radiusKm: 20, width: 800)
        #expect(view.height == 600)
        // 19 km north, south, east and west are inside; 25 km north is not.
        let kmPerDegreeLatitude = 111.2
        #expect(view.contains(latitude: centre.latitude + 19 / kmPerDegreeLatitude, longitude: centre.longitude))
        #expect(view.contains(latitude: centre.latitude - 19 / kmPerDegreeLatitude, longitude: centre.longitude))
        #expect(!view.contains(latitude: centre.latitude + 25 / kmPerDegreeLatitude, longitude: centre.longitude))
        #expect(view.contains(latitude: centre.latitude, longitude: centre.longitude + 19 / (kmPerDegreeLatitude * 0.658)))
        let p = view.point(centre)
        #expect(abs(p.x - 400) < 1e-6 && abs(p.y - 300) < 1e-6)
    }

    @Test func longitudeWindowWithoutWrapping() {
        let window = MapViewport.longitudeWindow([-10, 20, 5])
        #expect(window.west == -10 && window.span == 30)
        #expect(MapViewport.normalizedLongitude(190) == -170)
        #expect(MapViewport.normalizedLongitude(-180) == -180)
    }

    @Test func scaleBarIsRoundAndFits() {
        let view = MapViewport.around(MapCoordinate(latitude: 0, longitude: 0), radiusKm: 100, width: 800)
        let bar = MapScaleBar(viewport: view, maximumLength: 150)
        #expect([1.0, 2, 5, 10, 20, 50].contains(bar.kilometres))
        #expect(bar.length <= 150 && bar.length > 150 / 5)
        #expect(DistanceParser.text(kilometres: 0.5) == "500 m")
        #expect(DistanceParser.text(kilometres: 2000) == "2000 km")
    }
}

@Suite struct MapFilterTests {
    @Test func filtersByTagVisitedAndRadius() {
        let all = MapSamples.europe
        #expect(MapFilter(tags: ["SIGHTS"]).apply(to: all).count == 4)
        #expect(MapFilter(visited: true).apply(to: all).map(\.name) == ["Buckingham Palace", "Louvre", "Colosseum", "Alhambra"])
        #expect(MapFilter(visited: false).apply(to: all).count == 4)
        let paris = MapFilter(around: MapCoordinate(latitude: 48.8566, longitude: 2.3522), radiusKm: 10)
        #expect(paris.apply(to: all).map(\.name) == ["Louvre"])
    }

    @Test func readsCentres() throws {
        #expect(MapCoordinate(coordinateText: "-33.86, 151.21") == MapCoordinate(latitude: -33.86, longitude: 151.21))
        let outside = try #require(MapCoordinate(coordinateText: "95,0"))
        #expect(!outside.isInTheWorld)
        #expect(MapCoordinate(coordinateText: "-33.86,151.21")?.isInTheWorld == true)
        #expect(MapCoordinate(coordinateText: "Paris") == nil)
        #expect(MapCoordinate(coordinateText: "1,2,3") == nil)
    }
}
