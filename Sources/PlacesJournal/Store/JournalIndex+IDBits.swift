#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
            // Branch-free: whether a digit is a letter is a coin toss in a random id, and a branch on it
            // mispredicts half the time (it was most of the time spent reading ids).
            var valid: UInt8 = 1
            @inline(__always) func digits(_ from: Int, _ count: Int, _ value: inout UInt64) {
                for position in from..<(from + count) {
                    let byte = bytes[position]
                    let isDigit: UInt8 = byte &- UInt8(ascii: "0") < 10 ? 1 : 0
                    let isLetter: UInt8 = (byte | 0x20) &- UInt8(ascii: "a") < 6 ? 1 : 0
                    valid &= isDigit | isLetter
                    value = value << 4 | UInt64(((byte & 0xF) &+ 9 &* (byte >> 6)) & 0xF)
                }
            }
            var high: UInt64 = 0, low: UInt64 = 0
            digits(offset + 1, 8, &high)
            digits(offset + 10, 4, &high)
            digits(offset + 15, 4, &high)
            digits(offset + 20, 4, &low)
            digits(offset + 25, 12, &low)
            guard valid == 1 else { return nil }
            (self.high, self.low) = (high, low)
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
