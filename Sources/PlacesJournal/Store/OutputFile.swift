#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// Why an output file (`-o`) was refused or could not be written.
public enum OutputFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path names something an export must never replace: the journal or one of its own
    /// files, a directory, a device. Nothing was written (sysexits `EX_CANTCREAT`).
    case refused(path: String, reason: String)
    /// The file cannot be created there (no such folder, no permission, a read-only file system).
    /// Nothing was written (sysexits `EX_CANTCREAT`).
    case cannotCreate(path: String, reason: String)
    /// Writing failed part-way (a full disk, an I/O error, a file-size limit). The file, if it
    /// existed, was left as it was (sysexits `EX_IOERR`).
    case failed(path: String, reason: String)

    public var description: String {
        switch self {
        case let .refused(path, reason): return "refusing to write \(path): \(reason)"
        case let .cannotCreate(path, reason): return "cannot create \(path): \(reason)"
        case let .failed(path, reason): return "cannot write \(path): \(reason); the file was left as it was"
        }
    }
}

/// Writing an output file (`map -o`, `export -o`) the one safe way.
///
/// The file is written whole to a temporary file beside it, flushed, and renamed over the old one,
/// so a reader never sees half an export and a failure leaves the old file as it was. A symlink
/// stays a link (its target is written); the journal, its lock, backup and history copies are
/// refused under any spelling (compared by device and inode, and by folder and name for files not
/// yet there), as are directories and devices. A new file gets the umask's mode; an existing one
/// keeps its own, so a private 0600 file never becomes readable by others.
public enum OutputFile {
    /// Replaces (or creates) `path` with `bytes`.
    /// - Parameter journal: the journal whose files must never be replaced.
    /// - Throws: ``OutputFileError``.
    public static func write(_ bytes: [UInt8], to path: String, protecting journal: JournalStore) throws {
        let target = try check(path, protecting: journal)
        let mode = FileSystem.info(target)?.permissions ?? FileSystem.umasked(0o666)
        let directory = StorePath.directory(of: target)
        let temporary = StorePath.join(
            directory, ".\(StorePath.lastComponent(of: target)).tmp.\(FileSystem.processID).\(UInt32.random(in: 0...UInt32.max))")
        do throws(FileError) {
            try FileSystem.writeNew(temporary, bytes, mode: mode)
            try FileSystem.rename(temporary, to: target)
        } catch {
            FileSystem.removeIfPresent(temporary)
            throw error.operation == .create ? OutputFileError.cannotCreate(path: path, reason: error.reason)
                                             : OutputFileError.failed(path: path, reason: error.reason)
        }
    }

    /// Refuses a path that may not be written (see ``write(_:to:protecting:)``), before any work is
    /// done for it: a command that checks first never spends time on output it cannot keep, and
    /// says why in the words every output file uses.
    /// - Returns: the path with symlinks resolved, the file that would be written.
    /// - Throws: ``OutputFileError/refused(path:reason:)``.
    @discardableResult
    public static func check(_ path: String, protecting journal: JournalStore) throws -> String {
        guard !path.isEmpty else { throw OutputFileError.refused(path: "\"\"", reason: "the file name is empty") }
        let target = PosixFile.resolvingSymlinks(path)
        try checkAllowed(target, shownAs: path, journal: journal)
        return target
    }

    /// Refuses a target that is the journal or one of its files, a directory, or not a regular file.
    static func checkAllowed(_ target: String, shownAs path: String, journal: JournalStore) throws {
        func refuse(_ reason: String) -> OutputFileError { .refused(path: path, reason: reason) }
        if let kind = FileSystem.kind(target) {
            if kind == .directory { throw refuse("it is a directory; give a file name") }
            if kind != .regular { throw refuse("it is \(kind.words), not a regular file") }
        }
        let journalPath = journal.resolvedPath
        let history = journal.history.directory
        let own = [journalPath, journal.lockPath, journal.backupPath]
        let ownFiles = Set((own + journal.history.versions().map(\.path)).compactMap(PosixFile.identity))
        if let identity = PosixFile.identity(target), ownFiles.contains(identity) {
            throw refuse("it is the journal or one of its copies (\(journalPath))")
        }
        let folder = PosixFile.identity(StorePath.directory(of: target))
        let name = StorePath.lastComponent(of: target)
        if folder != nil, folder == PosixFile.identity(history) {
            throw refuse("it is inside the journal's history (\(history))")
        }
        if folder != nil, folder == PosixFile.identity(StorePath.directory(of: journalPath)),
           own.map(StorePath.lastComponent(of:)).contains(name) || name == StorePath.lastComponent(of: history)
            || name.hasPrefix("." + StorePath.lastComponent(of: journalPath) + ".tmp.") {
            throw refuse("that name belongs to the journal (\(journalPath))")
        }
    }
}
