import PlacesCore

/// Writes an RGB image as a PNG file: the IHDR, IDAT and IEND chunks, the pixels zlib-wrapped in
/// deflate's *stored* blocks (no compression, which no reader minds and which needs no compressor),
/// each chunk with its CRC-32 and the stream with its Adler-32.
public enum PNGWriter {
    /// The PNG bytes of an 8-bit RGB image.
    /// - Parameters:
    ///   - width: pixels across.
    ///   - height: pixels down.
    ///   - rgb: `width × height × 3` bytes, rows from the top.
    public static func encode(width: Int, height: Int, rgb: [UInt8]) -> [UInt8] {
        precondition(rgb.count == width * height * 3, "pixel buffer does not match the size")
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.append(contentsOf: bigEndian(UInt32(width)))
        header.append(contentsOf: bigEndian(UInt32(height)))
        header += [8, 2, 0, 0, 0]  // 8 bits per channel, RGB, deflate, adaptive filters, no interlace
        chunk("IHDR", header, into: &out)

        // Each row starts with its filter type; 0 is "none".
        var raw: [UInt8] = []
        raw.reserveCapacity((width * 3 + 1) * height)
        for row in 0..<height {
            raw.append(0)
            let start: Int = row * width * 3
            raw.append(contentsOf: rgb[start..<start + width * 3])
        }
        var zlib: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let length = min(65_535, raw.count - offset)
            let final: UInt8 = offset + length >= raw.count ? 1 : 0
            zlib.append(final)
            zlib += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8((~length >> 8) & 0xFF)]
            zlib += raw[offset..<(offset + length)]
            offset += length
        } while offset < raw.count
        zlib += bigEndian(adler32(raw))
        chunk("IDAT", zlib, into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    private static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        out += bigEndian(UInt32(data.count))
        let body = Array(type.utf8) + data
        out += body
        out += bigEndian(CRC32.checksum(body))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    /// Adler-32, zlib's checksum.
    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        var index = 0
        while index < bytes.count {
            // 5552 bytes is the most that can be summed before the 32-bit sums must be reduced.
            let end = min(index + 5552, bytes.count)
            while index < end { a += UInt32(bytes[index]); b += a; index += 1 }
            a %= 65_521; b %= 65_521
        }
        return b << 16 | a
    }
}
