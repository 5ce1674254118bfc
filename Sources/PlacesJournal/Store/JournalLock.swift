#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

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
    private let file: FileLock
    private let folder: FileLock?

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
        file = try Self.lock(path, folder: false, reportedAs: path, seconds: seconds, waited: waited)
        do {
            folder = try Self.lock(StorePath.directory(of: path), folder: true, reportedAs: path, seconds: seconds, waited: waited)
        } catch JournalError.io(_, "lock", _) {
            // Some file systems cannot lock a folder (NFS emulates flock with write locks, which a
            // folder opened for reading cannot take): the lock file alone serialises writers there.
            folder = nil
        } catch {
            file.release()
            throw error
        }
    }

    /// Locks `path` until the file locked is the one the path names.
    private static func lock(_ path: String, folder: Bool, reportedAs name: String, seconds: Double,
                             waited: () -> Double) throws -> FileLock {
        while true {
            let candidate = try lockOnce(path, folder: folder, reportedAs: name, seconds: seconds, waited: waited)
            if candidate.isStillAtItsPath { return candidate }
            candidate.release()
            if waited() >= seconds { throw JournalError.lockTimeout(path: name, seconds: seconds) }
        }
    }

    /// Opens (or creates) the lock file, or opens the folder, and waits for an exclusive `flock` on it.
    private static func lockOnce(_ path: String, folder: Bool, reportedAs name: String, seconds: Double,
                                 waited: () -> Double) throws -> FileLock {
        let lock: FileLock
        do throws(FileError) { lock = try FileLock(path, folder: folder) } catch { throw JournalError(error) }
        var pause = 1_000_000 // 1 ms, doubling to 50 ms: quick when contention is brief
        while true {
            let taken: Bool
            do throws(FileError) { taken = try lock.tryLock() } catch { throw JournalError(error) }
            if taken { return lock }
            if waited() >= seconds {
                lock.release()
                throw JournalError.lockTimeout(path: name, seconds: seconds)
            }
            var delay = timespec(tv_sec: 0, tv_nsec: pause)
            nanosleep(&delay, nil)
            pause = min(pause * 2, 50_000_000)
        }
    }

    deinit {
        folder?.release()
        file.release()
    }
}
