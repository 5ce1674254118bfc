#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// Writes a region pack's bytes (see ``RegionPack`` for the layout) from the compiler's features.
enum RegionPackWriter {
    /// Countries where the house number comes before the street ("221B Baker Street", "10 Rue de Rivoli");
    /// elsewhere it follows ("Mannerheimintie 5").
    static let numberFirstCountries: Set<String> = ["US", "GB", "IE", "FR", "MC", "CA", "AU", "NZ", "IN", "ZA", "IL", "PH", "SG",
                                                    "MY", "LU", "TH", "HK", "JM", "TT", "BS", "BB", "KE", "NG", "GH"]

    /// How an address is written in its country.
    static func addressText(street: String, houseNumber: String, country: String) -> String {
        numberFirstCountries.contains(country) ? houseNumber + " " + street : street + " " + houseNumber
    }

    /// Writes the pack file to a new file at `path` (which must not exist), section by section.
    ///
    /// Each feature is read from `features` once: its `places` line goes to a temporary file and its keys
    /// into one flat byte buffer of records that name the feature by its index. `features` is then emptied,
    /// the lines are ordered (as indices), each key record gets its line's offset in that order, and the
    /// records are sorted into the key table. The places are copied from the temporary file in their order,
    /// a megabyte at a time, and the packed shapes (freed from the compiler once packed) from another: at
    /// its peak the writer holds the key records and a few words a line, not the lines or the shapes.
    /// - Throws: ``RegionError/tooLarge(source:placesBytes:limit:)`` when the places outgrow what the key
    ///   table can point into (64 GiB); ``RegionError/unwritable(path:reason:)``.
    static func write(name: String, source: String, compiler: inout RegionCompiler, features: RegionFeatureStore,
                      to path: String, scratchDirectory: String = RegionScratchFile.systemDirectory) throws {
        // The drawable shapes first: the collector's memory goes before the places' lines are made, and the
        // packed section waits in a temporary file, a megabyte a record, while the keys are sorted.
        let geometry = RegionScratchFile(directory: scratchDirectory)
        do {
            let section = compiler.geometry.section(coverage: compiler.coverage)
            for start in stride(from: 0, to: section.count, by: 1 << 20) {
                section[start..<min(section.count, start + (1 << 20))].withUnsafeBufferPointer { geometry.append($0) }
                try geometry.endRecord()
            }
        }
        let lines = RegionScratchFile(directory: scratchDirectory)
        var placed = try placeLines(features, into: lines)
        features.removeAll()
        let placesBytes = lines.count
        guard placesBytes <= KeyTable.Layout.wide.maximumOffset + 1 else {
            throw RegionError.tooLarge(source: source, placesBytes: placesBytes, limit: KeyTable.Layout.wide.maximumOffset + 1)
        }
        let order = placed.order()
        // Each key record's feature index becomes its line's offset in the pack.
        var offsets = [Int](repeating: 0, count: order.count)
        var offset = 0
        for index in order {
            offsets[index] = offset
            offset += placed.length(index, total: placesBytes)
        }
        placed.keys.rewriteTrailing(5) { offsets[$0] }
        let prominent = placed.prominent.map { offsets[$0] }.sorted()
        let nearby = placed.nearbyIndex(offsets: offsets)
        offsets = []
        // The writer's buffer goes with the closure: only the finished table stays.
        let (keys, keyCount) = { () -> ([UInt8], Int) in
            let writer = keyWriter(records: placed.keys)
            return (writer.finish(), writer.count)
        }()
        placed.keys = LineBuffer()
        let counts = placed.counts
        let box = compiler.coverage
        var info: [(String, String)] = [
            ("name", name), ("source", source),
            ("bounds", box.map { "\(fixed($0.minLatitude)),\(fixed($0.minLongitude)),\(fixed($0.maxLatitude)),\(fixed($0.maxLongitude))" } ?? ""),
            ("pointsOfInterest", String(counts.poi)), ("streets", String(counts.streets)), ("addresses", String(counts.addresses)),
            ("postcodes", String(counts.postcodes)), ("keys", String(keyCount)),
            ("nodes", String(compiler.nodeCount)), ("ways", String(compiler.wayCount)), ("relations", String(compiler.relationCount)),
            ("skippedWays", String(compiler.skippedWays)), ("skippedRelations", String(compiler.skippedRelations)),
            ("writingProgram", compiler.header.writingProgram), ("licence", RegionPack.credit),
            ("prominentPlaces", prominent.map(String.init).joined(separator: ",")),
        ]
        if let stamp = compiler.header.replicationTimestamp { info.append(("extractDate", isoDate(stamp))) }
        let infoText = Array(info.map { GazetteerImporter.clean($0.0) + "\t" + GazetteerImporter.clean($0.1) + "\n" }.joined().utf8)
        let head = Array("places-region\t\(RegionPack.formatVersion)\nsections\t\(infoText.count)\t\(keys.count)\t\(placesBytes)\t\(geometry.count)\t\(nearby.count)\n".utf8)
        var line: [UInt8] = []
        do throws(FileError) {
            try FileSystem.createNew(path, mode: 0o644, exactMode: false, sync: true) { descriptor throws(FileError) in
                func put(_ bytes: UnsafeBufferPointer<UInt8>) throws(FileError) { try FileSystem.writeAll(descriptor, bytes, path: path) }
                for section in [head, infoText, keys] {
                    try section.withUnsafeBufferPointer { buffer in Result { () throws(FileError) in try put(buffer) } }.get()
                }
                // The places in their order, a megabyte at a time.
                var chunk: [UInt8] = []
                chunk.reserveCapacity(1 << 20)
                for index in order {
                    let start = placed.starts[index]
                    do { try lines.read(start..<(start + placed.length(index, total: placesBytes)), into: &line) } catch {
                        throw FileError.system(path, .read)
                    }
                    chunk += line
                    if chunk.count >= 1 << 20 {
                        try chunk.withUnsafeBufferPointer { buffer in Result { () throws(FileError) in try put(buffer) } }.get()
                        chunk.removeAll(keepingCapacity: true)
                    }
                }
                for start in stride(from: 0, to: geometry.count, by: 1 << 20) {
                    do { try geometry.read(start..<min(geometry.count, start + (1 << 20)), into: &line) } catch {
                        throw FileError.system(path, .read)
                    }
                    chunk += line
                    try chunk.withUnsafeBufferPointer { buffer in Result { () throws(FileError) in try put(buffer) } }.get()
                    chunk.removeAll(keepingCapacity: true)
                }
                try chunk.withUnsafeBufferPointer { buffer in Result { () throws(FileError) in try put(buffer) } }.get()
                try nearby.withUnsafeBufferPointer { buffer in Result { () throws(FileError) in try put(buffer) } }.get()
            }
        } catch {
            throw RegionError.unwritable(path: path, reason: error.reason)
        }
    }

    /// The features' `places` lines as the writer lays them out: where each starts in the temporary file,
    /// what orders it, and its key records.
    struct PlacedLines {
        var starts: [Int] = []
        var cells: [Int32] = []
        /// Each line's longitude strip in its cell (``RegionPack/longitudeStrips``).
        var strips: [UInt8] = []
        var latitudes: [Int32] = []
        /// Key records (see ``RegionPackWriter/keyWriter(records:)``) whose last 5 bytes hold the feature's index.
        var keys = LineBuffer()
        var counts = (poi: 0, streets: 0, addresses: 0, postcodes: 0)
        /// The features whose importance passes every street's, address's and point of interest's (see
        /// ``RegionPack/prominentOffsets``).
        var prominent: [Int] = []

        /// The byte length of a line, `total` being the bytes of all lines.
        func length(_ index: Int, total: Int) -> Int { (index + 1 < starts.count ? starts[index + 1] : total) - starts[index] }

        /// The order the pack keeps the lines in: by 1-degree cell, then by latitude (search ranks lines of equal
        /// score in this order).
        func order() -> [Int] {
            starts.indices.sorted { (cells[$0], latitudes[$0], $0) < (cells[$1], latitudes[$1], $1) }
        }

        /// The `nearby` section (see ``RegionPack/NearbyIndex``) of lines placed at `offsets` (by feature index):
        /// each cell's lines by longitude strip, then latitude, as offsets from the cell's first line.
        func nearbyIndex(offsets: [Int]) -> [UInt8] {
            let byStrip = starts.indices.sorted {
                (cells[$0], strips[$0], latitudes[$0], $0) < (cells[$1], strips[$1], latitudes[$1], $1)
            }
            var cellStarts: [Int32: Int] = [:]
            for index in starts.indices { cellStarts[cells[index]] = min(cellStarts[cells[index]] ?? Int.max, offsets[index]) }
            var directory: [(cell: Int32, first: Int)] = []
            var entries: [UInt8] = []
            entries.reserveCapacity(4 * byStrip.count)
            for (position, index) in byStrip.enumerated() {
                if directory.last?.cell != cells[index] { directory.append((cells[index], position)) }
                let offset = offsets[index] - cellStarts[cells[index]]!
                // A cell of over 4 GiB of lines: no index, and `where` reads bands across whole cells.
                guard offset <= Int(UInt32.max), position <= Int(UInt32.max) else { return [] }
                RegionPack.NearbyIndex.appendWord(offset, to: &entries)
            }
            var section: [UInt8] = []
            section.reserveCapacity(4 + 8 * directory.count + entries.count)
            RegionPack.NearbyIndex.appendWord(directory.count, to: &section)
            for (cell, first) in directory {
                RegionPack.NearbyIndex.appendWord(Int(cell), to: &section)
                RegionPack.NearbyIndex.appendWord(first, to: &section)
            }
            return section + entries
        }
    }

    /// Writes each feature's `places` line to `lines`, and makes its key records.
    static func placeLines(_ features: RegionFeatureStore, into lines: RegionScratchFile) throws -> PlacedLines {
        var placed = PlacedLines()
        placed.starts.reserveCapacity(features.count)
        placed.cells.reserveCapacity(features.count)
        placed.strips.reserveCapacity(features.count)
        placed.latitudes.reserveCapacity(features.count)
        var folded: [UInt8] = [], line: [UInt8] = []
        for index in 0..<features.count {
            let f = try features.feature(index)
            let lat = Double(f.latitude7) / 1e7, lon = Double(f.longitude7) / 1e7
            let cell = GazetteerImporter.cellKey(lat, lon)
            let cellText = String(cell)
            let address = f.houseNumber.isEmpty ? "" : addressText(street: f.street, houseNumber: f.houseNumber, country: f.country)
            let display = f.names.first ?? address
            let bounds = f.bounds.map { [$0.minLat, $0.minLon, $0.maxLat, $0.maxLon].map(degrees).joined(separator: ",") } ?? ""
            let columns = [String(repeating: "0", count: max(0, 5 - cellText.count)) + cellText, display, degrees(f.latitude7),
                           degrees(f.longitude7), f.country, f.admin1, f.admin2, String(f.population), f.kind.rawValue, "-", "", "",
                           bounds, "", f.osmID, f.kindWord, f.kindTag, f.street, f.houseNumber, f.postcode, f.locality]
            placed.starts.append(lines.count)
            // The line is made in `line`, then appended to the scratch file at once (one access to its buffer).
            line.removeAll(keepingCapacity: true)
            for (i, column) in columns.enumerated() {
                if i > 0 { line.append(UInt8(ascii: "\t")) }
                // A column with no tab or line break is its own clean form: its bytes go as they are.
                var text = column
                let plain = text.withUTF8 { bytes in
                    guard !bytes.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return false }
                    line.append(contentsOf: bytes)
                    return true
                }
                if !plain { line += GazetteerImporter.clean(column).utf8 }
            }
            line.append(UInt8(ascii: "\n"))
            lines.append(line)
            try lines.endRecord()
            placed.cells.append(Int32(cell))
            placed.strips.append(UInt8(RegionPack.strip(longitude7: f.longitude7, column: cell % 360)))
            // Every town that reaches an address's importance, not only those beyond it: a line a search passes
            // over can then tie a line it read only as an address, never as a town.
            if f.kind == .city, Gazetteer.regionImportance(kind: f.kind, population: f.population) >= Gazetteer.regionImportanceOfAnyOther {
                placed.prominent.append(index)
            }
            placed.latitudes.append(f.latitude7)
            switch f.kind {
            case .street: placed.counts.streets += 1
            case .postcode: placed.counts.postcodes += 1
            case .address: placed.counts.addresses += 1
            default:
                placed.counts.poi += 1
                if !f.houseNumber.isEmpty { placed.counts.addresses += 1 }
            }
            // Each key as one record, `key bytes, 0, kind letter, index (5 bytes, big-endian)`; the index becomes
            // the line's offset once the order is known, so that byte order is the key table's order (key,
            // then kind, then offset) and equal records are the same key.
            func key(_ text: String, _ kind: GazetteerSchema.KeyKind) {
                folded.removeAll(keepingCapacity: true)
                folded += NameFolding.fold(text).utf8
                guard (1...KeyTable.maximumKeyLength).contains(folded.count), !folded.contains(0) else { return }
                folded.append(0)
                folded.append(kind.rawValue)
                for shift in stride(from: 32, through: 0, by: -8) { folded.append(UInt8(truncatingIfNeeded: index >> shift)) }
                placed.keys.append(folded)
            }
            if f.kind == .postcode {
                key(f.postcode, .placeCode)
                continue
            }
            for (i, name) in f.names.enumerated() { key(name, i == 0 ? .placeName : .placeAlias) }
            if !f.houseNumber.isEmpty {
                // Both orders, whatever the country writes: people type either.
                key(f.houseNumber + " " + f.street, .placeName)
                key(f.street + " " + f.houseNumber, .placeName)
            }
        }
        return placed
    }

    /// A wide key table from key records (`key bytes, 0, kind letter, offset` as 5 big-endian bytes):
    /// sorted, each once (a name and an address can give one key twice), front-coded.
    static func keyWriter(records keyRecords: LineBuffer) -> KeyTable.Writer {
        var keyWriter = KeyTable.Writer(layout: .wide)
        var previous: Int?
        keyRecords.bytes.withUnsafeBufferPointer { buffer in
            for index in keyRecords.sortedIndices() {
                if let previous, keyRecords.compare(previous, index) == 0 { continue }
                previous = index
                let record = keyRecords.line(index)
                let key = UnsafeBufferPointer(rebasing: buffer[record.startIndex..<record.endIndex - 7])
                let offset = record.suffix(5).reduce(0) { $0 << 8 | Int($1) }
                keyWriter.append(key: key, kind: GazetteerSchema.KeyKind(rawValue: record[record.endIndex - 6])!, offset: offset)
            }
        }
        return keyWriter
    }

    /// Degrees from 1e-7 units, exactly, with seven decimals.
    static func degrees(_ value: Int32) -> String {
        let magnitude = abs(Int(value))
        let fraction = String(magnitude % 10_000_000)
        return (value < 0 ? "-" : "") + String(magnitude / 10_000_000) + "." + String(repeating: "0", count: 7 - fraction.count) + fraction
    }

    static func fixed(_ value: Double) -> String { degrees(Int32((value * 1e7).rounded())) }

    /// `2023-12-26T21:21:24Z` from seconds since 1970.
    static func isoDate(_ seconds: Int64) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        // Civil from days (Howard Hinnant's algorithm).
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func two(_ n: Int64) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(y)-\(two(m))-\(two(d))T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
    }
}

/// Lines (text, or byte records) kept end to end in one byte buffer, with where each starts: millions of short lines without
/// an allocation each.
struct LineBuffer {
    private(set) var bytes: [UInt8] = []
    private var starts: [Int] = []

    var count: Int { starts.count }

    mutating func append(_ line: String) {
        starts.append(bytes.count)
        bytes += line.utf8
    }

    mutating func append(_ line: [UInt8]) {
        starts.append(bytes.count)
        bytes += line
    }

    func line(_ index: Int) -> ArraySlice<UInt8> {
        bytes[starts[index]..<(index + 1 < starts.count ? starts[index + 1] : bytes.count)]
    }

    /// Byte order, a line that is a prefix of another first, as `lexicographicallyPrecedes` orders them.
    func compare(_ a: Int, _ b: Int) -> Int32 {
        let rangeA = line(a).indices, rangeB = line(b).indices
        return bytes.withUnsafeBufferPointer { buffer in
            let common = min(rangeA.count, rangeB.count)
            let order = memcmp(buffer.baseAddress! + rangeA.lowerBound, buffer.baseAddress! + rangeB.lowerBound, common)
            if order != 0 { return order }
            return rangeA.count < rangeB.count ? -1 : rangeA.count > rangeB.count ? 1 : 0
        }
    }

    /// Replaces the number each line ends with (`width` big-endian bytes) by `transform` of it.
    mutating func rewriteTrailing(_ width: Int, _ transform: (Int) -> Int) {
        bytes.withUnsafeMutableBufferPointer { buffer in
            for index in starts.indices {
                let end = index + 1 < starts.count ? starts[index + 1] : buffer.count
                let value = transform(buffer[(end - width)..<end].reduce(0) { $0 << 8 | Int($1) })
                for i in 0..<width { buffer[end - 1 - i] = UInt8(truncatingIfNeeded: value >> (8 * i)) }
            }
        }
    }

    /// The lines' indices in byte order.
    func sortedIndices() -> [Int] {
        Array(starts.indices).sorted { compare($0, $1) < 0 }
    }
}
