import Foundation
import PlacesKit
import PlacesTestSupport
import Testing

/// `places region` end to end on real OpenStreetMap extracts (Fixtures/osm, ODbL, © OpenStreetMap
/// contributors), with Debian's `osmium` as the oracle of what the files hold.
@Suite struct RegionCLITests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/osm")
    static func fixture(_ name: String) -> String { fixtures.appendingPathComponent(name + ".osm.pbf").path }
    static let extracts = ["monaco", "kotka", "new-york-columbus-circle"]

    /// The pack file of a region in a runner's data folder.
    static func packPath(_ runner: PlacesRunner, _ name: String) -> String {
        runner.directory.appendingPathComponent("data/regions/\(name).region").path
    }

    /// `places region add` failed while making a shared pack.
    struct PackNotMade: Error, CustomStringConvertible {
        var name: String
        var stderr: String
        var description: String { "region add \(name) failed: \(stderr)" }
    }

    /// The packs `places region add` writes for monaco and kotka, made once for every test that needs a
    /// region in place rather than testing the add itself (each add is a second of a debug build's time).
    /// An add writes the same bytes every time (`theSameExtractGivesTheSameBytes`), so a copy of the pack
    /// is the folder an add leaves.
    static let madePacks = Result { () throws -> [String: Data] in
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        var packs: [String: Data] = [:]
        for name in ["monaco", "kotka"] {
            let added = try runner.run(["region", "add", fixture(name), "--quiet"])
            guard added.status == 0 else { throw PackNotMade(name: name, stderr: added.stderr) }
            packs[name] = try Data(contentsOf: URL(fileURLWithPath: packPath(runner, name)))
        }
        return packs
    }

    /// Puts the pack of the fixture `name` (monaco or kotka) in a runner's data folder, as
    /// `places region add FIXTURE` leaves it: a data folder only its owner reads, and the pack in `regions/`.
    static func addMadePack(_ name: String, to runner: PlacesRunner) throws {
        let pack = try #require(try madePacks.get()[name], "no pack made for \(name)")
        let data = runner.journal.deletingLastPathComponent()
        if !FileManager.default.fileExists(atPath: data.path) {
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
        try FileManager.default.createDirectory(at: data.appendingPathComponent("regions"), withIntermediateDirectories: true)
        try pack.write(to: URL(fileURLWithPath: packPath(runner, name)))
    }

    // MARK: - The oracle

    /// One object of `osmium export -a type,id -f geojsonseq`.
    struct Exported {
        var id: String
        var tags: [String: String]
        /// Rings or lines of (lat, lon); a point is one line of one vertex.
        var parts: [[(Double, Double)]]
        var isArea: Bool
    }

    static func export(_ file: String, in directory: URL) throws -> [Exported] {
        let out = directory.appendingPathComponent("export.geojsonseq").path
        let run = try ExternalTool.run(try ExternalTool.require("osmium"), ["export", "-a", "type,id", "-f", "geojsonseq", "--overwrite", "-o", out, file])
        try #require(run.status == 0, "\(run.output)")
        var objects: [Exported] = []
        for line in try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n") {
            let text = line.drop(while: { $0 == "\u{1E}" })
            guard let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any],
                  var properties = object["properties"] as? [String: Any], let geometry = object["geometry"] as? [String: Any] else { continue }
            let type = properties.removeValue(forKey: "@type") as? String ?? "", id = properties.removeValue(forKey: "@id") as? Int ?? 0
            let tags = properties.compactMapValues { $0 as? String }
            func point(_ value: Any) -> (Double, Double) { let p = value as! [Double]; return (p[1], p[0]) }
            var parts: [[(Double, Double)]] = []
            let coordinates = geometry["coordinates"]!
            switch geometry["type"] as? String {
            case "Point": parts = [[point(coordinates)]]
            case "LineString": parts = [(coordinates as! [Any]).map(point)]
            case "MultiLineString", "Polygon": parts = (coordinates as! [[Any]]).map { $0.map(point) }
            case "MultiPolygon": parts = (coordinates as! [[[Any]]]).flatMap { $0.map { $0.map(point) } }
            default: continue
            }
            let isArea = (geometry["type"] as? String ?? "").hasSuffix("Polygon")
            objects.append(Exported(id: String(type.prefix(1)) + String(id), tags: tags, parts: parts, isArea: isArea))
        }
        return objects
    }

    /// Metres from a point to an object: 0 inside an area, else to its nearest edge or vertex.
    static func metres(from p: (Double, Double), to object: Exported) -> Double {
        let k = cos(p.0 * .pi / 180)
        func xy(_ q: (Double, Double)) -> (Double, Double) { ((q.1 - p.1) * k * 111_195, (q.0 - p.0) * 111_195) }
        var best = Double.infinity
        var inside = false
        for part in object.parts {
            let points = part.map(xy)
            if points.count == 1 { best = min(best, hypot(points[0].0, points[0].1)) }
            for i in 1..<max(1, points.count) {
                let (a, b) = (points[i - 1], points[i])
                let dx = b.0 - a.0, dy = b.1 - a.1, length = dx * dx + dy * dy
                let t = length == 0 ? 0 : max(0, min(1, -(a.0 * dx + a.1 * dy) / length))
                best = min(best, hypot(a.0 + t * dx, a.1 + t * dy))
                if object.isArea, (a.1 > 0) != (b.1 > 0), 0 < (b.0 - a.0) * (0 - a.1) / (b.1 - a.1) + a.0 { inside.toggle() }
            }
        }
        return inside ? 0 : best
    }

    /// The pack's rule for a point of interest, written again from the documentation: a name and one of
    /// these tags.
    static func isPointOfInterest(_ tags: [String: String]) -> Bool {
        guard let name = tags["name"], !name.isEmpty else { return false }
        for key in ["amenity", "shop", "tourism", "historic", "leisure", "office", "craft", "healthcare", "man_made", "natural", "water", "place"]
            where tags[key] != nil && tags[key] != "no" { return true }
        if let value = tags["railway"] ?? tags["public_transport"], ["station", "halt", "tram_stop", "subway_entrance", "stop_area"].contains(value) { return true }
        if let value = tags["aeroway"], ["aerodrome", "heliport", "terminal"].contains(value) { return true }
        if let value = tags["waterway"], ["river", "canal", "waterfall", "dam", "stream", "dock", "boatyard"].contains(value) { return true }
        return false
    }

    // MARK: - What a pack holds

    @Test(.enabled(if: ExternalTool.available("osmium")), arguments: extracts)
    func packHoldsWhatOsmiumExports(_ extract: String) throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let file = Self.fixture(extract)
        let added = try runner.run(["region", "add", file, "--quiet"])
        try #require(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("© OpenStreetMap contributors"))
        let pack = try RegionPack(path: Self.packPath(runner, extract))
        let entries = pack.entries()
        var byID: [String: [GazetteerEntry]] = [:]
        for entry in entries { byID[entry.osm!.osmID, default: []].append(entry) }
        let exported = try Self.export(file, in: runner.directory)

        var pois = 0, addresses = 0
        var problems: [String] = []
        var streetNames = Set<String>()
        // osmium exports a closed way twice, as a line and as an area: an object is checked once, against both.
        var shapes: [String: [Exported]] = [:]
        for object in exported {
            if object.tags["highway"] != nil, let name = object.tags["name"], !object.parts.allSatisfy({ $0.count == 1 }) {
                streetNames.insert(NameFolding.fold(name))
            }
            shapes[object.id, default: []].append(object)
        }
        for (_, forms) in shapes {
            let object = forms[0]
            let tags = object.tags
            let isPOI = Self.isPointOfInterest(tags)
            let hasAddress = tags["addr:housenumber"] != nil && (tags["addr:street"] ?? tags["addr:place"]) != nil
            guard isPOI || hasAddress else { continue }
            guard let held = byID[object.id]?.first(where: { $0.kind != .street }) else {
                problems.append("\(object.id) \(tags["name"] ?? "") not in the pack")
                continue
            }
            let distance = forms.map { Self.metres(from: (held.latitude, held.longitude), to: $0) }.min()!
            if distance > 5 { problems.append("\(object.id) \(held.name) is \(Int(distance)) m from its geometry") }
            if isPOI {
                pois += 1
                if held.name != tags["name"] { problems.append("\(object.id) is called \(held.name), not \(tags["name"]!)") }
            }
            if hasAddress {
                addresses += 1
                if held.osm?.houseNumber != tags["addr:housenumber"]?.trimmingCharacters(in: .whitespaces)
                    || held.osm?.street != (tags["addr:street"] ?? tags["addr:place"])?.trimmingCharacters(in: .whitespaces) {
                    problems.append("\(object.id): address \(held.osm?.houseNumber ?? "") \(held.osm?.street ?? "")")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(20))")
        #expect(pois > 0 && addresses > 0)
        // Every named street osmium reads is a street of the pack, under one of its names.
        let heldStreets = Set(entries.filter { $0.kind == .street }.map { NameFolding.fold($0.name) })
        let missing = streetNames.subtracting(heldStreets)
        #expect(missing.isEmpty, "streets not held: \(missing.sorted().prefix(20))")
        // Every entry has a country and a locality (from the extract's own places or the gazetteer).
        #expect(entries.allSatisfy { !$0.countryCode.isEmpty }, "entries without a country")
        #expect(Double(entries.filter { !($0.osm?.locality.isEmpty ?? true) }.count) >= 0.9 * Double(entries.count))
        let info = try runner.run(["region", "info", extract, "--json"])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(info.stdout.utf8)) as? [String: Any])
        #expect(report["pointsOfInterest"] as? Int == entries.filter { ![.street, .address, .postcode].contains($0.kind) }.count)
        #expect(report["streets"] as? Int == heldStreets.count || report["streets"] as? Int ?? 0 >= heldStreets.count)
        #expect((report["licence"] as? String)?.contains("© OpenStreetMap contributors") == true)
    }

    /// Each held name and address of an extract, searched in a batch, finds its own spot (within 50 m) among
    /// the first ten results.
    @Test(arguments: extracts)
    func everyNameAndAddressSearchesBackToItsSpot(_ extract: String) throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        try #require(try runner.run(["region", "add", Self.fixture(extract), "--quiet"]).status == 0)
        let entries = try RegionPack(path: Self.packPath(runner, extract)).entries()
        var queries: [(String, GazetteerEntry)] = []
        for entry in entries where entry.kind != .postcode {
            queries.append((entry.name, entry))
            if let osm = entry.osm, !osm.houseNumber.isEmpty {
                queries.append((osm.street + " " + osm.houseNumber, entry))
                queries.append((osm.houseNumber + " " + osm.street, entry))
            }
        }
        let batch = try runner.run(["search", "--batch", "--json", "--limit", "10", "--quiet"], stdin: queries.map(\.0).joined(separator: "\n") + "\n")
        try #require(batch.status == 0, "\(batch.stderr)")
        let lines = batch.stdout.split(separator: "\n")
        try #require(lines.count == queries.count)
        var found: [String: (Int, Int)] = [:]
        var lost: [String] = []
        for (line, (query, entry)) in zip(lines, queries) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let results = object["results"] as? [[String: Any]] ?? []
            let hit = results.contains { result in
                guard let lat = result["latitude"] as? Double, let lon = result["longitude"] as? Double else { return false }
                return Geodesy.distanceKm(fromLatitude: lat, longitude: lon, toLatitude: entry.latitude, longitude: entry.longitude) <= 0.05
            }
            let kind = entry.kind == .street ? "street" : query != entry.name || entry.kind == .address ? "address" : "name"
            found[kind, default: (0, 0)].0 += hit ? 1 : 0
            found[kind, default: (0, 0)].1 += 1
            if !hit { lost.append(query) }
        }
        // A name shared by more than ten places (a chain's shops, "Parking") can fall outside the first ten.
        for (kind, (hits, total)) in found {
            #expect(Double(hits) >= 0.95 * Double(total), "\(extract) \(kind): \(hits)/\(total); lost \(lost.prefix(15))")
        }
    }

    // MARK: - Searching

    @Test func searchSaysWhatAndWhereAndJSONAddsTheAddress() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let before = try runner.run(["search", "Monaco", "--json"])
        try Self.addMadePack("monaco", to: runner)
        let text = try runner.run(["search", "Café de Paris"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("Café de Paris — café, "), "\(text.stdout)")
        #expect(text.stdout.contains(", MC  43.7"))
        for query in ["4 Boulevard des Moulins", "Boulevard des Moulins 4", "boulevard des moulins 4, Monaco", "Boulevard des Moulins 4, MC"] {
            let result = try runner.run(["search", query, "--json", "-n", "1"])
            let first = try #require((try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])?.first, "\(query)")
            #expect(first["houseNumber"] as? String == "4", "\(query): \(first)")
            #expect(first["street"] as? String == "Boulevard des Moulins")
            #expect(first["region"] as? String == "monaco")
            #expect(first["country"] as? String == "MC")
        }
        // A qualifier that names none of a place's whereabouts leaves the region's place out.
        let elsewhere = try runner.run(["search", "Café de Paris, Kotka", "--json"])
        #expect(!elsewhere.stdout.contains("\"region\": \"monaco\""), "\(elsewhere.stdout)")
        // Typos and a kind word before the name.
        let typo = try runner.run(["search", "Musee Oceanographiqe", "-n", "3"])
        #expect(typo.stdout.contains("Musée Océanographique — museum"), "\(typo.stdout)")
        let hotel = try runner.run(["search", "Hotel Hermitage", "-n", "1", "--json"])
        #expect(hotel.stdout.contains("\"name\": \"Hermitage\""), "\(hotel.stdout)")
        // Postcodes.
        let postcode = try runner.run(["search", "98000", "-n", "1"])
        #expect(postcode.stdout.hasPrefix("98000 — postcode"), "\(postcode.stdout)")
        // The town and the country stay the gazetteer's, once, first: the region's own place=* nodes called
        // Monaco are not repeated.
        let monaco = try runner.run(["search", "Monaco", "--json", "-n", "4"])
        let old = try #require(try JSONSerialization.jsonObject(with: Data(before.stdout.utf8)) as? [[String: Any]])
        let new = try #require(try JSONSerialization.jsonObject(with: Data(monaco.stdout.utf8)) as? [[String: Any]])
        #expect(new.map { $0["name"] as? String } == old.prefix(4).map { $0["name"] as? String }, "\(monaco.stdout)")
        #expect(!new.contains { $0["region"] != nil && $0["name"] as? String == "Monaco" })
    }

    @Test func overlappingRegionsGiveNoDuplicates() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        try #require(try runner.run(["region", "add", Self.fixture("monaco"), "--quiet"]).status == 0)
        try #require(try runner.run(["region", "add", Self.fixture("monaco"), "--name", "monaco-again", "--quiet"]).status == 0)
        let result = try runner.run(["search", "Café de Paris", "--json"])
        let matches = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(matches.filter { $0["name"] as? String == "Café de Paris" && $0["kind"] as? String == "café" }.count == 1, "\(result.stdout)")
        let list = try runner.run(["region", "list"])
        #expect(list.stdout.contains("monaco  ") && list.stdout.contains("monaco-again  "))
    }

    @Test func addPinsARegionsPlaceWhenItIsTheClearWinner() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        try Self.addMadePack("monaco", to: runner)
        let added = try runner.run(["add", "Musée Océanographique de Monaco", "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        let place = try #require(try runner.journalPlaces().first)
        let lat = try #require(place["latitude"] as? Double), lon = try #require(place["longitude"] as? Double)
        #expect(Geodesy.distanceKm(fromLatitude: lat, longitude: lon, toLatitude: 43.7307, longitude: 7.4255) < 0.2, "\(place)")
    }

    // MARK: - Reverse and kinds

    @Test func whereNamesThePointOfInterestAddressAndStreet() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let before = try runner.run(["where", "43.7397159,7.4276948", "--json"])
        #expect(!before.stdout.contains("\"address\""))
        try Self.addMadePack("monaco", to: runner)
        let text = try runner.run(["where", "43.7397159,7.4276948"])
        #expect(text.stdout.hasPrefix("At Café de Paris (café), "), "\(text.stdout)")
        #expect(text.stdout.contains("\nIn Monaco (MC)"))
        let json = try runner.run(["where", "43.7411,7.4265", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let address = try #require(object["address"] as? [String: Any], "\(json.stdout)")
        #expect(address["street"] as? String == "Boulevard des Moulins")
        #expect(address["houseNumber"] as? String != nil)
        #expect(address["region"] as? String == "monaco")
        // Beyond every region, `where` says what it said before.
        let far = try runner.run(["where", "46.45,6.55", "--json"])
        #expect(!far.stdout.contains("\"address\""))
    }

    @Test func nearListsARegionsPlacesOfAKindByDistance() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let none = try runner.run(["near", "43.7397,7.4277", "--gazetteer", "--kind", "café"])
        #expect(none.status == 0 && none.stderr.contains("region add"), "\(none.stderr)")
        try Self.addMadePack("monaco", to: runner)
        for kind in ["café", "cafe", "amenity=cafe", "Cafés"] {
            let result = try runner.run(["near", "43.7397,7.4277", "--gazetteer", "--kind", kind, "--radius", "1km", "--json"])
            let found = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]], "\(kind)")
            #expect(found.count >= 5, "\(kind): \(result.stdout)")
            #expect(found.allSatisfy { $0["kind"] as? String == "café" && $0["osmTag"] as? String == "amenity=cafe" })
            let distances = found.compactMap { $0["distanceKm"] as? Double }
            #expect(distances == distances.sorted() && distances.allSatisfy { $0 <= 1 })
        }
        let table = try runner.run(["near", "43.7397,7.4277", "--gazetteer", "--kind", "museum", "--radius", "2km"])
        #expect(table.stdout.contains("Musée Océanographique") && table.stdout.contains("© OpenStreetMap contributors"), "\(table.stdout)")
    }

    // MARK: - The other encodings

    @Test(.enabled(if: ExternalTool.available("osmium")), arguments: ["pbf,pbf_compression=none", "osm"])
    func otherEncodingsGiveTheSamePack(_ format: String) throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let converted = runner.directory.appendingPathComponent("converted." + (format == "osm" ? "osm" : "osm.pbf")).path
        let cat = try ExternalTool.run(try ExternalTool.require("osmium"), ["cat", Self.fixture("monaco"), "-o", converted, "--output-format", format])
        try #require(cat.status == 0, "\(cat.output)")
        try #require(try runner.run(["region", "add", Self.fixture("monaco"), "--quiet"]).status == 0)
        let added = try runner.run(["region", "add", converted, "--name", "converted", "--quiet"])
        try #require(added.status == 0, "\(added.stderr)")
        func lines(_ name: String) throws -> [String] {
            try RegionPack(path: Self.packPath(runner, name)).entries().map { "\($0.name) \($0.latitude) \($0.longitude) \($0.osm!.osmID) \($0.osm!.street) \($0.osm!.houseNumber)" }
        }
        #expect(try lines("monaco") == lines("converted"))
    }

    // MARK: - Managing regions

    @Test func listInfoReplaceAndRemove() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("Home", "43.74,7.42")
        let journal = try Data(contentsOf: runner.journal)
        let empty = try runner.run(["region", "list", "--json"])
        #expect((try JSONSerialization.jsonObject(with: Data(empty.stdout.utf8)) as? [Any])?.isEmpty == true, "\(empty.stdout)")
        try #require(try runner.run(["region", "add", Self.fixture("kotka"), "--name", "here", "--quiet"]).status == 0)
        // A name in use needs --replace; the pack stays as it was.
        let before = try Data(contentsOf: URL(fileURLWithPath: Self.packPath(runner, "here")))
        let refused = try runner.run(["region", "add", Self.fixture("monaco"), "--name", "here", "--quiet"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("already added") && refused.stderr.contains("--replace"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.packPath(runner, "here"))) == before)
        let replaced = try runner.run(["region", "add", Self.fixture("monaco"), "--name", "here", "--replace", "--quiet"])
        #expect(replaced.status == 0 && replaced.stdout.hasPrefix("Replaced the region here"), "\(replaced.stdout)")
        let list = try runner.run(["region", "list", "--json"])
        let regions = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        #expect(regions.count == 1)
        #expect(regions.first?["extractDate"] as? String == "2023-12-26T21:21:22Z")
        #expect((regions.first?["bounds"] as? [Double])?.count == 4)
        #expect(regions.first?["packBytes"] as? Int == before.count || (regions.first?["packBytes"] as? Int ?? 0) > 100_000)
        let info = try runner.run(["region", "info", "here"])
        for text in ["Region: here", "Extract date: 2023-12-26", "Counts: points of interest", "© OpenStreetMap contributors"] {
            #expect(info.stdout.contains(text), "\(info.stdout)")
        }
        let removed = try runner.run(["region", "remove", "here"])
        #expect(removed.status == 0)
        #expect(!FileManager.default.fileExists(atPath: Self.packPath(runner, "here")))
        let again = try runner.run(["region", "remove", "here"])
        #expect(again.status == 1 && again.stderr.contains("no region called \"here\""))
        #expect(try Data(contentsOf: runner.journal) == journal, "the journal is untouched")
        let bad = try runner.run(["region", "add", Self.fixture("kotka"), "--name", "../x"])
        #expect(bad.status == 64 && bad.stderr.contains("cannot name a region"))
    }

    // MARK: - Bad input

    /// Protocol-buffer bytes for hand-made PBF files.
    enum Proto {
        static func varint(_ value: UInt64) -> [UInt8] {
            var v = value, out: [UInt8] = []
            while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
            return out + [UInt8(v)]
        }
        static func field(_ number: Int, _ value: UInt64) -> [UInt8] { varint(UInt64(number << 3)) + varint(value) }
        static func field(_ number: Int, _ bytes: [UInt8]) -> [UInt8] { varint(UInt64(number << 3 | 2)) + varint(UInt64(bytes.count)) + bytes }
        static func field(_ number: Int, _ text: String) -> [UInt8] { field(number, Array(text.utf8)) }
        /// One block: its 4-byte length, `BlobHeader`, then the blob.
        static func block(_ type: String, blob: [UInt8], declaredSize: Int? = nil) -> [UInt8] {
            let header = field(1, type) + field(3, UInt64(declaredSize ?? blob.count))
            let n = header.count
            return [UInt8(n >> 24 & 255), UInt8(n >> 16 & 255), UInt8(n >> 8 & 255), UInt8(n & 255)] + header + blob
        }
        static func headerBlock(required: [String] = ["OsmSchema-V0.6", "DenseNodes"]) -> [UInt8] {
            block("OSMHeader", blob: field(1, required.flatMap { field(4, $0) }))
        }
        /// zlib of `count` zero bytes, as stored (uncompressed) DEFLATE blocks: valid, and as long as it says.
        static func zlibStored(_ count: Int) -> [UInt8] {
            var out: [UInt8] = [0x78, 0x01]
            var left = count
            repeat {
                let n = min(left, 65_535)
                left -= n
                out += [left == 0 ? 1 : 0, UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8((~n >> 8) & 255)]
                out += [UInt8](repeating: 0, count: n)
            } while left > 0
            return out + [0, 0, 0, 1]
        }
    }

    static func badInputs() -> [(String, [UInt8], String)] {
        let monaco = try! Data(contentsOf: URL(fileURLWithPath: fixture("monaco")))
        let header = Proto.headerBlock()
        let headerLength = header.count
        var hugeHeader: [UInt8] = [0, 1, 0, 1]
        hugeHeader += [UInt8](repeating: 0, count: 16)
        // Typed, so the compiler need not infer the element type of the whole literal.
        let rows: [(String, [UInt8], String)] = [
            ("truncated", Array(monaco.prefix(monaco.count / 2)), "truncated"),
            ("header-over-64k", hugeHeader, "over the format's limit of 64 KiB"),
            ("blob-over-32m", header + Proto.block("OSMData", blob: [], declaredSize: 40_000_000), "over the format's limit of 32 MiB"),
            // A blob that declares 1,000 bytes but inflates to a million: refused once past what it declares.
            ("zlib-bomb", header + Proto.block("OSMData", blob: Proto.field(2, 1000) + Proto.field(3, Proto.zlibStored(1_000_000))), "zlib"),
            ("lz4", header + Proto.block("OSMData", blob: Proto.field(2, 10) + Proto.field(6, [1, 2, 3])), "compressed with lz4"),
            ("zstd", header + Proto.block("OSMData", blob: Proto.field(2, 10) + Proto.field(7, [1, 2, 3])), "compressed with zstd"),
            ("lzma", header + Proto.block("OSMData", blob: Proto.field(2, 10) + Proto.field(4, [1, 2, 3])), "compressed with lzma"),
            ("history", Proto.headerBlock(required: ["OsmSchema-V0.6", "HistoricalInformation"]), "history file"),
            ("not-pbf.txt", Array("hello, world\n".utf8), "not an OpenStreetMap extract"),
            ("change.osm", Array("<?xml version='1.0'?>\n<osmChange version=\"0.6\"><modify/></osmChange>\n".utf8), "change file"),
            ("dtd.osm", Array("<?xml version='1.0'?>\n<!DOCTYPE osm [<!ENTITY a \"aaaa\">]>\n<osm version=\"0.6\"/>\n".utf8), "DOCTYPE"),
            ("deleted.osm", Array("<osm version=\"0.6\"><node id=\"1\" lat=\"1\" lon=\"1\" visible=\"false\"/></osm>\n".utf8), "history file"),
            ("bad-blob-header", [0, 0, 0, 4, 0xFF, 0xFF, 0xFF, 0xFF], "corrupt blob header"),
        ]
        let garbage: [UInt8] = header + [0, 0, 0, UInt8(headerLength & 0x7F)]
        return rows + [("header-then-garbage", garbage, "truncated")]
    }

    @Test(arguments: badInputs())
    func badExtractsAreRefusedWithNothingLeftBehind(_ row: (String, [UInt8], String)) throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("Home", "43.74,7.42")
        try Self.addMadePack("kotka", to: runner)
        let journal = try Data(contentsOf: runner.journal)
        let kotka = try Data(contentsOf: URL(fileURLWithPath: Self.packPath(runner, "kotka")))
        let file = runner.directory.appendingPathComponent(row.0.contains(".") ? row.0 : row.0 + ".osm.pbf")
        try Data(row.1).write(to: file)
        let result = try runner.run(["region", "add", file.path, "--name", "bad", "--quiet"])
        #expect(result.status == 65, "\(row.0): \(result.status) \(result.stderr)")
        #expect(result.stderr.contains(file.path), "\(row.0): \(result.stderr)")
        #expect(result.stderr.contains(row.2), "\(row.0): \(result.stderr)")
        // Where: a byte offset for PBF; for XML a line and column with the byte offset beside them.
        #expect(result.stderr.contains("at byte ") || (result.stderr.contains("line ") && result.stderr.contains("(byte ")),
                "\(row.0): \(result.stderr)")
        let left = try FileManager.default.contentsOfDirectory(atPath: runner.directory.appendingPathComponent("data/regions").path)
        #expect(left == ["kotka.region"], "\(row.0): \(left)")
        #expect(try Data(contentsOf: runner.journal) == journal)
        #expect(try Data(contentsOf: URL(fileURLWithPath: Self.packPath(runner, "kotka"))) == kotka)
    }

    @Test func aMissingOrUnreadableExtractExits66() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        try Self.addMadePack("kotka", to: runner)
        let unreadable = runner.directory.appendingPathComponent("locked.osm.pbf")
        try Data(contentsOf: URL(fileURLWithPath: Self.fixture("kotka"))).write(to: unreadable)
        chmod(unreadable.path, 0)
        var files = [runner.directory.appendingPathComponent("missing.osm.pbf").path, runner.directory.path]
        if !ExternalTool.isRoot { files.append(unreadable.path) }  // root reads any file
        for file in files {
            // With the name of the region already in use too: the missing file is what is reported.
            let result = try runner.run(["region", "add", file, "--name", "kotka", "--quiet"])
            #expect(result.status == 66, "\(file): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("cannot read the extract \(file)"), "\(result.stderr)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: runner.directory.appendingPathComponent("data/regions").path)
        #expect(left == ["kotka.region"])
    }

    @Test func waysWithMissingNodesAreSkippedAndCounted() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["region", "add", Self.fixture("kotka"), "--quiet"])
        #expect(result.status == 0)
        #expect(result.stderr.contains("Skipped 133 ways"), "\(result.stderr)")
        let info = try runner.run(["region", "info", "kotka"])
        #expect(info.stdout.contains("Skipped: 133 ways"))
    }

    @Test func everythingWorksAsBeforeWithNoRegion() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let before = try runner.run(["search", "Paris", "--json"])
        try #require(try runner.run(["region", "add", Self.fixture("kotka"), "--quiet"]).status == 0)
        try #require(try runner.run(["region", "remove", "kotka"]).status == 0)
        #expect(try runner.run(["search", "Paris", "--json"]).stdout == before.stdout)
        let list = try runner.run(["region", "list"])
        #expect(list.stdout.contains("No region added"))
    }
}
