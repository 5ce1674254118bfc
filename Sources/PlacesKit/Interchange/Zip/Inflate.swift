/// A DEFLATE (RFC 1951) decoder, enough to open KMZ files without zlib, which the Swift toolchain
/// does not ship on Linux.
///
/// Written after the structure of Mark Adler's `puff.c` reference decoder: canonical Huffman codes
/// decoded a bit at a time. Slow next to zlib but simple to check, and KMZ files are small. The
/// output is capped so that a "zip bomb" is refused instead of filling memory.
enum Inflate {
    struct Failure: Error {
        let reason: String
    }

    /// The decompressed bytes of a raw DEFLATE stream.
    /// - Parameter limit: the most bytes the output may hold.
    static func decompress(_ bytes: [UInt8], from start: Int, to end: Int, limit: Int) throws -> [UInt8] {
        var state = State(bytes: bytes, index: start, end: end, limit: limit)
        var last = false
        while !last {
            last = try state.bits(1) == 1
            switch try state.bits(2) {
            case 0: try state.stored()
            case 1: try state.codes(Self.fixedLengths, Self.fixedDistances)
            case 2:
                let (lengths, distances) = try state.dynamicTables()
                try state.codes(lengths, distances)
            default: throw Failure(reason: "invalid block type")
            }
        }
        return state.output
    }

    struct Huffman {
        var count = [Int](repeating: 0, count: 16)
        var symbol: [Int]

        init(lengths: [Int]) throws {
            symbol = [Int](repeating: 0, count: lengths.count)
            for length in lengths { count[length] += 1 }
            var left = 1
            for length in 1..<16 {
                left <<= 1
                left -= count[length]
                if left < 0 { throw Failure(reason: "over-subscribed Huffman code") }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + count[length] }
            for (value, length) in lengths.enumerated() where length != 0 {
                symbol[offsets[length]] = value
                offsets[length] += 1
            }
        }
    }

    private static let lengthBase = [3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073,
                                       4097, 6145, 8193, 12289, 16385, 24577]
    private static let distanceExtra = [0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
    private static let fixedLengths = try! Huffman(
        lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24) + [Int](repeating: 8, count: 8))
    private static let fixedDistances = try! Huffman(lengths: [Int](repeating: 5, count: 30))

    private struct State {
        let bytes: [UInt8]
        var index: Int
        let end: Int
        let limit: Int
        var bitBuffer: UInt32 = 0
        var bitCount: UInt32 = 0
        var output: [UInt8] = []

        init(bytes: [UInt8], index: Int, end: Int, limit: Int) {
            self.bytes = bytes
            self.index = index
            self.end = end
            self.limit = limit
        }

        mutating func bits(_ count: UInt32) throws -> Int {
            var value = bitBuffer
            while bitCount < count {
                guard index < end else { throw Failure(reason: "the compressed data ends early") }
                value |= UInt32(bytes[index]) << bitCount
                index += 1
                bitCount += 8
            }
            bitBuffer = value >> count
            bitCount -= count
            return Int(value & ((1 << count) - 1))
        }

        mutating func append(_ byte: UInt8) throws {
            guard output.count < limit else { throw Failure(reason: "it expands beyond \(limit / 1_048_576) MB: refused") }
            output.append(byte)
        }

        mutating func stored() throws {
            bitBuffer = 0
            bitCount = 0
            guard index + 4 <= end else { throw Failure(reason: "the compressed data ends early") }
            let length = Int(bytes[index]) | Int(bytes[index + 1]) << 8
            let complement = Int(bytes[index + 2]) | Int(bytes[index + 3]) << 8
            guard length == (~complement & 0xFFFF) else { throw Failure(reason: "a stored block's length is corrupt") }
            index += 4
            guard index + length <= end else { throw Failure(reason: "the compressed data ends early") }
            guard output.count + length <= limit else { throw Failure(reason: "it expands beyond \(limit / 1_048_576) MB: refused") }
            output.append(contentsOf: bytes[index..<(index + length)])
            index += length
        }

        mutating func decode(_ code: Huffman) throws -> Int {
            var value = 0
            var first = 0
            var offset = 0
            for length in 1..<16 {
                value |= try bits(1)
                let count = code.count[length]
                if value - count < first { return code.symbol[offset + (value - first)] }
                offset += count
                first += count
                first <<= 1
                value <<= 1
            }
            throw Failure(reason: "an invalid Huffman code")
        }

        mutating func codes(_ lengths: Huffman, _ distances: Huffman) throws {
            while true {
                var symbol = try decode(lengths)
                if symbol < 256 {
                    try append(UInt8(symbol))
                    continue
                }
                if symbol == 256 { return }
                symbol -= 257
                guard symbol < 29 else { throw Failure(reason: "an invalid length code") }
                let length = Inflate.lengthBase[symbol] + (try bits(UInt32(Inflate.lengthExtra[symbol])))
                let distanceSymbol = try decode(distances)
                guard distanceSymbol < 30 else { throw Failure(reason: "an invalid distance code") }
                let distance = Inflate.distanceBase[distanceSymbol] + (try bits(UInt32(Inflate.distanceExtra[distanceSymbol])))
                guard distance <= output.count else { throw Failure(reason: "a distance reaches before the start of the data") }
                guard output.count + length <= limit else { throw Failure(reason: "it expands beyond \(limit / 1_048_576) MB: refused") }
                let start = output.count - distance
                for offset in 0..<length { output.append(output[start + offset]) }
            }
        }

        mutating func dynamicTables() throws -> (Huffman, Huffman) {
            let lengthCount = try bits(5) + 257
            let distanceCount = try bits(5) + 1
            let codeCount = try bits(4) + 4
            guard lengthCount <= 286, distanceCount <= 30 else { throw Failure(reason: "too many codes in a block header") }
            var codeLengths = [Int](repeating: 0, count: 19)
            for index in 0..<codeCount { codeLengths[Inflate.codeLengthOrder[index]] = try bits(3) }
            let codeLengthCode = try Huffman(lengths: codeLengths)
            var lengths: [Int] = []
            while lengths.count < lengthCount + distanceCount {
                let symbol = try decode(codeLengthCode)
                switch symbol {
                case 0..<16:
                    lengths.append(symbol)
                case 16:
                    guard let previous = lengths.last else { throw Failure(reason: "a repeat with nothing to repeat") }
                    lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
                case 17:
                    lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
                default:
                    lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
                }
            }
            guard lengths.count == lengthCount + distanceCount else { throw Failure(reason: "code lengths overrun the block header") }
            guard lengths[256] != 0 else { throw Failure(reason: "a block without an end code") }
            return (try Huffman(lengths: Array(lengths[0..<lengthCount])), try Huffman(lengths: Array(lengths[lengthCount...])))
        }
    }
}

/// CRC-32 (IEEE), as zip archives check their entries.
enum CRC32 {
    private static let table: [UInt32] = (0..<256).map { value in
        var crc = UInt32(value)
        for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }

    static func checksum(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        return ~crc
    }
}
