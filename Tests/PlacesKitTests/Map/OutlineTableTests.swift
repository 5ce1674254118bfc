import PlacesData
import Testing
@testable import PlacesKit
@testable import PlacesMap

/// The outline tables' reader on damaged bytes: it stays inside them and ends at the damage.
@Suite struct OutlineTableTests {
    typealias TileShapes = [[(kind: MapOutlines.Kind, xs: [Int], ys: [Int])]]

    static func bundled(_ table: PlacesTableBytes) -> [UInt8] {
        Array(UnsafeBufferPointer(start: table.start, count: table.count))
    }

    /// Every tile's shapes of a table held in `bytes`.
    static func read(_ bytes: [UInt8], tileDegrees: Int? = nil) -> (table: OutlineTable, tiles: TileShapes) {
        bytes.withUnsafeBufferPointer { buffer in
            let table = OutlineTable(base: buffer.baseAddress!, count: buffer.count, expectedTileDegrees: tileDegrees)
            var tiles: TileShapes = []
            for tile in 0..<table.tileCount {
                var shapes: [(kind: MapOutlines.Kind, xs: [Int], ys: [Int])] = []
                table.forEachShape(inTile: tile) { shapes.append(($0, $1, $2)) }
                tiles.append(shapes)
            }
            return (table, tiles)
        }
    }

    static func same(_ a: [(kind: MapOutlines.Kind, xs: [Int], ys: [Int])], _ b: [(kind: MapOutlines.Kind, xs: [Int], ys: [Int])]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.kind == $1.kind && $0.xs == $1.xs && $0.ys == $1.ys }
    }

    /// Bits least significant first, as the generator writes them.
    static func packBits(_ fields: [(value: Int, width: Int)]) -> [UInt8] {
        var bytes: [UInt8] = [], used = 0
        for (value, width) in fields {
            for bit in 0..<width {
                if used % 8 == 0 { bytes.append(0) }
                if value >> bit & 1 == 1 { bytes[used / 8] |= 1 << UInt8(used % 8) }
                used += 1
            }
        }
        return bytes
    }

    /// A table of tiles of 180° (two tiles) whose first tile holds `stream` and whose second is empty.
    static func table(stream: [UInt8]) -> [UInt8] {
        let header: [UInt8] = Array("PLOT".utf8) + [1, 180, 2, 0, 1, 0, 23, 0]
        let offsets = [0, stream.count, stream.count].flatMap { value in (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        return header + offsets + stream
    }

    @Test func theBundledTablesRead() {
        for (bytes, tile) in [(Self.bundled(places_outlines_110m()), 180), (Self.bundled(places_outlines_50m()), 10)] {
            let read = Self.read(bytes, tileDegrees: tile)
            #expect(read.table.tileCount == (360 / tile) * ((180 + tile - 1) / tile))
            #expect(read.tiles.reduce(0) { $0 + $1.count } > 500, "tiles of \(tile)°")
        }
    }

    @Test func aHeaderThatDisagreesGivesNoTiles() {
        let good = Self.bundled(places_outlines_110m())
        var damaged: [(String, [UInt8])] = []
        var magic = good; magic[0] = UInt8(ascii: "Q"); damaged.append(("magic", magic))
        var version = good; version[4] = 2; damaged.append(("version", version))
        var columns = good; columns[6] = 3; damaged.append(("columns", columns))
        var width = good; width[10] = 40; damaged.append(("point width", width))
        damaged.append(("cut inside the offsets", Array(good.prefix(20))))
        damaged.append(("cut inside the header", Array(good.prefix(7))))
        for (what, bytes) in damaged {
            let read = Self.read(bytes)
            #expect(read.table.tileCount == 0 && read.tiles.isEmpty, "\(what)")
        }
        // The right layout for another tile size is refused too.
        #expect(Self.read(good, tileDegrees: 10).table.tileCount == 0)
    }

    /// Damage inside one tile's stream costs shapes of that tile only; whatever it yields is whole and on the world.
    @Test func damageInATileStaysInThatTile() {
        let good = Self.bundled(places_outlines_50m())
        let intact = Self.read(good).tiles
        let busiest = intact.indices.max { intact[$0].count < intact[$1].count }!
        let table = Self.read(good).table
        // Where the busiest tile's stream lies: between the offsets of it and the next tile.
        func offset(_ tile: Int) -> Int {
            (0..<4).reduce(0) { $0 | Int(good[12 + 4 * tile + $1]) << (8 * $1) }
        }
        let streams = 12 + 4 * (table.tileCount + 1)
        let start = streams + offset(busiest), end = streams + offset(busiest + 1)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<40 {
            var bytes = good
            for _ in 0..<3 { bytes[Int.random(in: start..<end, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator) }
            let tiles = Self.read(bytes).tiles
            #expect(tiles.count == intact.count)
            for tile in tiles.indices where tile != busiest { #expect(Self.same(tiles[tile], intact[tile])) }
            for shape in tiles[busiest] {
                #expect(shape.xs.count == shape.ys.count && shape.xs.count >= (shape.kind.isArea ? 3 : 2))
                #expect(shape.xs.allSatisfy { (0...360 * 32768).contains($0) } && shape.ys.allSatisfy { (0...180 * 32768).contains($0) })
            }
        }
    }

    @Test func aCountTheTileCannotHoldEndsTheTile() {
        // A line of 2^31 - 1 points in 9 bytes: read as damage, not as a request for that much memory.
        let stream = Self.packBits([(2, 3), (31, 5), (Int(Int32.max), 31), (0, 23), (0, 23), (0, 5)])
        #expect(Self.read(Self.table(stream: stream)).tiles.allSatisfy { $0.isEmpty })
    }

    @Test func aHandWrittenTileReads() {
        // A river of three points from (1, 2) in the tile's corner: +3, −1, then an escaped +70000, 0 with k = 1.
        let stream = Self.packBits([
            (2, 3), (2, 5), (3, 2), (1, 23), (2, 23), (1, 5),
            (0b111, 3), (0, 1), (0, 1), (0, 1), (1, 1),  // zig-zag 6: quotient 3, low bit 0; zig-zag 1: quotient 0, low bit 1
            ((1 << 24) - 1, 24), (18, 5), (140_000, 18), (0, 1), (0, 1),  // escaped 140000; zig-zag 0
        ])
        let tiles = Self.read(Self.table(stream: stream)).tiles
        #expect(tiles.count == 2 && tiles[1].isEmpty)
        let river = tiles.first?.first
        #expect(tiles.first?.count == 1 && river?.kind == .river)
        #expect(river?.xs == [1, 4, 70_004] && river?.ys == [2, 1, 1])
    }
}
