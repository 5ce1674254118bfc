#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// Errors adding, opening or removing a region pack.
public enum RegionError: Error, CustomStringConvertible, Equatable {
    /// The extract could not be read: the file, the offset and why.
    case unreadableExtract(OSMReadError)
    /// A region name that cannot name a file.
    case invalidName(String)
    /// A region of that name is installed and replacing it was not asked for.
    case nameInUse(String)
    /// No region of that name is installed.
    case notFound(name: String, installed: [String])
    /// The pack could not be written.
    case unwritable(path: String, reason: String)
    /// A pack file that is not one, or is damaged.
    case damaged(path: String, reason: String)
    /// A pack in a format this version does not read: its region's name and, when the pack says, the extract
    /// it was made from (its file name), so the person can add it again.
    case incompatibleFormat(path: String, found: String, expected: Int, name: String, source: String?)
    /// The extract's places take more bytes than a pack's key table can point into.
    case tooLarge(source: String, placesBytes: Int, limit: Int)

    /// What the person can do about an error, as data; the executable words it with its commands.
    public enum Remedy: Sendable, Equatable {
        /// Add the region's extract again under the same name, replacing the pack (the extract's file name
        /// when the pack records it).
        case addExtractAgain(name: String, source: String?)
        /// Cut the extract into smaller ones and add each as a region of its own.
        case splitExtract
    }

    /// What can be done about this error, or `nil` when the message says it all.
    public var remedy: Remedy? {
        switch self {
        case .incompatibleFormat(_, _, _, let name, let source): .addExtractAgain(name: name, source: source)
        case .tooLarge: .splitExtract
        case .unreadableExtract, .invalidName, .nameInUse, .notFound, .unwritable, .damaged: nil
        }
    }

    /// The message `places` prints.
    public var description: String {
        switch self {
        case .unreadableExtract(let error): return error.description
        case .invalidName(let name):
            return "\"\(name)\" cannot name a region: use letters, digits, '-', '_' or '.', at most 64, not starting with '.' or '-'"
        case .nameInUse(let name): return "a region called \"\(name)\" is already added"
        case .notFound(let name, let installed):
            return "no region called \"\(name)\"" + (installed.isEmpty ? "; none is added" : "; added: " + installed.joined(separator: ", "))
        case .unwritable(let path, let reason): return "cannot write \(path): \(reason)"
        case .damaged(let path, let reason): return "the region pack \(path) is damaged (\(reason))"
        case .incompatibleFormat(let path, let found, let expected, let name, _):
            return "the region pack \(path) (region \"\(name)\") is in format \(found), but this version of places reads format \(expected)"
        case .tooLarge(let source, let placesBytes, let limit):
            return "\(source) is too large for one region: its places take \(placesBytes / (1 << 20)) MiB, more than the "
                + "\(limit / (1 << 20)) MiB a region's name index can point into"
        }
    }
}

/// An installed region pack: one file in the data folder's `regions` folder, mapped read-only, holding
/// the region's facts (`info`), its folded names (`keys`, a front-coded ``KeyTable``) and its places
/// (`places`) in the gazetteer's formats, so the gazetteer's in-place search serves it.
///
/// The file starts `places-region<TAB>5`, then `sections<TAB>info bytes<TAB>keys bytes<TAB>places bytes<TAB>geometry bytes<TAB>nearby bytes`,
/// then the three tables, the drawable geometry (see ``RegionLayer``) and the `nearby` index. Format 4's keys are a wide
/// (`PKY2`) key table, whose offsets reach 64 GiB of places; format 3's were narrow (`PKY1`, 256 MiB), and
/// such a pack is still read, as the table says its own layout. Format 5 adds a fifth section, `nearby`
/// (``NearbyIndex``): each cell's lines by longitude strip, so `where` reads a strip's band, not the cell's. Format 2 held the keys as sorted text
/// lines; such a pack is refused with its region's name and extract. A `places` line has the gazetteer's columns (``GazetteerSchema/PlaceColumn``,
/// the OSM id in `id`, a street's box in `bounds`) followed by ``RegionPack/ExtraColumn``s.
public struct RegionPack: Sendable {
    /// The pack format this version writes.
    public static let formatVersion = 5
    /// The pack formats this version reads: 3 differs from 4 only in its key table's layout, which the
    /// table declares itself, and 4 from 5 only by the `nearby` section 5 adds (``NearbyIndex``), without which
    /// `where` reads a cell's band whole, so their packs keep working without adding the region again.
    static let readableFormats = [3, 4, 5]
    /// The first format with a `nearby` section (``NearbyIndex``).
    static let firstNearbyIndexFormat = 5

    /// The credit the data needs wherever it is shown.
    public static let credit = "© OpenStreetMap contributors (ODbL 1.0, openstreetmap.org/copyright)"
    /// The short credit a map carries wherever it draws a region's data.
    public static let mapCredit = "© OpenStreetMap contributors"

    /// Columns after the gazetteer's in a pack's `places` line.
    enum ExtraColumn: Int {
        case kindWord = 15, kindTag, street, houseNumber, postcode, locality
    }

    /// The region's name (the file's name without `.region`).
    public let name: String
    /// The pack file.
    public let path: String
    /// Facts about the pack: `source`, `bounds`, `extractDate`, counts (`pointsOfInterest`, `streets`,
    /// `addresses`, `postcodes`), `licence`, `prominentPlaces` (see ``prominentOffsets``). Read from the
    /// pack on each call: a search or `where` needs one or two of them (``infoValue(_:)``), not a dictionary.
    public var info: [String: String] { Gazetteer.parseInfo(infoTable) }
    /// The `info` section as mapped.
    let infoTable: SortedTable
    /// The area the extract covers, from its `bounds` fact.
    public let bounds: GeoBounds?
    /// The pack's size in bytes.
    public let size: Int
    /// The pack's format (one of ``readableFormats``).
    let format: Int
    /// The `nearby` section: each cell's lines by longitude strip (format 5 on; `nil` before, or when empty).
    let nearby: NearbyIndex?
    /// The pack's tables as a gazetteer (keys and places), searched by ``Gazetteer/lookup(_:limit:country:)``.
    let tables: Gazetteer
    /// The `geometry` section: streets, railways, water, green areas and buildings by tile, read by ``shapes(west:south:east:north:layers:)``.
    let geometry: SortedTable

    /// Opens a pack file: it is mapped, not parsed.
    /// - Throws: ``RegionError/damaged(path:reason:)``, ``RegionError/incompatibleFormat(path:found:expected:name:source:)``.
    public init(path: String) throws {
        let file: SortedTable
        do { file = try Gazetteer.map(path) } catch let error as GazetteerError {
            throw RegionError.damaged(path: path, reason: error.description)
        }
        let first = file.nextLine(after: 0)
        guard first <= file.count else { throw RegionError.damaged(path: path, reason: "no header line") }
        // The two header lines are read as bytes: split into strings they cost more than the rest of opening a pack,
        // which every search with regions does for each pack.
        var starts: [Int] = []
        func field(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(start: file.base + starts[index], count: starts[index + 1] - 1 - starts[index])
        }
        file.fieldStarts(at: 0, into: &starts)
        guard starts.count == 3, field(0).elementsEqual("places-region".utf8) else {
            throw RegionError.damaged(path: path, reason: "not a region pack")
        }
        let formatField = field(1)
        file.fieldStarts(at: first, into: &starts)
        let second = file.nextLine(after: first)
        var sizes: [Int] = []
        // Four sections, and from format 5 a fifth (`nearby`).
        if starts.count == 6 || starts.count == 7, field(0).elementsEqual("sections".utf8) {
            for index in 1..<(starts.count - 1) {
                if let size = ASCIIDecimal.integer(field(index), signed: true), size >= 0 { sizes.append(size) }
            }
        }
        let wellFormed = sizes.count == starts.count - 2 && second + sizes.reduce(0, +) == file.count
        guard let format = ASCIIDecimal.integer(formatField, signed: true), RegionPack.readableFormats.contains(format) else {
            // Every format so far starts with the same two lines and the same `info`, so an older pack still
            // names its region and its extract.
            let info = wellFormed ? Gazetteer.parseInfo(SortedTable(base: file.base + second, count: sizes[0])) : [:]
            throw RegionError.incompatibleFormat(path: path, found: String(decoding: formatField, as: UTF8.self), expected: RegionPack.formatVersion,
                                                 name: info["name"] ?? RegionPack.name(ofFile: path),
                                                 source: info["source"].flatMap { $0.isEmpty ? nil : $0 })
        }
        guard wellFormed else { throw RegionError.damaged(path: path, reason: "its section sizes do not add up to its \(file.count) bytes") }
        guard sizes.count == (format >= RegionPack.firstNearbyIndexFormat ? 5 : 4) else {
            throw RegionError.damaged(path: path, reason: "it has \(sizes.count) sections, not the \(format >= RegionPack.firstNearbyIndexFormat ? 5 : 4) of format \(format)")
        }
        let (infoSize, keysSize, placesSize, geometrySize) = (sizes[0], sizes[1], sizes[2], sizes[3])
        infoTable = SortedTable(base: file.base + second, count: infoSize)
        let name = Self.infoValue("name", in: infoTable) ?? RegionPack.name(ofFile: path)
        let keys = KeyTable(base: file.base + second + infoSize, count: keysSize)
        guard keys.isWellFormed else { throw RegionError.damaged(path: path, reason: "its name index is damaged") }
        let places = SortedTable(base: file.base + second + infoSize + keysSize, count: placesSize)
        geometry = SortedTable(base: file.base + second + infoSize + keysSize + placesSize, count: geometrySize)
        if sizes.count == 5, sizes[4] > 0 {
            guard let index = NearbyIndex(base: file.base + second + infoSize + keysSize + placesSize + geometrySize, count: sizes[4]) else {
                throw RegionError.damaged(path: path, reason: "its nearby index is damaged")
            }
            nearby = index
        } else {
            nearby = nil
        }
        self.path = path
        self.name = name
        self.size = file.count
        self.format = format
        let facts = infoTable
        self.bounds = Self.infoBytes("bounds", in: facts).flatMap { RegionPack.bounds(facts, $0) }
        // The tables' own `info` is the bundled gazetteer's notion; nothing reads it of a pack's.
        self.tables = Gazetteer(keys: keys, places: places, occupancy: nil, source: .region(name: name, path: path), info: [:])
    }

    /// The region a pack file holds, by the file's name (`monaco.region` is `monaco`).
    static func name(ofFile path: String) -> String {
        String(path.split(separator: "/").last ?? "").replacing(".region", with: "")
    }

    /// Where the `places` lines of the towns that reach the highest importance a street, an address or a
    /// point of interest can have (``Gazetteer/regionImportanceOfAnyOther``: some 17,800 people or more)
    /// start, ascending: a search bounds every other line's importance by that without reading it. `nil`
    /// for a pack that does not say (written before packs listed them) or whose list is damaged: a search
    /// then reads every line.
    func prominentOffsets() -> [Int]? {
        // Read from the bytes: the list of a pack of many towns is long, and a string of it would be checked as text first.
        Self.infoBytes("prominentPlaces", in: infoTable).flatMap { range in
            Self.ascendingOffsets(UnsafeBufferPointer(start: infoTable.base + range.lowerBound, count: range.count))
        }
    }

    /// One fact of the pack's `info`, found in its bytes without reading the others.
    public func infoValue(_ key: String) -> String? { Self.infoValue(key, in: infoTable) }

    /// The value of the first `key<TAB>value` line of an `info` table whose key is `key`.
    static func infoValue(_ key: String, in table: SortedTable) -> String? {
        infoBytes(key, in: table).map { String(decoding: UnsafeBufferPointer(start: table.base + $0.lowerBound, count: $0.count), as: UTF8.self) }
    }

    /// Where the value of the first `key<TAB>value` line of an `info` table whose key is `key` lies in the table.
    static func infoBytes(_ key: String, in table: SortedTable) -> Range<Int>? {
        var key = key
        return key.withUTF8 { wanted -> Range<Int>? in
            var offset = 0
            while offset < table.count {
                let keyEnd = table.fieldEnd(from: offset)
                if keyEnd - offset == wanted.count, keyEnd < table.count, table.base[keyEnd] == 9,
                   memcmp(table.base + offset, wanted.baseAddress!, wanted.count) == 0 {
                    return (keyEnd + 1)..<table.fieldEnd(from: keyEnd + 1)
                }
                offset = table.nextLine(after: offset)
            }
            return nil
        }
    }

    /// The box of a `bounds` value at `range` of an `info` table: four plain decimals with commas between
    /// (what packs write) are read in place, as a pack's places are; anything else as ``bounds(_:)`` reads it.
    static func bounds(_ table: SortedTable, _ range: Range<Int>) -> GeoBounds? {
        // In four locals, not an array: every search with regions opens each pack.
        var numbers = (0.0, 0.0, 0.0, 0.0), read = 0, offset = range.lowerBound
        while read < 4, offset < range.upperBound {
            let digits = table.base[offset] == 45 ? offset + 1 : offset
            guard digits < range.upperBound, table.base[digits] &- 48 < 10 else { break }
            let (value, end) = table.number(at: offset)
            guard end <= range.upperBound, end == range.upperBound || table.base[end] == 44 else { break }
            switch read {
            case 0: numbers.0 = value
            case 1: numbers.1 = value
            case 2: numbers.2 = value
            default: numbers.3 = value
            }
            read += 1
            offset = end + 1
        }
        if read == 4, offset == range.upperBound + 1 {
            return GeoBounds(minLatitude: numbers.0, minLongitude: numbers.1, maxLatitude: numbers.2, maxLongitude: numbers.3)
        }
        return bounds(String(decoding: UnsafeBufferPointer(start: table.base + range.lowerBound, count: range.count), as: UTF8.self))
    }

    /// The offsets a comma-separated list writes (`12,480,9031`), or `nil` unless each is a number
    /// greater than the one before. Read straight from the bytes: a country's list holds thousands,
    /// read on every search that needs it.
    static func ascendingOffsets(_ list: String) -> [Int]? {
        var list = list
        return list.withUTF8 { ascendingOffsets($0) }
    }

    /// ``ascendingOffsets(_:)`` of a list's bytes.
    static func ascendingOffsets(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int]? {
        var offsets: [Int] = []
        // Room for every number at once: a number and its comma take at least two bytes.
        offsets.reserveCapacity(bytes.count / 2 + 1)
        // Digits and commas in one pass (a country's list is tens of thousands of bytes): an offset has at most
        // 18 digits, so it cannot overflow; every number must be greater than the one before, and a comma must
        // be followed by one (`1,2,` is damaged, not `[1, 2]`).
        var value = 0, digits = 0
        for byte in bytes {
            if byte &- 48 < 10 {
                guard digits < 18 else { return nil }
                value = value &* 10 &+ Int(byte &- 48)
                digits += 1
            } else if byte == UInt8(ascii: ","), digits > 0, offsets.last.map({ $0 < value }) ?? true {
                offsets.append(value)
                value = 0
                digits = 0
            } else {
                return nil
            }
        }
        guard !bytes.isEmpty else { return [] }
        guard digits > 0, offsets.last.map({ $0 < value }) ?? true else { return nil }
        offsets.append(value)
        return offsets
    }

    /// The box a `bounds` fact writes (`south,west,north,east`), or `nil` unless it holds four numbers.
    static func bounds(_ text: String) -> GeoBounds? {
        // Split on the comma's byte and read as bytes: every search with regions opens each pack, and with it its box.
        let box = text.utf8.split(separator: UInt8(ascii: ",")).compactMap { ASCIIDecimal.double($0) }
        return box.count == 4 ? GeoBounds(minLatitude: box[0], minLongitude: box[1], maxLatitude: box[2], maxLongitude: box[3]) : nil
    }

    /// A count from the pack's facts (`pointsOfInterest`, `streets`, `addresses`, `postcodes`, `skippedWays`).
    public func count(_ key: String) -> Int { Int(infoValue(key) ?? "") ?? 0 }
}

/// The region packs of a data folder: adding one from an extract, listing, removing.
public enum RegionStore {
    /// The folder, inside the journal's data directory, where region packs live.
    public static func directory(dataDirectory: String) -> String {
        (dataDirectory.hasSuffix("/") ? dataDirectory : dataDirectory + "/") + "regions"
    }

    /// The pack file of a region.
    public static func path(of name: String, dataDirectory: String) -> String {
        directory(dataDirectory: dataDirectory) + "/" + name + ".region"
    }

    /// Whether a name can name a region (and a file): letters, digits, `-`, `_`, `.`; 1–64 of them.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && !name.hasPrefix(".") && !name.hasPrefix("-")
            && name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }
    }

    /// The name a region gets from its file: `monaco-latest.osm.pbf` is `monaco`.
    public static func defaultName(forFile path: String) -> String {
        var name = String(path.split(separator: "/").last ?? Substring(path))
        for suffix in [".pbf", ".osm", ".xml"] where name.lowercased().hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        if name.lowercased().hasSuffix(".osm") { name = String(name.dropLast(4)) }
        if name.hasSuffix("-latest") { name = String(name.dropLast(7)) }
        let cleaned = String(name.unicodeScalars.map { isValidName(String($0)) || $0 == "." || $0 == "-" ? Character($0) : "-" })
        return cleaned.isEmpty || !isValidName(cleaned) ? "region" : cleaned
    }

    /// Every installed pack, by name. A pack that cannot be opened is left out; `damaged` lists why.
    public static func installed(dataDirectory: String) -> (packs: [RegionPack], damaged: [RegionError]) {
        let folder = directory(dataDirectory: dataDirectory)
        var packs: [RegionPack] = [], damaged: [RegionError] = []
        for file in FileSystem.names(folder).sorted() where file.hasSuffix(".region") && !file.hasPrefix(".") {
            do { packs.append(try RegionPack(path: folder + "/" + file)) } catch let error as RegionError { damaged.append(error) } catch {}
        }
        return (packs, damaged)
    }

    /// What adding a region produced.
    public struct Summary: Sendable {
        /// The installed pack.
        public var pack: RegionPack
        /// Ways skipped because some of their nodes are not in the extract.
        public var skippedWays: Int
        /// Relations skipped because none of their members are.
        public var skippedRelations: Int
        /// Whether a pack of that name was replaced.
        public var replaced: Bool
    }

    /// Compiles an extract (`.osm.pbf` or `.osm` XML) into a pack and installs it atomically: the pack is
    /// written to a hidden temporary file beside its place and renamed there only once complete, so a
    /// failed or interrupted add leaves no pack, and an earlier pack of that name stays until the rename.
    /// - Parameters:
    ///   - file: the extract.
    ///   - name: the region's name.
    ///   - replace: whether a pack of that name may be replaced.
    ///   - dataDirectory: the journal's data directory.
    ///   - gazetteer: supplies localities, countries and regions the extract does not name.
    ///   - progress: called now and then with the bytes of the extract read.
    /// - Throws: ``RegionError``.
    public static func add(file: String, name: String, replace: Bool, dataDirectory: String, gazetteer: Gazetteer,
                           progress: @escaping (Int) -> Void = { _ in }) throws -> Summary {
        guard isValidName(name) else { throw RegionError.invalidName(name) }
        let target = path(of: name, dataDirectory: dataDirectory)
        let existed = FileSystem.info(target) != nil
        if existed && !replace { throw RegionError.nameInUse(name) }
        let source = String(file.split(separator: "/").last ?? Substring(file))
        let folder = directory(dataDirectory: dataDirectory)
        // The journal may not exist yet, nor its folder; create it private, as the journal's own.
        let made = (data: FileSystem.info(dataDirectory) == nil, folder: FileSystem.info(folder) == nil)
        try? FileSystem.makeDirectories(dataDirectory, mode: 0o700)
        do throws(FileError) { try FileSystem.makeDirectory(folder, mode: 0o755, existingIsFine: true) } catch {
            throw RegionError.unwritable(path: folder, reason: error.reason)
        }
        removeStaleTemporaries(in: folder)
        // Node positions and ways go to temporary files beside the pack, on its disk.
        var compiler = RegionCompiler(scratchDirectory: folder)
        compiler.onProgress = progress
        do { try read(file, into: &compiler) } catch {
            // An extract that cannot be read leaves no folder behind either.
            if made.folder { try? FileSystem.removeDirectory(folder) }
            if made.data { try? FileSystem.removeDirectory(dataDirectory) }
            throw error
        }
        let temporary = folder + "/." + name + ".region.tmp-\(FileSystem.processID)"
        do {
            let features = try compiler.finish(gazetteer: gazetteer)
            try RegionPackWriter.write(name: name, source: source, compiler: &compiler, features: features, to: temporary,
                                       scratchDirectory: folder)
            do throws(FileError) { try FileSystem.rename(temporary, to: target) } catch {
                throw RegionError.unwritable(path: target, reason: error.reason)
            }
        } catch {
            FileSystem.removeIfPresent(temporary)
            throw error
        }
        try? FileSystem.syncDirectory(folder)
        return Summary(pack: try RegionPack(path: target), skippedWays: compiler.skippedWays,
                       skippedRelations: compiler.skippedRelations, replaced: existed)
    }

    /// Reads an extract into a handler, choosing the reader by the file's first bytes.
    static func read<H: OSMHandler>(_ file: String, into handler: inout H) throws {
        let head: [UInt8]
        do throws(FileError) {
            let extract = try ReadableFile(file, accepting: .anything)
            head = (try? extract.head(64)) ?? []
        } catch {
            throw RegionError.unreadableExtract(OSMReadError(path: file, offset: nil, reason: error.reason))
        }
        do {
            // The name decides for a .pbf, so a damaged one is reported as what is wrong with it.
            if PBFReader.looksLikePBF(head) || file.lowercased().hasSuffix(".pbf") {
                try PBFReader(path: file).read(into: &handler)
                return
            }
            let text = String(decoding: head.drop(while: { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 32 || $0 == 10 || $0 == 13 }), as: UTF8.self)
            if text.hasPrefix("<") {
                guard let bytes = try? ReadableFile(file).readToEnd() else {
                    throw OSMReadError(path: file, offset: nil, reason: "cannot be read")
                }
                try OSMXMLReader(path: file).read(bytes, into: &handler)
                return
            }
            let compression = head.starts(with: [0x42, 0x5A, 0x68]) ? "bzip2" : head.starts(with: [0x1F, 0x8B]) ? "gzip" : nil
            throw OSMReadError(path: file, offset: 0, reason: compression.map { "the file is compressed with \($0): unpack it first" }
                               ?? "not an OpenStreetMap extract (.osm.pbf or .osm XML)")
        } catch let error as OSMReadError {
            throw RegionError.unreadableExtract(error)
        }
    }

    /// Removes a region's pack.
    /// - Throws: ``RegionError/notFound(name:installed:)`` when there is none of that name.
    public static func remove(name: String, dataDirectory: String) throws {
        let target = path(of: name, dataDirectory: dataDirectory)
        guard isValidName(name), FileSystem.info(target) != nil else {
            throw RegionError.notFound(name: name, installed: installed(dataDirectory: dataDirectory).packs.map(\.name))
        }
        do throws(FileError) { try FileSystem.remove(target) } catch { throw RegionError.unwritable(path: target, reason: error.reason) }
    }

    /// Removes temporary files left by an add that was interrupted (its process is gone).
    static func removeStaleTemporaries(in folder: String) {
        for file in FileSystem.names(folder) where file.hasPrefix(".") && file.contains(".region.tmp-") {
            if let pid = Int32(file.split(separator: "-").last ?? ""), FileSystem.isRunning(pid) { continue }
            FileSystem.removeIfPresent(folder + "/" + file)
        }
    }
}
