#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock` held across a whole read-modify-write of the journal.
///
/// Two locks are taken, always in this order: the lock file (`places.json.lock`), which other tools
/// and earlier versions of `places` know, and then the folder that holds the journal. A lock file
/// can be deleted while it is held, and a `places` that then creates a fresh one would run beside
/// the holder; a folder that holds the journal cannot be deleted, so the folder's lock is the one
/// that keeps two writers apart. After each lock is taken, the path must still name the very file
/// locked (same device and inode), or it is taken again. Neither lock is on the journal itself:
/// that would stop protecting anything once a rename replaced the file. The kernel drops both when
/// the process dies, so a killed `places` never leaves the journal locked.
final class JournalLock {
    private let fileDescriptor: Int32
    private let folderDescriptor: Int32

    /// Waits up to `seconds` in all for both locks.
    /// - Throws: ``JournalError/lockTimeout(path:seconds:)`` when another process keeps them longer.
    init(path: String, waitingUpTo seconds: Double) throws {
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        let waited = { () -> Double in
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            return Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
        }
        fileDescriptor = try Self.lock(path, folder: false, reportedAs: path, seconds: seconds, waited: waited)
        do {
            folderDescriptor = try Self.lock(StorePath.directory(of: path), folder: true, reportedAs: path, seconds: seconds, waited: waited)
        } catch JournalError.io(_, "lock", _) {
            // Some file systems cannot lock a folder (NFS emulates flock with write locks, which a
            // folder opened for reading cannot take): the lock file alone serialises writers there.
            folderDescriptor = -1
        } catch {
            flock(fileDescriptor, LOCK_UN)
            close(fileDescriptor)
            throw error
        }
    }

    /// Locks `path` until the file locked is the one the path names.
    private static func lock(_ path: String, folder: Bool, reportedAs name: String, seconds: Double,
                             waited: () -> Double) throws -> Int32 {
        while true {
            let candidate = try lockOnce(path, folder: folder, reportedAs: name, seconds: seconds, waited: waited)
            if PosixFile.identity(path) == PosixFile.identity(descriptor: candidate) { return candidate }
            flock(candidate, LOCK_UN)
            close(candidate)
            if waited() >= seconds { throw JournalError.lockTimeout(path: name, seconds: seconds) }
        }
    }

    /// Opens (or creates) the lock file, or opens the folder, and waits for an exclusive `flock` on it.
    private static func lockOnce(_ path: String, folder: Bool, reportedAs name: String, seconds: Double,
                                 waited: () -> Double) throws -> Int32 {
        let fd = folder ? open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                        : open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW, 0o600)
        let what = folder ? "open the folder" : "open the lock file"
        if fd < 0 { throw JournalError.io(path: path, operation: what, reason: PosixFile.errorText()) }
        var info = stat()
        if !folder, fstat(fd, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG {
            close(fd)
            throw JournalError.io(path: path, operation: "use the lock file",
                                  reason: "it is \(PosixFile.describe(info.st_mode & S_IFMT)), not a regular file")
        }
        var pause = 1_000_000 // 1 ms, doubling to 50 ms: quick when contention is brief
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(fd)
                throw JournalError.io(path: path, operation: "lock", reason: PosixFile.errorText(code))
            }
            if waited() >= seconds {
                close(fd)
                throw JournalError.lockTimeout(path: name, seconds: seconds)
            }
            var delay = timespec(tv_sec: 0, tv_nsec: pause)
            nanosleep(&delay, nil)
            pause = min(pause * 2, 50_000_000)
        }
        return fd
    }

    deinit {
        if folderDescriptor >= 0 {
            flock(folderDescriptor, LOCK_UN)
            close(folderDescriptor)
        }
        flock(fileDescriptor, LOCK_UN)
        close(fileDescriptor)
    }
}
