#if canImport(Glibc)
import Glibc
#endif

/// The few POSIX file operations the journal needs, with errors that name the path.
///
/// The store calls these directly rather than `Data.write(options: .atomic)`, which on Linux does
/// not fsync the directory, resets a 0600 file to 0644, replaces a symlink with a regular file,
/// and leaves temporary files behind after a crash.
package enum PosixFile {
    static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// The whole file, or `nil` when it does not exist.
    /// - Parameters:
    ///   - regularOnly: refuse anything but a regular file (a FIFO, a device, a socket). The file is
    ///     opened without blocking, so a FIFO nobody writes to is refused at once instead of hanging.
    ///   - limit: the most bytes to accept; the check counts what is read, so it holds for pipes and
    ///     devices (`/dev/zero`) whose size `stat` cannot tell.
    /// - Throws: ``JournalError/io(path:operation:reason:)``; ``JournalError/tooLarge(path:limit:)``.
    package static func read(_ path: String, regularOnly: Bool = true, limit: Int? = nil) throws -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw JournalError.io(path: path, operation: "open", reason: errorText())
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw JournalError.io(path: path, operation: "examine", reason: errorText()) }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFDIR { throw JournalError.io(path: path, operation: "read", reason: "it is a directory, not a file") }
        if regularOnly && kind != S_IFREG {
            throw JournalError.io(path: path, operation: "read", reason: "it is \(describe(kind)), not a regular file")
        }
        // Reads of a pipe or device wait for data as usual; only the open had to be non-blocking.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        var bytes: [UInt8] = []
        if kind == S_IFREG, info.st_size > 0 {
            if let limit, Int(info.st_size) > limit { throw JournalError.tooLarge(path: path, limit: limit) }
            bytes.reserveCapacity(Int(info.st_size) + 1)
        }
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw JournalError.io(path: path, operation: "read", reason: errorText())
            }
            if count == 0 { break }
            if let limit, bytes.count + count > limit { throw JournalError.tooLarge(path: path, limit: limit) }
            bytes.append(contentsOf: chunk[0..<count])
        }
        return bytes
    }

    /// The whole regular file at `path` read through one descriptor, and the version of the file
    /// read (taken from that descriptor, after the read), or `nil` when it does not exist.
    /// - Throws: ``JournalError/io(path:operation:reason:)``.
    static func readWithVersion(_ path: String) throws -> ([UInt8], FileVersion)? {
        try OpenedFile(path)?.readAll()
    }

    /// A regular file held open, so that what is read from it is one file, whatever the path
    /// names meanwhile.
    final class OpenedFile {
        let path: String
        private let descriptor: Int32

        /// Opens the regular file at `path` (without blocking, so a FIFO is refused at once), or
        /// `nil` when nothing is there.
        /// - Throws: ``JournalError/io(path:operation:reason:)``.
        init?(_ path: String) throws {
            self.path = path
            descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            if descriptor < 0 {
                if errno == ENOENT { return nil }
                throw JournalError.io(path: path, operation: "open", reason: errorText())
            }
            var info = stat()
            guard fstat(descriptor, &info) == 0 else {
                close(descriptor)
                throw JournalError.io(path: path, operation: "examine", reason: errorText())
            }
            guard info.st_mode & S_IFMT == S_IFREG else {
                close(descriptor)
                throw JournalError.io(path: path, operation: "read", reason: "it is \(describe(info.st_mode & S_IFMT)), not a regular file")
            }
        }

        deinit { close(descriptor) }

        /// Every byte of the file, from its start, and its version after the read.
        func readAll() throws -> ([UInt8], FileVersion) {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { throw JournalError.io(path: path, operation: "examine", reason: errorText()) }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Int(info.st_size) + 1)
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(bytes.count)) }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw JournalError.io(path: path, operation: "read", reason: errorText())
                }
                if count == 0 { break }
                bytes.append(contentsOf: chunk[0..<count])
            }
            guard fstat(descriptor, &info) == 0 else { throw JournalError.io(path: path, operation: "examine", reason: errorText()) }
            return (bytes, FileVersion(info))
        }
    }

    /// The version of the file at `path` (following symlinks, as a read does), or `nil`.
    static func version(_ path: String) -> FileVersion? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileVersion(info)
    }

    /// A file kind in words, for errors: "a FIFO (named pipe)", "a device", ….
    static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFSOCK: return "a socket"
        case S_IFDIR: return "a directory"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }

    /// The kind of file at `path` (`S_IFREG`, `S_IFIFO`, …) following symlinks, or `nil` when nothing is there.
    static func kind(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// The device and inode of an open file, or `nil`.
    static func identity(descriptor: Int32) -> FileIdentity? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// The device and inode of the file at `path` (following symlinks), or `nil`.
    static func identity(_ path: String) -> FileIdentity? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Whether anything (a file, a directory, a dangling symlink) is at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// Whether `path` is a symbolic link.
    static func isSymlink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    /// The file's permission bits, or `nil` when it cannot be examined.
    static func mode(_ path: String) -> mode_t? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// Where a symlink finally points, as an absolute path; `path` itself when it is no symlink.
    static func resolvingSymlinks(_ path: String) -> String {
        guard isSymlink(path) else { return path }
        // A dangling link (to a journal not yet created) still names where the journal belongs.
        var target = path
        for _ in 0..<32 {
            guard isSymlink(target) else { break }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(target, &buffer, buffer.count - 1)
            guard length > 0 else { break }
            let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            target = destination.hasPrefix("/") ? destination
                : StorePath.join(StorePath.directory(of: target), destination)
        }
        return target
    }

    /// Creates `path` and any missing parents; the directories it creates get `mode`.
    static func makeDirectories(_ path: String, mode: mode_t) throws {
        if path.isEmpty || path == "/" || path == "." { return }
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) != S_IFDIR {
                throw JournalError.io(path: path, operation: "use the directory", reason: "it is not a directory")
            }
            return
        }
        try makeDirectories(StorePath.directory(of: path), mode: mode)
        if mkdir(path, mode) != 0 && errno != EEXIST {
            throw JournalError.io(path: path, operation: "create the directory", reason: errorText())
        }
    }

    /// Writes `bytes` to a new file that must not exist yet (`O_EXCL`), with `mode`, and fsyncs it
    /// (unless `sync` is false). On any failure the partial file is removed.
    static func writeNew(_ path: String, _ bytes: [UInt8], mode: mode_t, sync: Bool = true) throws {
        try createNew(path, mode: mode, sync: sync) { fd in bytes.withUnsafeBufferPointer { writeAll(fd, $0, path: path) } }
    }

    /// Copies the file at `source` to a new file at `path`, as ``writeNew(_:_:mode:sync:)`` writes
    /// one, through a buffer of 1 MiB: a copy of a large journal made while its places are in memory
    /// must not hold the whole file in memory too.
    static func copyNew(_ source: String, to path: String, mode: mode_t, sync: Bool = true) throws {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        if input < 0 { throw JournalError.io(path: source, operation: "open", reason: errorText()) }
        defer { close(input) }
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 1 << 20)
        defer { buffer.deallocate() }
        try createNew(path, mode: mode, sync: sync) { fd in
            while true {
                let count = Glibc.read(input, buffer.baseAddress, buffer.count)
                if count < 0 {
                    if errno == EINTR { continue }
                    return .io(path: source, operation: "read", reason: errorText())
                }
                if count == 0 { return nil }
                if let failure = writeAll(fd, UnsafeBufferPointer(rebasing: buffer[0..<count]), path: path) { return failure }
            }
        }
    }

    /// Creates a new file that must not exist yet (`O_EXCL`) with exactly `mode`, lets `fill` write
    /// it, and fsyncs it (unless `sync` is false). On any failure the partial file is removed.
    private static func createNew(_ path: String, mode: mode_t, sync: Bool, fill: (Int32) -> JournalError?) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        if fd < 0 { throw JournalError.io(path: path, operation: "create", reason: errorText()) }
        var failure: JournalError?
        // The umask may have taken bits away from `mode`; set exactly what was asked.
        if fchmod(fd, mode) != 0 { failure = .io(path: path, operation: "set permissions on", reason: errorText()) }
        if failure == nil { failure = fill(fd) }
        if failure == nil && sync && fsync(fd) != 0 { failure = .io(path: path, operation: "flush", reason: errorText()) }
        if close(fd) != 0 && failure == nil { failure = .io(path: path, operation: "close", reason: errorText()) }
        if let failure {
            unlink(path)
            throw failure
        }
    }

    /// Writes all of `bytes` to `fd`; the error, if any.
    private static func writeAll(_ fd: Int32, _ bytes: UnsafeBufferPointer<UInt8>, path: String) -> JournalError? {
        var written = 0
        while written < bytes.count {
            let count = write(fd, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                return .io(path: path, operation: "write", reason: errorText())
            }
            written += count
        }
        return nil
    }

    static func rename(_ from: String, _ to: String) throws {
        if Glibc.rename(from, to) != 0 {
            throw JournalError.io(path: to, operation: "replace", reason: errorText())
        }
    }

    /// Flushes a directory's entries, so a rename inside it survives a power cut.
    static func syncDirectory(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd < 0 { throw JournalError.io(path: path, operation: "open the directory", reason: errorText()) }
        defer { close(fd) }
        if fsync(fd) != 0 && errno != EINVAL {
            throw JournalError.io(path: path, operation: "flush the directory", reason: errorText())
        }
    }

    /// The names in a directory (without `.` and `..`), or an empty list when it cannot be read.
    static func list(_ directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

/// Which file a path names, independent of how it is spelt (links, `..`, hard links).
struct FileIdentity: Equatable, Hashable {
    var device: UInt64
    var inode: UInt64
}

/// Which file, and which state of it: device, inode, size and modification time. A file replaced
/// (renamed over) or rewritten since has another.
public struct FileVersion: Sendable, Equatable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: timespec

    init(_ info: stat) {
        (device, inode, size, modified) = (UInt64(info.st_dev), UInt64(info.st_ino), Int64(info.st_size), info.st_mtim)
    }

    public static func == (a: FileVersion, b: FileVersion) -> Bool {
        a.device == b.device && a.inode == b.inode && a.size == b.size
            && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
    }
}
