import Testing
@testable import PlacesGeo
@testable import PlacesKit

/// The named areas' rings: every bundled feature has some, its cell grid agrees with them, and damaged
/// bytes cost rings, never a crash.
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
                .rings(from: start, to: end ?? buffer.count - FeatureRings.headerBytes,
                       box: PackedGeometry.Box(minX: 100, minY: 200, maxX: 101, maxY: 201))
        }
    }

    /// The header, then a feature without a cell grid (its flag byte 0).
    static let header: [UInt8] = Array("PLFR".utf8) + [2, 0, 0, 0] + [0]

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
        var version = table; version[4] = 1
        #expect(Self.rings(version).isEmpty)
        var flag = table; flag[FeatureRings.headerBytes] = 7
        #expect(Self.rings(version).isEmpty)
        var magic = table; magic[0] = 0
        #expect(Self.rings(magic).isEmpty)
        #expect(Self.rings(flag).isEmpty)
    }

    /// Every bundled feature's grid says of its cells what its rings say of points in them: a cell marked
    /// inside or outside holds no point the rings place otherwise (points at its corners, on its edges
    /// and within, in cells spread over every grid).
    @Test func cellGridsAgreeWithTheRings() {
        let index = FeatureIndex.bundled
        let unit = Int(PackedGeometry.unitsPerDegree)
        var offset = 0, gridded = 0, checked = 0
        while offset < index.features.count {
            defer { offset = index.features.nextLine(after: offset) }
            let fields = index.features.fields(at: offset)
            let table = index.features
            let box = PackedGeometry.Box(table.base + table.field(3, ofLineAt: offset))
            let last = table.base + table.field(4, ofLineAt: offset)
            let range = (PackedGeometry.value(last, width: 4), PackedGeometry.value(last + 4, width: 4))
            let span = FeatureRings.gridSpan(box)
            let rings = index.rings(ofLineAt: offset)
            var cells = 0
            for cell in stride(from: offset % 7, to: span.columns * span.rows, by: max(1, span.columns * span.rows / 12)) {
                let column = span.column + cell % span.columns, row = span.row + cell / span.columns
                for (dx, dy) in [(0, 0), (unit / 2, unit / 2), (unit - 1, 1), (3, unit - 3), (unit / 3, 0)] {
                    let x = Double(column * unit + dx) + 0.5, y = Double(row * unit + dy) + 0.5
                    guard box.contains(x: x, y: y) else { continue }
                    let state = index.ringTable.cell(from: range.0, to: range.1, box: box, x: x, y: y)
                    guard state != .crossed else { continue }
                    cells += 1
                    #expect((state == .inside) == FeatureRings.containsOddly(rings, x: x, y: y),
                            "\(fields[1]) at \(PackedGeometry.latitude(Int(y))), \(PackedGeometry.longitude(Int(x)))")
                }
            }
            if cells > 0 { gridded += 1; checked += cells }
        }
        #expect(gridded > 400 && checked > 5_000, "\(gridded) features, \(checked) points")
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
