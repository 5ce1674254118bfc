import PlacesData
import PlacesCore

/// The lines of the bundled places table that a walk passing over towns under 100,000 people must read:
/// those with no population (features, towns of unknown size) or at least that many, by their byte
/// offsets, ascending (`gazetteer-prominent.bin`, derived from `gazetteer-places.tsv` by
/// `Scripts/gazetteer/prominent.py`).
///
/// A map of the world or a continent names only such lines, but finding them meant stepping through all
/// 251,000 of the table's lines to read each one's population; with this list a walk reads a fifth of
/// them, the same lines in the same order (so the same names).
// Unchecked: the offsets lie in the binary's read-only data, which never moves and is never freed.
struct ProminentLines: @unchecked Sendable {
    /// The smallest population of a listed town (towns with none are listed too).
    let threshold: Int
    /// The number of offsets.
    let count: Int
    private let offsets: UnsafeRawPointer

    private static let headerSize = 20

    /// The list compiled into the binary; `nil` when it was not derived from the places table compiled
    /// with it (then every walk reads every line, as it would without the list).
    static let bundled = ProminentLines(places_gazetteer_prominent(), places: GazetteerData.places)

    /// Reads the list's header: `GPRM`, then the threshold, the places table's size and CRC-32, and
    /// the number of offsets, as 32-bit little-endian words.
    init?(_ table: PlacesTableBytes, places: SortedTable) {
        let base = UnsafeRawPointer(table.start)
        guard table.count >= Self.headerSize,
              base.load(as: UInt8.self) == UInt8(ascii: "G"), base.load(fromByteOffset: 1, as: UInt8.self) == UInt8(ascii: "P"),
              base.load(fromByteOffset: 2, as: UInt8.self) == UInt8(ascii: "R"), base.load(fromByteOffset: 3, as: UInt8.self) == UInt8(ascii: "M")
        else { return nil }
        func word(_ index: Int) -> Int { Int(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: 4 + 4 * index, as: UInt32.self))) }
        let count = word(3)
        // A list of another table's lines would point into the middle of this one's.
        guard word(1) == places.count, table.count == Self.headerSize + 4 * count else { return nil }
        threshold = word(0)
        self.count = count
        offsets = base + Self.headerSize
    }

    /// The byte offset of the `index`th listed line.
    @inline(__always) subscript(index: Int) -> Int {
        Int(UInt32(littleEndian: offsets.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)))
    }

    /// The index of the first listed line at or after the byte offset `offset` (``count`` when none is).
    func firstIndex(atOrAfter offset: Int) -> Int {
        (0..<count).partitionPoint { self[$0] < offset }
    }
}

extension Gazetteer {
    /// The listed lines a walk that passes over towns under `minimumPopulation` may read instead of
    /// every line: only for the bundled gazetteer, and only when the list holds every line such a walk
    /// keeps (its threshold is no higher).
    func prominentLines(passingOver minimumPopulation: Int) -> ProminentLines? {
        guard minimumPopulation > 0, let list = ProminentLines.bundled, list.threshold <= minimumPopulation,
              places.base == GazetteerData.places.base else { return nil }
        return list
    }
}
