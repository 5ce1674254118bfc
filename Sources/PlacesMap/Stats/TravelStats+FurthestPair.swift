#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

extension TravelStats {
    /// The two places furthest apart on the sphere: the pair whose unit vectors have the smallest dot
    /// product (the longest chord is the longest arc).
    /// - Returns: their indices in `places`, and the great-circle distance between them.
    static func furthestPair(_ places: [Location], exactLimit: Int) -> (first: Int, second: Int, distanceKm: Double)? {
        // One candidate per distinct position: a journal often pins the same spot more than once. Kept as
        // indices beside their vectors: a place copied is its strings retained and released.
        var seen = Set<SIMD2<Double>>(minimumCapacity: places.count)
        var chosenPins: [Int] = [], vectors: [(Double, Double, Double)] = []
        for index in places.indices where seen.insert(SIMD2(places[index].latitude, places[index].longitude)).inserted {
            chosenPins.append(index)
            vectors.append(unitVector(latitude: places[index].latitude, longitude: places[index].longitude))
        }
        guard vectors.count >= 2 else { return nil }
        if vectors.count > exactLimit {
            // The furthest pair lies on the convex hull of the points; the most extreme point in each
            // of many directions is on the hull, so comparing those finds the pair or one very close.
            var chosen = Set<Int>()
            // The vectors alone, contiguous: 2,000 passes over 100,000 pins stay in cache.
            vectors.withUnsafeBufferPointer { vectors in
                for direction in fibonacciSphere(count: 2_000) {
                    var best = 0, bestDot = -Double.infinity
                    for index in 0..<vectors.count {
                        let d = dot(vectors[index], direction)
                        if d > bestDot { bestDot = d; best = index }
                    }
                    chosen.insert(best)
                }
            }
            let kept = chosen.sorted()
            chosenPins = kept.map { chosenPins[$0] }
            vectors = kept.map { vectors[$0] }
        }
        let best = smallestDotPair(vectors)
        let (a, b) = (chosenPins[best.0], chosenPins[best.1])
        return (a, b, Geodesy.distanceKm(fromLatitude: places[a].latitude, longitude: places[a].longitude,
                                         toLatitude: places[b].latitude, longitude: places[b].longitude))
    }

    static func unitVector(latitude: Double, longitude: Double) -> (Double, Double, Double) {
        let φ = latitude * .pi / 180, λ = longitude * .pi / 180
        return (cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
    }

    static func dot(_ a: (Double, Double, Double), _ b: (Double, Double, Double)) -> Double {
        a.0 * b.0 + a.1 * b.1 + a.2 * b.2
    }

    /// `count` directions spread evenly over the sphere.
    static func fibonacciSphere(count: Int) -> [(Double, Double, Double)] {
        let golden = Double.pi * (3 - 5.0.squareRoot())
        return (0..<count).map { i in
            let z = 1 - 2 * (Double(i) + 0.5) / Double(count)
            let r = (1 - z * z).squareRoot()
            return (r * cos(golden * Double(i)), r * sin(golden * Double(i)), z)
        }
    }

    /// The pair `(i, j)`, `i < j`, of `vectors` with the smallest dot product, the first in `(i, j)` order
    /// among equal ones: what comparing every pair in that order finds.
    ///
    /// The vectors are grouped by a grid over their coordinates, and a pair of groups is compared only while
    /// a lower bound of its dot products (interval arithmetic over the groups' boxes) could still beat the
    /// smallest found: the pair of groups with the lowest bound first, which nearly always holds the answer,
    /// so the other groups are passed over by their bound alone. A journal's places lie in a few clusters,
    /// so most pairs are never compared.
    /// - Complexity: O(g²) bounds for `g` groups, and the dot products of the group pairs not passed over;
    ///   O(n²) at worst.
    static func smallestDotPair(_ vectors: [(Double, Double, Double)]) -> (Int, Int) {
        var best = (0, 1), smallest = Double.infinity
        /// Keeps the pair if it is smaller, or as small and earlier.
        func consider(_ i: Int, _ j: Int) {
            let d = dot(vectors[i], vectors[j])
            if d < smallest || (d == smallest && (i, j) < best) { smallest = d; best = (i, j) }
        }
        let finite = vectors.allSatisfy { $0.0.isFinite && $0.1.isFinite && $0.2.isFinite }
        guard finite, vectors.count > 64 else {
            for i in vectors.indices { for j in (i + 1)..<vectors.count { consider(i, j) } }
            return best
        }
        let groups = Group.grouping(vectors)
        // The bound of every pair of groups, and the lowest first.
        var pairs: [(a: Int, b: Int, bound: Double)] = []
        pairs.reserveCapacity(groups.count * (groups.count + 1) / 2)
        for a in groups.indices { for b in a..<groups.count { pairs.append((a, b, groups[a].lowestDot(with: groups[b]))) } }
        func compare(_ pair: (a: Int, b: Int, bound: Double)) {
            let first = groups[pair.a].members, second = groups[pair.b].members
            if pair.a == pair.b {
                for (n, i) in first.enumerated() { for j in first[(n + 1)...] { consider(i, j) } }
            } else {
                for i in first { for j in second { consider(min(i, j), max(i, j)) } }
            }
        }
        // The bound is exact interval arithmetic; the dot products are rounded by a few units in the last
        // place of numbers at most 1, so a group pair is passed over only when its bound exceeds the smallest
        // by far more than that: none of its products could be as small.
        let margin = 1e-12
        let lowest = pairs.indices.min { pairs[$0].bound < pairs[$1].bound }!
        compare(pairs[lowest])
        for (index, pair) in pairs.enumerated() where index != lowest && pair.bound - margin <= smallest { compare(pair) }
        return best
    }

    /// Vectors in one cell of a grid over their coordinates: their indices in order, and their box.
    private struct Group {
        var members: [Int] = []
        var low = (Double.infinity, Double.infinity, Double.infinity)
        var high = (-Double.infinity, -Double.infinity, -Double.infinity)

        /// `vectors` (finite, of length about 1) by grid cell: about √n / 2 cells a side, at most 16.
        static func grouping(_ vectors: [(Double, Double, Double)]) -> [Group] {
            let side = min(16, max(2, Int(Double(vectors.count).squareRoot() / 2)))
            func cell(_ x: Double) -> Int { min(side - 1, max(0, Int(((x + 1) / 2 * Double(side)).rounded(.down)))) }
            var groupOfCell: [Int: Int] = [:]
            var groups: [Group] = []
            for (index, v) in vectors.enumerated() {
                let key = (cell(v.0) * side + cell(v.1)) * side + cell(v.2)
                let group: Int
                if let known = groupOfCell[key] { group = known } else {
                    group = groups.count
                    groupOfCell[key] = group
                    groups.append(Group())
                }
                groups[group].members.append(index)
                groups[group].low = (min(groups[group].low.0, v.0), min(groups[group].low.1, v.1), min(groups[group].low.2, v.2))
                groups[group].high = (max(groups[group].high.0, v.0), max(groups[group].high.1, v.1), max(groups[group].high.2, v.2))
            }
            return groups
        }

        /// A lower bound of the dot product of any vector of this group with any of `other`.
        func lowestDot(with other: Group) -> Double {
            func lowest(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
                Swift.min(a.0 * b.0, a.0 * b.1, a.1 * b.0, a.1 * b.1)
            }
            return lowest((low.0, high.0), (other.low.0, other.high.0)) + lowest((low.1, high.1), (other.low.1, other.high.1))
                + lowest((low.2, high.2), (other.low.2, other.high.2))
        }
    }
}
