/// Number formatting without Foundation's `String(format:)`, which FoundationEssentials lacks.
public enum CoordinateFormat {
    /// The shortest text that reads back as the same number, without a trailing `.0` and without an
    /// exponent: `51.501`, `91`, `-0.141`, `0.0000001` (GPX and KML allow no exponent, and a
    /// rounded `0.000000` would not read back the same).
    public static func plain(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        var text = "\(value)"
        if text.hasSuffix(".0") { text.removeLast(2) }
        // Swift writes numbers below 1e-4 or from 2^53 with an exponent. A small one is spelled out
        // with the same digits; a huge one (never a coordinate or distance in range) stays as it is.
        if text.contains("e") && abs(value) < 1 { return positional(text) }
        return text
    }

    /// `1.25e-07` as `0.000000125`: the same significant digits, written out.
    static func positional(_ exponential: String) -> String {
        guard let e = exponential.firstIndex(of: "e"), let exponent = Int(exponential[exponential.index(after: e)...]) else {
            return exponential
        }
        var mantissa = exponential[..<e]
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa.removeFirst() }
        let digits = mantissa.filter { $0 != "." }
        let pointAfter = (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count) + exponent
        guard pointAfter <= 0 else { return exponential }
        var result = negative ? "-0." : "0."
        result += String(repeating: "0", count: -pointAfter) + digits
        while result.hasSuffix("0") { result.removeLast() }
        return result
    }

    /// The number rounded to a fixed count of decimals: `fixed(51.50135, decimals: 4)` is `51.5014`.
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, (0...9).contains(decimals) else { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(value) * scale).rounded()
        // Beyond 2^53 doubles are integers anyway; such values never reach here from coordinates or distances.
        guard scaled < 9.0e15 else { return "\(value)" }
        var whole = UInt64(scaled)
        let negative = value < 0 && whole != 0
        // Written straight into the string's storage, right to left: tables format two per place.
        var length = decimals > 0 ? decimals + 1 : 0
        var integer = whole
        for _ in 0..<decimals { integer /= 10 }
        repeat { length += 1; integer /= 10 } while integer > 0
        if negative { length += 1 }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var position = length - 1
            for _ in 0..<decimals {
                buffer[position] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
                position -= 1
            }
            if decimals > 0 { buffer[position] = UInt8(ascii: "."); position -= 1 }
            repeat {
                buffer[position] = UInt8(ascii: "0") + UInt8(whole % 10)
                whole /= 10
                position -= 1
            } while whole > 0
            if negative { buffer[0] = UInt8(ascii: "-") }
            return length
        }
    }

    /// A latitude/longitude pair as people write it: `51.5010, -0.1410`.
    public static func pair(latitude: Double, longitude: Double, decimals: Int = 4) -> String {
        "\(fixed(latitude, decimals: decimals)), \(fixed(longitude, decimals: decimals))"
    }
}

/// `1 place`, `2 places`: a count with its noun in the right number (English plural in -s, or
/// `plural` when the noun has another: `country`, `countries`).
public func counted(_ count: Int, _ noun: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? noun : plural ?? noun + "s")
}

/// `8961989` as `8,961,989`: the one number grouper for counts, populations and distances.
public func grouped(_ number: Int) -> String {
    // Written as bytes from the last digit back, into room on the stack: a table of trips or places
    // groups thousands of numbers, and a string walked character by character (or an array made for
    // each) cost more than the rest of a row. 28 bytes hold any Int: 19 digits, 6 commas and a sign.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 28) { buffer in
        var magnitude = number.magnitude
        var start = buffer.count, written = 0
        repeat {
            if written > 0, written % 3 == 0 {
                start -= 1
                buffer[start] = UInt8(ascii: ",")
            }
            start -= 1
            buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            written += 1
        } while magnitude > 0
        if number < 0 {
            start -= 1
            buffer[start] = UInt8(ascii: "-")
        }
        return String(decoding: UnsafeMutableBufferPointer(rebasing: buffer[start...]), as: UTF8.self)
    }
}
