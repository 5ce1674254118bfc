#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

extension RegionPack {
    /// The strips of equal width, west to east, the `nearby` index orders a 1-degree cell's lines by (then by
    /// latitude): a strip is 1/256° wide (under 440 m), so the 100 m `where` reads is one or two strips' band of
    /// latitude, not the band across the whole cell (thousands of lines in a city's cell).
    static let longitudeStrips = 256

    /// The strip of its cell a longitude lies in, the cell's west edge being `west`: clamped to the cell, so
    /// a longitude on its east edge (180°) lies in its last strip.
    @inline(__always)
    static func strip(longitude: Double, west: Double) -> Int {
        let position = (longitude - west) * Double(longitudeStrips)
        // Written with seven decimals, a longitude on a strip's edge is a multiple of 1/128°, exact in a `Double`,
        // and one off an edge lies more than 1e-6 strip from it: the rounding of reading it moves no line
        // across an edge, so this and ``strip(longitude7:column:)`` agree.
        guard position >= 0 else { return 0 }
        guard position < Double(longitudeStrips) else { return longitudeStrips - 1 }
        return Int(position)
    }

    /// ``strip(longitude:west:)`` of a longitude in units of 1e-7°, exactly, in the cell of column `column`
    /// (0 at -180°).
    static func strip(longitude7: Int32, column: Int) -> Int {
        let fromWest = (Int(longitude7) - (column - 180) * 10_000_000) * longitudeStrips
        return min(longitudeStrips - 1, max(0, fromWest >= 0 ? fromWest / 10_000_000 : -1))
    }

    /// The strips of a cell (column `column`, 0 at -180°, or beyond the range where a radius crosses the
    /// antimeridian) that longitudes `west...east` reach, with a margin far above the rounding of either;
    /// `nil` when they reach none.
    static func strips(ofColumn column: Int, longitudes: ClosedRange<Double>) -> ClosedRange<Int>? {
        let edge = Double(column - 180), count = Double(longitudeStrips)
        let first = ((longitudes.lowerBound - edge) * count - 1e-6).rounded(.down)
        let last = ((longitudes.upperBound - edge) * count + 1e-6).rounded(.down)
        guard first.isFinite, last.isFinite, last >= 0, first < count else { return nil }
        return Int(max(0, first))...Int(min(count - 1, last))
    }

    /// A pack's `nearby` section: the lines of each 1-degree cell ordered by longitude strip
    /// (``RegionPack/longitudeStrips``), then latitude, then their order in the pack, as offsets from the cell's
    /// first line; `where` finds a strip's band of latitude in it by binary search. The lines themselves stay in
    /// the order of cell, then latitude, which search ranks lines of equal score by.
    ///
    /// Little-endian 32-bit words: the count of cells, then for each cell with lines, ascending, its number and
    /// the index of its first entry, then one entry a line.
    struct NearbyIndex: @unchecked Sendable {
        let base: UnsafePointer<UInt8>
        /// Cells listed.
        let cells: Int
        /// Entries (lines).
        let entries: Int

        /// The index in `count` bytes at `base`, or `nil` when its counts do not fit them.
        init?(base: UnsafePointer<UInt8>, count: Int) {
            guard count >= 4, count % 4 == 0 else { return nil }
            self.base = base
            cells = Self.word(base, 0)
            guard 4 + 8 * cells <= count else { return nil }
            entries = (count - 4 - 8 * cells) / 4
            // Cells ascending and their first entries within the entries, ascending: a search never reads past them.
            var previous = (cell: -1, first: -1)
            for index in 0..<cells {
                let cell = Self.word(base, 4 + 8 * index), first = Self.word(base, 8 + 8 * index)
                guard cell > previous.cell, first > previous.first, first < entries else { return nil }
                previous = (cell, first)
            }
        }

        @inline(__always)
        static func word(_ base: UnsafePointer<UInt8>, _ at: Int) -> Int {
            Int(base[at]) | Int(base[at + 1]) << 8 | Int(base[at + 2]) << 16 | Int(base[at + 3]) << 24
        }

        /// Appends a 32-bit little-endian word.
        static func appendWord(_ value: Int, to bytes: inout [UInt8]) {
            for shift in [0, 8, 16, 24] { bytes.append(UInt8(truncatingIfNeeded: value >> shift)) }
        }

        /// The entries of a cell: an empty range when it has no line.
        func entries(ofCell cell: Int) -> Range<Int> {
            let low = (0..<cells).partitionPoint { Self.word(base, 4 + 8 * $0) < cell }
            guard low < cells, Self.word(base, 4 + 8 * low) == cell else { return 0..<0 }
            let first = Self.word(base, 8 + 8 * low)
            return first..<(low + 1 < cells ? Self.word(base, 8 + 8 * (low + 1)) : entries)
        }

        /// The offset from its cell's first line of the line of entry `index`.
        @inline(__always)
        func offset(ofEntry index: Int) -> Int { Self.word(base, 4 + 8 * cells + 4 * index) }
    }
}
