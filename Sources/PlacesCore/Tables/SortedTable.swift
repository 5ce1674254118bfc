#if canImport(Glibc)
import Glibc
#endif
import PlacesData

/// The gazetteer's table storage: sorted tab-separated text searched in place, as `look(1)` does; nothing
/// is parsed until a line is read. (``GazetteerSchema`` names the columns of the gazetteer's tables.)
///
/// The bytes are either a raw string literal compiled into the binary or a file mapped into memory for the
/// life of the process; either way they never move and are never freed, which is why the pointer is safe
/// to share.
///
/// Public only so that the readers region lookups call for every line (``field(_:ofLineAt:)``,
/// ``fieldEnd(from:)``, ``number(at:)``) can be inlined into the modules that call them (a `package`
/// function's body is not offered to them); building on it outside this package is not supported.
public struct SortedTable: @unchecked Sendable {
    @usableFromInline package let base: UnsafePointer<UInt8>
    @usableFromInline package let count: Int

    /// A table compiled into the binary (`PlacesData`).
    package init(_ table: PlacesTableBytes) {
        base = table.start
        count = table.count
    }

    package init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// Every byte of the table.
    package var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The offset just past the end of the line that starts at `offset` (past its newline).
    @inline(__always) package func nextLine(after offset: Int) -> Int {
        guard offset < count else { return count + 1 }
        // memchr is vectorised: scanning long ranges of keys line by line is most of a typo search.
        guard let found = memchr(base + offset, 10, count - offset) else { return count + 1 }
        return found.assumingMemoryBound(to: UInt8.self) - UnsafeMutablePointer(mutating: base) + 1
    }

    /// The text of field `index` (0-based) of the line at `offset` (empty past the line's last field).
    package func text(field index: Int, ofLineAt offset: Int) -> Substring {
        let start = field(index, ofLineAt: offset)
        return Substring(decoding: UnsafeBufferPointer(start: base + start, count: fieldEnd(from: start) - start), as: UTF8.self)
    }

    /// The offset where field `index` (0-based) of the line at `offset` starts.
    @inlinable @inline(__always)
    public func field(_ index: Int, ofLineAt offset: Int) -> Int {
        var position = offset, remaining = index
        while remaining > 0, position < count {
            position = separator(from: position)
            guard position < count, base[position] == 9 else { return position }
            remaining -= 1
            position += 1
        }
        return position
    }

    /// The offset of the first tab or newline at or after `offset` (`count` when there is none).
    @inlinable @inline(__always)
    func separator(from offset: Int) -> Int {
        var position = offset
        // Eight bytes at a time while eight remain: a field is a name of ten or twenty bytes more often
        // than not. The lowest byte the test marks is the first tab or newline (a borrow can only mark
        // bytes above a true one).
        while position &+ 8 <= count {
            let word = ByteWord.load(base + position)
            let marked = ByteWord.lanesEqual(word, 0x09) | ByteWord.lanesEqual(word, 0x0A)
            if marked != 0 { return position &+ ByteWord.firstLane(marked) }
            position &+= 8
        }
        while position < count, base[position] != 9, base[position] != 10 { position += 1 }
        return position
    }

    /// Reads a decimal number (`-0.12574`, `51`, `1.5e-05`) that starts at `offset`, without allocating.
    @inlinable @inline(__always)
    public func double(at offset: Int) -> Double {
        number(at: offset).value
    }

    /// ``double(at:)``, with the offset just past the number's last character.
    @inlinable @inline(__always)
    public func number(at offset: Int) -> (value: Double, end: Int) {
        // A plain decimal (`-85.34759`: every coordinate of the bundled tables) of at most 18 digits, read
        // inline: the same integer divided by the same power of ten as the general reader below, so the
        // same double.
        var index = offset
        let negative = index < count && base[index] == 45
        if negative { index += 1 }
        #if _endian(little)
        // Where seventeen bytes remain, the whole part and the fraction are read eight bytes at a time.
        if index &+ 17 <= count {
            let whole = Self.digits(at: base + index)
            if whole.count < 8 {
                var end = index &+ whole.count, mantissa = whole.value, fractionDigits = 0
                if base[end] == 46 {
                    let fraction = Self.digits(at: base + end + 1)
                    mantissa = mantissa &* Self.integerPowerOfTen(fraction.count) &+ fraction.value
                    fractionDigits = fraction.count
                    end &+= 1 &+ fraction.count
                }
                if fractionDigits < 8, whole.count + fractionDigits > 0, base[end] != 101, base[end] != 69 {
                    let value = fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / Self.exactPowerOfTen(fractionDigits)
                    return (negative ? -value : value, end)
                }
            }
        }
        #endif
        var mantissa: UInt64 = 0, digits = 0, fractionDigits = 0
        while index < count, base[index] &- 48 < 10 {
            mantissa = mantissa &* 10 &+ UInt64(base[index] &- 48)
            digits += 1
            index += 1
        }
        if index < count, base[index] == 46 {
            index += 1
            while index < count, base[index] &- 48 < 10 {
                mantissa = mantissa &* 10 &+ UInt64(base[index] &- 48)
                fractionDigits += 1
                index += 1
            }
        }
        guard digits + fractionDigits <= 18, digits + fractionDigits > 0,
              index >= count || (base[index] != 101 && base[index] != 69) else { return numberInGeneral(at: offset) }
        let value = fractionDigits == 0 ? Double(mantissa) : Double(mantissa) / Self.exactPowerOfTen(fractionDigits)
        return (negative ? -value : value, index)
    }

    /// The ASCII digits that the eight bytes at `bytes` start with: how many (0 ... 8) and, when fewer than
    /// eight, their value.
    @inlinable @inline(__always)
    static func digits(at bytes: UnsafePointer<UInt8>) -> (value: UInt64, count: Int) {
        let word = ByteWord.load(bytes)
        let count = ByteWord.firstLane(ByteWord.nonDigitLanes(word))
        guard count > 0, count < 8 else { return (0, count) }
        // The digits' values moved to the top bytes, below them zeros: eight digits, first in the lowest
        // byte, summed in pairs, fours and eights.
        var value = (word & 0x0F0F_0F0F_0F0F_0F0F) << UInt64(8 * (8 - count))
        value = (value &* 2561) >> 8 & 0x00FF_00FF_00FF_00FF
        value = (value &* 6_553_601) >> 16 & 0x0000_FFFF_0000_FFFF
        value = (value &* 42_949_672_960_001) >> 32
        return (value, count)
    }

    /// 10^`n` for `n` in 0 ... 8.
    @inlinable @inline(__always)
    static func integerPowerOfTen(_ n: Int) -> UInt64 {
        switch n {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        default: 100_000_000
        }
    }

    /// 10^`n` for `n` in 1 ... 18, each exact as a double (as ``powerOfTen(_:)`` makes them).
    @inlinable @inline(__always)
    static func exactPowerOfTen(_ n: Int) -> Double {
        switch n {
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        default: 1e18
        }
    }

    /// ``number(at:)`` for any text: a `+` sign, an exponent, more than 18 digits (the rest count only
    /// by their place), no digits at all.
    @usableFromInline package func numberInGeneral(at offset: Int) -> (value: Double, end: Int) {
        var index = offset
        var negative = false
        if index < count, base[index] == 45 { negative = true; index += 1 } else if index < count, base[index] == 43 { index += 1 }
        var mantissa: UInt64 = 0, exponent = 0, digits = 0
        while index < count, base[index] >= 48, base[index] <= 57 {
            if digits < 18 { mantissa = mantissa * 10 + UInt64(base[index] - 48); digits += 1 } else { exponent += 1 }
            index += 1
        }
        if index < count, base[index] == 46 {
            index += 1
            while index < count, base[index] >= 48, base[index] <= 57 {
                if digits < 18 { mantissa = mantissa * 10 + UInt64(base[index] - 48); digits += 1; exponent -= 1 }
                index += 1
            }
        }
        if index < count, base[index] == 101 || base[index] == 69 {
            index += 1
            var expNegative = false
            if index < count, base[index] == 45 { expNegative = true; index += 1 } else if index < count, base[index] == 43 { index += 1 }
            var e = 0
            while index < count, base[index] >= 48, base[index] <= 57 { e = e * 10 + Int(base[index] - 48); index += 1 }
            exponent += expNegative ? -e : e
        }
        var value = Double(mantissa)
        if exponent < 0 {
            value /= SortedTable.powerOfTen(-exponent)
        } else if exponent > 0 {
            value *= SortedTable.powerOfTen(exponent)
        }
        return (negative ? -value : value, index)
    }

    private static func powerOfTen(_ n: Int) -> Double {
        var result = 1.0
        for _ in 0..<min(n, 308) { result *= 10 }
        return result
    }

    /// The end of the first field (the offset of its tab or newline) of the line at `offset`.
    @inlinable @inline(__always)
    public func fieldEnd(from offset: Int) -> Int {
        separator(from: offset)
    }

    /// Compares the first field of the line at `offset` with `key`: negative, zero or positive.
    @inline(__always) package func compareKey(at offset: Int, _ key: [UInt8]) -> Int {
        var i = 0
        while true {
            let position = offset + i
            let atEnd = position >= count || base[position] == 9 || base[position] == 10
            if i == key.count { return atEnd ? 0 : 1 }
            if atEnd { return -1 }
            let a = base[position], b = key[i]
            if a != b { return a < b ? -1 : 1 }
            i += 1
        }
    }

    /// Whether the first field of the line at `offset` starts with `prefix`.
    @inline(__always) package func keyHasPrefix(at offset: Int, _ prefix: [UInt8]) -> Bool {
        for i in 0..<prefix.count {
            let position = offset + i
            if position >= count || base[position] != prefix[i] { return false }
        }
        return true
    }

    /// The offset of the first line whose first field is not less than `key` (or `count`).
    /// - Complexity: O(log n) line reads.
    package func lowerBound(_ key: [UInt8], from start: Int = 0, to end: Int? = nil) -> Int {
        var lo = start, hi = end ?? count
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            var lineStart = mid
            while lineStart > lo, base[lineStart - 1] != 10 { lineStart -= 1 }
            if compareKey(at: lineStart, key) < 0 {
                lo = nextLine(after: lineStart)
            } else {
                hi = lineStart
            }
        }
        return lo
    }

    /// The fields of the line at `offset`.
    package func fields(at offset: Int) -> [Substring] {
        let end = nextLine(after: offset) - 1
        let line = String(decoding: UnsafeBufferPointer(start: base + offset, count: max(0, min(end, count) - offset)),
                          as: UTF8.self)
        // Split on the tab byte: a tab is always a character of its own, so these are the fields a split on
        // the character gives, without walking the line character by character (and by hand, not through
        // the generic `split`, which cost a few thousand instructions a line opening each region pack).
        let utf8 = line.utf8
        var fields: [Substring] = []
        var start = utf8.startIndex, index = start
        while index < utf8.endIndex {
            if utf8[index] == 9 {
                fields.append(Substring(utf8[start..<index]))
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        fields.append(Substring(utf8[start..<utf8.endIndex]))
        return fields
    }

    /// Where each field of the line at `offset` starts, then one past the line's end (where a next field
    /// would start), into `starts`: field `i` is `starts[i]..<starts[i + 1] - 1`.
    package func fieldStarts(at offset: Int, into starts: inout [Int]) {
        starts.removeAll(keepingCapacity: true)
        starts.append(offset)
        // Field by field, each found eight bytes at a time: a region line is some 150 bytes of 21 fields.
        var index = separator(from: offset)
        while index < count, base[index] == 9 {
            starts.append(index + 1)
            index = separator(from: index + 1)
        }
        starts.append(index + 1)
    }

    /// The first field of the line at `offset`, as bytes.
    package func keyBytes(at offset: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + offset, count: fieldEnd(from: offset) - offset)
    }

    /// Reads a decimal number that starts at `offset` and ends at a tab or newline.
    package func integer(at offset: Int) -> Int {
        var index = offset, value = 0
        while index < count, base[index] >= 48, base[index] <= 57 {
            value = value * 10 + Int(base[index] - 48)
            index += 1
        }
        return value
    }
}
