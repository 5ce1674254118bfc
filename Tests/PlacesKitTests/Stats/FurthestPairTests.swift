import PlacesKit
@testable import PlacesMap
import Testing

@Suite struct FurthestPairTests {
    /// Every pair compared in order, as the statistics did before the groups.
    static func everyPair(_ vectors: [(Double, Double, Double)]) -> (Int, Int) {
        var best = (0, 1), smallest = Double.infinity
        for i in vectors.indices {
            for j in (i + 1)..<vectors.count {
                let d = TravelStats.dot(vectors[i], vectors[j])
                if d < smallest { smallest = d; best = (i, j) }
            }
        }
        return best
    }

    static func vector(latitude: Double, longitude: Double) -> (Double, Double, Double) {
        TravelStats.unitVector(latitude: latitude, longitude: longitude)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func groupedSearchFindsThePairEveryPairFinds(seed: UInt64) {
        var random = SplitMix(seed: seed)  // the tests' seeded generator: a failure can be replayed
        // Clusters around a few towns (as journals are), or points anywhere for odd seeds.
        let centres = (0..<Int.random(in: 1...12, using: &random)).map { _ in
            (Double.random(in: -80...80, using: &random), Double.random(in: -180...180, using: &random))
        }
        var vectors: [(Double, Double, Double)] = []
        for _ in 0..<Int.random(in: 65...700, using: &random) {
            if seed % 2 == 1 {
                vectors.append(Self.vector(latitude: .random(in: -90...90, using: &random), longitude: .random(in: -180...180, using: &random)))
            } else {
                let centre = centres.randomElement(using: &random)!
                vectors.append(Self.vector(latitude: centre.0 + .random(in: -0.5...0.5, using: &random),
                                           longitude: centre.1 + .random(in: -0.5...0.5, using: &random)))
            }
        }
        // Repeated vectors make ties: the first pair in order must still win.
        for _ in 0..<10 { vectors.append(vectors.randomElement(using: &random)!) }
        let expected = Self.everyPair(vectors)
        let found = TravelStats.smallestDotPair(vectors)
        #expect(found == expected)
    }

    @Test func exactAntipodesAndTiesKeepTheFirstPair() {
        // Two copies of each end: four pairs equally far apart, of which (0, 2) comes first.
        var vectors = [Self.vector(latitude: 40, longitude: -3), Self.vector(latitude: 40, longitude: -3),
                       Self.vector(latitude: -40, longitude: 177), Self.vector(latitude: -40, longitude: 177)]
        for i in 0..<100 { vectors.append(Self.vector(latitude: 10 + Double(i) * 0.01, longitude: 20)) }
        #expect(TravelStats.smallestDotPair(vectors) == Self.everyPair(vectors))
        #expect(TravelStats.smallestDotPair(vectors) == (0, 2))
    }
}
