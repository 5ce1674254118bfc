import PlacesCore

/// Why a photo or video gave no sighting: said in the import summary, one reason per file.
public struct MediaSkip: Error, Sendable, Equatable, CustomStringConvertible {
    /// The reason in words ("no GPS position", "truncated: the EXIF block ends past the file").
    public var reason: String
    /// Creates a skip reason.
    public init(_ reason: String) { self.reason = reason }
    public var description: String { reason }
}

/// Random access to the bytes of a photo or video, in bounded reads.
///
/// Readers never ask for a whole file: they read headers and the metadata blocks those headers
/// point to, each read checked against the file's size and ``maximumRead``.
public protocol MediaBytes {
    /// The size of the whole file in bytes.
    var size: Int { get }
    /// `count` bytes from `offset`; throws ``MediaSkip`` when they lie past the end or `count`
    /// exceeds ``MediaByteLimits/maximumRead``.
    func bytes(at offset: Int, count: Int) throws(MediaSkip) -> [UInt8]
}

/// Limits every reader keeps, whatever a file claims.
public enum MediaByteLimits {
    /// The most bytes read at once: 16 MB, larger than any metadata block a camera writes (a long
    /// video's `moov` index is the largest, a few MB).
    public static let maximumRead = 16 << 20
}

extension MediaBytes {
    /// Checks that `count` bytes at `offset` lie within the file and the read limit.
    func checkRange(_ offset: Int, _ count: Int) throws(MediaSkip) {
        guard offset >= 0, count >= 0 else { throw MediaSkip("corrupt: a negative offset or length") }
        guard count <= MediaByteLimits.maximumRead else { throw MediaSkip("corrupt: a metadata block of \(count) bytes") }
        guard offset <= size, count <= size - offset else { throw MediaSkip("truncated: metadata points past the end of the file") }
    }
}

/// Bytes held in memory: an EXIF block already read, or a fuzzer's input.
public struct MemoryBytes: MediaBytes {
    /// The bytes.
    public let storage: [UInt8]
    /// Wraps `storage`.
    public init(_ storage: [UInt8]) { self.storage = storage }
    public var size: Int { storage.count }
    public func bytes(at offset: Int, count: Int) throws(MediaSkip) -> [UInt8] {
        try checkRange(offset, count)
        return Array(storage[offset..<(offset + count)])
    }
}

/// A file opened read-only, read with `pread`: its first 64 KB once (where almost every photo keeps
/// its metadata), anything further on request.
public final class FileBytes: MediaBytes {
    /// How much of the start of the file is read at once.
    public static let headSize = 64 << 10

    public let size: Int
    private let file: ReadableFile
    private let head: [UInt8]

    /// Opens `path` read-only.
    /// - Throws: ``MediaSkip`` when it cannot be opened, is not a regular file, or cannot be read.
    public init(path: String) throws(MediaSkip) {
        // Opened without blocking, so that a FIFO is refused at once instead of waiting for a writer.
        do throws(FileError) {
            file = try ReadableFile(path)
        } catch {
            throw MediaSkip(error.operation == .open ? "cannot open it: \(error.reason)" : "not a regular file")
        }
        size = file.info.size
        var head = [UInt8](repeating: 0, count: min(size, Self.headSize))
        guard Self.read(file, into: &head, at: 0) == head.count else { throw MediaSkip("cannot read it") }
        self.head = head
    }

    public func bytes(at offset: Int, count: Int) throws(MediaSkip) -> [UInt8] {
        try checkRange(offset, count)
        if offset + count <= head.count { return Array(head[offset..<(offset + count)]) }
        var buffer = [UInt8](repeating: 0, count: count)
        guard Self.read(file, into: &buffer, at: offset) == count else { throw MediaSkip("cannot read it (the file shrank?)") }
        return buffer
    }

    /// Reads until the buffer is full or the file ends; the number of bytes read (0 when reading failed).
    private static func read(_ file: ReadableFile, into buffer: inout [UInt8], at offset: Int) -> Int {
        (try? file.read(at: offset, into: &buffer)) ?? 0
    }
}

/// Big- and little-endian integers out of byte arrays, checked: `nil` past the end.
extension Array where Element == UInt8 {
    @inline(__always) func u16(_ at: Int, bigEndian: Bool = true) -> Int? {
        guard at >= 0, at + 2 <= count else { return nil }
        return bigEndian ? Int(self[at]) << 8 | Int(self[at + 1]) : Int(self[at + 1]) << 8 | Int(self[at])
    }

    @inline(__always) func u32(_ at: Int, bigEndian: Bool = true) -> Int? {
        guard at >= 0, at + 4 <= count else { return nil }
        let b = (Int(self[at]), Int(self[at + 1]), Int(self[at + 2]), Int(self[at + 3]))
        return bigEndian ? b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3 : b.3 << 24 | b.2 << 16 | b.1 << 8 | b.0
    }

    @inline(__always) func u64(_ at: Int) -> UInt64? {
        guard let high = u32(at), let low = u32(at + 4) else { return nil }
        return UInt64(high) << 32 | UInt64(low)
    }

    /// Four bytes as text (an ISO BMFF box type, a PNG chunk type).
    func fourCC(_ at: Int) -> String? {
        guard at >= 0, at + 4 <= count else { return nil }
        return String(decoding: self[at..<(at + 4)], as: UTF8.self)
    }
}
