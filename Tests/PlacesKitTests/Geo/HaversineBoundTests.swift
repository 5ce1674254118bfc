import Testing
@testable import PlacesCore
@testable import PlacesGeo

/// The longitude test the region lookups take before a great-circle distance: it never calls a point
/// beyond the distance that the distance itself puts within, and it does pass over far points.
@Suite struct HaversineBoundTests {
    @Test(arguments: [0.0, 35.68, -33.87, 60.17, 78.2, -89.5, 89.99])
    func aPointCalledBeyondIsFartherAndFarPointsAreCalledBeyond(latitude: Double) {
        var seed: UInt64 = UInt64(bitPattern: Int64(latitude * 1_000)) &+ 11
        func unit() -> Double {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Double(seed >> 11) / Double(1 << 53)
        }
        var beyond = 0, nearerThanHalf = 0
        for _ in 0..<20_000 {
            let radius = [0.5, 3, 40, 400, 5_000][Int(unit() * 5)]
            let bound = HaversineBound(latitude: latitude, distanceKm: radius)
            // Offsets from a hair to a few times the radius, in both coordinates, across the antimeridian too.
            let scale = radius / 111 * 4
            let other = max(-90, min(90, latitude + (unit() - 0.5) * scale))
            let longitudeDelta = (unit() - 0.5) * scale * 6
            let distance = Geodesy.distanceKm(fromLatitude: latitude, longitude: 179.9, toLatitude: other, longitude: 179.9 + longitudeDelta)
            if bound.isBeyond(latitudeDelta: other - latitude, longitudeDelta: longitudeDelta) {
                beyond += 1
                #expect(distance > radius, "\(latitude) → \(other), Δλ \(longitudeDelta): \(distance) km within \(radius) km")
            } else if distance > 2 * radius, abs(longitudeDelta) < 90 {
                nearerThanHalf += abs(latitude) < 80 ? 1 : 0
            }
        }
        // Near a pole a degree of longitude is next to nothing: the test rightly calls nothing beyond there.
        if abs(latitude) < 80 { #expect(beyond > 1_000, "far points are passed over: \(beyond) of 20,000") }
        // Near the equator and at middle latitudes the test catches most points more than twice as far.
        if abs(latitude) < 65 { #expect(nearerThanHalf < beyond, "missed \(nearerThanHalf), caught \(beyond)") }
    }

    @Test func noDistanceOrAnAntipodalOneTestsNothing() {
        for radius in [Double.infinity, 25_000, .nan] {
            let bound = HaversineBound(latitude: 10, distanceKm: radius)
            #expect(!bound.isBeyond(latitudeDelta: 0, longitudeDelta: 100))
        }
        // A point at the same spot is never beyond, even a zero distance.
        #expect(!HaversineBound(latitude: 10, distanceKm: 0).isBeyond(latitudeDelta: 0, longitudeDelta: 0))
    }
}
