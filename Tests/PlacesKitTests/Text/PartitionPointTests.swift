import Testing
@testable import PlacesCore

/// The one binary search agrees with a scan from the front: the first index whose element is not before
/// the sought one, over sorted lists with runs of equal values, empty ranges and ranges not starting at 0.
@Suite struct PartitionPointTests {
    @Test func equalsTheFirstIndexAScanFinds() {
        var random = SplitMix(seed: 27)
        for _ in 0..<400 {
            let count = Int(random.next() % 40)
            // Few distinct values, so runs of equal ones are common.
            let values = (0..<count).map { _ in Int(random.next() % 12) }.sorted()
            let start = count == 0 ? 0 : Int(random.next() % UInt64(count + 1))
            let end = start + Int(random.next() % UInt64(count - start + 1))
            for sought in -1...13 {
                let found = (start..<end).partitionPoint { values[$0] < sought }
                let scanned = (start..<end).first { values[$0] >= sought } ?? end
                #expect(found == scanned, "\(values[start..<end]) \(sought)")
                let after = (start..<end).partitionPoint { values[$0] <= sought }
                #expect(after == ((start..<end).first { values[$0] > sought } ?? end))
            }
        }
    }

    @Test func asksAtMostLogarithmicallyMany() {
        var asked = 0
        let found = (0..<1_000_000).partitionPoint { index in
            asked += 1
            return index < 765_432
        }
        #expect(found == 765_432)
        #expect(asked <= 20)
        #expect((5..<5).partitionPoint { _ in Issue.record("an empty range asks nothing"); return true } == 5)
    }

    @Test func passesOnWhatTheTestThrows() {
        struct Stop: Error {}
        #expect(throws: Stop.self) { try (0..<10).partitionPoint { _ in throw Stop() } }
    }
}
