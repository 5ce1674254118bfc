#if canImport(Glibc)
import Glibc
#endif

/// A file held open for reading: what is read from it is one file, whatever its path names meanwhile.
///
/// It is opened without blocking, so a FIFO nobody writes to is refused (or read as empty) at once
/// instead of hanging; reads of a pipe or device then wait for data as usual. Every read is retried
/// when a signal interrupts it.
public final class ReadableFile {
    /// Which kinds of file an open accepts.
    public enum Accepting: Sendable {
        /// Regular files only: a directory, FIFO, device or socket is refused.
        case regularFiles
        /// Anything but a directory (pipes and devices too, `/dev/stdin`, `<(…)`).
        case anythingButDirectories
        /// Anything, directories too (for `fstat` and mapping).
        case anything
    }

    /// The path, as the caller named it.
    public let path: String
    let descriptor: Int32
    /// What the file was when it was opened.
    public let info: FileInfo

    /// Opens `path` read-only.
    /// - Throws: ``FileError``: `open` (``FileError/isMissing`` when nothing is there), `examine`, or
    ///   `read` with ``FileError/Problem/wrongKind(found:)`` for a kind not accepted.
    public init(_ path: String, accepting: Accepting = .regularFiles) throws(FileError) {
        self.path = path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if descriptor < 0 { throw .system(path, .open) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let error = FileError.system(path, .examine)
            close(descriptor)
            throw error
        }
        let info = FileInfo(status)
        let refused = switch accepting {
        case .regularFiles: info.kind != .regular
        case .anythingButDirectories: info.kind == .directory
        case .anything: false
        }
        if refused {
            close(descriptor)
            throw FileError(path: path, operation: .read, problem: .wrongKind(found: info.kind))
        }
        if info.kind != .regular { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK) }
        self.descriptor = descriptor
        self.info = info
    }

    /// Opens `path`, or `nil` when nothing is there (see ``init(_:accepting:)``).
    public static func ifPresent(_ path: String, accepting: Accepting = .regularFiles) throws(FileError) -> ReadableFile? {
        do { return try ReadableFile(path, accepting: accepting) } catch where error.isMissing { return nil }
    }

    deinit { close(descriptor) }

    /// The file as it is now (after reads: a file written meanwhile has another version).
    package func currentInfo() throws(FileError) -> FileInfo {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(path, .examine) }
        return FileInfo(status)
    }

    /// Reads the next bytes into `buffer` from where the last read stopped.
    /// - Returns: how many were read; 0 at the end of the file.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
        while true {
            let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR { throw .system(path, .read) }
        }
    }

    /// Reads from `offset` until `buffer` is full or the file ends, whatever was read before.
    /// - Returns: how many bytes were read.
    public func read(at offset: Int, into buffer: UnsafeMutableRawBufferPointer) throws(FileError) -> Int {
        var done = 0
        while done < buffer.count {
            let count = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(path, .read)
            }
            if count == 0 { break }
            done += count
        }
        return done
    }

    /// Reads the next bytes into `bytes[start..<start + count]` (to the end of `bytes` by default).
    /// - Returns: how many were read; 0 at the end of the file.
    public func read(into bytes: inout [UInt8], from start: Int = 0, count: Int? = nil) throws(FileError) -> Int {
        let end = count.map { start + $0 } ?? bytes.count
        return try bytes.withUnsafeMutableBytes { raw in
            Result { () throws(FileError) in try read(into: UnsafeMutableRawBufferPointer(rebasing: raw[start..<end])) }
        }.get()
    }

    /// Fills `bytes` from the file's `offset` on, as far as the file goes.
    /// - Returns: how many bytes were read.
    public func read(at offset: Int, into bytes: inout [UInt8]) throws(FileError) -> Int {
        try bytes.withUnsafeMutableBytes { raw in Result { () throws(FileError) in try read(at: offset, into: raw) } }.get()
    }

    /// The first `count` bytes of the file (fewer when it is shorter), read from its start.
    public func head(_ count: Int) throws(FileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        let got = try read(at: 0, into: &bytes)
        bytes.removeSubrange(got...)
        return bytes
    }

    /// Every byte from where the last read stopped to the end.
    /// - Parameter limit: the most bytes to accept; counted as read, so it holds for pipes and
    ///   devices (`/dev/zero`) whose size `stat` cannot tell.
    /// - Throws: ``FileError``, with ``FileError/Problem/tooLarge(limit:)`` past `limit`.
    public func readToEnd(limit: Int? = nil) throws(FileError) -> [UInt8] {
        var bytes: [UInt8] = []
        if info.kind == .regular, info.size > 0 {
            if let limit, info.size > limit { throw FileError(path: path, operation: .read, problem: .tooLarge(limit: limit)) }
            bytes.reserveCapacity(info.size + 1)
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = try read(into: &chunk)
            if count == 0 { break }
            if let limit, bytes.count + count > limit {
                throw FileError(path: path, operation: .read, problem: .tooLarge(limit: limit))
            }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// The whole file mapped read-only; `nil` for an empty file. The mapping outlives this object
    /// (closing a file leaves its mappings); whoever keeps it unmaps it with ``FileSystem/unmap(_:)``.
    /// - Throws: ``FileError`` (`map`) when the system will not map it (a directory, a pipe).
    public func map() throws(FileError) -> UnsafeRawBufferPointer? {
        guard info.size > 0 else { return nil }
        guard let start = mmap(nil, info.size, PROT_READ, MAP_PRIVATE, descriptor, 0), start != MAP_FAILED else {
            throw .system(path, .map)
        }
        return UnsafeRawBufferPointer(start: start, count: info.size)
    }
}

extension FileSystem {
    /// Ends a mapping made by ``ReadableFile/map()``.
    package static func unmap(_ buffer: UnsafeRawBufferPointer) {
        munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count)
    }
}

extension ReadableFile {
    /// Calls `body` with each line from where the last read stopped, without its line feed, reading
    /// 1 MiB at a time; the last line need not end in a line feed.
    /// - Throws: ``FileError`` when reading fails; whatever `body` throws.
    public func forEachLine(_ body: (ArraySlice<UInt8>) throws -> Void) throws {
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var pending: [UInt8] = []
        while true {
            let count = try read(into: &buffer)
            if count == 0 { break }
            var start = 0
            while let end = buffer[start..<count].firstIndex(of: 0x0A) {
                if pending.isEmpty {
                    try body(buffer[start..<end])
                } else {
                    pending += buffer[start..<end]
                    try body(pending[...])
                    pending.removeAll(keepingCapacity: true)
                }
                start = end + 1
            }
            pending += buffer[start..<count]
        }
        if !pending.isEmpty { try body(pending[...]) }
    }
}
