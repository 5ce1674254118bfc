import Foundation
import PlacesData
import Testing

@testable import PlacesKit
@testable import PlacesGeo
@testable import PlacesCore

/// The packed cells (`gazetteer-cells.bin`) hold the places table's lines as its text reads, and region
/// lookups that read them find what lookups reading the text find.
@Suite struct GazetteerCellsTests {
    /// One line as a cell reader sees it; coordinates by their bits, so that -0.0 and 0.0 differ.
    struct Line: Equatable, CustomStringConvertible {
        var offset: Int
        var latitude: UInt64
        var longitude: UInt64
        var isTown: Bool
        var description: String { "\(offset) \(Double(bitPattern: latitude)),\(Double(bitPattern: longitude)) \(isTown ? "town" : "other")" }
    }

    @Test func everyCellHoldsItsTownsThenSightsEachSortedByLatitude() throws {
        let cells = try #require(GazetteerCells.bundled, "gazetteer-cells.bin is not derived from gazetteer-places.tsv: run python3 Scripts/gazetteer/cells.py")
        let gazetteer = Gazetteer.bundled
        #expect(gazetteer.packedCells != nil)
        var total = 0, towns = 0, listed = 0, differing: [Int] = []
        for number in 0..<(180 * 360) {
            var fromText: [Line] = [], sights: [Line] = []
            gazetteer.forEachLine(row: number / 360, column: number % 360) { offset, latitude, longitude, longitudeEnd in
                let line = Line(offset: offset, latitude: latitude.bitPattern, longitude: longitude.bitPattern,
                                isTown: gazetteer.isSettlementLine(afterLongitude: longitudeEnd))
                if line.isTown { fromText.append(line) } else if Self.kind(offset, gazetteer.places)?.isSight == true { sights.append(line) }
            }
            // The order RegionCells gives the text's lines: towns, then the sights, each by latitude then offset.
            let expected = fromText.sorted(by: Self.byLatitude) + sights.sorted(by: Self.byLatitude)
            var packed: [Line] = []
            cells.forEachLine(cell: number) { offset, latitude, longitude, isTown in
                packed.append(Line(offset: offset, latitude: latitude.bitPattern, longitude: longitude.bitPattern, isTown: isTown))
            }
            if packed != expected, differing.count < 5 { differing.append(number) }
            total += packed.count
            towns += packed.filter(\.isTown).count
            if !packed.isEmpty { listed += 1 }
        }
        #expect(differing.isEmpty, "cells whose packed lines differ from the text's: \(differing)")
        #expect(total == cells.count && listed == cells.cellsListed)
        // Every town and sight of an occupied cell is packed (the lines of the others, a few features at
        // sea, are never read), and most are towns.
        let places = GazetteerData.places, occupancy = GazetteerData.occupancy
        var lines = 0, offset = 0
        while offset < places.count {
            let cell = (0..<5).reduce(0) { $0 * 10 + Int(places.base[offset + $1]) - 48 }
            if occupancy.base[cell] == UInt8(ascii: "1"),
               let kind = Self.kind(offset, places), kind == .city || kind.isSight { lines += 1 }
            offset = places.nextLine(after: offset)
        }
        #expect(total == lines && total > 235_000, "\(total) of \(lines) lines packed")
        #expect(towns > total * 9 / 10 && towns < total, "\(towns) towns of \(total)")
        var outside = 0
        cells.forEachLine(cell: -1) { _, _, _, _ in outside += 1 }
        cells.forEachLine(cell: 180 * 360) { _, _, _, _ in outside += 1 }
        #expect(outside == 0)
    }

    /// The kind of the line at `offset`, read as its text says: an empty column is a populated place.
    static func kind(_ offset: Int, _ places: SortedTable) -> GazetteerEntry.Kind? {
        let word = places.text(field: GazetteerSchema.PlaceColumn.kind.rawValue, ofLineAt: offset)
        return word.isEmpty ? .city : GazetteerEntry.Kind(rawValue: String(word))
    }

    static func byLatitude(_ a: Line, _ b: Line) -> Bool {
        let (x, y) = (Double(bitPattern: a.latitude), Double(bitPattern: b.latitude))
        return x != y ? x < y : a.offset < b.offset
    }

    @Test func aTableOfOtherBytesIsNotUsed() throws {
        let places = GazetteerData.places
        // Another places table (one byte shorter): its lines are not the ones the records point at.
        #expect(GazetteerCells(places_gazetteer_cells(), places: SortedTable(base: places.base, count: places.count - 1)) == nil)
        // A damaged table: its name, its length, a cell listed out of order.
        let table = places_gazetteer_cells()
        var bytes = Array(UnsafeBufferPointer(start: table.start, count: table.count))
        bytes.withUnsafeBufferPointer { buffer in
            #expect(GazetteerCells(PlacesTableBytes(start: buffer.baseAddress!, count: buffer.count - 12), places: places) == nil)
            #expect(GazetteerCells(PlacesTableBytes(start: buffer.baseAddress!, count: buffer.count), places: places) != nil)
        }
        let firstCell = 20
        bytes.swapAt(firstCell, firstCell + 12)
        bytes.swapAt(firstCell + 1, firstCell + 13)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(GazetteerCells(PlacesTableBytes(start: buffer.baseAddress!, count: buffer.count), places: places) == nil)
        }
        bytes.swapAt(firstCell, firstCell + 12)
        bytes.swapAt(firstCell + 1, firstCell + 13)
        bytes[1] = UInt8(ascii: "X")
        bytes.withUnsafeBufferPointer { buffer in
            #expect(GazetteerCells(PlacesTableBytes(start: buffer.baseAddress!, count: buffer.count), places: places) == nil)
        }
        // A copy of the bundled table elsewhere in memory (as an imported gazetteer is) reads its text.
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: places.count)
        defer { copy.deallocate() }
        copy.initialize(from: places.base, count: places.count)
        let unpacked = Gazetteer(keys: GazetteerData.keys, places: SortedTable(base: copy, count: places.count),
                                 occupancy: GazetteerData.occupancy, source: .bundled, info: [:])
        #expect(unpacked.packedCells == nil)
    }

    @Test func regionsFromThePackedCellsAreThoseFromTheText() throws {
        let bundled = ReverseGeocoder(gazetteer: .bundled)
        let source = GazetteerData.places
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: source.count)
        defer { copy.deallocate() }
        copy.initialize(from: source.base, count: source.count)
        let unpacked = ReverseGeocoder(gazetteer: Gazetteer(keys: GazetteerData.keys, places: SortedTable(base: copy, count: source.count),
                                                            occupancy: GazetteerData.occupancy, source: .bundled, info: [:]))
        let packedCells = RegionCells(geocoder: bundled), textCells = RegionCells(geocoder: unpacked)
        var named = 0
        // Kyoto, Lyon, Denver, São Paulo, Sydney, Nairobi, Reykjavík, Anchorage, Chiang Mai, a point near the antimeridian.
        for (latitude, longitude, country) in [(35.0116, 135.7681, "JP"), (45.764, 4.8357, "FR"), (39.7392, -104.9903, "US"), (-23.5505, -46.6333, "BR"),
                                               (-33.8688, 151.2093, "AU"), (-1.2921, 36.8219, "KE"), (64.1466, -21.9426, "IS"), (61.2181, -149.9003, "US"),
                                               (18.7883, 98.9853, "TH"), (-16.5, 179.9, "FJ")] {
            for step in 0..<9 {
                let (lat, lon) = (latitude + Double(step / 3 - 1) * 0.37, longitude + Double(step % 3 - 1) * 0.41)
                let packed = packedCells.firstLevelRegion(latitude: lat, longitude: lon, country: country)
                #expect(packed == textCells.firstLevelRegion(latitude: lat, longitude: lon, country: country), "\(lat),\(lon)")
                if packed != nil { named += 1 }
            }
        }
        #expect(named > 70, "\(named) of 90 points named a region")
    }
}

extension GazetteerCells {
    /// Each line of a cell with its coordinates read, as a region lookup reads them when it reaches the line.
    func forEachLine(cell: Int, _ body: (_ offset: Int, _ latitude: Double, _ longitude: Double, _ isTown: Bool) -> Void) {
        let records = records(ofCell: cell)
        for record in records.towns.lowerBound..<records.others.upperBound {
            let offset = offset(ofRecord: record, firstLine: records.firstLine)
            let latitude = self.latitude(ofLineAt: offset)
            body(offset, latitude.value, longitude(at: latitude.longitudeStart), records.towns.contains(record))
        }
    }
}
