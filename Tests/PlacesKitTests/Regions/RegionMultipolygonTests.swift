import Foundation
import Testing
@testable import PlacesGeo
@testable import PlacesKit

/// Multipolygon relations made of member ways: the kept ways read back, rings joined from ways in any
/// order and direction, holes found by containment whatever the roles say, and a point inside.
@Suite struct RegionMultipolygonTests {
    typealias P = RegionMultipolygon.Point

    /// A square ring (closed) of side `size` from a south-west corner, in 1e-7 degrees.
    static func square(_ lat: Int32, _ lon: Int32, _ size: Int32) -> [P] {
        [P(lat: lat, lon: lon), P(lat: lat, lon: lon + size), P(lat: lat + size, lon: lon + size), P(lat: lat + size, lon: lon), P(lat: lat, lon: lon)]
    }

    @Test func keptWaysReadBackExactly() throws {
        var ways = RegionMemberWays()
        let lats: [Int32] = [437_300_000, 437_300_123, 437_299_001, -337_000_000]
        let lons: [Int32] = [74_200_000, 74_201_000, 74_199_999, 1_512_000_000]
        try ways.keep(id: 7, latitudes7: lats, longitudes7: lons)
        try ways.keep(id: 3, latitudes7: [1], longitudes7: [2])
        #expect(try ways.points(of: 7) == zip(lats, lons).map { P(lat: $0, lon: $1) })
        #expect(try ways.points(of: 3) == [P(lat: 1, lon: 2)])
        #expect(try ways.points(of: 5) == nil)
        #expect(ways.count == 2)
    }

    @Test func waysBeyondAMegabyteGoToTheFileAndComeBack() throws {
        // 60,000 ways of 10 points, about 4 MB of records: most of them in the temporary file. Every third
        // way is a building, whose points are not kept but whose summary is.
        var ways = RegionMemberWays()
        func points(_ id: Int64) -> ([Int32], [Int32]) {
            let base = Int32(id % 1000) * 10_000
            return ((0..<10).map { base + Int32($0) * 37 - 400_000_000 }, (0..<10).map { base - Int32($0) * 53 + 1_200_000_000 })
        }
        func summary(_ id: Int64) -> RegionMemberWays.Summary {
            RegionMemberWays.Summary(lat: Int32(id), lon: -Int32(id), extent: Float(id) * 1.5, vertexLat: Int32(id) + 7, vertexLon: 9)
        }
        let ids = (0..<60_000).map { Int64($0) * 3 + 1_000_000_000 }
        for id in ids {
            let (lats, lons) = points(id)
            let building = id % 3 == 0
            try ways.keep(id: id, summary: summary(id), latitudes7: building ? nil : lats, longitudes7: building ? nil : lons)
        }
        for id in ids.reversed() where id % 7 == 0 || id % 11 == 0 {
            let (lats, lons) = points(id)
            #expect(try ways.summary(of: id) == summary(id))
            #expect(try ways.points(of: id) == (id % 3 == 0 ? nil : zip(lats, lons).map { P(lat: $0, lon: $1) }), "way \(id)")
        }
        #expect(try ways.summary(of: ids[0] + 1) == nil)
        #expect(try ways.summary(of: ids.last! + 3) == nil)
    }

    @Test func waysInAnyOrderAndDirectionCloseIntoRings() throws {
        let ring = Self.square(0, 0, 1000)
        // The square's four sides as ways, out of order, two of them reversed.
        let sides = [[ring[2], ring[3]], [ring[1], ring[0]], [ring[3], ring[4]], [ring[2], ring[1]]]
        let area = try #require(RegionMultipolygon(ways: sides, missingMembers: false))
        #expect(area.isComplete)
        #expect(area.polygons.count == 1)
        #expect(Set(area.polygons[0].outer) == Set(ring))
        #expect(RegionMultipolygon.signedArea(area.polygons[0].outer) > 0, "outer rings run counter-clockwise")
        // A way that never closes makes the relation incomplete, and is dropped.
        let open = try #require(RegionMultipolygon(ways: sides + [[P(lat: 5000, lon: 5000), P(lat: 6000, lon: 6000)]], missingMembers: false))
        #expect(!open.isComplete && open.polygons.count == 1)
        #expect(RegionMultipolygon(ways: [[P(lat: 0, lon: 0), P(lat: 1, lon: 1)]], missingMembers: false) == nil)
    }

    @Test func holesAreFoundByContainmentAndRunTheOtherWay() throws {
        // An outer square holding a courtyard, which holds an island of its own, and a second part apart.
        let outer = Self.square(0, 0, 1000), courtyard = Self.square(200, 200, 600), island = Self.square(400, 400, 100)
        let apart = Self.square(5000, 5000, 100)
        let area = try #require(RegionMultipolygon(ways: [island, outer.reversed(), courtyard, apart], missingMembers: false))
        #expect(area.polygons.count == 3)
        let big = try #require(area.polygons.first { $0.outer.contains(P(lat: 0, lon: 0)) })
        #expect(big.holes.count == 1)
        #expect(RegionMultipolygon.signedArea(big.holes[0]) < 0, "holes run clockwise")
        #expect(area.contains(lat: 100, lon: 100))
        #expect(!area.contains(lat: 300, lon: 300), "in the courtyard")
        #expect(area.contains(lat: 450, lon: 450), "on the island in the courtyard")
        #expect(area.contains(lat: 5050, lon: 5050))
    }

    @Test func theInteriorPointIsInsideAndNeverInAHole() throws {
        // A square whose centre is a courtyard: the centroid is in the hole, so the point must move.
        let area = try #require(RegionMultipolygon(ways: [Self.square(0, 0, 1000), Self.square(300, 300, 400)], missingMembers: false))
        let point = area.interiorPoint()
        #expect(area.contains(lat: Double(point.lat), lon: Double(point.lon)), "\(point)")
        // A U shape, whose centroid lies in its notch.
        let u = [P(lat: 0, lon: 0), P(lat: 0, lon: 900), P(lat: 900, lon: 900), P(lat: 900, lon: 600), P(lat: 100, lon: 600),
                 P(lat: 100, lon: 300), P(lat: 900, lon: 300), P(lat: 900, lon: 0), P(lat: 0, lon: 0)]
        let shape = try #require(RegionMultipolygon(ways: [u], missingMembers: false))
        let inside = shape.interiorPoint()
        #expect(shape.contains(lat: Double(inside.lat), lon: Double(inside.lon)), "\(inside)")
    }
}

/// The settlement a feature takes as its locality when no boundary holds it.
@Suite struct RegionSettlementIndexTests {
    /// The rule the index answers by: every node of the 3 × 3 quarter degrees around the point, the least
    /// share of its reach, the first met on a tie.
    static func scan(_ nodes: [(name: String, lat: Double, lon: Double, reach: Double)], _ lat: Double, _ lon: Double) -> String? {
        func quarter(_ value: Double) -> Int { Int((value * 4).rounded(.down)) }
        var best: (name: String, ratio: Double)?
        for dr in -1...1 { for dc in -1...1 {
            for node in nodes where quarter(node.lat) == quarter(lat) + dr && quarter(node.lon) == quarter(lon) + dc {
                let d = Geodesy.distanceKm(fromLatitude: lat, longitude: lon, toLatitude: node.lat, longitude: node.lon)
                if d <= node.reach, best == nil || d / node.reach < best!.ratio { best = (node.name, d / node.reach) }
            }
        } }
        return best?.name
    }

    @Test(arguments: [43.7, 69.5, 89.9, -54.8])
    func answersAsTheScanOfEveryNearbyNode(latitude: Double) {
        var random = SystemRandomNumberGenerator()
        let reaches = [12.0, 6, 3, 1.5]
        var nodes: [(name: String, lat: Double, lon: Double, reach: Double)] = (0..<400).map { i in
            ("n\(i)", min(90, latitude + Double.random(in: -0.4...0.4, using: &random)), Double.random(in: 7...8, using: &random),
             reaches[i % 4])
        }
        // Two nodes at one spot with one reach tie everywhere: the first met wins.
        nodes.append(("twin a", latitude, 7.5, 6))
        nodes.append(("twin b", latitude, 7.5, 6))
        let index = RegionSettlementIndex(nodes)
        var found = 0
        for _ in 0..<2_000 {
            let lat = min(90, latitude + Double.random(in: -0.5...0.5, using: &random)), lon = Double.random(in: 6.9...8.1, using: &random)
            let expected = Self.scan(nodes, lat, lon)
            #expect(index.nearest(latitude: lat, longitude: lon) == expected, "at \(lat),\(lon)")
            if expected != nil { found += 1 }
        }
        #expect(found > 100)
        #expect(index.nearest(latitude: latitude, longitude: 7.5) == Self.scan(nodes, latitude, 7.5))
    }
}
