import PlacesCore
import PlacesData

/// The lines of each one-degree cell of the bundled places table that region lookups read, already found
/// and sorted: its populated places, then its sights, each group sorted by latitude (ties by offset)
/// (`gazetteer-cells.bin`, derived from `gazetteer-places.tsv` and `gazetteer-occupancy.txt` by
/// `Scripts/gazetteer/cells.py`).
///
/// Region lookups (``RegionCells``) read whole cells: reading every line's kind to find those and sorting
/// them cost most of `timeline` and `stats`. The table lists only the lines' offsets, 17 bits each; their
/// coordinates are read from the places table's text, so the lookups find the same places.
// Unchecked: the records lie in the binary's read-only data, which never moves and is never freed.
struct GazetteerCells: @unchecked Sendable {
    /// The number of records.
    let count: Int
    /// The number of cells listed (those with a record).
    let cellsListed: Int
    private let places: SortedTable
    private let index: UnsafeRawPointer
    private let records: UnsafeRawPointer

    private static let headerSize = 20
    private static let cellCount = 180 * 360
    private static let indexEntrySize = 12
    private static let recordBits = 17

    /// The table compiled into the binary; `nil` when it was not derived from the places table compiled
    /// with it (then cells are read from the places table's lines).
    static let bundled = GazetteerCells(places_gazetteer_cells(), places: GazetteerData.places)

    /// Reads the table's header: `GCEL`, then the places table's size and CRC-32, the number of records and
    /// of cells listed as 32-bit little-endian words; `nil` when the bytes are not such a table for `places`.
    init?(_ table: PlacesTableBytes, places: SortedTable) {
        let base = UnsafeRawPointer(table.start)
        guard table.count >= Self.headerSize,
              base.load(as: UInt8.self) == UInt8(ascii: "G"), base.load(fromByteOffset: 1, as: UInt8.self) == UInt8(ascii: "C"),
              base.load(fromByteOffset: 2, as: UInt8.self) == UInt8(ascii: "E"), base.load(fromByteOffset: 3, as: UInt8.self) == UInt8(ascii: "L")
        else { return nil }
        func word(_ index: Int) -> Int { Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 4 + 4 * index, as: UInt32.self))) }
        let count = word(2), cellsListed = word(3)
        // Records of another table's lines would point into the middle of this one's; the four bytes after
        // the records let each be read with one 32-bit load.
        guard word(0) == places.count, cellsListed <= Self.cellCount,
              table.count == Self.headerSize + Self.indexEntrySize * cellsListed + (Self.recordBits * count + 7) / 8 + 4 else { return nil }
        self.count = count
        self.cellsListed = cellsListed
        self.places = places
        index = base + Self.headerSize
        records = index + Self.indexEntrySize * cellsListed
        // Each cell's records and lines lie within the table and the places table.
        var previous = (cell: -1, record: 0)
        for position in 0..<cellsListed {
            let entry = self.entry(position)
            guard entry.cell > previous.cell, entry.cell < Self.cellCount, entry.firstRecord >= previous.record,
                  entry.firstRecord + entry.towns <= count, entry.firstLine < places.count else { return nil }
            previous = (entry.cell, entry.firstRecord)
        }
    }

    /// The listed cell at `position`: its number, its number of populated places, the byte offset of its
    /// first line in the places table, the index of its first record.
    private func entry(_ position: Int) -> (cell: Int, towns: Int, firstLine: Int, firstRecord: Int) {
        let p = index + Self.indexEntrySize * position
        return (Int(UInt16(littleEndian: p.loadUnaligned(as: UInt16.self))),
                Int(UInt16(littleEndian: p.loadUnaligned(fromByteOffset: 2, as: UInt16.self))),
                Int(UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 4, as: UInt32.self))),
                Int(UInt32(littleEndian: p.loadUnaligned(fromByteOffset: 8, as: UInt32.self))))
    }

    /// The records of the cell numbered `cell` (`row * 360 + column`, 0 ..< 64,800) that region lookups read,
    /// in the table's order: its populated places', its other lines', and the offset their lines count from
    /// (empty when it has none). A record is read when a search reaches it (``offset(ofRecord:firstLine:)``),
    /// its line's numbers only when the search compares it (``latitude(ofLineAt:)``).
    func records(ofCell cell: Int) -> (towns: Range<Int>, others: Range<Int>, firstLine: Int) {
        guard let (found, end) = listing(ofCell: cell) else { return (0..<0, 0..<0, 0) }
        let towns = found.firstRecord + found.towns
        return (found.firstRecord..<towns, towns..<max(towns, end), found.firstLine)
    }

    /// The byte offset of the line of record `record` (in ``records(ofCell:)``'s ranges) of a cell whose
    /// lines count from `firstLine`. A damaged record may give an offset past the places table's end, which
    /// ``latitude(ofLineAt:)`` reads as no line.
    @inline(__always)
    func offset(ofRecord record: Int, firstLine: Int) -> Int {
        let bit = Self.recordBits * record
        let word = Int(UInt32(littleEndian: records.loadUnaligned(fromByteOffset: bit >> 3, as: UInt32.self)))
        return firstLine + ((word >> (bit & 7)) & ((1 << Self.recordBits) - 1))
    }

    /// The latitude of the line at `offset` (one ``offset(ofRecord:firstLine:)`` gave), and where its longitude starts.
    @inline(__always)
    func latitude(ofLineAt offset: Int) -> (value: Double, longitudeStart: Int) {
        // Past the end (a damaged record): a line no search keeps, whose longitude is not a number.
        guard offset < places.count else { return (.infinity, places.count) }
        let latitude = places.number(at: places.field(.latitude, ofLineAt: offset))
        return (latitude.value, places.fieldEnd(from: latitude.end) + 1)
    }

    /// The longitude that starts at `start` (``latitude(ofLineAt:)``'s `longitudeStart`).
    @inline(__always)
    func longitude(at start: Int) -> Double {
        start < places.count ? places.number(at: start).value : .nan
    }

    /// The index entry of the cell numbered `cell` and the end of its records, `nil` when it has none.
    private func listing(ofCell cell: Int) -> (entry: (cell: Int, towns: Int, firstLine: Int, firstRecord: Int), end: Int)? {
        guard cell >= 0, cell < Self.cellCount else { return nil }
        let low = (0..<cellsListed).partitionPoint { entry($0).cell < cell }
        guard low < cellsListed else { return nil }
        let found = entry(low)
        guard found.cell == cell else { return nil }
        return (found, low + 1 < cellsListed ? entry(low + 1).firstRecord : count)
    }
}

extension Gazetteer {
    /// The packed cells, for the bundled places table only.
    var packedCells: GazetteerCells? {
        guard let cells = GazetteerCells.bundled, places.base == GazetteerData.places.base, places.count == GazetteerData.places.count else { return nil }
        return cells
    }
}
