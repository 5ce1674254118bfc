/// Whole numbers written in ASCII digits, read straight from bytes (a table's field, a timestamp's
/// digits) without making a `String` first: the one integer reader the fast paths share.
///
/// Public only so that it can be specialised and inlined in other modules (a `package` function's body
/// is not offered to them, and a generic one called unspecialised costs ten times as much).
public enum ASCIIDecimal {
    /// The number `bytes` write, as `Int(String)` reads it, or `nil` when they are empty or hold
    /// anything but digits.
    /// - Parameter signed: whether a leading `-` or `+` is allowed (a table's field); a timestamp's
    ///   digits take none.
    @inlinable @inline(__always)
    public static func integer<Bytes: Collection<UInt8>>(_ bytes: Bytes, signed: Bool = false) -> Int? {
        // Past 18 digits an `Int` can overflow: such rare text is read the careful way.
        guard bytes.count < 19 else {
            if !signed, bytes.contains(where: { $0 < 0x30 || $0 > 0x39 }) { return nil }
            return Int(String(decoding: bytes, as: UTF8.self))
        }
        var index = bytes.startIndex, negative = false
        if signed, index != bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index = bytes.index(after: index)
        }
        guard index != bytes.endIndex else { return nil }
        var value = 0
        while index != bytes.endIndex {
            let byte = bytes[index]
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int(byte &- 0x30)
            index = bytes.index(after: index)
        }
        return negative ? -value : value
    }
}
