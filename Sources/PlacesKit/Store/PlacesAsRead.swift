#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A place's mark from the read of the journal that made it (see ``Location/readMark``): the read, a
/// number drawn at random for each read so that a place from another read or another journal never
/// passes for one of this read's, and the place's index in it.
struct JournalReadMark: Equatable, Sendable {
    var read: UInt64
    var index: UInt32
}

/// The places of one read of the journal as they were before a change, for a transaction to find
/// what the change touched, without a copy of every place: a place still carrying its mark from this
/// read is unchanged, and the old version of any other is read again from the journal's bytes.
struct PlacesAsRead {
    /// The places' ids, in the file's order.
    let ids: [UUID]
    private let read: UInt64
    private let offsets: [Int]
    private let mapping: MappedFile?
    /// The places themselves, kept only when they were not read from bytes with their offsets.
    private let copies: [Location]

    /// - Parameters:
    ///   - places: the places `contents` held, as read.
    ///   - mapping: the bytes `contents` was read from.
    init(_ places: [Location], contents: JournalContents, mapping: MappedFile?) {
        ids = places.map(\.id)
        read = contents.read
        if contents.placeOffsets.count == places.count, mapping != nil || places.isEmpty {
            (offsets, self.mapping, copies) = (contents.placeOffsets, mapping, [])
        } else {
            (offsets, self.mapping, copies) = ([], nil, places)
        }
    }

    var count: Int { ids.count }

    /// The place at `index` as it was read.
    func place(_ index: Int) -> Location? {
        if !copies.isEmpty { return copies[index] }
        return mapping?.withBuffer { JournalCodec.decodePlace($0, at: offsets[index]) }
    }

    /// Validates every place of `places` that is new or changed since the read (a record someone
    /// broke by hand is left as it is, and reported by `places doctor`, rather than blocking every
    /// other change to the journal), and says whether anything changed.
    ///
    /// A place none of whose fields was set since this read still carries this read's mark: it is
    /// unchanged, though it may have moved. Changes keep the order of places, so any other is first
    /// compared with the old place at its own index; only when that is another place is the old
    /// version looked up by id: by a scan for the first few (an added place), by a table made once
    /// when there are more (a reordering).
    /// - Throws: ``LocationValidationError`` for a changed place that is not valid;
    ///   ``JournalError/duplicateID(path:id:)`` when two places have one id.
    func validateChanges(in places: inout [Location], path: String) throws -> Bool {
        var previous: [UUID: Int]?
        var scans = 0
        var seen = Set<UUID>(minimumCapacity: places.count)
        var changed = places.count != count
        for index in places.indices {
            if let mark = places[index].readMark, mark.read == read {
                if Int(mark.index) != index { changed = true }
            } else {
                let place = places[index]
                let oldIndex: Int?
                if index < count && ids[index] == place.id {
                    oldIndex = index
                } else if previous == nil && scans < 8 {
                    scans += 1
                    oldIndex = ids.firstIndex(of: place.id)
                    changed = true
                } else {
                    if previous == nil {
                        previous = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
                    }
                    oldIndex = previous![place.id]
                    changed = true
                }
                if oldIndex.flatMap(self.place)?.hasSameContent(as: place) != true {
                    changed = true
                    places[index] = try place.validated()
                }
            }
            guard seen.insert(places[index].id).inserted else {
                throw JournalError.duplicateID(path: path, id: places[index].idString)
            }
        }
        return changed
    }
}
