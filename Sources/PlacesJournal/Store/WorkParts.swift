#if canImport(Glibc)
import Glibc
#endif

/// Work on a large journal divided into parts, one thread each (`DispatchQueue.concurrentPerform`):
/// how many parts, and where each part leaves its result.
enum WorkParts {
    /// How many parts to divide `work` units into: one per processor (at most 8), each of at least
    /// `per` units (below that, starting a thread costs more than it saves).
    static func count(forWork work: Int, per: Int) -> Int {
        max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), work / per, 8))
    }

    /// One result per part: each part writes only its own slot, in memory of its own (not an array
    /// property, whose every write would be an exclusive access of the whole array).
    final class Results<Value>: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<Value>

        init(count: Int, empty: Value) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: empty)
        }

        deinit {
            slots.deinitialize()
            slots.deallocate()
        }

        /// Sets part `part`'s result; parts must differ between threads.
        func set(_ part: Int, _ value: Value) { slots[part] = value }

        /// Every part's result, in part order (read once every part is done).
        var values: [Value] { Array(slots) }
    }
}
