import Foundation
import PlacesKit
import Testing

@Suite struct StayDetectorTests {
    private func stays(_ points: [(Double, Double, Double)]) -> [StayDetector.Stay] {
        var detector = StayDetector()
        var found: [StayDetector.Stay] = []
        for (latitude, longitude, seconds) in points {
            if let stay = detector.add(latitude: latitude, longitude: longitude, time: Date(timeIntervalSince1970: seconds)) {
                found.append(stay)
            }
        }
        if let stay = detector.finish() { found.append(stay) }
        return found
    }

    @Test func exactlyFifteenMinutesIsAStayAndFourteenIsNot() {
        #expect(stays([(10, 10, 0), (10, 10, 900)]).count == 1)
        #expect(stays([(10, 10, 0), (10, 10, 840)]).isEmpty)
    }

    @Test func aPointBeyondHundredMetresEndsTheStay() {
        // 0.0008° of latitude is about 89 m; 0.0010° about 111 m.
        let near = stays([(10, 10, 0), (10.0008, 10, 600), (10, 10, 1200)])
        #expect(near.count == 1 && near[0].points == 3)
        let far = stays([(10, 10, 0), (10.001, 10, 600), (10, 10, 1200)])
        #expect(far.isEmpty)
    }

    @Test func aLongSilenceEndsTheStay() {
        let silence: Double = 3 * 3600
        let found = stays([(10, 10, 0), (10, 10, 1000), (10, 10, 1000 + silence), (10, 10, 1000 + silence + 900)])
        let starts: [Double] = found.map(\.start.timeIntervalSince1970)
        #expect(starts == [0, 1000 + silence])
    }

    @Test func newestFirstPointsGiveTheSameStay() {
        let found = stays([(10, 10, 2000), (10, 10, 1500), (10, 10, 1000)])
        #expect(found.first?.start.timeIntervalSince1970 == 1000 && found.first?.end.timeIntervalSince1970 == 2000)
    }

    @Test func aStayOnTheAntimeridianIsCentredThere() throws {
        // 179.9998° and −179.9998° are 43 m apart across the antimeridian, not 38,000 km.
        let found = stays([(-17, 179.9998, 0), (-17, -179.9998, 600), (-17, 179.9998, 1200)])
        let stay = try #require(found.first)
        #expect(stay.points == 3)
        #expect(abs(stay.longitude - 179.99993) < 0.00002)
    }
}
