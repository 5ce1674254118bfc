import Testing
@testable import PlacesKit

/// The named areas' rings: every bundled feature has some, and damaged bytes cost rings, never a crash.
@Suite struct FeatureRingsTests {
    /// A ring of three points from (100, 200): one unit east, then one unit north (Rice parameter 0).
    static let ring: [(value: Int, width: Int)] = [
        (2, 5), (3, 2), (100, 24), (200, 24), (0, 5),
        (0b11, 2), (0, 1), (0, 1),  // +1 east (zig-zag 2: two one bits, a zero), 0 north (a zero)
        (0, 1), (0b11, 2), (0, 1),  // 0 east, +1 north
    ]

    static func rings(_ bytes: [UInt8], from start: Int = 0, to end: Int? = nil) -> [(xs: [Int], ys: [Int])] {
        bytes.withUnsafeBufferPointer { buffer in
            FeatureRings(base: buffer.baseAddress!, count: buffer.count)
                .rings(from: start, to: end ?? buffer.count - FeatureRings.headerBytes)
        }
    }

    static let header: [UInt8] = Array("PLFR".utf8) + [1, 0, 0, 0]

    @Test func twoRingsRead() {
        let table = Self.header + OutlineTableTests.packBits(Self.ring + Self.ring)
        let rings = Self.rings(table)
        #expect(rings.count == 2)
        #expect(rings.allSatisfy { $0.xs == [100, 101, 101] && $0.ys == [200, 200, 201] })
    }

    @Test func damageKeepsTheRingsBeforeIt() {
        let table = Self.header + OutlineTableTests.packBits(Self.ring + Self.ring)
        // Cut inside the second ring: the first stays.
        #expect(Self.rings(Array(table.dropLast(2)), to: table.count - 2 - FeatureRings.headerBytes).count == 1)
        // A range past the end, or backwards, reads nothing.
        #expect(Self.rings(table, to: table.count).isEmpty)
        #expect(Self.rings(table, from: 3, to: 1).isEmpty)
        var version = table; version[4] = 2
        #expect(Self.rings(version).isEmpty)
        var magic = table; magic[0] = 0
        #expect(Self.rings(magic).isEmpty)
    }

    @Test func everyBundledFeatureHasRingsOnTheWorld() {
        let index = FeatureIndex.bundled
        var offset = 0, features = 0
        while offset < index.features.count {
            let rings = index.rings(ofLineAt: offset)
            #expect(!rings.isEmpty, "the feature at offset \(offset)")
            for ring in rings {
                #expect(ring.xs.count >= 3 && ring.xs.count == ring.ys.count)
                #expect(ring.xs.allSatisfy { (0...360 * 32768).contains($0) } && ring.ys.allSatisfy { (0...180 * 32768).contains($0) })
            }
            features += 1
            offset = index.features.nextLine(after: offset)
        }
        #expect(features > 3000)
    }
}
