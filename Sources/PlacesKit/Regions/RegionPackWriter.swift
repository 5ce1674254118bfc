#if canImport(Glibc)
import Glibc
#endif

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
    /// Lines and keys are gathered in two flat byte buffers with an array of where each starts, and sorted
    /// as indices, so a pack of millions of lines costs its own bytes plus a few words a line, not a
    /// heap object per line. The places are written from the line buffer in their sorted order, never
    /// copied into a second buffer, and the sections go to the file one after the other, never joined:
    /// at its peak the writer holds the lines, the keys and the geometry once. `features` is emptied once
    /// its keys are made, and the compiler's drawable shapes once packed.
    /// - Throws: ``RegionError/tooLarge(source:placesBytes:limit:)`` when the places outgrow what the key
    ///   table can point into (64 GiB); ``RegionError/unwritable(path:reason:)``.
    static func write(name: String, source: String, compiler: inout RegionCompiler, features: inout [RegionCompiler.Feature],
                      to path: String) throws {
        // The drawable shapes first: the collector's memory goes before the places' lines are made.
        let geometry = compiler.geometry.section(coverage: compiler.coverage)
        let (lines, order, counts) = placeLines(features)
        let placesBytes = lines.bytes.count
        guard placesBytes <= KeyTable.Layout.wide.maximumOffset + 1 else {
            throw RegionError.tooLarge(source: source, placesBytes: placesBytes, limit: KeyTable.Layout.wide.maximumOffset + 1)
        }
        // The writer's buffer goes with the closure: only the finished table stays.
        let (keys, keyCount) = { () -> ([UInt8], Int) in
            let writer = keyTable(features: features, lines: lines, order: order)
            return (writer.finish(), writer.count)
        }()
        features = []
        let box = compiler.coverage
        var info: [(String, String)] = [
            ("name", name), ("source", source),
            ("bounds", box.map { "\(fixed($0.minLatitude)),\(fixed($0.minLongitude)),\(fixed($0.maxLatitude)),\(fixed($0.maxLongitude))" } ?? ""),
            ("pointsOfInterest", String(counts.poi)), ("streets", String(counts.streets)), ("addresses", String(counts.addresses)),
            ("postcodes", String(counts.postcodes)), ("keys", String(keyCount)),
            ("nodes", String(compiler.nodeCount)), ("ways", String(compiler.wayCount)), ("relations", String(compiler.relationCount)),
            ("skippedWays", String(compiler.skippedWays)), ("skippedRelations", String(compiler.skippedRelations)),
            ("writingProgram", compiler.header.writingProgram), ("licence", RegionPack.credit),
        ]
        if let stamp = compiler.header.replicationTimestamp { info.append(("extractDate", isoDate(stamp))) }
        let infoText = Array(info.map { GazetteerImporter.clean($0.0) + "\t" + GazetteerImporter.clean($0.1) + "\n" }.joined().utf8)
        let head = Array("places-region\t\(RegionPack.formatVersion)\nsections\t\(infoText.count)\t\(keys.count)\t\(placesBytes)\t\(geometry.count)\n".utf8)
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
                    chunk += lines.line(index)
                    if chunk.count >= 1 << 20 {
                        try chunk.withUnsafeBufferPointer { buffer in Result { () throws(FileError) in try put(buffer) } }.get()
                        chunk.removeAll(keepingCapacity: true)
                    }
                }
                try (chunk + geometry).withUnsafeBufferPointer { buffer in Result { () throws(FileError) in try put(buffer) } }.get()
            }
        } catch {
            throw RegionError.unwritable(path: path, reason: error.reason)
        }
    }

    /// Each feature's `places` line, and the order the pack keeps them in: by 1-degree cell, then by
    /// latitude, so `where` reads only a band of a cell.
    static func placeLines(_ features: [RegionCompiler.Feature])
        -> (lines: LineBuffer, order: [Int], counts: (poi: Int, streets: Int, addresses: Int, postcodes: Int)) {
        var lines = LineBuffer()
        var cells: [Int32] = []
        cells.reserveCapacity(features.count)
        var counts = (poi: 0, streets: 0, addresses: 0, postcodes: 0)
        for f in features {
            let lat = Double(f.latitude7) / 1e7, lon = Double(f.longitude7) / 1e7
            let cell = GazetteerImporter.cellKey(lat, lon)
            let cellText = String(cell)
            let address = f.houseNumber.isEmpty ? "" : addressText(street: f.street, houseNumber: f.houseNumber, country: f.country)
            let display = f.names.first ?? address
            let bounds = f.bounds.map { [$0.minLat, $0.minLon, $0.maxLat, $0.maxLon].map(degrees).joined(separator: ",") } ?? ""
            let columns = [String(repeating: "0", count: max(0, 5 - cellText.count)) + cellText, display, degrees(f.latitude7),
                           degrees(f.longitude7), f.country, f.admin1, f.admin2, String(f.population), f.kind.rawValue, "-", "", "",
                           bounds, "", f.osmID, f.kindWord, f.kindTag, f.street, f.houseNumber, f.postcode, f.locality]
            lines.append(columns.map(GazetteerImporter.clean).joined(separator: "\t") + "\n")
            cells.append(Int32(cell))
            switch f.kind {
            case .street: counts.streets += 1
            case .postcode: counts.postcodes += 1
            case .address: counts.addresses += 1
            default:
                counts.poi += 1
                if !f.houseNumber.isEmpty { counts.addresses += 1 }
            }
        }
        let order = features.indices.sorted {
            (cells[$0], features[$0].latitude7, $0) < (cells[$1], features[$1].latitude7, $1)
        }
        return (lines, order, counts)
    }

    /// The key table of the features' names, addresses and postcodes, each pointing at its line's offset
    /// in the `places` section (the lines written in `order`).
    static func keyTable(features: [RegionCompiler.Feature], lines: LineBuffer, order: [Int]) -> KeyTable.Writer {
        // Each key as one record, `key bytes, 0, kind letter, offset (5 bytes, big-endian)`, so that byte
        // order is the key table's order (key, then kind, then offset) and equal records are the same key.
        var keyRecords = LineBuffer()
        var folded: [UInt8] = []
        var offset = 0
        for index in order {
            let f = features[index]
            func key(_ text: String, _ kind: GazetteerSchema.KeyKind) {
                folded.removeAll(keepingCapacity: true)
                folded += NameFolding.fold(text).utf8
                guard (1...KeyTable.maximumKeyLength).contains(folded.count), !folded.contains(0) else { return }
                folded.append(0)
                folded.append(kind.rawValue)
                for shift in stride(from: 32, through: 0, by: -8) { folded.append(UInt8(truncatingIfNeeded: offset >> shift)) }
                keyRecords.append(folded)
            }
            defer { offset += lines.line(index).count }
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
        return keyWriter(records: keyRecords)
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

    /// The lines' indices in byte order.
    func sortedIndices() -> [Int] {
        Array(starts.indices).sorted { compare($0, $1) < 0 }
    }
}
