import Testing
@testable import PlacesCore

/// Every lane test of ``ByteWord`` against a byte-at-a-time reference: every byte value in every lane,
/// with the other lanes filled by bytes that provoke borrows and carries (0x00, 0x7F, 0x80, 0xFF) or
/// that are ordinary text.
@Suite struct ByteWordTests {
    static let fillers: [UInt8] = [0x00, 0x20, 0x30, 0x39, 0x61, 0x7F, 0x80, 0xFA, 0xFF]

    /// Every word with `byte` in one lane and `filler` in the others, lanes before it as well as after.
    static func words(_ body: (_ bytes: [UInt8], _ word: UInt64) -> Void) {
        for filler in fillers {
            for lane in 0..<8 {
                for byte in 0...255 {
                    var bytes = [UInt8](repeating: filler, count: 8)
                    bytes[lane] = UInt8(byte)
                    // An ASCII letter two lanes on, so that a run of fillers is broken too.
                    if lane + 2 < 8 { bytes[lane + 2] = 0x61 }
                    let word = bytes.withUnsafeBytes { ByteWord.load($0.baseAddress!) }
                    body(bytes, word)
                }
            }
        }
    }

    static func firstIndex(_ bytes: [UInt8], where test: (UInt8) -> Bool) -> Int {
        bytes.firstIndex(where: test) ?? 8
    }

    @Test func loadPutsTheFirstByteLowest() {
        let bytes: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9]
        bytes.withUnsafeBytes { raw in
            #expect(ByteWord.load(raw.baseAddress!) == 0x0807_0605_0403_0201)
            #expect(ByteWord.load(raw.baseAddress!, at: 1) == 0x0908_0706_0504_0302)
            #expect(ByteWord.load4(raw.baseAddress!, at: 5) == 0x0908_0706)
        }
        #expect(ByteWord.repeating(0x41) == 0x4141_4141_4141_4141)
    }

    @Test(arguments: [UInt8(0x00), 0x09, 0x0A, 0x20, 0x22, 0x5C, 0x7F, 0x80, 0xFF])
    func lanesEqualMarksTheFirstEqualLane(_ target: UInt8) {
        Self.words { bytes, word in
            let marks = ByteWord.lanesEqual(word, target)
            #expect(ByteWord.firstLane(marks) == Self.firstIndex(bytes) { $0 == target })
            #expect(marks & ~ByteWord.highBits == 0)
        }
    }

    @Test(arguments: [UInt8(0x01), 0x20, 0x30, 0x7F, 0x80])
    func lanesBelowMarksTheFirstLowerLane(_ bound: UInt8) {
        Self.words { bytes, word in
            #expect(ByteWord.firstLane(ByteWord.lanesBelow(word, bound)) == Self.firstIndex(bytes) { $0 < bound })
        }
    }

    @Test(arguments: [UInt8(0x01), 0x30, 0x3A, 0x61, 0x67, 0x80])
    func lanesAtLeastIsExactInEveryLaneOfASCII(_ bound: UInt8) {
        Self.words { bytes, word in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return }
            var expected: UInt64 = 0
            for lane in 0..<8 where bytes[lane] >= bound { expected |= 0x80 << UInt64(8 * lane) }
            #expect(ByteWord.lanesAtLeast(word, bound) == expected)
        }
    }

    @Test func nonDigitLanesMarksTheFirstNonDigit() {
        Self.words { bytes, word in
            let marks = ByteWord.nonDigitLanes(word)
            #expect(ByteWord.firstLane(marks) == Self.firstIndex(bytes) { $0 < 0x30 || $0 > 0x39 })
        }
    }

    @Test func firstLaneOfNoMarkIsEight() {
        #expect(ByteWord.firstLane(0) == 8)
        #expect(ByteWord.firstLane(0x80) == 0)
        #expect(ByteWord.firstLane(0x0100_0000_0000_0000) == 7)
    }
}
