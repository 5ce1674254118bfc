/// The 64-bit FNV-1a hash: stable across runs, builds and platforms, for names and checksums that are
/// written to files (not for hashing in memory, where `Hasher` is seeded per process).
package enum FNV1a {
    /// The hash of no bytes, and where every hash starts.
    package static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325

    /// `hash` continued over `bytes`.
    @inlinable
    package static func hash(_ bytes: UnsafeRawBufferPointer, continuing hash: UInt64 = offsetBasis) -> UInt64 {
        var value = hash
        for byte in bytes {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return value
    }

    /// The hash of a text's UTF-8 bytes.
    package static func hash(_ text: String) -> UInt64 {
        var copy = text
        return copy.withUTF8 { hash(UnsafeRawBufferPointer($0)) }
    }

    /// The hash of a text's UTF-8 bytes as 16 lowercase hex digits, leading zeros kept: a name or key
    /// that is the same on every machine.
    package static func hex(_ text: String) -> String {
        let digits = String(hash(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
