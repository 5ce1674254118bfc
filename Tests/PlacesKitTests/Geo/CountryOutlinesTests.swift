import PlacesData
import Testing
@testable import PlacesGeo
@testable import PlacesKit

/// The country outline tables read by hand-made bytes: a mixed cell's pieces and a whole ring come back
/// as written, and damaged bytes cost the pieces after the damage, never a crash.
@Suite struct CountryOutlinesTests {
    static let unit = Int(PackedGeometry.unitsPerDegree)
    /// A triangle from the cell's corner offset (100, 200): one unit east, then one unit north (Rice parameter 0).
    static func run(firstBits: Int, x: Int = 100, y: Int = 200) -> [(value: Int, width: Int)] {
        [(2, 5), (3, 2), (x, firstBits), (y, firstBits), (0, 5),
         (0b11, 2), (0, 1), (0, 1),  // +1 east (zig-zag 2), 0 north
         (0, 1), (0b11, 2), (0, 1)]  // 0 east, +1 north
    }

    /// A grid whose cell at row 1, column 2 is mixed (its stream is `cell`) and whose cell at row 0,
    /// column 0 is wholly country 7.
    static func grid(cell: [UInt8]) -> [UInt8] {
        var cells = [UInt8](repeating: 0, count: CountryOutlines.cellCount * CountryOutlines.cellBytes)
        cells[0] = 7
        let mixed = (1 * 360 + 2) * CountryOutlines.cellBytes
        cells[mixed] = UInt8(CountryOutlines.mixedCell & 0xff)
        cells[mixed + 1] = UInt8(CountryOutlines.mixedCell >> 8)
        return Array("PLCG".utf8) + [1, 0, 0, 0] + cells + cell
    }

    /// The value of the cell at row 0, column 0, and the pieces of the mixed cell.
    static func read(_ grid: [UInt8]) -> (whole: Int, pieces: [(id: Int, xs: [Int], ys: [Int])]) {
        let rings: [UInt8] = Array("PLCR".utf8) + [1, 0, 0, 0]
        return grid.withUnsafeBufferPointer { g in
            rings.withUnsafeBufferPointer { r in
                let outlines = CountryOutlines(grid: PlacesTableBytes(start: g.baseAddress!, count: g.count),
                                               rings: PlacesTableBytes(start: r.baseAddress!, count: r.count))
                var found: [(id: Int, xs: [Int], ys: [Int])] = []
                outlines.forEachPiece(inCell: outlines.cellValue(row: 1, column: 2), row: 1, column: 2) { id, xs, ys in
                    found.append((id, xs, ys))
                    return true
                }
                return (outlines.cellValue(row: 0, column: 0), found)
            }
        }
    }

    @Test func aMixedCellsPiecesReadFromItsCorner() {
        let cell = OutlineTableTests.packBits([(3, 12)] + Self.run(firstBits: 16) + [(5, 12)] + Self.run(firstBits: 16) + [(0, 12)])
        let (whole, found) = Self.read(Self.grid(cell: cell))
        #expect(whole == 7)
        #expect(found.map(\.id) == [3, 5])
        let x0 = 2 * Self.unit + 100, y0 = 1 * Self.unit + 200
        #expect(found.allSatisfy { $0.xs == [x0, x0 + 1, x0 + 1] && $0.ys == [y0, y0, y0 + 1] })
    }

    @Test func damageKeepsThePiecesBeforeIt() {
        let cell = OutlineTableTests.packBits([(3, 12)] + Self.run(firstBits: 16) + [(5, 12)] + Self.run(firstBits: 16) + [(0, 12)])
        #expect(Self.read(Self.grid(cell: Array(cell.dropLast(3)))).pieces.map(\.id) == [3])
        // A table whose magic is wrong, or cut inside its grid, has no cells at all.
        var magic = Self.grid(cell: cell); magic[0] = 0
        #expect(Self.read(magic).whole == 0 && Self.read(magic).pieces.isEmpty)
        let cut = Array(Self.grid(cell: cell).prefix(100))
        #expect(Self.read(cut).whole == 0 && Self.read(cut).pieces.isEmpty)
    }

    @Test func aWholeRingReadsWithItsBox() {
        var ring: [UInt8] = [9, 0]
        for value in [100, 200, 101, 201] { ring += [UInt8(value & 0xff), UInt8(value >> 8 & 0xff), 0] }
        let points = OutlineTableTests.packBits(Self.run(firstBits: 24))
        ring += [UInt8(points.count), 0, 0] + points
        let table: [UInt8] = Array("PLCR".utf8) + [1, 0, 0, 0] + ring + ring.prefix(5)
        let grid = Self.grid(cell: [])
        var read: [(id: Int, box: PackedGeometry.Box, xs: [Int])] = []
        table.withUnsafeBufferPointer { r in
            grid.withUnsafeBufferPointer { g in
                CountryOutlines(grid: PlacesTableBytes(start: g.baseAddress!, count: g.count),
                                rings: PlacesTableBytes(start: r.baseAddress!, count: r.count)).forEachRing { ring in
                    read.append((ring.id, ring.box, ring.decoded()?.xs ?? []))
                }
            }
        }
        // The record cut after five bytes is not read.
        #expect(read.count == 1)
        #expect(read.first?.id == 9 && read.first?.xs == [100, 101, 101])
        #expect(read.first?.box == PackedGeometry.Box(minX: 100, minY: 200, maxX: 101, maxY: 201))
    }
}
