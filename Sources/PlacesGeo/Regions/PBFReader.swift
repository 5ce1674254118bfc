#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// Reads an OpenStreetMap PBF extract (`.osm.pbf`), written by hand after the format's specification
/// (wiki.openstreetmap.org/wiki/PBF_Format): a sequence of `BlobHeader`/`Blob` pairs, the first an
/// `OSMHeader`, the others `OSMData` primitive blocks of string tables and groups of plain or dense
/// nodes, ways and relations.
///
/// The file is read one blob at a time, so memory holds one block, never the file. Hostile input is
/// refused with the byte offset of the blob at fault: a blob header over 64 KiB or a blob over 32 MiB
/// (the format's own limits), a blob that inflates beyond the size it declares (a zlib bomb), a file
/// that ends inside a blob, compressions other than zlib and none (named), and history or change files.
public struct PBFReader {
    /// The largest `BlobHeader` the format allows.
    public static let maximumHeaderSize = 64 * 1024
    /// The largest blob, compressed or not, the format allows.
    public static let maximumBlobSize = 32 * 1024 * 1024

    /// The file's path, for messages.
    public let path: String

    /// Prepares to read a file.
    public init(path: String) {
        self.path = path
    }

    /// Whether bytes look like the start of a PBF file: a 4-byte header length, then field 1 `OSMHeader`.
    public static func looksLikePBF(_ head: [UInt8]) -> Bool {
        head.count >= 6 && head[0] == 0 && head[1] == 0 && head[4] == 0x0A && head[5] == 9
    }

    /// Reads the whole file, calling `handler` with its header and every element in file order.
    /// - Throws: ``OSMReadError`` naming the file and the offset of the first thing wrong; whatever the
    ///   handler throws.
    public func read<H: OSMHandler>(into handler: inout H) throws {
        let file: ReadableFile
        do throws(FileError) { file = try ReadableFile(path, accepting: .anything) } catch {
            throw OSMReadError(path: path, offset: nil, reason: error.reason)
        }
        var source = FileSource(file: file)
        try read(from: &source, into: &handler)
    }

    /// Reads a whole PBF file held in memory (the fuzz target's way in); `path` names it in errors.
    public func read<H: OSMHandler>(bytes: [UInt8], into handler: inout H) throws {
        var source = MemorySource(bytes: bytes)
        try read(from: &source, into: &handler)
    }

    private func read<S: ByteSource, H: OSMHandler>(from source: inout S, into handler: inout H) throws {
        var offset = 0
        var sawHeader = false
        while true {
            let blobStart = offset
            let lengthBytes = source.read(4)
            if lengthBytes.isEmpty { break }
            guard lengthBytes.count == 4 else { throw fail(blobStart, "the file ends inside a blob's length: it is truncated") }
            let headerLength = Int(lengthBytes[0]) << 24 | Int(lengthBytes[1]) << 16 | Int(lengthBytes[2]) << 8 | Int(lengthBytes[3])
            guard headerLength <= Self.maximumHeaderSize else {
                throw fail(blobStart, "a blob header of \(grouped(headerLength)) bytes is over the format's limit of 64 KiB "
                           + "(not a PBF file, or a corrupt one)")
            }
            offset += 4
            let headerBytes = try readExactly(&source, headerLength, at: offset, what: "a blob header")
            let (type, dataSize) = try parseBlobHeader(headerBytes, at: offset)
            offset += headerLength
            guard dataSize <= Self.maximumBlobSize else {
                throw fail(blobStart, "a blob of \(grouped(dataSize)) bytes is over the format's limit of 32 MiB")
            }
            let blob = try readExactly(&source, dataSize, at: offset, what: "a blob")
            let data = try unpack(blob, at: blobStart)
            offset += dataSize
            switch type {
            case "OSMHeader":
                guard !sawHeader else { throw fail(blobStart, "a second OSMHeader block") }
                sawHeader = true
                try handler.header(try parseHeader(data, at: blobStart))
            case "OSMData":
                guard sawHeader else { throw fail(blobStart, "an OSMData block before the OSMHeader block") }
                try parsePrimitiveBlock(data, at: blobStart, into: &handler)
            default:
                // The format lets readers skip blocks of types they do not know.
                break
            }
            handler.progress(bytesRead: offset)
        }
        guard sawHeader else { throw fail(0, "no OSMHeader block: this is not an OpenStreetMap PBF file") }
    }

    private func fail(_ offset: Int, _ reason: String) -> OSMReadError {
        OSMReadError(path: path, offset: offset, reason: reason)
    }

    private func readExactly<S: ByteSource>(_ source: inout S, _ count: Int, at offset: Int, what: String) throws -> [UInt8] {
        let bytes = source.read(count)
        guard bytes.count == count else {
            throw fail(offset, "the file ends inside \(what) (\(grouped(bytes.count)) of \(grouped(count)) bytes): it is truncated")
        }
        return bytes
    }

    private func parseBlobHeader(_ bytes: [UInt8], at offset: Int) throws -> (String, Int) {
        try bytes.withUnsafeBufferPointer { buffer in
            var reader = ProtobufReader(buffer)
            var type: String?
            var size: Int?
            do {
                while let (number, wire) = try reader.field() {
                    switch (number, wire) {
                    case (1, .lengthDelimited): type = reader.string(try reader.bytes())
                    case (3, .varint):
                        let value = try reader.varint()
                        guard value <= UInt64(Int32.max) else { throw ProtobufReader.Failure(reason: "a blob size of \(value)") }
                        size = Int(value)
                    default: try reader.skip(wire)
                    }
                }
            } catch let failure as ProtobufReader.Failure {
                throw fail(offset, "a corrupt blob header: \(failure.reason)")
            }
            guard let type, let size else { throw fail(offset, "a blob header without its type or size") }
            return (type, size)
        }
    }

    /// The uncompressed contents of a `Blob`.
    private func unpack(_ blob: [UInt8], at offset: Int) throws -> [UInt8] {
        var raw: Range<Int>?
        var zlib: Range<Int>?
        var rawSize: Int?
        var other: String?
        do {
            try blob.withUnsafeBufferPointer { buffer in
                var reader = ProtobufReader(buffer)
                while let (number, wire) = try reader.field() {
                    switch (number, wire) {
                    case (1, .lengthDelimited): raw = try reader.bytes()
                    case (2, .varint): rawSize = Int(clamping: try reader.varint())
                    case (3, .lengthDelimited): zlib = try reader.bytes()
                    case (4, .lengthDelimited): other = "lzma"; try reader.skip(wire)
                    case (5, .lengthDelimited): other = "bzip2"; try reader.skip(wire)
                    case (6, .lengthDelimited): other = "lz4"; try reader.skip(wire)
                    case (7, .lengthDelimited): other = "zstd"; try reader.skip(wire)
                    default: try reader.skip(wire)
                    }
                }
            }
        } catch let failure as ProtobufReader.Failure {
            throw fail(offset, "a corrupt blob: \(failure.reason)")
        }
        if let raw { return Array(blob[raw]) }
        if let other {
            throw fail(offset, "a blob compressed with \(other), which places does not read; "
                       + "write the file with zlib (osmium cat -o OUT.osm.pbf --output-format pbf,pbf_compression=zlib IN)")
        }
        guard let zlib else { throw fail(offset, "a blob with no data") }
        guard let rawSize, rawSize <= Self.maximumBlobSize else {
            throw fail(offset, "a zlib blob that declares \(rawSize.map { grouped($0) + " bytes" } ?? "no size") uncompressed; the format allows up to 32 MiB")
        }
        // A zlib stream: two header bytes, DEFLATE data, an Adler-32 checksum.
        guard zlib.count >= 6, blob[zlib.lowerBound] & 0x0F == 8, (Int(blob[zlib.lowerBound]) << 8 | Int(blob[zlib.lowerBound + 1])) % 31 == 0 else {
            throw fail(offset, "a blob whose zlib header is corrupt")
        }
        do {
            // The output is held to the size the blob declares: more is a zlib bomb, refused before it fills memory.
            let data = try Inflate.decompress(blob, from: zlib.lowerBound + 2, to: zlib.upperBound, limit: rawSize)
            guard data.count == rawSize else {
                throw fail(offset, "a zlib blob that inflates to \(grouped(data.count)) bytes instead of the \(grouped(rawSize)) it declares")
            }
            return data
        } catch let failure as Inflate.Failure {
            throw fail(offset, "a zlib blob that cannot be inflated within its declared \(grouped(rawSize)) bytes: \(failure.reason)")
        }
    }

    private func parseHeader(_ data: [UInt8], at offset: Int) throws -> OSMHeader {
        var header = OSMHeader()
        var required: [String] = []
        do {
            try data.withUnsafeBufferPointer { buffer in
                var reader = ProtobufReader(buffer)
                while let (number, wire) = try reader.field() {
                    switch (number, wire) {
                    case (1, .lengthDelimited):
                        var box = reader.sub(try reader.bytes())
                        var values = [Int64](repeating: 0, count: 5)
                        while let (field, type) = try box.field() {
                            if (1...4).contains(field), type == .varint { values[field] = try box.signed() } else { try box.skip(type) }
                        }
                        // left, right, top, bottom in nanodegrees.
                        header.bounds = GeoBounds(minLatitude: Double(values[4]) / 1e9, minLongitude: Double(values[1]) / 1e9,
                                                  maxLatitude: Double(values[3]) / 1e9, maxLongitude: Double(values[2]) / 1e9)
                    case (4, .lengthDelimited): required.append(reader.string(try reader.bytes()))
                    case (16, .lengthDelimited): header.writingProgram = reader.string(try reader.bytes())
                    case (32, .varint): header.replicationTimestamp = Int64(bitPattern: try reader.varint())
                    default: try reader.skip(wire)
                    }
                }
            }
        } catch let failure as ProtobufReader.Failure {
            throw fail(offset, "a corrupt OSMHeader block: \(failure.reason)")
        }
        if required.contains("HistoricalInformation") {
            throw fail(offset, "a history file (it keeps every version of every object); use a plain extract, or "
                       + "`osmium time-filter` to take one moment of it")
        }
        for feature in required where !["OsmSchema-V0.6", "DenseNodes"].contains(feature) {
            throw fail(offset, "the file requires the feature \"\(feature)\", which places does not read")
        }
        return header
    }

    private func parsePrimitiveBlock<H: OSMHandler>(_ data: [UInt8], at offset: Int, into handler: inout H) throws {
        do {
            try data.withUnsafeBufferPointer { buffer in
                var reader = ProtobufReader(buffer)
                var strings: [String] = []
                var groups: [Range<Int>] = []
                var granularity: Int64 = 100, latOffset: Int64 = 0, lonOffset: Int64 = 0
                while let (number, wire) = try reader.field() {
                    switch (number, wire) {
                    case (1, .lengthDelimited):
                        var table = reader.sub(try reader.bytes())
                        while let (field, type) = try table.field() {
                            if field == 1, type == .lengthDelimited { strings.append(table.string(try table.bytes())) } else { try table.skip(type) }
                        }
                    case (2, .lengthDelimited): groups.append(try reader.bytes())
                    case (17, .varint): granularity = Int64(truncatingIfNeeded: try reader.varint())
                    case (19, .varint): latOffset = Int64(bitPattern: try reader.varint())
                    case (20, .varint): lonOffset = Int64(bitPattern: try reader.varint())
                    default: try reader.skip(wire)
                    }
                }
                guard granularity > 0, granularity <= 1_000_000_000 else {
                    throw ProtobufReader.Failure(reason: "a granularity of \(granularity)")
                }
                var block = Block(strings: strings, granularity: granularity, latOffset: latOffset, lonOffset: lonOffset)
                for group in groups {
                    try block.readGroup(reader.sub(group), into: &handler)
                }
            }
        } catch let failure as ProtobufReader.Failure {
            throw fail(offset, "a corrupt OSMData block: \(failure.reason)")
        }
    }

    /// A primitive block's string table and coordinate scale, shared by its groups.
    private struct Block {
        let strings: [String]
        let granularity: Int64
        let latOffset: Int64
        let lonOffset: Int64
        /// Each string's ``OSMKey`` once it has been a key (`nil` before): a key is classified once a block.
        var keys: [OSMKey?]

        init(strings: [String], granularity: Int64, latOffset: Int64, lonOffset: Int64) {
            self.strings = strings
            self.granularity = granularity
            self.latOffset = latOffset
            self.lonOffset = lonOffset
            keys = [OSMKey?](repeating: nil, count: strings.count)
        }

        func string(_ index: UInt64) throws -> String {
            guard index < UInt64(strings.count) else {
                throw ProtobufReader.Failure(reason: "a string index \(index) beyond the block's \(strings.count) strings")
            }
            return strings[Int(index)]
        }

        /// Adds the tag of a key and a value given as string indices.
        mutating func add(key: UInt64, value: UInt64, to tags: inout OSMTags) throws {
            let text = try string(key), value = try string(value)
            let code: OSMKey
            if let known = keys[Int(key)] { code = known } else {
                code = OSMKey(text)
                keys[Int(key)] = code
            }
            tags.set(text, value, code: code)
        }

        /// Degrees × 10⁷ from a stored value: `offset + granularity × value` nanodegrees.
        func coordinate(_ value: Int64, offset: Int64, limit: Int64) throws -> Int32 {
            let (scaled, overflow) = value.multipliedReportingOverflow(by: granularity)
            let (nano, overflow2) = scaled.addingReportingOverflow(offset)
            guard !overflow, !overflow2, nano >= -limit * 1_000_000_000, nano <= limit * 1_000_000_000 else {
                throw ProtobufReader.Failure(reason: "a coordinate out of range (\(value) × \(granularity) + \(offset) nanodegrees)")
            }
            return Int32(nano / 100)
        }

        mutating func tags(keys: [UInt64], values: [UInt64]) throws -> OSMTags {
            guard keys.count == values.count else { throw ProtobufReader.Failure(reason: "\(keys.count) tag keys for \(values.count) values") }
            var tags = OSMTags()
            tags.reserveCapacity(keys.count)
            for i in keys.indices { try add(key: keys[i], value: values[i], to: &tags) }
            return tags
        }

        mutating func readGroup<H: OSMHandler>(_ group: ProtobufReader, into handler: inout H) throws {
            var reader = group
            while let (number, wire) = try reader.field() {
                guard wire == .lengthDelimited else { try reader.skip(wire); continue }
                let message = reader.sub(try reader.bytes())
                switch number {
                case 1: try handler.node(try plainNode(message))
                case 2: try denseNodes(message, into: &handler)
                case 3: try handler.way(try way(message))
                case 4: try handler.relation(try relation(message))
                case 5: throw ProtobufReader.Failure(reason: "changesets: this is a change file, not an extract")
                default: break
                }
            }
        }

        mutating func plainNode(_ message: ProtobufReader) throws -> OSMNode {
            var reader = message
            var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0
            var keys: [UInt64] = [], values: [UInt64] = []
            while let (number, wire) = try reader.field() {
                switch number {
                case 1: id = try reader.signed()
                case 2: try reader.packedVarints(wire, into: &keys)
                case 3: try reader.packedVarints(wire, into: &values)
                case 4: try checkVisible(reader.sub(try reader.bytes()), field: 6)
                case 8: lat = try reader.signed()
                case 9: lon = try reader.signed()
                default: try reader.skip(wire)
                }
            }
            return OSMNode(id: id, latitude7: try coordinate(lat, offset: latOffset, limit: 90),
                           longitude7: try coordinate(lon, offset: lonOffset, limit: 180), tags: try tags(keys: keys, values: values))
        }

        /// An `Info` message: a deleted version (`visible` false) only occurs in history files.
        func checkVisible(_ info: ProtobufReader, field: Int) throws {
            var reader = info
            while let (number, wire) = try reader.field() {
                if number == field, wire == .varint, try reader.varint() == 0 {
                    throw ProtobufReader.Failure(reason: "a deleted object version: this is a history file, not an extract")
                } else if number != field || wire != .varint {
                    try reader.skip(wire)
                }
            }
        }

        mutating func denseNodes<H: OSMHandler>(_ message: ProtobufReader, into handler: inout H) throws {
            var reader = message
            var ids: [Int64] = [], lats: [Int64] = [], lons: [Int64] = []
            var keysValues: [UInt64] = []
            while let (number, wire) = try reader.field() {
                switch number {
                case 1: try reader.packedSigned(wire, into: &ids)
                case 5:
                    // DenseInfo: field 6 is the packed `visible` list, present only in history files.
                    var info = reader.sub(try reader.bytes())
                    while let (field, type) = try info.field() {
                        if field == 6 {
                            var visible: [UInt64] = []
                            try info.packedVarints(type, into: &visible)
                            if visible.contains(0) {
                                throw ProtobufReader.Failure(reason: "a deleted object version: this is a history file, not an extract")
                            }
                        } else {
                            try info.skip(type)
                        }
                    }
                case 8: try reader.packedSigned(wire, into: &lats)
                case 9: try reader.packedSigned(wire, into: &lons)
                case 10: try reader.packedVarints(wire, into: &keysValues)
                default: try reader.skip(wire)
                }
            }
            guard ids.count == lats.count, ids.count == lons.count else {
                throw ProtobufReader.Failure(reason: "dense nodes with \(ids.count) ids, \(lats.count) latitudes and \(lons.count) longitudes")
            }
            var id: Int64 = 0, lat: Int64 = 0, lon: Int64 = 0
            var tagIndex = 0
            for i in 0..<ids.count {
                id &+= ids[i]
                lat &+= lats[i]
                lon &+= lons[i]
                var tags = OSMTags()
                if !keysValues.isEmpty, tagIndex < keysValues.count, keysValues[tagIndex] != 0 {
                    var end = tagIndex
                    while end < keysValues.count, keysValues[end] != 0 { end += 2 }
                    tags.reserveCapacity((end - tagIndex) / 2)
                }
                if !keysValues.isEmpty {
                    // Each node's keys and values alternate, ended by a 0.
                    while true {
                        guard tagIndex < keysValues.count else { throw ProtobufReader.Failure(reason: "dense node tags end early") }
                        let key = keysValues[tagIndex]
                        tagIndex += 1
                        if key == 0 { break }
                        guard tagIndex < keysValues.count else { throw ProtobufReader.Failure(reason: "a dense node tag without a value") }
                        try add(key: key, value: keysValues[tagIndex], to: &tags)
                        tagIndex += 1
                    }
                }
                try handler.node(OSMNode(id: id, latitude7: try coordinate(lat, offset: latOffset, limit: 90),
                                         longitude7: try coordinate(lon, offset: lonOffset, limit: 180), tags: tags))
            }
        }

        mutating func way(_ message: ProtobufReader) throws -> OSMWay {
            var reader = message
            var id: Int64 = 0
            var keys: [UInt64] = [], values: [UInt64] = [], refs: [Int64] = []
            while let (number, wire) = try reader.field() {
                switch number {
                case 1: id = Int64(bitPattern: try reader.varint())
                case 2: try reader.packedVarints(wire, into: &keys)
                case 3: try reader.packedVarints(wire, into: &values)
                case 4: try checkVisible(reader.sub(try reader.bytes()), field: 6)
                case 8: try reader.packedSigned(wire, into: &refs)
                default: try reader.skip(wire)
                }
            }
            var node: Int64 = 0
            for i in refs.indices {
                node &+= refs[i]
                refs[i] = node
            }
            return OSMWay(id: id, nodes: refs, tags: try tags(keys: keys, values: values))
        }

        mutating func relation(_ message: ProtobufReader) throws -> OSMRelation {
            var reader = message
            var id: Int64 = 0
            var keys: [UInt64] = [], values: [UInt64] = [], roles: [UInt64] = [], types: [UInt64] = []
            var memberIds: [Int64] = []
            while let (number, wire) = try reader.field() {
                switch number {
                case 1: id = Int64(bitPattern: try reader.varint())
                case 2: try reader.packedVarints(wire, into: &keys)
                case 3: try reader.packedVarints(wire, into: &values)
                case 4: try checkVisible(reader.sub(try reader.bytes()), field: 6)
                case 8: try reader.packedVarints(wire, into: &roles)
                case 9: try reader.packedSigned(wire, into: &memberIds)
                case 10: try reader.packedVarints(wire, into: &types)
                default: try reader.skip(wire)
                }
            }
            guard roles.count == memberIds.count, types.count == memberIds.count else {
                throw ProtobufReader.Failure(reason: "relation \(id) has \(memberIds.count) members, \(roles.count) roles and \(types.count) types")
            }
            var members: [OSMRelation.Member] = []
            members.reserveCapacity(memberIds.count)
            var member: Int64 = 0
            for i in memberIds.indices {
                member &+= memberIds[i]
                guard let type = OSMRelation.MemberType(rawValue: UInt8(truncatingIfNeeded: min(types[i], 255))) else {
                    throw ProtobufReader.Failure(reason: "relation \(id) has a member of type \(types[i])")
                }
                members.append(.init(type: type, id: member, role: try string(roles[i])))
            }
            return OSMRelation(id: id, members: members, tags: try tags(keys: keys, values: values))
        }
    }
}

/// Where the PBF reader takes its bytes from, in order.
private protocol ByteSource {
    /// Up to `count` bytes; fewer only at the end.
    mutating func read(_ count: Int) -> [UInt8]
}

private struct FileSource: ByteSource {
    let file: ReadableFile
    mutating func read(_ count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count, let read = try? file.read(into: &bytes, from: got), read > 0 { got += read }
        if got < count { bytes.removeLast(count - got) }
        return bytes
    }
}

private struct MemorySource: ByteSource {
    let bytes: [UInt8]
    var index = 0
    mutating func read(_ count: Int) -> [UInt8] {
        let end = min(bytes.count, index + count)
        defer { index = end }
        return Array(bytes[index..<end])
    }
}
