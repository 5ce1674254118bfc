import Foundation
import Testing

@testable import PlacesGeo
@testable import PlacesKit

/// The pack writer past the old 256 MiB limit, without a file that large: its key records carry offsets
/// beyond 2^28 into the wide key table; and a pack of the previous format (narrow keys) still opens.
@Suite struct RegionPackWriterTests {
    /// A key record as the writer makes it: key bytes, 0, kind letter, offset in 5 big-endian bytes.
    static func record(_ key: String, _ kind: GazetteerSchema.KeyKind, _ offset: Int) -> [UInt8] {
        Array(key.utf8) + [0, kind.rawValue] + stride(from: 32, through: 0, by: -8).map { UInt8(truncatingIfNeeded: offset >> $0) }
    }

    @Test func keyRecordsPastTheOldLimitKeepTheirOffsets() {
        // A country-sized extract: places lines at 300 MiB, 4 GiB and 40 GiB, given out of order, and one twice.
        let given: [(String, GazetteerSchema.KeyKind, Int)] = [
            ("unter den linden 77", .placeName, 40 << 30), ("hotel adlon", .placeName, 300 << 20),
            ("adlon", .placeAlias, 300 << 20), ("hotel adlon", .placeName, 4 << 30), ("10117", .placeCode, (1 << 28) + 1),
            ("hotel adlon", .placeName, 300 << 20),
        ]
        var records = LineBuffer()
        for (key, kind, offset) in given { records.append(Self.record(key, kind, offset)) }
        let writer = RegionPackWriter.keyWriter(records: records)
        #expect(writer.count == 5)
        let bytes = writer.finish()
        let expected = Set(given.map { KeyTable.Entry(key: Array($0.0.utf8), kind: $0.1, offset: $0.2) }).sorted()
        KeyTableTests().withTable(bytes) { table in
            #expect(table.layout == .wide)
            #expect(table.entries() == expected)
            let cursor = table.lowerBound(Array("hotel adlon".utf8))
            #expect(cursor.offset == 300 << 20)
            cursor.advance()
            #expect(Array(cursor.keyBytes) == Array("hotel adlon".utf8) && cursor.offset == 4 << 30)
        }
    }

    /// A feature the writer keeps.
    static func feature(_ name: String, latitude: Double, longitude: Double, street: String = "", number: String = "") -> RegionCompiler.Feature {
        var feature = RegionCompiler.Feature(osmID: "n1", names: [name], kind: .poi, kindWord: "café", kindTag: "amenity=cafe",
                                             latitude7: Int32(latitude * 1e7), longitude7: Int32(longitude * 1e7))
        feature.street = street
        feature.houseNumber = number
        feature.country = "MC"
        feature.locality = "Monaco"
        return feature
    }

    @Test func aPackOfThePreviousFormatStillOpens() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("region-writer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("riviera.region").path
        let features = RegionFeatureStore(directory: directory.path)
        try features.append(Self.feature("Café de Paris", latitude: 43.7395, longitude: 7.4277, street: "Place du Casino", number: "1"))
        try features.append(Self.feature("Le Bar Americain", latitude: 43.7390, longitude: 7.4280))
        var compiler = RegionCompiler()
        try RegionPackWriter.write(name: "riviera", source: "monaco.osm.pbf", compiler: &compiler, features: features, to: path)
        #expect(features.isEmpty)
        let current = try RegionPack(path: path)
        let found = current.tables.search("Café de Paris", limit: 1)
        #expect(found.first?.entry.name == "Café de Paris")

        // The same pack as format 3 wrote it: its keys narrow, its header saying 3.
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let lines = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
        let sizes = String(decoding: lines[1], as: UTF8.self).split(separator: "\t").dropFirst().compactMap { Int($0) }
        try #require(sizes.count == 5 && String(decoding: lines[0], as: UTF8.self) == "places-region\t\(RegionPack.formatVersion)")
        let body = Array(bytes[(lines[0].count + lines[1].count + 2)...])
        // Format 3 had no `nearby` section (the fifth).
        let info = Array(body[0..<sizes[0]]), keys = Array(body[sizes[0]..<(sizes[0] + sizes[1])])
        let rest = Array(body[(sizes[0] + sizes[1])..<(sizes[0] + sizes[1] + sizes[2] + sizes[3])])
        let entries = KeyTableTests().withTable(keys) { $0.entries() }
        #expect(entries.count >= 4)  // two names, an address in both orders
        let narrow = KeyTable.encode(entries)
        let old = Array("places-region\t3\nsections\t\(sizes[0])\t\(narrow.count)\t\(sizes[2])\t\(sizes[3])\n".utf8) + info + narrow + rest
        try Data(old).write(to: URL(fileURLWithPath: path), options: .atomic)  // a new file: the packs opened stay mapped
        let previous = try RegionPack(path: path)
        for query in ["Café de Paris", "1 Place du Casino", "Le Bar Americain"] {
            let a = current.tables.search(query, limit: 1).first, b = previous.tables.search(query, limit: 1).first
            #expect(b != nil && a?.entry.name == b?.entry.name && a?.entry.latitude == b?.entry.latitude, "\(query)")
        }

        // Format 2 (text keys) is still refused by name.
        try Data(Array("places-region\t2\nsections\t\(sizes[0])\t\(narrow.count)\t\(sizes[2])\t\(sizes[3])\n".utf8) + info + narrow + rest)
            .write(to: URL(fileURLWithPath: path), options: .atomic)
        #expect(throws: RegionError.incompatibleFormat(path: path, found: "2", expected: RegionPack.formatVersion, name: "riviera", source: "monaco.osm.pbf")) {
            try RegionPack(path: path)
        }
    }
}

/// The names an object's tags give, in the order the pack keeps them.
@Suite struct OSMNamesTests {
    @Test func namesComeMainFirstThenByKeyEachOnce() {
        let tags: OSMTags = ["name": "Café de Paris", "building": "yes", "name:fr": "Café de Paris", "name:en": "Paris Café",
                    "alt_name": "Le Café; Café Monte-Carlo", "brand:wikidata": "Q1", "brand": "Barrière", "addr:street": "Place du Casino",
                    "old_name": "Grand Café", "name:prefix": "Le", "source": "survey", "official_name": "Café de Paris Monte-Carlo"]
        #expect(OSMKinds.names(tags) == ["Café de Paris", "Le Café", "Café Monte-Carlo", "Barrière", "Paris Café",
                                         "Café de Paris Monte-Carlo", "Grand Café"])
        #expect(OSMKinds.names(["building": "yes", "addr:housenumber": "1", "brand:wikidata": "Q1"]).isEmpty)
        #expect(OSMKinds.names(["short_name": "CdP"]) == ["CdP"])
    }

    @Test func aKeyGivenTwiceReadsAsItsLastValue() {
        var tags = OSMTags()
        for (key, value) in [("name", "Old"), ("alt_name", "A"), ("building", "yes"), ("name", "New"), ("alt_name", "B"), ("fixme", "x"), ("fixme", "y")] {
            tags.set(key, value)
        }
        #expect(OSMKinds.names(tags) == ["New", "B"])
        #expect(tags["name"] == "New" && tags["fixme"] == "y" && tags["building"] == "yes" && tags["shop"] == nil)
        #expect(tags == ["building": "yes", "name": "New", "alt_name": "B", "fixme": "y"])
        #expect(OSMTags(["name": "New"]) != ["name": "Old"])
    }

    /// `OSMKey.texts` follows the cases by position: a case added or moved without its text would read
    /// another key's tags.
    @Test func everyKnownKeyReadsBackFromItsText() {
        #expect(OSMKey.texts.count == OSMKey.allCases.count)
        for key in OSMKey.allCases where key.rawValue >= OSMKey.name.rawValue {
            #expect(OSMKey(key.text) == key, "\(key) is written \"\(key.text)\"")
        }
        #expect(OSMKey("name:fr") == .nameVariant && OSMKey("fixme") == .other)
    }
}
