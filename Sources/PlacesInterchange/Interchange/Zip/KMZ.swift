import PlacesCore

/// Opens a KMZ (a zip archive around a KML document) and returns the KML inside.
///
/// Reads the archive's central directory, picks `doc.kml` (or else the first `.kml` entry), and
/// inflates it with ``Inflate``, checking its CRC. Encrypted entries and ZIP64 archives are refused.
enum KMZ {
    struct Entry {
        let name: String
        let method: Int
        let flags: Int
        let crc: UInt32
        let compressedSize: Int
        let size: Int
        let localHeaderOffset: Int
    }

    /// The KML document in the archive and its name inside it.
    /// - Throws: ``ImportError`` naming the file.
    static func kmlDocument(in bytes: [UInt8], fileName: String, limit: Int) throws -> (name: String, bytes: [UInt8]) {
        func fail(_ reason: String) -> ImportError { ImportError(file: fileName, reason: reason) }
        let entries = try centralDirectory(bytes, fail: fail)
        let kml = entries.filter { $0.name.lowercased().hasSuffix(".kml") }
        guard let entry = kml.first(where: { $0.name.lowercased() == "doc.kml" }) ?? kml.first else {
            throw fail("the zip archive holds no .kml file")
        }
        guard entry.flags & 1 == 0 else { throw fail("\(entry.name) in the archive is encrypted") }
        let offset = entry.localHeaderOffset
        guard offset + 30 <= bytes.count, readUInt32(bytes, offset) == 0x0403_4B50 else {
            throw fail("the zip archive is damaged (no local header for \(entry.name))")
        }
        let dataStart = offset + 30 + readUInt16(bytes, offset + 26) + readUInt16(bytes, offset + 28)
        let dataEnd = dataStart + entry.compressedSize
        guard dataEnd <= bytes.count else { throw fail("the zip archive is truncated") }
        guard entry.size <= limit else { throw fail("\(entry.name) is \(entry.size / 1_048_576) MB uncompressed: the limit is \(limit / 1_048_576) MB") }
        let content: [UInt8]
        switch entry.method {
        case 0:
            content = Array(bytes[dataStart..<dataEnd])
        case 8:
            do {
                content = try Inflate.decompress(bytes, from: dataStart, to: dataEnd, limit: min(limit, entry.size))
            } catch let error as Inflate.Failure {
                throw fail("cannot decompress \(entry.name): \(error.reason)")
            }
        default:
            throw fail("\(entry.name) uses zip compression method \(entry.method); only stored and deflated entries can be read")
        }
        guard content.count == entry.size, CRC32.checksum(content) == entry.crc else {
            throw fail("\(entry.name) in the archive is damaged (its checksum does not match)")
        }
        return (entry.name, content)
    }

    private static func centralDirectory(_ bytes: [UInt8], fail: (String) -> ImportError) throws -> [Entry] {
        // The end-of-central-directory record sits in the last 22 bytes plus up to 64 KB of comment.
        var end = bytes.count - 22
        let lowest = max(0, bytes.count - 22 - 65_535)
        while end >= lowest && readUInt32(bytes, end) != 0x0605_4B50 { end -= 1 }
        guard end >= lowest, end >= 0 else { throw fail("not a complete zip archive (no central directory)") }
        let count = readUInt16(bytes, end + 10)
        let directoryOffset = readUInt32(bytes, end + 16)
        if count == 0xFFFF || directoryOffset == 0xFFFF_FFFF { throw fail("ZIP64 archives are not supported") }
        var entries: [Entry] = []
        var offset = Int(directoryOffset)
        for _ in 0..<count {
            guard offset + 46 <= bytes.count, readUInt32(bytes, offset) == 0x0201_4B50 else {
                throw fail("the zip archive's central directory is damaged")
            }
            let nameLength = readUInt16(bytes, offset + 28)
            guard offset + 46 + nameLength <= bytes.count else { throw fail("the zip archive's central directory is damaged") }
            entries.append(Entry(
                name: String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self),
                method: readUInt16(bytes, offset + 10), flags: readUInt16(bytes, offset + 8),
                crc: readUInt32(bytes, offset + 16), compressedSize: Int(readUInt32(bytes, offset + 20)),
                size: Int(readUInt32(bytes, offset + 24)), localHeaderOffset: Int(readUInt32(bytes, offset + 42))))
            offset += 46 + nameLength + readUInt16(bytes, offset + 30) + readUInt16(bytes, offset + 32)
        }
        return entries
    }

    private static func readUInt16(_ bytes: [UInt8], _ offset: Int) -> Int {
        guard offset >= 0, offset + 2 <= bytes.count else { return 0 }
        return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8
    }

    private static func readUInt32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}
