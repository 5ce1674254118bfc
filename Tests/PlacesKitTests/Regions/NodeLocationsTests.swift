@testable import PlacesKit
import Testing
@testable import PlacesGeo

@Suite struct NodeLocationsTests {
    /// Nodes as extracts hold them: rising ids with gaps, positions a few metres to kilometres apart,
    /// both hemispheres' signs, and the extreme coordinates.
    static func sample(count: Int) -> [(id: Int64, lat: Int32, lon: Int32)] {
        var random = SplitMix(seed: 24)  // the tests' seeded generator: a failure can be replayed
        var id: Int64 = 21_911_883
        var lat: Int32 = 437_300_000, lon: Int32 = 74_200_000
        var nodes: [(id: Int64, lat: Int32, lon: Int32)] = []
        for index in 0..<count {
            id += Int64(1 + random.next() % (index % 97 == 0 ? 5_000_000_000 : 40))
            lat = max(-900_000_000, min(900_000_000, lat + Int32(truncatingIfNeeded: Int64(random.next() % 20_001) - 10_000)))
            lon = max(-1_800_000_000, min(1_800_000_000, lon + Int32(truncatingIfNeeded: Int64(random.next() % 20_001) - 10_000)))
            nodes.append((id, lat, lon))
        }
        nodes.append((id + 1, 900_000_000, -1_800_000_000))
        nodes.append((id + 2, -900_000_000, 1_800_000_000))
        return nodes
    }

    @Test func everyNodeIsFoundAtItsPositionAndOthersAreNot() throws {
        let nodes = Self.sample(count: 10_000)
        var locations = NodeLocations()
        for node in nodes { try locations.append(id: node.id, latitude7: node.lat, longitude7: node.lon) }
        #expect(locations.count == nodes.count)
        // Looked up out of order, as ways reach back and forth.
        for index in stride(from: 0, to: nodes.count, by: 1).reversed() {
            let found = try locations.location(of: nodes[index].id)
            #expect(found?.latitude7 == nodes[index].lat && found?.longitude7 == nodes[index].lon, "node \(nodes[index].id)")
        }
        for missing in [nodes[0].id - 1, nodes[1].id - 1 == nodes[0].id ? nodes.last!.id + 10 : nodes[1].id - 1, nodes.last!.id + 1, Int64.min, Int64.max] {
            #expect(try locations.location(of: missing) == nil, "\(missing)")
        }
    }

    @Test func positionsBeyondAMegabyteGoToTheFileAndComeBack() throws {
        // Steps of up to ±10,000 units (about a kilometre) between nodes: about 5 bytes a node, so 400,000
        // nodes put most of their blocks in the temporary file. Memory keeps under a byte a node, the
        // arrays' spare capacity counted.
        let nodes = Self.sample(count: 400_000)
        var locations = NodeLocations()
        for node in nodes { try locations.append(id: node.id, latitude7: node.lat, longitude7: node.lon) }
        #expect(locations.memoryBytes < nodes.count)
        // Far apart, then back and forth, so blocks are read again after the cache lost them.
        for index in Array(stride(from: 0, to: nodes.count, by: 7)) + Array(stride(from: nodes.count - 1, to: 0, by: -13)) {
            let found = try locations.location(of: nodes[index].id)
            #expect(found?.latitude7 == nodes[index].lat && found?.longitude7 == nodes[index].lon, "node \(nodes[index].id)")
        }
    }

    @Test func nodesOutOfOrderAreSortedAndTheFirstOfTwinsKept() throws {
        var locations = NodeLocations()
        try locations.append(id: 30, latitude7: 3, longitude7: -3)
        try locations.append(id: 10, latitude7: 1, longitude7: -1)
        try locations.append(id: 20, latitude7: 2, longitude7: -2)
        try locations.append(id: 10, latitude7: 9, longitude7: -9)
        #expect(try locations.location(of: 10)?.latitude7 == 1)
        #expect(try locations.location(of: 20)?.longitude7 == -2)
        #expect(try locations.location(of: 30)?.latitude7 == 3)
        #expect(try locations.location(of: 15) == nil)
        // More nodes after a lookup, in order and out of it.
        try locations.append(id: 40, latitude7: 4, longitude7: -4)
        try locations.append(id: 5, latitude7: 5, longitude7: -5)
        #expect(try locations.location(of: 40)?.latitude7 == 4)
        #expect(try locations.location(of: 5)?.latitude7 == 5)
        #expect(try locations.location(of: 30)?.latitude7 == 3)
    }
}
