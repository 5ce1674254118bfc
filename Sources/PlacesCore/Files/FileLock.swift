#if canImport(Glibc)
import Glibc
#endif

/// A lock file or a folder held open for an exclusive advisory lock (`flock`). The kernel drops the
/// lock when the process dies, so a killed process never leaves it held. (The journal's use of two
/// of them is ``JournalLock``.)
package final class FileLock {
    let path: String
    private var descriptor: Int32

    /// Opens a lock file (created with mode 0600 if missing, never through a symbolic link, and it
    /// must be a regular file), or a folder.
    /// - Throws: ``FileError``: `open the lock file`, `open the folder`, or `use the lock file`.
    package init(_ path: String, folder: Bool) throws(FileError) {
        self.path = path
        descriptor = folder ? open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                            : open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0o600)
        if descriptor < 0 { throw .system(path, folder ? .openFolder : .openLockFile) }
        var info = stat()
        if !folder, fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            close(descriptor)
            descriptor = -1
            throw FileError(path: path, operation: .useLockFile, problem: .wrongKind(found: FileKind(mode: info.st_mode)))
        }
    }

    /// Takes the exclusive lock if no one holds it.
    /// - Returns: `false` when another holds it (or a signal interrupted the attempt): try again later.
    /// - Throws: ``FileError`` (`lock`) when the file system cannot lock it; the file is then closed.
    package func tryLock() throws(FileError) -> Bool {
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
        let code = errno
        guard code == EWOULDBLOCK || code == EINTR else {
            release()
            throw .system(path, .lock, code)
        }
        return false
    }

    /// Whether `path` still names the very file held (same device and inode).
    package var isStillAtItsPath: Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        return FileSystem.info(path)?.identity == FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// Unlocks and closes (once; also at the end of this object's life).
    package func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
