#if canImport(Glibc)
import Glibc
#endif

/// Optimal-string-alignment edit distance (insertions, deletions, substitutions and swaps of neighbours),
/// cut off early once it must exceed a limit.
package struct EditDistance {
    private var previous2: [Int] = []
    private var previous: [Int] = []
    private var current: [Int] = []
    private var queryMask: UInt64 = 0
    private var queryBytes: [UInt8] = []

    package init(query: [UInt8] = []) {
        queryBytes = query
        for byte in query { queryMask |= 1 << UInt64(byte & 63) }
    }

    /// A lower bound on the edit distance: every byte of one string that occurs nowhere in the other
    /// needs an edit of its own. Cheap (two passes of bit tests), it rejects most keys of fitting length
    /// before the quadratic comparison runs.
    package func lowerBound(_ candidate: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        var candidateMask: UInt64 = 0
        var foreign = 0
        let mask = queryMask
        var index = 0
        let count = candidate.count
        guard let start = candidate.baseAddress else { return 0 }
        while index < count {
            let bit: UInt64 = 1 &<< UInt64(start[index] & 63)
            candidateMask |= bit
            if mask & bit == 0 {
                foreign += 1
                if foreign > limit { return foreign }
            }
            index += 1
        }
        var missing = 0
        queryBytes.withUnsafeBufferPointer { query in
            for byte in query where candidateMask & (1 &<< UInt64(byte & 63)) == 0 { missing += 1 }
        }
        return max(foreign, missing)
    }

    package mutating func distance(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Int? {
        let n = a.count, m = b.count
        if abs(n - m) > limit { return nil }
        if previous.count < m + 1 {
            previous2 = Array(repeating: 0, count: m + 1)
            previous = previous2
            current = previous2
        }
        for j in 0...m { previous[j] = j }
        if n == 0 || m == 0 { return max(n, m) <= limit ? max(n, m) : nil }
        for i in 1...n {
            current[0] = i
            var rowMinimum = i
            for j in 1...m {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            swap(&previous2, &previous)
            swap(&previous, &current)
        }
        return previous[m] <= limit ? previous[m] : nil
    }
}
