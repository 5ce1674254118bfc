#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

extension JournalIndex {
    /// A place's id as its 128 bits, read straight from the journal's text.
    ///
    /// The index reads every id of the journal only to check that no two places share one; making a
    /// `UUID` of each and hashing it into a `Set` cost about a tenth of a `find` at 100,000 places.
    package struct IDBits: Equatable, Sendable {
        var high: UInt64
        var low: UInt64

        /// The id quoted at byte `offset` of `bytes`: 8-4-4-4-12 hex digits of either case, as a full
        /// read accepts it; `nil` when it is not one.
        @inline(__always)
        package init?(quoted bytes: UnsafeBufferPointer<UInt8>, at offset: Int) {
            let quote = UInt8(ascii: "\""), dash = UInt8(ascii: "-")
            guard offset + 38 <= bytes.count, bytes[offset] == quote, bytes[offset + 37] == quote,
                  bytes[offset + 9] == dash, bytes[offset + 14] == dash, bytes[offset + 19] == dash,
                  bytes[offset + 24] == dash else { return nil }
            // Eight digits at a time in a 64-bit word (the 4-digit groups paired up): a digit a byte
            // cost about 20 instructions, a quarter of reading a place for `list`.
            let base = UnsafeRawPointer(bytes.baseAddress! + offset)
            guard let first = Self.hexValue(ByteWord.load(base, at: 1)),
                  let second = Self.hexValue(ByteWord.load4(base, at: 10) | ByteWord.load4(base, at: 15) << 32),
                  let third = Self.hexValue(ByteWord.load4(base, at: 20) | ByteWord.load4(base, at: 25) << 32),
                  let fourth = Self.hexValue(ByteWord.load(base, at: 29)) else { return nil }
            (high, low) = (first << 32 | second, third << 32 | fourth)
        }

        /// The value of eight hex digits of either case, the first in the word's lowest byte (as a
        /// little-endian load gives them); `nil` when a byte is not a hex digit.
        @inline(__always)
        static func hexValue(_ word: UInt64) -> UInt64? {
            // Exact in every lane while every byte is below 0x80 (a word with a byte above fails the guard).
            let lowered = word | ByteWord.repeating(0x20)
            let isDigit = ByteWord.lanesAtLeast(word, 0x30) & ~ByteWord.lanesAtLeast(word, 0x3A)
            let isLetter = ByteWord.lanesAtLeast(lowered, 0x61) & ~ByteWord.lanesAtLeast(lowered, 0x67)
            guard word & ByteWord.highBits == 0, isDigit | isLetter == ByteWord.highBits else { return nil }
            // A digit's value is its low nibble; a letter's is its low nibble + 9 (bit 6 marks letters).
            var value = (word & ByteWord.repeating(0x0F)) &+ ((word >> 6) & ByteWord.ones) &* 9
            // Gather the nibbles, first digit highest: byte-swapped, then pairs, quads, eights.
            value = value.byteSwapped
            value = (value | value >> 4) & 0x00FF_00FF_00FF_00FF
            value = (value | value >> 8) & 0x0000_FFFF_0000_FFFF
            return (value | value >> 16) & 0xFFFF_FFFF
        }

        /// The id as a `UUID`.
        package var uuid: UUID {
            var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &raw) { out in
                out.storeBytes(of: high.bigEndian, as: UInt64.self)
                out.storeBytes(of: low.bigEndian, toByteOffset: 8, as: UInt64.self)
            }
            return UUID(uuid: raw)
        }

        /// Whether two entries share an id: an open-addressing table of positions, hashed by mixing the
        /// bits (random in the ids `places` makes; ids typed by hand cost more probes, never a wrong answer).
        static func anyRepeated(in entries: [Entry]) -> Bool {
            entries.withUnsafeBufferPointer { entries in anyRepeated(count: entries.count) { entries[$0].id } }
        }

        /// Whether two of `count` ids (`id(position)`) are the same.
        @inline(__always)
        package static func anyRepeated(count: Int, _ id: (Int) -> IDBits) -> Bool {
            var capacity = 16
            while capacity < count * 2 { capacity *= 2 }
            var table = [Int32](repeating: -1, count: capacity)
            return table.withUnsafeMutableBufferPointer { table in
                for position in 0..<count {
                    let bits = id(position)
                    var mixed = (bits.high &* 0x9E37_79B9_7F4A_7C15) ^ bits.low
                    mixed = (mixed ^ (mixed >> 29)) &* 0xBF58_476D_1CE4_E5B9
                    var slot = Int(truncatingIfNeeded: mixed ^ (mixed >> 32)) & (capacity - 1)
                    while table[slot] >= 0 {
                        if id(Int(table[slot])) == bits { return true }
                        slot = (slot + 1) & (capacity - 1)
                    }
                    table[slot] = Int32(position)
                }
                return false
            }
        }
    }
}
