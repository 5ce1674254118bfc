import Testing
@testable import PlacesKit
@testable import PlacesMap

/// The world-wide lists of the smallest scales name exactly what a walk over each view's area names.
@Suite struct MapContextIndexTests {
    static let views: [MapViewport] = [
        .world(width: 338),
        .around(MapCoordinate(latitude: 50, longitude: 10), radiusKm: 1_500, width: 338, height: 196),
        .around(MapCoordinate(latitude: 35, longitude: 105), radiusKm: 1_200, width: 338, height: 196),
        .around(MapCoordinate(latitude: 48.2, longitude: 16.4), radiusKm: 250, width: 338, height: 196),
        // Across the antimeridian, at continent and at country scale (walked as before).
        .around(MapCoordinate(latitude: -30, longitude: 178), radiusKm: 1_000, width: 338, height: 196),
        .around(MapCoordinate(latitude: -18, longitude: 179.5), radiusKm: 200, width: 338, height: 196),
        // A region.
        .around(MapCoordinate(latitude: 60.2, longitude: 24.9), radiusKm: 60, width: 338, height: 196),
    ]

    @Test func eachViewGetsTheNamesOfItsOwnWalk() {
        let index = MapContextIndex(gazetteer: .bundled, limit: 300)
        var bands: [MapContext.Band] = []
        for view in Self.views {
            bands.append(MapContext.Band(kilometresPerUnit: view.kilometresPerUnit))
            let expected = MapContext.candidates(for: view, limit: 300)
            #expect(!expected.isEmpty, "no names at \(view.west)…\(view.east)")
            #expect(index.candidates(for: view) == expected, "\(bands.last!) at \(view.west)…\(view.east)")
        }
        // Every kept band is among the views.
        #expect(Set(bands.map { "\($0)" }).isSuperset(of: ["world", "continent", "country", "region"]))
    }
}
