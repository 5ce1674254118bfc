/// Reads the position and time from a TIFF structure: a TIFF or raw file (DNG, CR2, NEF, ARW, ORF…)
/// or the EXIF block inside a JPEG, HEIC or PNG.
///
/// Only three directories are visited: the first image directory (IFD0), the EXIF directory it
/// points to (DateTimeOriginal, OffsetTimeOriginal) and the GPS directory (GPSLatitude/Ref,
/// GPSLongitude/Ref, GPSDateStamp, GPSTimeStamp). Every offset is checked against the data; each
/// directory is read at most once, with at most ``maximumEntries`` entries.
public enum TIFFReader {
    /// The most entries a directory may claim; cameras write a few dozen.
    public static let maximumEntries = 1024

    /// Reads the metadata of a TIFF structure starting at `base` in `source`.
    /// - Throws: ``MediaSkip`` when the header is not TIFF or a directory lies outside the data.
    public static func read(_ source: some MediaBytes, base: Int = 0) throws(MediaSkip) -> MediaMetadata {
        let header = try source.bytes(at: base, count: min(8, max(0, source.size - base)))
        guard header.count == 8 else { throw MediaSkip("truncated: the TIFF header is cut short") }
        let little: Bool
        switch (header[0], header[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: throw MediaSkip("corrupt: not a TIFF header")
        }
        // 42 for TIFF and most raw formats; Olympus ORF writes "RO"/"RS", Panasonic RW2 0x55.
        guard let magic = header.u16(2, bigEndian: !little), [42, 0x4F52, 0x5352, 0x55].contains(magic),
              let first = header.u32(4, bigEndian: !little) else { throw MediaSkip("corrupt: not a TIFF header") }
        let directory = Directory(source: source, base: base, little: little)

        var metadata = MediaMetadata()
        let ifd0 = try directory.entries(at: first)
        if let exif = ifd0[0x8769].flatMap({ directory.integer($0) }) {
            let entries = try directory.entries(at: exif)
            if let text = entries[0x9003].flatMap({ directory.bytes($0) }) { metadata.readLocalTime(exifDate: text) }
            if let text = entries[0x9011].flatMap({ directory.bytes($0) }) { metadata.utcOffset = MediaMetadata.offsetSeconds(text) }
        }
        // IFD0's DateTime is when the file was last written: only a fallback for cameras without EXIF.
        if metadata.localTime == nil, metadata.invalidDate == nil, let text = ifd0[0x0132].flatMap({ directory.bytes($0) }) {
            metadata.readLocalTime(exifDate: text)
        }
        if let gps = ifd0[0x8825].flatMap({ directory.integer($0) }) {
            let entries = try directory.entries(at: gps)
            if let latitude = entries[0x0002].flatMap({ directory.degrees($0) }),
               let longitude = entries[0x0004].flatMap({ directory.degrees($0) }) {
                let south = entries[0x0001].flatMap { directory.bytes($0)?.first } == UInt8(ascii: "S")
                let west = entries[0x0003].flatMap { directory.bytes($0)?.first } == UInt8(ascii: "W")
                metadata.latitude = south ? -latitude : latitude
                metadata.longitude = west ? -longitude : longitude
            }
            if let day = entries[0x001D].flatMap({ directory.bytes($0) }).flatMap({ MediaMetadata.seconds(exifDate: $0) }),
               let time = entries[0x0007].flatMap({ directory.rationals($0) }), time.count == 3,
               time.allSatisfy({ $0.isFinite && $0 >= 0 && $0 < 86_400 }) {
                metadata.utcTime = day + Int64(time[0] * 3600 + time[1] * 60 + time[2])
            }
        }
        return metadata
    }

    /// One directory entry: its type, count and the four bytes holding the value or its offset.
    struct Entry {
        var type: Int
        var count: Int
        var valueField: [UInt8]
    }

    /// Reads the directories and values of one TIFF structure.
    struct Directory<Source: MediaBytes> {
        let source: Source
        let base: Int
        let little: Bool

        /// The entries of the directory at `offset` (from the TIFF header), by tag.
        func entries(at offset: Int) throws(MediaSkip) -> [Int: Entry] {
            let countBytes = try source.bytes(at: try position(offset), count: 2)
            guard let count = countBytes.u16(0, bigEndian: !little) else { throw MediaSkip("corrupt: a TIFF directory") }
            guard count <= TIFFReader.maximumEntries else { throw MediaSkip("corrupt: a TIFF directory of \(count) entries") }
            let raw = try source.bytes(at: try position(offset) + 2, count: count * 12)
            var entries: [Int: Entry] = [:]
            for index in 0..<count {
                let at = index * 12
                guard let tag = raw.u16(at, bigEndian: !little), let type = raw.u16(at + 2, bigEndian: !little),
                      let number = raw.u32(at + 4, bigEndian: !little) else { continue }
                if entries[tag] == nil { entries[tag] = Entry(type: type, count: number, valueField: Array(raw[(at + 8)..<(at + 12)])) }
            }
            return entries
        }

        /// The file position of a TIFF offset, checked.
        private func position(_ offset: Int) throws(MediaSkip) -> Int {
            guard offset >= 0, offset <= source.size - base else { throw MediaSkip("truncated: a TIFF offset points past the end") }
            return base + offset
        }

        /// The raw bytes of an entry's value (up to 256 bytes: the ASCII and rational values read here are short).
        func bytes(_ entry: Entry) -> [UInt8]? {
            let unit: Int
            switch entry.type {
            case 1, 2, 6, 7: unit = 1
            case 3, 8: unit = 2
            case 4, 9, 11, 13: unit = 4
            case 5, 10, 12: unit = 8
            default: return nil
            }
            let length = unit * min(entry.count, 256)
            if length <= 4 { return Array(entry.valueField.prefix(length)) }
            guard let offset = entry.valueField.u32(0, bigEndian: !little) else { return nil }
            return try? source.bytes(at: try position(offset), count: length)
        }

        /// An entry's first value as an integer (LONG, SHORT or IFD pointer).
        func integer(_ entry: Entry) -> Int? {
            switch entry.type {
            case 3: return entry.valueField.u16(0, bigEndian: !little)
            case 4, 13: return entry.valueField.u32(0, bigEndian: !little)
            default: return nil
            }
        }

        /// An entry's unsigned rationals as doubles; `nil` for another type or a zero denominator.
        func rationals(_ entry: Entry) -> [Double]? {
            guard entry.type == 5 || entry.type == 10, entry.count >= 1, entry.count <= 8, let raw = bytes(entry) else { return nil }
            var values: [Double] = []
            for index in 0..<entry.count {
                guard let numerator = raw.u32(index * 8, bigEndian: !little), let denominator = raw.u32(index * 8 + 4, bigEndian: !little),
                      denominator != 0 else { return nil }
                let signed = entry.type == 10
                let n = signed ? Double(Int32(truncatingIfNeeded: numerator)) : Double(numerator)
                let d = signed ? Double(Int32(truncatingIfNeeded: denominator)) : Double(denominator)
                values.append(n / d)
            }
            return values
        }

        /// Degrees from a GPS coordinate entry: degrees, minutes, seconds (or fewer parts).
        func degrees(_ entry: Entry) -> Double? {
            guard let parts = rationals(entry), !parts.isEmpty, parts.allSatisfy({ $0.isFinite && $0 >= 0 }) else { return nil }
            let value = parts[0] + (parts.count > 1 ? parts[1] / 60 : 0) + (parts.count > 2 ? parts[2] / 3600 : 0)
            // To a tenth of a millimetre, so 2° 17' 40.2" is 2.2945, as written, not 2.2944999999999998.
            return value.isFinite ? (value * 1e9).rounded() / 1e9 : nil
        }
    }
}
