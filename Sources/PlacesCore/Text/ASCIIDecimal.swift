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

    /// Powers of ten that a `Double` holds exactly (10^0 through 10^22).
    @usableFromInline static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// The number `bytes` write, exactly as `Double(String)` reads it, or `nil` when it reads none.
    ///
    /// A plain decimal (`43.7330002`, `-0.128`: an optional sign, digits, then optionally a point and more
    /// digits) of at most 15 significant digits is its digits as an integer divided by a power of ten: both
    /// are exact in a `Double`, and one division rounds correctly, so the result is the one `strtod` gives
    /// (Clinger's fast path), without a `String` made. Any other text (an exponent, more digits, `.5`,
    /// `inf`) is read by `Double(String)`.
    @inlinable
    public static func double<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> Double? {
        var index = bytes.startIndex, negative = false
        if index != bytes.endIndex, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index = bytes.index(after: index)
        }
        var mantissa: UInt64 = 0, significant = 0, whole = 0, fraction = 0, point = false, plain = true
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte >= 0x30, byte <= 0x39 {
                // Leading zeros are not significant: they add nothing to the mantissa.
                if mantissa != 0 || byte != 0x30 { significant += 1 }
                mantissa = mantissa &* 10 &+ UInt64(byte &- 0x30)
                if point { fraction += 1 } else { whole += 1 }
            } else if byte == UInt8(ascii: "."), !point {
                point = true
            } else {
                plain = false
                break
            }
            index = bytes.index(after: index)
        }
        if plain, whole > 0, !point || fraction > 0, significant <= 15, fraction <= 22 {
            let value = Double(mantissa) / exactPowersOfTen[fraction]
            return negative ? -value : value
        }
        return Double(String(decoding: bytes, as: UTF8.self))
    }
}
