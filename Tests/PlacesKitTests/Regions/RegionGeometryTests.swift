import Foundation
import Testing
@testable import PlacesGeo
@testable import PlacesKit

/// The geometry section of a region pack: which ways are drawn as what, clipping to tiles, and the
/// packed shapes read back where they were.
@Suite struct RegionGeometryTests {
    @Test(arguments: [
        (["highway": "primary", "name": "Boulevard"], false, RegionLayer.primary),
        (["highway": "residential"], false, .minor),
        (["highway": "footway"], false, .footway),
        (["highway": "primary", "tunnel": "yes"], false, nil),
        (["railway": "rail"], false, .railway),
        (["natural": "water"], true, .water),
        (["natural": "water"], false, nil),
        (["leisure": "park"], true, .green),
        (["building": "yes"], true, .building),
        (["building": "no"], true, nil),
        (["natural": "coastline"], false, .coastline),
        (["amenity": "cafe"], true, nil),
    ] as [([String: String], Bool, RegionLayer?)])
    func layerFromTags(tags: [String: String], closed: Bool, layer: RegionLayer?) {
        #expect(RegionLayer.of(tags: OSMTags(tags), closed: closed) == layer)
    }

    @Test func lineAcrossTilesIsCutWhereItCrossesAndJoinsAgain() {
        let t = RegionGeometryCollector.tileUnits
        let line = [(x: 10, y: 10), (x: t + 10, y: 10), (x: t + 10, y: t + 30)]
        var pieces: [[(x: Int, y: Int)]] = []
        for row in 0...1 { for column in 0...1 {
            pieces += RegionGeometryCollector.clipLine(line, to: (column * t, row * t, column * t + t, row * t + t))
        } }
        #expect(pieces.count == 3)
        #expect(pieces.contains { $0.first! == (10, 10) && $0.last! == (t, 10) })
        #expect(pieces.contains { $0.first! == (t, 10) && $0.last! == (t + 10, t) })
        #expect(pieces.contains { $0.first! == (t + 10, t) && $0.last! == (t + 10, t + 30) })
    }

    @Test func ringIsCutToItsTile() {
        let t = RegionGeometryCollector.tileUnits
        let ring = [(x: t - 10, y: 10), (x: t + 10, y: 10), (x: t + 10, y: 30), (x: t - 10, y: 30)]
        let west = RegionGeometryCollector.clipRing(ring, to: (0, 0, t, t))
        #expect(Set(west.map { [$0.x, $0.y] }) == [[t - 10, 10], [t, 10], [t, 30], [t - 10, 30]])
    }

    @Test func simplifyingKeepsCornersAndDropsStraightRuns() {
        let points = [(x: 0, y: 0), (x: 5, y: 0), (x: 10, y: 0), (x: 10, y: 7), (x: 10, y: 20)]
        let kept = RegionGeometryCollector.simplified(points, closed: false)
        #expect(kept.map { [$0.x, $0.y] } == [[0, 0], [10, 0], [10, 20]])
    }

    /// A pack written from a collector gives its shapes back at their places, named, cut only at tile edges.
    @Test func packedShapesReadBackWhereTheyWere() throws {
        var compiler = RegionCompiler()
        // A street from Monaco's Place du Casino to the east, crossing a tile edge, and a building.
        let street: [(Int32, Int32)] = [(437_393_000, 74_277_000), (437_395_000, 74_330_000), (437_410_000, 74_400_000)]
        compiler.geometry.add(tags: ["highway": "secondary", "name": "Avenue des Spélugues"],
                              latitudes7: street.map(\.0), longitudes7: street.map(\.1))
        let building: [(Int32, Int32)] = [(437_300_000, 74_200_000), (437_300_000, 74_201_000), (437_301_000, 74_201_000),
                                          (437_301_000, 74_200_000), (437_300_000, 74_200_000)]
        compiler.geometry.add(tags: ["building": "yes"], latitudes7: building.map(\.0), longitudes7: building.map(\.1))
        try compiler.header(OSMHeader(bounds: GeoBounds(minLatitude: 43.7, minLongitude: 7.4, maxLatitude: 43.76, maxLongitude: 7.45)))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("region-geometry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("test.region").path
        try RegionPackWriter.write(name: "test", source: "test.osm", compiler: &compiler,
                                   features: RegionFeatureStore(directory: directory.path), to: file)
        let pack = try RegionPack(path: file)
        let shapes = pack.shapes(west: 7.40, south: 43.70, east: 7.45, north: 43.76)
        let streets = shapes.filter { $0.layer == .secondary }
        #expect(streets.count == 2)  // 7.4375° E is a tile edge
        #expect(streets.allSatisfy { $0.name == "Avenue des Spélugues" })
        let first = try #require(streets.first { abs($0.longitudes[0] - 7.4277) < 1e-4 })
        #expect(abs(first.latitudes[0] - 43.7393) < 2e-5)
        let houses = shapes.filter { $0.layer == .building }
        #expect(houses.count == 1 && houses[0].longitudes.count == 4 && !houses[0].isCutEdge.contains(true))
        #expect(pack.shapes(west: 7.40, south: 43.70, east: 7.45, north: 43.76, layers: [.building]).count == 1)
        // Far from it, nothing.
        #expect(pack.shapes(west: 2.3, south: 48.8, east: 2.4, north: 48.9).isEmpty)
    }
}

/// Coastline ways joined end to start, whatever order the extract gives them in.
@Suite struct CoastlineJoinTests {
    typealias P = RegionCoastline.Point

    @Test func waysJoinIntoLinesAndRingsInTheOrderOfTheirFirstWays() {
        let ringA: [P] = [(0, 0), (5, 0)], ringB: [P] = [(5, 0), (5, 5)], ringC: [P] = [(5, 5), (0, 0)]
        let lineA: [P] = [(10, 0), (11, 0)], lineB: [P] = [(11, 0), (12, 0)], lineC: [P] = [(12, 0), (13, 1)]
        let island: [P] = [(20, 20), (21, 20), (21, 21), (20, 20)]
        // The line's middle first, the ring's last way first: each join must be found wherever its ways are.
        let joined = RegionCoastline.joined([lineB, ringC, island, lineC, ringA, [(30, 30)], lineA, ringB])
        let expected: [[P]] = [[(5, 5), (0, 0), (5, 0), (5, 5)], island, [(10, 0), (11, 0), (12, 0), (13, 1)]]
        #expect(joined.map { $0.map { [$0.x, $0.y] } } == expected.map { $0.map { [$0.x, $0.y] } })
        // Thousands of ways in reverse order join in one pass (trying every pair after each join took minutes).
        let many = (0..<5_000).map { i -> [P] in [(i, 0), (i + 1, 0)] }
        let long = RegionCoastline.joined(many.reversed())
        #expect(long.count == 1 && long[0].count == 5_001 && long[0].first! == (0, 0) && long[0].last! == (5_000, 0))
    }
}
