#if canImport(Glibc)
import Glibc
#endif

/// What `stat` tells of a file: its kind, size, permission bits and identity.
public struct FileInfo: Sendable {
    public var kind: FileKind
    /// The size in bytes (of a regular file; the system's figure for anything else).
    public var size: Int
    /// The permission bits.
    public var permissions: mode_t
    package let status: stat

    init(_ status: stat) {
        self.status = status
        kind = FileKind(mode: status.st_mode)
        size = Int(status.st_size)
        permissions = status.st_mode & 0o7777
    }

    /// When it was last modified, in seconds since 1970 (with the nanoseconds the file system keeps).
    public var modifiedSeconds: Double { Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9 }
    /// When it was last modified, in whole seconds since 1970.
    public var modifiedWholeSeconds: Int { Int(status.st_mtim.tv_sec) }

    /// Which file this is, however it was named.
    package var identity: FileIdentity { FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) }
    /// Which file, and which state of it.
    package var version: FileVersion { FileVersion(status) }
}

/// The system calls on paths: examining, listing, creating, replacing and removing files. (Reading
/// is ``ReadableFile``, mapping ``FileSystem/map(_:)``, walking folders ``DirectoryWalker``, and the
/// journal's durable writes ``PosixFile``.)
public enum FileSystem {
    /// What is at `path`, or `nil` when nothing (or nothing that can be examined) is there.
    /// - Parameter followingLinks: examine a symbolic link's target (`stat`) rather than the link (`lstat`).
    public static func info(_ path: String, followingLinks: Bool = true) -> FileInfo? {
        var status = stat()
        guard (followingLinks ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
        return FileInfo(status)
    }

    /// What is at `path` (following links).
    /// - Throws: ``FileError`` (`examine`) when nothing is there or it cannot be examined.
    public static func examine(_ path: String) throws(FileError) -> FileInfo {
        var status = stat()
        guard stat(path, &status) == 0 else { throw .system(path, .examine) }
        return FileInfo(status)
    }

    /// The kind of file at `path`, following links, or `nil` when nothing is there.
    public static func kind(_ path: String) -> FileKind? { info(path)?.kind }

    /// Whether anything (a file, a folder, a dangling symbolic link) is at `path`.
    public static func exists(_ path: String) -> Bool { info(path, followingLinks: false) != nil }

    /// Whether `path` can be read only once: a pipe (`cat f | places import /dev/stdin`, `<(…)`), a
    /// FIFO, a device or a socket. Such an input is read whole, once, and every reader then looks at
    /// those bytes: a first look at its head would leave the rest to the reader.
    public static func isReadOnce(_ path: String) -> Bool {
        guard let kind = kind(path) else { return false }
        return kind == .fifo || kind == .characterDevice || kind == .socket
    }

    /// The largest file read whole as input (an import, a journal to merge). Reading is streamed where
    /// it can be, so memory grows with what is kept, not the file; the limit only stops an accidental
    /// multi-gigabyte input.
    public static let maximumInputSize = 512 * 1024 * 1024

    /// Whether `path` names a directory (following links).
    public static func isDirectory(_ path: String) -> Bool { kind(path) == .directory }

    /// Creates one directory with `mode` (less the umask).
    /// - Parameter existingIsFine: succeed when something is already there.
    public static func makeDirectory(_ path: String, mode: mode_t, existingIsFine: Bool = false) throws(FileError) {
        if mkdir(path, mode) != 0 && !(existingIsFine && errno == EEXIST) { throw .system(path, .createDirectory) }
    }

    /// Creates `path` and any missing parents; the directories it creates get `mode`.
    /// - Throws: ``FileError``: `use the directory` when something else is in the way, `create the directory`.
    public static func makeDirectories(_ path: String, mode: mode_t) throws(FileError) {
        if path.isEmpty || path == "/" || path == "." { return }
        if let info = info(path) {
            if info.kind != .directory { throw FileError(path: path, operation: .useDirectory, problem: .wrongKind(found: info.kind)) }
            return
        }
        let slash = path.lastIndex(of: "/")
        let parent = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        try makeDirectories(parent, mode: mode)
        try makeDirectory(path, mode: mode, existingIsFine: true)
    }

    /// Renames `from` over `to` in one step (`rename(2)`): a reader sees the old file or the new, never half.
    public static func rename(_ from: String, to: String) throws(FileError) {
        if Glibc.rename(from, to) != 0 { throw .system(to, .replace) }
    }

    /// Removes a file (not a folder).
    public static func remove(_ path: String) throws(FileError) {
        if unlink(path) != 0 { throw .system(path, .remove) }
    }

    /// Removes a file if it is there, quietly: for temporary files being cleaned up.
    /// - Returns: whether it was removed.
    @discardableResult
    public static func removeIfPresent(_ path: String) -> Bool { unlink(path) == 0 }

    /// Removes an empty folder.
    public static func removeDirectory(_ path: String) throws(FileError) {
        if rmdir(path) != 0 { throw .system(path, .removeDirectory) }
    }

    /// Gives `path` a second name, `to` (`link(2)`); `false` when the system refused.
    package static func link(_ path: String, to: String) -> Bool { Glibc.link(path, to) == 0 }

    /// Writes `bytes` to a new file that must not exist yet (`O_EXCL`) and flushes it to the disk
    /// (unless `sync` is false). On any failure the partial file is removed.
    /// - Parameter exactMode: give the file exactly `mode`, whatever the umask takes away.
    public static func writeNew(_ path: String, _ bytes: [UInt8], mode: mode_t, exactMode: Bool = true,
                                sync: Bool = true) throws(FileError) {
        try createNew(path, mode: mode, exactMode: exactMode, sync: sync) { descriptor throws(FileError) in
            try bytes.withUnsafeBufferPointer { buffer in Result { () throws(FileError) in try writeAll(descriptor, buffer, path: path) } }.get()
        }
    }

    /// Creates a new file that must not exist yet (`O_EXCL`), lets `fill` write it, and flushes it to
    /// the disk (unless `sync` is false). On any failure the partial file is removed.
    package static func createNew(_ path: String, mode: mode_t, exactMode: Bool = true, sync: Bool,
                          fill: (Int32) throws(FileError) -> Void) throws(FileError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        if descriptor < 0 { throw .system(path, .create) }
        var failure: FileError?
        // The umask may have taken bits away from `mode`; set exactly what was asked.
        if exactMode && fchmod(descriptor, mode) != 0 { failure = .system(path, .setPermissions) }
        if failure == nil {
            do throws(FileError) { try fill(descriptor) } catch { failure = error }
        }
        if failure == nil && sync && fsync(descriptor) != 0 { failure = .system(path, .flush) }
        if close(descriptor) != 0 && failure == nil { failure = .system(path, .close) }
        if let failure {
            unlink(path)
            throw failure
        }
    }

    /// Writes all of `bytes` to an open descriptor, again after an interrupted write.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>, path: String) throws(FileError) {
        var written = 0
        while written < bytes.count {
            let count = write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                throw .system(path, .write)
            }
            written += count
        }
    }

    /// Creates a file with no name in `directory`, open for appending and reading: a temporary file that
    /// goes with the process whatever happens (its name is removed as soon as it is open twice).
    package static func createUnnamed(in directory: String) throws(FileError) -> UnnamedFile {
        var template = Array((directory + "/.scratch-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if descriptor < 0 { throw .system(directory, .create) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { unlink(path) }
        do throws(FileError) {
            return UnnamedFile(directory: directory, descriptor: descriptor, reader: try ReadableFile(path))
        } catch {
            close(descriptor)
            throw error
        }
    }

    /// The folder for temporary files: `TMPDIR` when it is an absolute path, else `/tmp`.
    public static var temporaryDirectory: String {
        if let value = getenv("TMPDIR").map({ String(cString: $0) }), value.hasPrefix("/") { return value }
        return "/tmp"
    }

    /// Flushes a directory's entries to the disk, so a rename inside it survives a power cut. File
    /// systems that cannot (`EINVAL`) are not an error.
    public static func syncDirectory(_ path: String) throws(FileError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor < 0 { throw .system(path, .openDirectory) }
        defer { close(descriptor) }
        if fsync(descriptor) != 0 && errno != EINVAL { throw .system(path, .flushDirectory) }
    }

    /// One entry of a directory, as `readdir` gives it.
    public struct DirectoryEntry: Sendable {
        /// The name's bytes (a name need not be UTF-8).
        public var rawName: [UInt8]
        /// The kind the directory records, without a `stat`; `nil` when it records none.
        public var kind: FileKind?
        /// The name as text, or `nil` when it is not UTF-8.
        public var name: String? { String(validating: rawName, as: UTF8.self) }
    }

    /// The entries of a directory, without `.` and `..`, in the directory's order.
    public static func entries(_ directory: String) throws(FileError) -> [DirectoryEntry] {
        guard let handle = opendir(directory) else { throw .system(directory, .openDirectory) }
        defer { closedir(handle) }
        var entries: [DirectoryEntry] = []
        while let entry = readdir(handle) {
            let raw = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if raw == [0x2E] || raw == [0x2E, 0x2E] { continue }
            let type = Int32(entry.pointee.d_type)
            let kind: FileKind? = switch type {
            case Int32(DT_REG): .regular
            case Int32(DT_DIR): .directory
            case Int32(DT_LNK): .symbolicLink
            case Int32(DT_FIFO): .fifo
            case Int32(DT_CHR): .characterDevice
            case Int32(DT_BLK): .blockDevice
            case Int32(DT_SOCK): .socket
            default: nil
            }
            entries.append(DirectoryEntry(rawName: raw, kind: kind))
        }
        return entries
    }

    /// The names in a directory (without `.` and `..`), or an empty list when it cannot be read.
    public static func names(_ directory: String) -> [String] {
        ((try? entries(directory)) ?? []).map { String(decoding: $0.rawName, as: UTF8.self) }
    }

    /// Where a symbolic link points, as written in the link, or `nil` when `path` is no link.
    package static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The permission bits new files get from `mode` under the process's umask.
    package static func umasked(_ mode: mode_t) -> mode_t {
        let mask = umask(0)
        umask(mask)
        return mode & ~mask
    }

    /// This process's id, for temporary file names no other process will choose.
    public static var processID: Int32 { getpid() }

    /// Whether the process `id` is still running (signal 0 checks without sending anything).
    package static func isRunning(_ id: Int32) -> Bool { kill(id, 0) == 0 }

    /// Whether the file at `path` may be run by this user.
    public static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

    /// The whole regular file at `path` mapped read-only into memory for the life of the process
    /// (the imported gazetteer's tables), or an empty buffer for an empty file.
    public static func mapForever(_ path: String) throws(FileError) -> UnsafeRawBufferPointer {
        let file = try ReadableFile(path, accepting: .anything)
        return try file.map() ?? UnsafeRawBufferPointer(start: emptyMapping, count: 0)
    }

    /// Where every empty file "maps": a non-nil address that readers may hold on to, allocated once
    /// rather than once per empty file (an empty pack opened and refused would otherwise leave a byte behind).
    private nonisolated(unsafe) static let emptyMapping = UnsafeRawPointer(UnsafeMutablePointer<UInt8>.allocate(capacity: 1))
}

/// Which file a path names, independent of how it is spelt (links, `..`, hard links).
package struct FileIdentity: Equatable, Hashable {
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
