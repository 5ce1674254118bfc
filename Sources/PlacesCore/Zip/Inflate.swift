/// A DEFLATE (RFC 1951) decoder for KMZ archives and the zlib blobs of OpenStreetMap PBF extracts,
/// written without zlib, which the Swift toolchain does not ship on Linux.
///
/// Table-driven, as zlib's and libdeflate's decoders are: each Huffman code is looked up in a table
/// indexed by the next 10 (lengths) or 8 (distances) bits of input, with second-level tables for
/// longer codes, and the table entries carry the length or distance base and its count of extra bits.
/// Input goes through a 64-bit bit buffer refilled eight bytes at a time, so one refill covers a
/// whole length/distance pair; matches are copied eight bytes at a time when they do not overlap
/// within a word.
///
/// The output is capped at `limit` bytes, so a "zip bomb" is refused instead of filling memory, and
/// a stream that ends early is refused, never read past its end or padded out.
package enum Inflate {
    package struct Failure: Error {
        package let reason: String
    }

    /// The decompressed bytes of a raw DEFLATE stream.
    /// - Parameter limit: the most bytes the output may hold (callers pass the size the container declares).
    package static func decompress(_ bytes: [UInt8], from start: Int, to end: Int, limit: Int) throws -> [UInt8] {
        precondition(start >= 0 && start <= end && end <= bytes.count && limit >= 0)
        return try bytes.withUnsafeBufferPointer { input in
            var decoder = Decoder(input: input.baseAddress!, index: start, end: end, limit: limit)
            defer { decoder.output.deallocate() }
            try decoder.run()
            return Array(UnsafeBufferPointer(start: decoder.output, count: decoder.written))
        }
    }

    static let lengthBase: [UInt16] = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163,
                                       195, 227, 258]
    static let lengthExtra: [UInt8] = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    static let distanceBase: [UInt16] = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049,
                                         3073, 4097, 6145, 8193, 12289, 16385, 24577]
    static let distanceExtra: [UInt8] = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    private static let fixedLengths = try! DecodeTable(
        lengths: [UInt8](repeating: 8, count: 144) + [UInt8](repeating: 9, count: 112) + [UInt8](repeating: 7, count: 24)
            + [UInt8](repeating: 8, count: 8),
        alphabet: .literalLength)
    private static let fixedDistances = try! DecodeTable(lengths: [UInt8](repeating: 5, count: 30), alphabet: .distance)

    /// Bytes written past a match's end by the eight-byte copy; the output buffer keeps this much slack.
    private static let slack = 8

    private struct Decoder {
        let input: UnsafePointer<UInt8>
        var index: Int
        let end: Int
        let limit: Int
        let output: UnsafeMutablePointer<UInt8>
        var written = 0
        /// Input bits not yet used, the next one lowest.
        var buffer: UInt64 = 0
        var count = 0
        /// Zero bytes put into the buffer past the end of the input; using any of their bits is a cut stream.
        var padding = 0

        init(input: UnsafePointer<UInt8>, index: Int, end: Int, limit: Int) {
            self.input = input
            self.index = index
            self.end = end
            self.limit = limit
            // Declared sizes are at most 32 MiB for PBF blobs and the archive's own limit for KMZ
            // entries; pages never written are never touched.
            output = .allocate(capacity: limit + Inflate.slack)
        }

        mutating func run() throws {
            var last = false
            while !last {
                refill()
                last = take(1) == 1
                switch take(2) {
                case 0: try stored()
                case 1: try codes(Inflate.fixedLengths, Inflate.fixedDistances)
                case 2:
                    let (lengths, distances) = try dynamicTables()
                    try codes(lengths, distances)
                default: throw Failure(reason: "invalid block type")
                }
                try checkNotCut()
            }
        }

        /// Tops the bit buffer up to at least 56 bits: eight bytes in one load while they last, then a byte
        /// at a time, then zero padding (at most eight bytes of it before the stream counts as cut).
        @inline(__always)
        mutating func refill() {
            if index + 8 <= end {
                let word = ByteWord.load(input + index)
                buffer |= word << UInt64(count)
                index += (63 - count) >> 3
                count |= 56
                return
            }
            while count <= 56 {
                if index < end {
                    buffer |= UInt64(input[index]) << UInt64(count)
                    index += 1
                } else {
                    padding += 1
                }
                count += 8
            }
        }

        @inline(__always)
        mutating func take(_ bits: Int) -> Int {
            let value = Int(truncatingIfNeeded: buffer & ((1 << UInt64(bits)) - 1))
            buffer >>= UInt64(bits)
            count -= bits
            return value
        }

        /// Throws when the bits used so far reach into the padding past the input's end.
        @inline(__always)
        func checkNotCut() throws {
            if padding > 0 && count < padding * 8 { throw Failure(reason: "the compressed data ends early") }
        }

        mutating func stored() throws {
            // Back to a byte boundary, and give back the whole bytes still in the buffer.
            _ = take(count & 7)
            try checkNotCut()
            index -= count / 8 - padding
            buffer = 0
            count = 0
            padding = 0
            guard index + 4 <= end else { throw Failure(reason: "the compressed data ends early") }
            let length = Int(input[index]) | Int(input[index + 1]) << 8
            let complement = Int(input[index + 2]) | Int(input[index + 3]) << 8
            guard length == (~complement & 0xFFFF) else { throw Failure(reason: "a stored block's length is corrupt") }
            index += 4
            guard index + length <= end else { throw Failure(reason: "the compressed data ends early") }
            guard written + length <= limit else { throw Inflate.tooLarge(limit) }
            (output + written).update(from: input + index, count: length)
            written += length
            index += length
        }

        /// The entry for the code at the front of the bit buffer, its bits taken.
        @inline(__always)
        mutating func decode(_ table: DecodeTable) throws -> UInt32 {
            var entry = table.entries[Int(truncatingIfNeeded: buffer) & table.primaryMask]
            if entry & DecodeTable.subtableFlag != 0 {
                let bits = Int((entry >> 8) & 0xF)
                let slot = Int(truncatingIfNeeded: buffer >> UInt64(table.primaryBits)) & ((1 << bits) - 1)
                entry = table.entries[Int(entry >> 16) + slot]
            }
            let length = Int(entry & 0x1F)
            guard length != 0 else { throw Failure(reason: "an invalid Huffman code") }
            buffer >>= UInt64(length)
            count -= length
            return entry
        }

        mutating func codes(_ lengths: DecodeTable, _ distances: DecodeTable) throws {
            while true {
                // 56 bits cover the longest length code, its extra bits, a distance code and its extra bits.
                refill()
                let entry = try decode(lengths)
                try checkNotCut()
                switch entry & DecodeTable.kindMask {
                case DecodeTable.literal:
                    guard written < limit else { throw Inflate.tooLarge(limit) }
                    output[written] = UInt8(truncatingIfNeeded: entry >> 16)
                    written += 1
                case DecodeTable.endOfBlock:
                    return
                default:
                    let length = Int(entry >> 16) + take(Int((entry >> 8) & 0x1F))
                    let distanceEntry = try decode(distances)
                    let distance = Int(distanceEntry >> 16) + take(Int((distanceEntry >> 8) & 0x1F))
                    try checkNotCut()
                    guard distance <= written else { throw Failure(reason: "a distance reaches before the start of the data") }
                    guard written + length <= limit else { throw Inflate.tooLarge(limit) }
                    copyMatch(length: length, distance: distance)
                }
            }
        }

        /// Copies `length` bytes from `distance` back, eight at a time when the source stays a word behind.
        @inline(__always)
        mutating func copyMatch(length: Int, distance: Int) {
            var target = output + written
            var source = target - distance
            let stop = target + length
            if distance >= 8 {
                // May write up to seven bytes past the match: the buffer's slack, overwritten by what follows.
                while target < stop {
                    UnsafeMutableRawPointer(target).storeBytes(of: UnsafeRawPointer(source).loadUnaligned(as: UInt64.self),
                                                               as: UInt64.self)
                    target += 8
                    source += 8
                }
            } else if distance == 1 {
                target.update(repeating: source.pointee, count: length)
            } else {
                while target < stop {
                    target.pointee = source.pointee
                    target += 1
                    source += 1
                }
            }
            written += length
        }

        mutating func dynamicTables() throws -> (DecodeTable, DecodeTable) {
            refill()
            let lengthCount = take(5) + 257
            let distanceCount = take(5) + 1
            let codeCount = take(4) + 4
            guard lengthCount <= 286, distanceCount <= 30 else { throw Failure(reason: "too many codes in a block header") }
            var codeLengths = [UInt8](repeating: 0, count: 19)
            for index in 0..<codeCount {
                refill()
                codeLengths[Inflate.codeLengthOrder[index]] = UInt8(take(3))
            }
            try checkNotCut()
            let codeLengthCode = try DecodeTable(lengths: codeLengths, alphabet: .codeLength)
            var lengths: [UInt8] = []
            lengths.reserveCapacity(lengthCount + distanceCount)
            while lengths.count < lengthCount + distanceCount {
                refill()
                let symbol = Int(try decode(codeLengthCode) >> 16)
                switch symbol {
                case 0..<16:
                    lengths.append(UInt8(symbol))
                case 16:
                    guard let previous = lengths.last else { throw Failure(reason: "a repeat with nothing to repeat") }
                    lengths += repeatElement(previous, count: 3 + take(2))
                case 17:
                    lengths += repeatElement(0, count: 3 + take(3))
                default:
                    lengths += repeatElement(0, count: 11 + take(7))
                }
                try checkNotCut()
            }
            guard lengths.count == lengthCount + distanceCount else { throw Failure(reason: "code lengths overrun the block header") }
            guard lengths[256] != 0 else { throw Failure(reason: "a block without an end code") }
            return (try DecodeTable(lengths: lengths[0..<lengthCount], alphabet: .literalLength),
                    try DecodeTable(lengths: lengths[lengthCount...], alphabet: .distance))
        }
    }

    static func tooLarge(_ limit: Int) -> Failure {
        Failure(reason: "it expands beyond \(limit >= 1_048_576 ? "\(limit / 1_048_576) MB" : "\(limit) bytes"): refused")
    }
}

/// A canonical Huffman code as a lookup table: `entries[next primaryBits of input]` is the symbol's entry,
/// or for longer codes a pointer to a second-level table indexed by the bits that follow.
///
/// An entry packs, low bits first: the code's whole length (5 bits; 0 marks a code the stream may not
/// use), its kind (3 bits), the count of extra bits that follow the code or the second-level table's bits
/// (5 bits), the second-level flag, and 16 bits of value (a literal byte, a length or distance base, a
/// code-length symbol, or a second-level table's offset).
struct DecodeTable {
    enum Alphabet {
        case literalLength, distance, codeLength
    }

    static let kindMask: UInt32 = 0xE0
    static let literal: UInt32 = 0x00
    static let lengthOrDistance: UInt32 = 0x20
    static let endOfBlock: UInt32 = 0x40
    static let subtableFlag: UInt32 = 1 << 13

    let entries: [UInt32]
    let primaryBits: Int
    var primaryMask: Int { (1 << primaryBits) - 1 }

    init<Lengths: Collection<UInt8>>(lengths: Lengths, alphabet: Alphabet) throws {
        let lengths = Array(lengths)
        let primaryBits = switch alphabet {
        case .literalLength: 10
        case .distance: 8
        case .codeLength: 7
        }
        self.primaryBits = primaryBits
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var left = 1
        for length in 1..<16 {
            left = (left << 1) - counts[length]
            if left < 0 { throw Inflate.Failure(reason: "over-subscribed Huffman code") }
        }
        // Canonical codes, given in symbol order within each length (RFC 1951 §3.2.2), bit-reversed
        // because DEFLATE packs them from the most significant bit.
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1..<16 {
            code = (code + counts[length - 1]) << 1
            next[length] = code
        }
        var reversed = [Int](repeating: 0, count: lengths.count)
        var subtableBits = [Int](repeating: 0, count: 1 << primaryBits)
        for (symbol, length) in lengths.enumerated() where length != 0 {
            let length = Int(length)
            var value = next[length]
            next[length] += 1
            var bits = 0
            for _ in 0..<length {
                bits = bits << 1 | value & 1
                value >>= 1
            }
            reversed[symbol] = bits
            if length > primaryBits {
                let prefix = bits & ((1 << primaryBits) - 1)
                subtableBits[prefix] = max(subtableBits[prefix], length - primaryBits)
            }
        }
        var entries = [UInt32](repeating: 0, count: 1 << primaryBits)
        var subtableStart = [Int](repeating: 0, count: 1 << primaryBits)
        for prefix in 0..<(1 << primaryBits) where subtableBits[prefix] > 0 {
            subtableStart[prefix] = entries.count
            entries[prefix] = Self.subtableFlag | UInt32(subtableBits[prefix]) << 8 | UInt32(entries.count) << 16
            entries += repeatElement(0, count: 1 << subtableBits[prefix])
        }
        for (symbol, length) in lengths.enumerated() where length != 0 {
            let length = Int(length)
            let entry = Self.entry(symbol: symbol, length: length, alphabet: alphabet)
            if length <= primaryBits {
                for slot in stride(from: reversed[symbol], to: 1 << primaryBits, by: 1 << length) { entries[slot] = entry }
            } else {
                let prefix = reversed[symbol] & ((1 << primaryBits) - 1)
                let start = subtableStart[prefix]
                for slot in stride(from: reversed[symbol] >> primaryBits, to: 1 << subtableBits[prefix], by: 1 << (length - primaryBits)) {
                    entries[start + slot] = entry
                }
            }
        }
        self.entries = entries
    }

    private static func entry(symbol: Int, length: Int, alphabet: Alphabet) -> UInt32 {
        let whole = UInt32(length)
        switch alphabet {
        case .codeLength:
            return whole | literal | UInt32(symbol) << 16
        case .literalLength:
            switch symbol {
            case ..<256: return whole | literal | UInt32(symbol) << 16
            case 256: return whole | endOfBlock
            case 257..<286:
                return whole | lengthOrDistance | UInt32(Inflate.lengthExtra[symbol - 257]) << 8 | UInt32(Inflate.lengthBase[symbol - 257]) << 16
            default: return 0  // 286 and 287 hold code space in the fixed code but never occur
            }
        case .distance:
            guard symbol < 30 else { return 0 }  // 30 and 31, likewise
            return whole | lengthOrDistance | UInt32(Inflate.distanceExtra[symbol]) << 8 | UInt32(Inflate.distanceBase[symbol]) << 16
        }
    }
}

/// CRC-32 (IEEE), as zip archives check their entries.
package enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { value in
        var crc = UInt32(value)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    package static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}
