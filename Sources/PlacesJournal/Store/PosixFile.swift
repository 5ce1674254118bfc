#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// The few POSIX file operations the journal needs, with errors that name the path.
///
/// The store calls these directly rather than `Data.write(options: .atomic)`, which on Linux does
/// not fsync the directory, resets a 0600 file to 0644, replaces a symlink with a regular file,
/// and leaves temporary files behind after a crash.
package enum PosixFile {
    static func errorText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// Runs `body`, giving a ``FileError`` as the journal's ``JournalError`` (the same words).
    private static func journalErrors<T>(_ body: () throws(FileError) -> T) throws -> T {
        do throws(FileError) { return try body() } catch { throw JournalError(error) }
    }

    /// The whole file, or `nil` when it does not exist.
    /// - Parameters:
    ///   - regularOnly: refuse anything but a regular file (a FIFO, a device, a socket). The file is
    ///     opened without blocking, so a FIFO nobody writes to is refused at once instead of hanging.
    ///   - limit: the most bytes to accept; the check counts what is read, so it holds for pipes and
    ///     devices (`/dev/zero`) whose size `stat` cannot tell.
    /// - Throws: ``JournalError/io(path:operation:reason:)``; ``JournalError/tooLarge(path:limit:)``.
    package static func read(_ path: String, regularOnly: Bool = true, limit: Int? = nil) throws -> [UInt8]? {
        try journalErrors { () throws(FileError) in
            try ReadableFile.ifPresent(path, accepting: regularOnly ? .regularFiles : .anythingButDirectories)?.readToEnd(limit: limit)
        }
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
        private let file: ReadableFile

        /// Opens the regular file at `path` (without blocking, so a FIFO is refused at once), or
        /// `nil` when nothing is there.
        /// - Throws: ``JournalError/io(path:operation:reason:)``.
        init?(_ path: String) throws {
            self.path = path
            guard let file = try journalErrors({ () throws(FileError) in try ReadableFile.ifPresent(path, accepting: .anything) }) else {
                return nil
            }
            guard file.info.kind == .regular else {
                throw JournalError.io(path: path, operation: "read", reason: "it is \(file.info.kind.words), not a regular file")
            }
            self.file = file
        }

        /// Every byte of the file, from its start, and its version after the read.
        func readAll() throws -> ([UInt8], FileVersion) {
            try journalErrors { () throws(FileError) in
                var bytes: [UInt8] = []
                bytes.reserveCapacity(try file.currentInfo().size + 1)
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                while true {
                    let offset = bytes.count
                    let count = try file.read(at: offset, into: &chunk)
                    if count == 0 { break }
                    bytes.append(contentsOf: chunk[0..<count])
                }
                return (bytes, try file.currentInfo().version)
            }
        }
    }

    /// The version of the file at `path` (following symlinks, as a read does), or `nil`.
    package static func version(_ path: String) -> FileVersion? {
        guard let info = FileSystem.info(path), info.kind == .regular else { return nil }
        return info.version
    }

    /// A file kind in words, for errors: "a FIFO (named pipe)", "a device", ….
    static func describe(_ kind: mode_t) -> String { FileKind(mode: kind).words }

    /// The kind of file at `path` (`S_IFREG`, `S_IFIFO`, …) following symlinks, or `nil` when nothing is there.
    static func kind(_ path: String) -> mode_t? {
        FileSystem.info(path).map { $0.status.st_mode & S_IFMT }
    }

    /// The device and inode of the file at `path` (following symlinks), or `nil`.
    static func identity(_ path: String) -> FileIdentity? { FileSystem.info(path)?.identity }

    /// Whether anything (a file, a directory, a dangling symlink) is at `path`.
    static func exists(_ path: String) -> Bool { FileSystem.exists(path) }

    /// Whether `path` is a symbolic link.
    static func isSymlink(_ path: String) -> Bool { FileSystem.info(path, followingLinks: false)?.kind == .symbolicLink }

    /// The file's permission bits, or `nil` when it cannot be examined.
    static func mode(_ path: String) -> mode_t? { FileSystem.info(path)?.permissions }

    /// Where a symlink finally points, as an absolute path; `path` itself when it is no symlink.
    static func resolvingSymlinks(_ path: String) -> String {
        guard isSymlink(path) else { return path }
        // A dangling link (to a journal not yet created) still names where the journal belongs.
        var target = path
        for _ in 0..<32 {
            guard isSymlink(target), let destination = FileSystem.linkTarget(target) else { break }
            target = destination.hasPrefix("/") ? destination
                : StorePath.join(StorePath.directory(of: target), destination)
        }
        return target
    }

    /// Creates `path` and any missing parents; the directories it creates get `mode`.
    static func makeDirectories(_ path: String, mode: mode_t) throws {
        try journalErrors { () throws(FileError) in try FileSystem.makeDirectories(path, mode: mode) }
    }

    /// Writes `bytes` to a new file that must not exist yet (`O_EXCL`), with `mode`, and fsyncs it
    /// (unless `sync` is false). On any failure the partial file is removed.
    static func writeNew(_ path: String, _ bytes: [UInt8], mode: mode_t, sync: Bool = true) throws {
        try journalErrors { () throws(FileError) in try FileSystem.writeNew(path, bytes, mode: mode, sync: sync) }
    }

    /// Copies the file at `source` to a new file at `path`, as ``writeNew(_:_:mode:sync:)`` writes
    /// one, through a buffer of 1 MiB: a copy of a large journal made while its places are in memory
    /// must not hold the whole file in memory too.
    static func copyNew(_ source: String, to path: String, mode: mode_t, sync: Bool = true) throws {
        try journalErrors { () throws(FileError) in
            let input = try ReadableFile(source, accepting: .anything)
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 1)
            defer { buffer.deallocate() }
            try FileSystem.createNew(path, mode: mode, sync: sync) { descriptor throws(FileError) in
                while true {
                    let count = try input.read(into: buffer)
                    if count == 0 { return }
                    try FileSystem.writeAll(descriptor, UnsafeBufferPointer(rebasing: buffer.bindMemory(to: UInt8.self)[0..<count]), path: path)
                }
            }
        }
    }

    static func rename(_ from: String, _ to: String) throws {
        try journalErrors { () throws(FileError) in try FileSystem.rename(from, to: to) }
    }

    /// Flushes a directory's entries, so a rename inside it survives a power cut.
    static func syncDirectory(_ path: String) throws {
        try journalErrors { () throws(FileError) in try FileSystem.syncDirectory(path) }
    }

    /// The names in a directory (without `.` and `..`), or an empty list when it cannot be read.
    static func list(_ directory: String) -> [String] { FileSystem.names(directory) }
}

extension JournalError {
    /// A file operation the system refused, in the journal's words.
    init(_ error: FileError) {
        if case .tooLarge(let limit) = error.problem {
            self = .tooLarge(path: error.path, limit: limit)
        } else {
            self = .io(path: error.path, operation: error.operation.rawValue, reason: error.reason)
        }
    }
}
