import PlacesData

/// The lines of each one-degree cell of the bundled places table, already read: each line's latitude,
/// longitude, byte offset and whether it is a populated place, the populated places first, then the
/// other lines, each group sorted by latitude (ties by offset) (`gazetteer-cells.bin`, derived from
/// `gazetteer-places.tsv` and `gazetteer-occupancy.txt` by `Scripts/gazetteer/cells.py`).
///
/// Region lookups (``RegionCells``) read whole cells: reading their lines' numbers from the text and
/// sorting them cost most of `timeline` and `stats`. The coordinates are the same doubles the text gives
/// (`cells.py` checks each), so the lookups find the same places.
// Unchecked: the records lie in the binary's read-only data, which never moves and is never freed.
struct GazetteerCells: @unchecked Sendable {
    /// The number of records.
    let count: Int
    private let starts: UnsafeRawPointer
    private let records: UnsafeRawPointer

    private static let headerSize = 16
    private static let cellCount = 180 * 360
    private static let recordSize = 12
    private static let townBit: UInt32 = 0x8000_0000
    /// A record's degrees are its integer divided by this.
    private static let scale = 100_000.0

    /// The table compiled into the binary; `nil` when it was not derived from the places table compiled
    /// with it (then cells are read from the places table's lines).
    static let bundled = GazetteerCells(places_gazetteer_cells(), places: GazetteerData.places)

    /// Reads the table's header: `GCEL`, then the places table's size and CRC-32 and the number of records
    /// as 32-bit little-endian words; `nil` when the bytes are not such a table for `places`.
    init?(_ table: PlacesTableBytes, places: SortedTable) {
        let base = UnsafeRawPointer(table.start)
        guard table.count >= Self.headerSize,
              base.load(as: UInt8.self) == UInt8(ascii: "G"), base.load(fromByteOffset: 1, as: UInt8.self) == UInt8(ascii: "C"),
              base.load(fromByteOffset: 2, as: UInt8.self) == UInt8(ascii: "E"), base.load(fromByteOffset: 3, as: UInt8.self) == UInt8(ascii: "L")
        else { return nil }
        func word(_ index: Int) -> Int { Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 4 + 4 * index, as: UInt32.self))) }
        let count = word(2)
        // Records of another table's lines would point into the middle of this one's.
        guard word(0) == places.count,
              table.count == Self.headerSize + 4 * (Self.cellCount + 1) + Self.recordSize * count else { return nil }
        self.count = count
        starts = base + Self.headerSize
        records = starts + 4 * (Self.cellCount + 1)
        guard start(Self.cellCount) == count else { return nil }
    }

    private func start(_ cell: Int) -> Int {
        Int(UInt32(littleEndian: starts.loadUnaligned(fromByteOffset: 4 * cell, as: UInt32.self)))
    }

    /// Calls `body` for each line of the cell numbered `cell` (`row * 360 + column`, 0 ..< 64,800): its
    /// byte offset, latitude, longitude and whether it is a populated place, in the table's order.
    @inline(__always)
    func forEachLine(cell: Int, _ body: (_ offset: Int, _ latitude: Double, _ longitude: Double, _ isTown: Bool) -> Void) {
        guard cell >= 0, cell < Self.cellCount else { return }
        let end = min(start(cell + 1), count)
        var index = start(cell)
        while index < end {
            let record = records + Self.recordSize * index
            let latitude = Int32(littleEndian: record.loadUnaligned(as: Int32.self))
            let longitude = Int32(littleEndian: record.loadUnaligned(fromByteOffset: 4, as: Int32.self))
            let line = UInt32(littleEndian: record.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
            body(Int(line & ~Self.townBit), Double(latitude) / Self.scale, Double(longitude) / Self.scale, line & Self.townBit != 0)
            index += 1
        }
    }
}

extension Gazetteer {
    /// The packed cells, for the bundled places table only.
    var packedCells: GazetteerCells? {
        guard let cells = GazetteerCells.bundled, places.base == GazetteerData.places.base, places.count == GazetteerData.places.count else { return nil }
        return cells
    }
}
