// Fuzz targets for every parser that takes outside input. Built by Fuzz/run.sh together with the
// library's modules into one libFuzzer binary (with AddressSanitizer); PLACES_FUZZ_TARGET picks the
// parser. A target may only ever see errors thrown: any trap (crash, overflow, out-of-bounds,
// failed precondition) is a bug, and so is a property check below that fails.

#if canImport(Glibc)
import Glibc
#endif
@testable import PlacesCommandLine
@testable import PlacesCore
@testable import PlacesGeo
@testable import PlacesInterchange
@testable import PlacesJournal
@testable import PlacesKit
@testable import PlacesMap
@testable import PlacesTravels

/// The parsers, by name. Each takes the fuzzer's bytes and must return normally for any input.
let fuzzTargets: [String: ([UInt8]) -> Void] = [
    "journal": { bytes in
        // Reading either succeeds or throws; a journal that reads must write and read back the same.
        guard let places = try? JournalStore.decode(bytes, path: "fuzz.json").places else { return }
        let again = try! JournalStore.decode(JournalCodec.encode(places), path: "again.json").places
        precondition(again.count == places.count && zip(again, places).allSatisfy { $0.id == $1.id && $0.name == $1.name })
    },
    "travel": { bytes in
        // The travel commands' reader takes only journals the full read takes, and reads them the same.
        let log = bytes.withUnsafeBufferPointer { TravelJournalReader.read($0) }
        let places = bytes.withUnsafeBufferPointer { TravelJournalReader.readPlaces($0) }
        guard let full = try? JournalStore.decode(bytes, path: "fuzz.json", descriptions: false) else {
            precondition(log == nil && places == nil, "the reader took a journal the full read refuses")
            return
        }
        let expected = TravelLog(full.places)
        if let log {
            precondition(log.log.entries == expected.entries && log.log.places.map(\.id) == full.places.map(\.id))
            precondition(log.log.entries.map { log.log.note($0) } == expected.entries.map { expected.note($0) })
        }
        if let places {
            precondition(places.map(\.visits) == full.places.map { $0.visits.map { Visit(date: $0.date, note: $0.note) } })
        }
    },
    "editor": { bytes in
        _ = try? PlaceEditorText.parse(String(decoding: bytes, as: UTF8.self), original: Location.example)
    },
    "arguments": { bytes in
        let words = String(decoding: bytes, as: UTF8.self).split(separator: "\u{0}").map(String.init)
        _ = try? ArgumentParser.parse(words, for: fuzzSpec)
    },
    "coordinates": { bytes in
        let text = String(decoding: bytes, as: UTF8.self)
        if let value = try? CoordinateParser.degrees(text, axis: .latitude) { precondition(value.isFinite) }
        if let point = CoordinateParser.parse(text) {
            precondition((-90...90).contains(point.latitude) && (-180...180).contains(point.longitude))
            _ = ReverseGeocoder(gazetteer: .bundled).locate(latitude: point.latitude, longitude: point.longitude)
        }
    },
    "query": { bytes in
        // Place-name queries: folding, qualifiers, typo search, ranking.
        let text = String(decoding: bytes.prefix(512), as: UTF8.self)
        _ = NameFolding.fold(text)
        _ = Gazetteer.bundled.search(text, limit: 5)
    },
    "geonames": { bytes in
        // Lines of a GeoNames dump, as `places gazetteer import` reads them.
        let text = String(decoding: bytes, as: UTF8.self)
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            _ = try? GazetteerImporter.parsePlaceLine(line, number: number + 1, path: "fuzz.txt")
        }
    },
    "keys": { bytes in
        // Key tables (an imported gazetteer's keys.bin, a region pack's wide ones), damaged any way: every scan and lookup stays inside
        // the bytes, and what a table yields re-encodes into a table that reads back whole and sorted.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let table = KeyTable(base: base, count: buffer.count)
            let entries = table.entries()
            for probe in entries.prefix(8).map(\.key) + [[], [0x61], [0xFF, 0xFF]] {
                let cursor = table.lowerBound(probe)
                if cursor.isValid { precondition(cursor.compare(probe) >= 0) }
            }
            // The typo walk, stepping over dead runs and galloping over the block index, reads whole entries only.
            for (query, limit) in [("lodnon", 1), ("sprngfield", 2), ("a", 1)] {
                let walking = table.lowerBound([])
                walking.walkTypos(before: table.entryCount, shortest: query.utf8.count - limit,
                                  rows: PrefixDistances(query: Array(query.utf8), limit: limit)) { _ in
                    precondition(walking.keyLength <= KeyTable.maximumKeyLength, "a typo walk read past a key's end")
                }
            }
            let valid = entries.filter { !$0.key.isEmpty }
            // In the table's own layout: a wide table's offsets (region packs) need not fit a narrow one.
            let again = KeyTable.encode(valid, layout: table.layout)
            again.withUnsafeBufferPointer { copy in
                let back = KeyTable(base: copy.baseAddress!, count: copy.count).entries()
                precondition(back == Set(valid).sorted(), "a re-encoded key table reads back otherwise")
            }
        }
    },
    "outlines": { bytes in
        // Map outline tables (outlines-<level>.bin) and the named areas' rings (boundary-feature-rings.bin),
        // damaged any way: every read stays inside the bytes, and every shape or ring read is whole and on the world.
        func check(_ xs: [Int], _ ys: [Int], atLeast minimum: Int) {
            precondition(xs.count == ys.count && xs.count >= minimum)
            precondition(xs.allSatisfy { (0...360 * 32768).contains($0) } && ys.allSatisfy { (0...180 * 32768).contains($0) })
        }
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let table = OutlineTable(base: base, count: buffer.count)
            for tile in 0..<table.tileCount {
                table.forEachShape(inTile: tile) { kind, xs, ys in check(xs, ys, atLeast: kind.isArea ? 3 : 2) }
            }
            let rings = FeatureRings(base: base, count: buffer.count)
            // A feature's grid is as long as its box says: read the rings under a small box and the whole world's.
            let unit = Int(PackedGeometry.unitsPerDegree)
            for box in [PackedGeometry.Box(minX: 180 * unit, minY: 90 * unit, maxX: 181 * unit, maxY: 91 * unit),
                        PackedGeometry.Box(minX: 0, minY: 0, maxX: 360 * unit, maxY: 180 * unit)] {
                for ring in rings.rings(from: 0, to: buffer.count - FeatureRings.headerBytes, box: box) { check(ring.xs, ring.ys, atLeast: 3) }
            }
        }
    },
    "pbf": { bytes in
        // OpenStreetMap PBF extracts, as `places region add` compiles them into a pack.
        var compiler = RegionCompiler()
        guard (try? PBFReader(path: "fuzz.osm.pbf").read(bytes: bytes, into: &compiler)) != nil else { return }
        guard let features = try? compiler.finish(gazetteer: .bundled) else { return }
        for index in 0..<features.count {
            guard let feature = try? features.feature(index) else { preconditionFailure("a stored feature reads back") }
            precondition(abs(feature.latitude7) <= 900_000_000 && abs(feature.longitude7) <= 1_800_000_000)
        }
        let path = "/tmp/places-fuzz-pbf-\(getpid()).region"
        unlink(path)
        defer { unlink(path) }
        _ = try? RegionPackWriter.write(name: "fuzz", source: "fuzz.osm.pbf", compiler: &compiler, features: features, to: path)
    },
    "regionpack": { bytes in
        // Installed region packs, as every search, `where` and map opens them: opening either succeeds or
        // throws, and a pack that opens is searched, reversed and drawn without reading outside its bytes.
        let path = "/tmp/places-fuzz-\(getpid()).region"
        guard let file = fopen(path, "wb") else { return }
        _ = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, bytes.count, file) }
        fclose(file)
        defer { unlink(path) }
        guard let pack = try? RegionPack(path: path) else { return }
        var gazetteer = Gazetteer.bundled
        gazetteer.regionPacks = [pack]
        for query in ["cafe", "rue grimaldi 5", "98000", "Kauppakatu"] { _ = gazetteer.search(query, limit: 5) }
        let box = pack.bounds ?? GeoBounds(minLatitude: 43.7, minLongitude: 7.4, maxLatitude: 43.76, maxLongitude: 7.45)
        _ = ReverseGeocoder(gazetteer: gazetteer).locate(latitude: (box.minLatitude + box.maxLatitude) / 2,
                                                        longitude: (box.minLongitude + box.maxLongitude) / 2)
        _ = pack.shapes(west: box.minLongitude, south: box.minLatitude, east: box.maxLongitude, north: box.maxLatitude)
    },
    "geojson": { bytes in _ = try? Importer.parse(data: bytes, fileName: "fuzz.geojson", format: .geojson) },
    "takeout": { bytes in
        // Dropped pins are named from the gazetteer after reading.
        if let file = try? Importer.parse(data: bytes, fileName: "Saved Places.json", format: .takeout) {
            _ = ImportCompletion.complete([file], gazetteer: .bundled)
        }
    },
    "gpx": { bytes in _ = try? Importer.parse(data: bytes, fileName: "fuzz.gpx", format: .gpx) },
    "kml": { bytes in _ = try? Importer.parse(data: bytes, fileName: "fuzz.kml", format: .kml) },
    "kmz": { bytes in _ = try? Importer.parse(data: bytes, fileName: "fuzz.kmz", format: nil) },
    "csv": { bytes in
        // Saved-list rows without coordinates are placed by the gazetteer after reading.
        if let file = try? Importer.parse(data: bytes, fileName: "fuzz.csv", format: .csv) {
            let completed = ImportCompletion.complete([file], gazetteer: .bundled).files
            precondition(completed[0].places.allSatisfy { $0.pending == nil })
        }
    },
    "detect": { bytes in _ = try? Importer.parse(data: bytes, fileName: "fuzz", format: nil) },
    "history": { bytes in
        // Google location history of any shape, read in chunks as small as one byte (the first byte
        // picks the size) so that entries straddle reads. What it yields must be in range.
        guard let first = bytes.first else { return }
        _ = try? LocationHistoryReader.read(bytes: Array(bytes.dropFirst()), name: "fuzz.json", chunkSize: Int(first % 64) + 1) { sighting in
            precondition((-90...90).contains(sighting.latitude) && (-180...180).contains(sighting.longitude))
            precondition(sighting.end.map { $0 >= sighting.start } ?? true)
        }
    },
    "jsonstream": { bytes in
        // The streaming reader agrees with the whole-document parser: a document that parses
        // whole streams too, with as many entries in its "locations" arrays.
        guard let first = bytes.first else { return }
        let document = Array(bytes.dropFirst())
        var streamed = 0
        var stream = JSONEntryStream(ByteStream(bytes: document, chunkSize: Int(first % 64) + 1))
        let streamOK = (try? stream.read(streaming: ["locations"]) { key, _, _, _ in if key != nil { streamed += 1 } }) != nil
        var parser = JSONParser(bytes: document)
        guard let whole = try? parser.parse() else { return }
        guard case .object(let members) = whole else { return }
        precondition(streamOK, "a document that parses whole must stream")
        let expected = members.filter { $0.key == "locations" }.reduce(0) { $0 + ($1.value.arrayValue?.count ?? 0) }
        precondition(streamed == expected, "streamed \(streamed) entries, the whole document has \(expected)")
    },
    // Photo and video metadata: every reader must stay within the bytes and give a position on the
    // globe or none.
    "exif": { bytes in checkMedia(try? TIFFReader.read(MemoryBytes(bytes))) },
    "isobmff": { bytes in checkMedia(try? HEIFReader.read(MemoryBytes(bytes))) },
    "mp4": { bytes in checkMedia(try? QuickTimeReader.read(MemoryBytes(bytes))) },
    "photo": { bytes in checkMedia(try? MediaReader.read(MemoryBytes(bytes))) },
]

/// The properties every media reader's result keeps.
func checkMedia(_ metadata: MediaMetadata?) {
    guard let metadata else { return }
    if let position = metadata.position { precondition(abs(position.latitude) <= 90 && abs(position.longitude) <= 180) }
    if let moment = metadata.moment { precondition(moment.date.timeIntervalSince1970.isFinite) }
}

let fuzzSpec = CommandSpec(
    name: "fuzz", abstract: "",
    arguments: [ArgumentSpec("name", help: ""), ArgumentSpec("rest", help: "", optional: true, variadic: true)],
    options: [.option("--lat", value: "lat", help: ""), .option("--tag", "-t", value: "tag", help: "", repeatable: true),
              .option("--format", value: "f", help: "", choices: ["a", "b"]), .flag("--visited", help: "")])

nonisolated(unsafe) var selectedTarget: (([UInt8]) -> Void)?

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    if selectedTarget == nil {
        let name = getenv("PLACES_FUZZ_TARGET").map { String(cString: $0) } ?? ""
        guard let target = fuzzTargets[name] else {
            fputs("PLACES_FUZZ_TARGET must be one of: \(fuzzTargets.keys.sorted().joined(separator: ", "))\n", stderr)
            exit(2)
        }
        selectedTarget = target
    }
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    selectedTarget!(bytes)
    return 0
}
