extension Range where Bound == Int {
    /// The first index of the range for which `isBefore` is false, or ``upperBound`` when it holds for every
    /// one: a binary search, `isBefore` asked about ⌈log₂ n⌉ indices.
    ///
    /// `isBefore` must hold for a prefix of the range and fail for the rest, as "the element here is less
    /// than the one sought" does over a sorted list. The one binary search of the sorted tables, block
    /// indexes and caches: `(0..<ids.count).partitionPoint { ids[$0] < id }` is the lower bound of `id`.
    @inlinable
    package func partitionPoint(_ isBefore: (Int) throws -> Bool) rethrows -> Int {
        var low = lowerBound, high = upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if try isBefore(middle) { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
