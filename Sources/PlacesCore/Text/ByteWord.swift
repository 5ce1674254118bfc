/// Eight bytes of text read as one 64-bit word, and the per-byte ("lane") tests that the fast readers
/// share: a journal's ids and timestamps, JSON strings and indentation, table fields and numbers,
/// terminal cells. The first byte is the word's lowest lane, so a lane's index is its byte's position.
///
/// The tests are the usual borrow tricks on whole words. Those that mark lanes return a word with the
/// top bit of each marked lane set; a borrow or carry can only run from a lane into the lanes after it,
/// so the *first* marked lane is always right (``firstLane(_:)``), while marks after a true one may be
/// wrong. A reader that needs every lane exact either checks lanes it already knows (a timestamp's
/// separators) or uses ``lanesAtLeast(_:_:)`` on a word of ASCII bytes, which has no carries.
///
/// Public and inlinable because readers in other modules call them once a byte of a large file: a
/// call not inlined across the module boundary costs more than the test.
public enum ByteWord {
    /// `0x01` in every lane.
    @inlinable public static var ones: UInt64 { 0x0101_0101_0101_0101 }
    /// The top bit of every lane.
    @inlinable public static var highBits: UInt64 { 0x8080_8080_8080_8080 }

    /// The eight bytes at `pointer + offset`, the first in the lowest lane (any alignment).
    @inlinable @inline(__always)
    public static func load(_ pointer: UnsafeRawPointer, at offset: Int = 0) -> UInt64 {
        UInt64(littleEndian: pointer.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The four bytes at `pointer + offset` in the four lowest lanes, the others zero.
    @inlinable @inline(__always)
    public static func load4(_ pointer: UnsafeRawPointer, at offset: Int = 0) -> UInt64 {
        UInt64(UInt32(littleEndian: pointer.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
    }

    /// `byte` in every lane.
    @inlinable @inline(__always)
    public static func repeating(_ byte: UInt8) -> UInt64 { ones &* UInt64(byte) }

    /// Marks the lanes equal to `byte` (the first mark exact).
    @inlinable @inline(__always)
    public static func lanesEqual(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let zeroWhereEqual = word ^ repeating(byte)
        return (zeroWhereEqual &- ones) & ~zeroWhereEqual & highBits
    }

    /// Marks the lanes below `byte`, for `byte` at most 0x80 (the first mark exact; a lane of 0x80 or
    /// more is never marked).
    @inlinable @inline(__always)
    public static func lanesBelow(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        (word &- repeating(byte)) & ~word & highBits
    }

    /// Marks the lanes at or above `byte` (1 ... 0x80), exactly, in a word whose lanes are all below
    /// 0x80: adding `0x80 - byte` to such a lane sets its top bit and never carries out of it.
    @inlinable @inline(__always)
    public static func lanesAtLeast(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        (word &+ repeating(0x80 &- byte)) & highBits
    }

    /// Marks the lanes that are not ASCII digits (the first mark exact): a digit is 0x3_ and still 0x3_
    /// with 6 added; a carry (from a lane of 0xFA or more) only reaches lanes after a non-digit.
    /// The marks are whole non-zero lanes rather than top bits.
    @inlinable @inline(__always)
    public static func nonDigitLanes(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0, threes = repeating(0x30)
        return ((word & high) ^ threes) | (((word &+ repeating(0x06)) & high) ^ threes)
    }

    /// The index (0 ... 7) of the first lane a non-zero mark marks; 8 when `marks` is zero.
    @inlinable @inline(__always)
    public static func firstLane(_ marks: UInt64) -> Int { marks.trailingZeroBitCount &>> 3 }
}
