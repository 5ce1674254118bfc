/// Reads a video's position and time from its `moov` box (MP4, MOV, 3GP): the `©xyz` ISO 6709
/// string in `udta`, Apple's `mdta` keys (`com.apple.quicktime.location.ISO6709`,
/// `com.apple.quicktime.creationdate`), and `mvhd`'s creation time. The media data is never read:
/// top-level boxes are skipped by their size.
enum QuickTimeReader {
    /// Seconds from 1904-01-01 (QuickTime's epoch) to 1970-01-01.
    static let epochDifference: Int64 = 2_082_844_800

    static func read(_ source: some MediaBytes) throws(MediaSkip) -> MediaMetadata {
        let top = try ISOBox.children(of: source, from: 0, to: source.size, clipping: true)
        guard let moov = top.first(where: { $0.type == ISOBox.moov }) else { throw MediaSkip("truncated or corrupt: no moov box") }
        // The moov box is walked in the file, box header by box header: a long video's sample tables
        // (megabytes, inside each trak) are skipped, and only the small boxes wanted are read.
        var metadata = MediaMetadata()
        var budget = 256  // containers opened: moov, udta, meta
        try scan(source, from: moov.start, to: moov.end, into: &metadata, budget: &budget)
        return metadata
    }

    private static func scan(_ bytes: some MediaBytes, from: Int, to: Int, into metadata: inout MediaMetadata,
                             budget: inout Int) throws(MediaSkip) {
        budget -= 1
        guard budget >= 0 else { return }
        for box in try ISOBox.children(of: bytes, from: from, to: to) {
            switch box.type {
            case ISOBox.mvhd:
                let body = try bytes.bytes(at: box.start, count: min(12, box.end - box.start))
                let created = body.first == 1 ? body.u64(4).map { Int64(truncatingIfNeeded: $0) } : body.u32(4).map(Int64.init)
                // Zero means the writer did not know; a time before 1970 is as unknown.
                if let created, created > epochDifference, metadata.utcTime == nil { metadata.utcTime = created - epochDifference }
            case ISOBox.udta:
                try scan(bytes, from: box.start, to: box.end, into: &metadata, budget: &budget)
            case ISOBox.xyz:
                // A 16-bit length and a 16-bit language code, then the text.
                let body = try bytes.bytes(at: box.start, count: min(64, box.end - box.start))
                if let length = body.u16(0), length <= body.count - 4, let point = iso6709(Array(body[4..<(4 + length)])) {
                    metadata.latitude = point.latitude
                    metadata.longitude = point.longitude
                }
            case ISOBox.meta:
                try readKeys(bytes, box, into: &metadata)
            default:
                break
            }
        }
    }

    /// Reads Apple's `mdta` metadata: `keys` names the entries, `ilst` holds their values by index.
    private static func readKeys(_ bytes: some MediaBytes, _ meta: ISOBox, into metadata: inout MediaMetadata) throws(MediaSkip) {
        // In MOV files `meta` is a plain box; in MP4 it is a full box with four bytes of version and flags.
        let peek = try bytes.bytes(at: meta.start, count: min(8, meta.end - meta.start))
        let first = meta.start + (peek.u32(4).map(UInt32.init) == ISOBox.hdlr ? 0 : 4)
        let children = try ISOBox.children(of: bytes, from: first, to: meta.end)
        guard let keysBox = children.first(where: { $0.type == ISOBox.keys }),
              let list = children.first(where: { $0.type == ISOBox.ilst }) else { return }
        let keys = try bytes.bytes(at: keysBox.start, count: keysBox.end - keysBox.start)
        var names: [Int: String] = [:]
        var at = 8  // version, flags, count
        var index = 1
        while at + 8 <= keys.count, index <= 1024, let size = keys.u32(at), size >= 8, size <= keys.count - at {
            names[index] = String(decoding: keys[(at + 8)..<(at + size)], as: UTF8.self)
            at += size
            index += 1
        }
        for item in try ISOBox.children(of: bytes, from: list.start, to: list.end) {
            guard let name = names[Int(item.type)],
                  name == "com.apple.quicktime.location.ISO6709" || name == "com.apple.quicktime.creationdate" else { continue }
            guard let data = try ISOBox.children(of: bytes, from: item.start, to: item.end).first(where: { $0.type == ISOBox.data }),
                  data.end - data.start >= 8 else { continue }
            let value = try bytes.bytes(at: data.start + 8, count: min(128, data.end - data.start - 8))
            if name.hasSuffix("ISO6709"), let point = iso6709(value) {
                metadata.latitude = point.latitude
                metadata.longitude = point.longitude
            } else if name.hasSuffix("creationdate"), let local = MediaMetadata.seconds(exifDate: value) {
                // "2019-06-15T14:23:05+0200": the local time with its offset, which the camera app wrote.
                let zone = value.dropFirst(19).drop { $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: "Z") }
                if let offset = MediaMetadata.offsetSeconds(zone) {
                    metadata.localTime = local
                    metadata.utcOffset = offset
                }
            }
        }
    }

    /// Reads an ISO 6709 point, "+48.8584+002.2945+035.000/": latitude and longitude in decimal
    /// degrees, or degrees and minutes (±DDMM.MMM, ±DDDMM.MMM), or with seconds too.
    static func iso6709(_ text: [UInt8]) -> (latitude: Double, longitude: Double)? {
        var parts: [(sign: Double, digits: [UInt8])] = []
        for byte in text.prefix(64) {
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                parts.append((byte == UInt8(ascii: "-") ? -1 : 1, []))
            } else if (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "."), !parts.isEmpty {
                parts[parts.count - 1].digits.append(byte)
            } else {
                break
            }
        }
        guard parts.count >= 2,
              let latitude = angle(parts[0].digits, degreeDigits: 2), let longitude = angle(parts[1].digits, degreeDigits: 3) else { return nil }
        return (parts[0].sign * latitude, parts[1].sign * longitude)
    }

    /// Degrees from ISO 6709 digits whose whole part has `degreeDigits`, +2 for minutes, +4 for seconds.
    private static func angle(_ digits: [UInt8], degreeDigits: Int) -> Double? {
        let text = String(decoding: digits, as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        let whole = text.prefix { $0 != "." }.count
        switch whole - degreeDigits {
        case ...0: return value  // decimal degrees (some writers leave out the leading zeros)
        case 2: return (value / 100).rounded(.down) + value.truncatingRemainder(dividingBy: 100) / 60
        case 4:
            let degrees = (value / 10_000).rounded(.down), rest = value - degrees * 10_000
            return degrees + (rest / 100).rounded(.down) / 60 + rest.truncatingRemainder(dividingBy: 100) / 3600
        default: return nil
        }
    }
}
