#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// The places of one read of the journal as they were before a change, for a transaction to find
/// what the change touched, without a copy of every place: a place still carrying its mark from this
/// read is unchanged, and the old version of any other is read again from the journal's bytes.
struct PlacesAsRead {
    /// The places' ids, in the file's order.
    let ids: [UUID]
    private let read: UInt64
    private let offsets: [Int], ends: [Int]
    private let mapping: MappedFile?
    /// Whether the bytes were the legacy bare array, whose places are laid out at another indent.
    private let legacy: Bool
    /// The places themselves, kept only when they were not read from bytes with their offsets.
    private let copies: [Location]

    /// - Parameters:
    ///   - places: the places `contents` held, as read.
    ///   - mapping: the bytes `contents` was read from.
    init(_ places: [Location], contents: JournalContents, mapping: MappedFile?) {
        ids = places.map(\.id)
        read = contents.read
        legacy = contents.legacy
        if contents.placeOffsets.count == places.count, contents.placeEnds.count == places.count, mapping != nil || places.isEmpty {
            (offsets, ends, self.mapping, copies) = (contents.placeOffsets, contents.placeEnds, mapping, [])
        } else {
            (offsets, ends, self.mapping, copies) = ([], [], nil, places)
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

    /// The journal's bytes for `places` after a change (``JournalCodec/encode(_:members:)``), where
    /// each place unchanged since this read is its text as read: writing every place again from its
    /// fields was most of the cost of adding one place to a large journal. The text is copied only
    /// when it sits as the writer lays a place out (its braces on lines of their own, at the places'
    /// indent), so a journal written by `places` comes out byte for byte as a full write makes it, and
    /// a place laid out otherwise (by hand, or by another tool) is written from its fields, as before.
    func encode(_ places: [Location], members: [String: JSONFragment]) -> [UInt8] {
        guard let mapping, !legacy else { return JournalCodec.encode(places, members: members) }
        return mapping.withBuffer { bytes in
            JournalCodec.encode(places, members: members) { place, out in
                guard let mark = place.readMark, mark.read == read, Int(mark.index) < offsets.count else { return false }
                let start = offsets[Int(mark.index)], end = ends[Int(mark.index)]
                guard Self.isLaidOutAsWritten(bytes, start, end) else { return false }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                return true
            }
        }
    }

    /// The text before a place's `{` and before its `}` (a newline and four spaces): how the writer
    /// lays out a place of the versioned document.
    private static let placeIndent: [UInt8] = [0x0A, 0x20, 0x20, 0x20, 0x20]

    private static func isLaidOutAsWritten(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let indent = placeIndent.count
        guard start >= indent, end - start > indent + 1, bytes[start] == UInt8(ascii: "{"), bytes[end - 1] == UInt8(ascii: "}") else {
            return false
        }
        for offset in 0..<indent where bytes[start - indent + offset] != placeIndent[offset] || bytes[end - 1 - indent + offset] != placeIndent[offset] {
            return false
        }
        return true
    }
}
