#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// Bytes that a region add keeps while it reads an extract but does not hold in memory: appended in
/// order, read back at any offset with `pread`, so an extract's size costs disk, not resident memory.
///
/// The last megabyte appended stays in memory, and only bytes beyond it go to the file; a small extract
/// never touches the disk. The file has no name once open (``FileSystem/createUnnamed(in:)``), so it
/// goes with the process whatever happens, and leaves nothing behind. Appends go in whole records: a record is never split
/// between the file and the memory.
final class RegionScratchFile {
    /// Bytes kept in memory before they go to the file.
    static let bufferSize = 1 << 20

    /// Where the file goes: the folder of the pack being made, so it is on the same disk.
    let directory: String
    private var file: UnnamedFile?
    /// Bytes not yet in the file; they start at `flushed`.
    private var pending: [UInt8] = []
    private var flushed = 0

    /// The system's folder for temporary files, for callers that make no pack.
    static var systemDirectory: String { FileSystem.temporaryDirectory }

    init(directory: String) {
        self.directory = directory
        pending.reserveCapacity(Self.bufferSize)
    }

    /// How many bytes it holds: the offset the next append starts at.
    var count: Int { flushed + pending.count }

    /// How many of its bytes are in the file: a range below this can be read in one piece.
    var flushedCount: Int { flushed }

    /// Ends a record: if the memory buffer is full, its bytes go to the file.
    func endRecord() throws {
        guard pending.count >= Self.bufferSize else { return }
        do throws(FileError) {
            if file == nil { file = try FileSystem.createUnnamed(in: directory) }
            try pending.withUnsafeBufferPointer { buffer in Result { () throws(FileError) in try file!.append(buffer) } }.get()
        } catch {
            throw RegionError.unwritable(path: directory, reason: error.reason)
        }
        flushed += pending.count
        pending.removeAll(keepingCapacity: true)
    }

    /// Appends a byte to the record being written.
    @inline(__always) func append(_ byte: UInt8) { pending.append(byte) }

    /// Appends bytes to the record being written.
    func append(_ bytes: [UInt8]) { pending += bytes }

    /// Appends bytes to the record being written.
    func append(_ bytes: UnsafeBufferPointer<UInt8>) { pending.append(contentsOf: bytes) }

    // Each append reaches `pending` once: every access to a class's stored array is checked for
    // exclusivity at run time, which cost more than the byte itself when it was made byte by byte.

    /// Appends an unsigned varint to the record being written.
    @inline(__always) func appendUnsigned(_ value: UInt64) { Self.put(value, into: &pending) }

    /// Appends a zigzag varint to the record being written.
    @inline(__always) func appendSigned(_ value: Int64) { Self.put(Self.zigzag(value), into: &pending) }

    /// Appends an unsigned varint and two zigzag varints to the record being written (a node's id step and
    /// position).
    @inline(__always) func appendUnsigned(_ value: UInt64, signed first: Int64, _ second: Int64) {
        Self.put(value, Self.zigzag(first), Self.zigzag(second), into: &pending)
    }

    /// Appends a varint of the bytes' count, then the bytes, to the record being written.
    func appendCounted(_ bytes: UnsafeBufferPointer<UInt8>) { Self.put(bytes, into: &pending) }

    @inline(__always) private static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    @inline(__always) private static func put(_ value: UInt64, into bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    @inline(__always) private static func put(_ a: UInt64, _ b: UInt64, _ c: UInt64, into bytes: inout [UInt8]) {
        put(a, into: &bytes)
        put(b, into: &bytes)
        put(c, into: &bytes)
    }

    @inline(__always) private static func put(_ counted: UnsafeBufferPointer<UInt8>, into bytes: inout [UInt8]) {
        put(UInt64(counted.count), into: &bytes)
        bytes.append(contentsOf: counted)
    }

    /// Copies the bytes `range` into `into` (replacing what it held).
    func read(_ range: Range<Int>, into bytes: inout [UInt8]) throws {
        bytes.removeAll(keepingCapacity: true)
        if range.lowerBound >= flushed {
            bytes += pending[(range.lowerBound - flushed)..<(range.upperBound - flushed)]
            return
        }
        // Records never straddle the boundary: a range below it lies wholly in the file.
        bytes.append(contentsOf: repeatElement(0, count: range.count))
        let got = bytes.withUnsafeMutableBytes { buffer in try? file?.read(at: range.lowerBound, into: buffer) }
        guard got == range.count else {
            throw RegionError.unwritable(path: directory, reason: "a temporary file could not be read back")
        }
    }
}

/// Reads back the varints ``RegionScratchFile`` appends, from any byte collection: one loop for every
/// scratch record (node blocks, ways, features).
enum ScratchVarint {
    /// The unsigned varint at `p`, moving `p` past it.
    @inline(__always) static func unsigned<C: Collection<UInt8>>(_ bytes: C, _ p: inout C.Index) -> UInt64 {
        var value: UInt64 = 0, shift: UInt64 = 0
        while true {
            let byte = bytes[p]
            p = bytes.index(after: p)
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// The zigzag varint at `p`, moving `p` past it.
    @inline(__always) static func signed<C: Collection<UInt8>>(_ bytes: C, _ p: inout C.Index) -> Int64 {
        let value = unsigned(bytes, &p)
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }
}
