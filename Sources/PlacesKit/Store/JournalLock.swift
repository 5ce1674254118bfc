#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive `flock` on the journal's lock file, held across a whole read-modify-write.
///
/// The lock lives on a separate file (`places.json.lock`): a lock on the journal itself would stop
/// protecting anything once a rename replaced that file. The kernel drops the lock when the process
/// dies, so a killed `places` never leaves the journal locked.
final class JournalLock {
    private let fd: Int32

    /// Waits up to `seconds` for the lock.
    /// - Throws: ``JournalError/lockTimeout(path:seconds:)`` when another process keeps it longer.
    init(path: String, waitingUpTo seconds: Double) throws {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if fd < 0 { throw JournalError.io(path: path, operation: "open the lock file", reason: PosixFile.errorText()) }
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        var pause = 1_000_000 // 1 ms, doubling to 50 ms: quick when contention is brief
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            guard code == EWOULDBLOCK || code == EINTR else {
                close(fd)
                throw JournalError.io(path: path, operation: "lock", reason: PosixFile.errorText(code))
            }
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let waited = Double(now.tv_sec - start.tv_sec) + Double(now.tv_nsec - start.tv_nsec) / 1e9
            if waited >= seconds {
                close(fd)
                throw JournalError.lockTimeout(path: path, seconds: seconds)
            }
            var delay = timespec(tv_sec: 0, tv_nsec: pause)
            nanosleep(&delay, nil)
            pause = min(pause * 2, 50_000_000)
        }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
