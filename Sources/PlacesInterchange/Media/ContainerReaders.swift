/// Finds the EXIF block in a JPEG: the APP1 segment that starts with `Exif\0\0`, before the image data.
enum JPEGReader {
    /// Reads the JPEG's EXIF position and time; empty metadata when it has no EXIF block.
    static func read(_ source: some MediaBytes) throws(MediaSkip) -> MediaMetadata {
        var offset = 2
        // Each step moves forward at least one byte; the cap stops a file of fill bytes early.
        for _ in 0..<10_000 {
            guard offset + 4 <= source.size else { throw MediaSkip("truncated: the JPEG ends before its image data") }
            let header = try source.bytes(at: offset, count: 4)
            guard header[0] == 0xFF else { throw MediaSkip("corrupt: a JPEG segment does not start with a marker") }
            let marker = header[1]
            if marker == 0xFF { offset += 1; continue }  // fill byte
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { offset += 2; continue }  // markers without length
            if marker == 0xDA || marker == 0xD9 { return MediaMetadata() }  // image data: the metadata came before
            guard let length = header.u16(2), length >= 2 else { throw MediaSkip("corrupt: a JPEG segment length") }
            // APP1 holds EXIF or XMP: its first six bytes say which, before the rest is read.
            if marker == 0xE1, length >= 8, try source.bytes(at: offset + 4, count: 6) == [0x45, 0x78, 0x69, 0x66, 0, 0] {  // "Exif\0\0"
                return try TIFFReader.read(MemoryBytes(try source.bytes(at: offset + 10, count: length - 8)))
            }
            offset += 2 + length
        }
        throw MediaSkip("corrupt: too many JPEG segments")
    }
}

/// Finds the `eXIf` chunk in a PNG (chunks are skipped by their length, never read).
enum PNGReader {
    static func read(_ source: some MediaBytes) throws(MediaSkip) -> MediaMetadata {
        var offset = 8
        for _ in 0..<100_000 {
            guard offset + 8 <= source.size else { throw MediaSkip("truncated: the PNG ends before its IEND chunk") }
            let header = try source.bytes(at: offset, count: 8)
            guard let length = header.u32(0), length <= Int(Int32.max) else { throw MediaSkip("corrupt: a PNG chunk length") }
            switch header.fourCC(4) {
            case "eXIf":
                var exif = try source.bytes(at: offset + 8, count: length)
                // The PNG rule is a bare TIFF block; some writers keep the JPEG's "Exif\0\0" before it.
                if exif.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) { exif.removeFirst(6) }
                return try TIFFReader.read(MemoryBytes(exif))
            case "IEND": return MediaMetadata()
            default: offset += 12 + length
            }
        }
        throw MediaSkip("corrupt: too many PNG chunks")
    }
}

/// Boxes of the ISO base media file format (HEIC, MP4, MOV): a size, a four-byte type, a payload.
struct ISOBox {
    /// The box type's four bytes as one big-endian number (`©xyz` has a byte above 127).
    var type: UInt32
    /// Where the payload starts, in the data searched.
    var start: Int
    /// Where the box ends.
    var end: Int

    static func code(_ text: StaticString) -> UInt32 {
        text.withUTF8Buffer { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    static let ftyp = code("ftyp"), meta = code("meta"), iinf = code("iinf"), infe = code("infe"), iloc = code("iloc")
    static let idat = code("idat"), moov = code("moov"), mvhd = code("mvhd"), udta = code("udta"), keys = code("keys")
    static let ilst = code("ilst"), data = code("data"), hdlr = code("hdlr"), exif = code("Exif")
    static let xyz: UInt32 = 0xA978_797A  // "©xyz"

    /// The boxes between `from` and `to` in `source`, at most `limit` of them.
    /// - Parameter clipping: a box reaching past `to` ends at `to` instead of making the data corrupt
    ///   (for the top level of a file cut short, whose last box is only partly there).
    static func children(of source: some MediaBytes, from: Int, to: Int, limit: Int = 4096,
                         clipping: Bool = false) throws(MediaSkip) -> [ISOBox] {
        var boxes: [ISOBox] = []
        var offset = from
        while offset + 8 <= to {
            guard boxes.count < limit else { throw MediaSkip("corrupt: too many boxes") }
            let header = try source.bytes(at: offset, count: 8)
            guard let size32 = header.u32(0), let type = header.u32(4).map(UInt32.init) else { break }
            var headerSize = 8
            var size = size32
            if size32 == 1 {
                let large = try source.bytes(at: offset + 8, count: 8)
                guard let value = large.u64(0), value <= UInt64(Int.max / 2) else { throw MediaSkip("corrupt: a box size") }
                size = Int(value)
                headerSize = 16
            } else if size32 == 0 {
                size = to - offset  // to the end
            }
            guard size >= headerSize else { throw MediaSkip("corrupt: a box smaller than its header") }
            var end = offset + size
            if end > to {
                guard clipping else { throw MediaSkip("truncated: a box reaches past its container") }
                end = to
            }
            boxes.append(ISOBox(type: type, start: offset + headerSize, end: end))
            offset = end
        }
        return boxes
    }
}

/// Finds the EXIF item of a HEIF/HEIC/AVIF image through `meta`: `iinf` names the item of type
/// `Exif`, `iloc` says where its bytes are.
enum HEIFReader {
    static func read(_ source: some MediaBytes) throws(MediaSkip) -> MediaMetadata {
        let top = try ISOBox.children(of: source, from: 0, to: source.size, clipping: true)
        guard let meta = top.first(where: { $0.type == ISOBox.meta }) else { throw MediaSkip("corrupt: no meta box") }
        let metaBytes = MemoryBytes(try source.bytes(at: meta.start, count: meta.end - meta.start))
        let children = try ISOBox.children(of: metaBytes, from: 4, to: metaBytes.size)  // after version and flags
        guard let iinf = children.first(where: { $0.type == ISOBox.iinf }),
              let iloc = children.first(where: { $0.type == ISOBox.iloc }) else { return MediaMetadata() }
        guard let item = try exifItem(in: metaBytes, iinf) else { return MediaMetadata() }
        guard let extents = try locations(of: item, in: metaBytes, iloc) else { throw MediaSkip("corrupt: the EXIF item has no location") }
        var exif: [UInt8] = []
        for extent in extents {
            guard extent.length <= MediaByteLimits.maximumRead - exif.count else { throw MediaSkip("corrupt: an EXIF item too large") }
            if extent.inData {
                guard let idat = children.first(where: { $0.type == ISOBox.idat }), extent.offset <= idat.end - idat.start else {
                    throw MediaSkip("corrupt: the EXIF item points outside idat")
                }
                exif += try metaBytes.bytes(at: idat.start + extent.offset, count: extent.length)
            } else {
                exif += try source.bytes(at: extent.offset, count: extent.length)
            }
        }
        // The item starts with the offset of the TIFF header after these four bytes (past "Exif\0\0").
        guard let skip = exif.u32(0), skip <= exif.count - 4 else { throw MediaSkip("corrupt: the EXIF item's header offset") }
        return try TIFFReader.read(MemoryBytes(exif), base: 4 + skip)
    }

    /// The id of the item of type `Exif`, or `nil`.
    private static func exifItem(in meta: MemoryBytes, _ iinf: ISOBox) throws(MediaSkip) -> Int? {
        let head = try meta.bytes(at: iinf.start, count: min(8, iinf.end - iinf.start))
        guard head.count >= 6 else { throw MediaSkip("corrupt: iinf") }
        let first = iinf.start + (head[0] == 0 ? 6 : 8)
        for entry in try ISOBox.children(of: meta, from: first, to: iinf.end) where entry.type == ISOBox.infe {
            let body = try meta.bytes(at: entry.start, count: min(16, entry.end - entry.start))
            guard let version = body.first, version >= 2 else { continue }
            let idSize = version == 2 ? 2 : 4
            guard let id = idSize == 2 ? body.u16(4) : body.u32(4), let type = body.u32(4 + idSize + 2) else { continue }
            if UInt32(type) == ISOBox.exif { return id }
        }
        return nil
    }

    /// The extents of `item` from `iloc`: offsets in the file, or in `idat` for construction method 1.
    private static func locations(of item: Int, in meta: MemoryBytes, _ iloc: ISOBox) throws(MediaSkip) -> [(offset: Int, length: Int, inData: Bool)]? {
        let bytes = try meta.bytes(at: iloc.start, count: iloc.end - iloc.start)
        var at = 0
        func field(_ size: Int) throws(MediaSkip) -> Int {
            defer { at += size }
            switch size {
            case 0: return 0
            case 2: if let v = bytes.u16(at) { return v }
            case 4: if let v = bytes.u32(at) { return v }
            case 8: if let v = bytes.u64(at), v <= UInt64(Int.max / 2) { return Int(v) }
            default: break
            }
            throw MediaSkip("corrupt: iloc")
        }
        guard bytes.count >= 8 else { throw MediaSkip("corrupt: iloc") }
        let version = Int(bytes[0])
        guard version <= 2 else { return nil }
        let offsetSize = Int(bytes[4] >> 4), lengthSize = Int(bytes[4] & 15), baseSize = Int(bytes[5] >> 4)
        let indexSize = version >= 1 ? Int(bytes[5] & 15) : 0
        at = 6
        let count = try field(version < 2 ? 2 : 4)
        // Fields may be zero bytes wide, so reading alone does not bound the loops: count the steps.
        var steps = 0
        for _ in 0..<min(count, 65_536) {
            steps += 1
            guard steps <= 100_000 else { throw MediaSkip("corrupt: iloc lists too many items") }
            let id = try field(version < 2 ? 2 : 4)
            let method = version >= 1 ? try field(2) & 15 : 0
            _ = try field(2)  // data reference index: 0, this file
            let base = try field(baseSize)
            let extentCount = try field(2)
            var extents: [(offset: Int, length: Int, inData: Bool)] = []
            for _ in 0..<extentCount {
                steps += 1
                guard steps <= 100_000 else { throw MediaSkip("corrupt: iloc lists too many extents") }
                if indexSize > 0 { _ = try field(indexSize) }
                let offset = try field(offsetSize), length = try field(lengthSize)
                guard base <= Int.max / 4, offset <= Int.max / 4 else { throw MediaSkip("corrupt: iloc") }
                extents.append((base + offset, length, method == 1))
            }
            if id == item {
                guard method <= 1, !extents.isEmpty, extents.count <= 64 else { return nil }
                return extents
            }
        }
        return nil
    }
}
