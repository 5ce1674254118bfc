import Foundation
import PlacesKit
import PlacesTestSupport
import Testing

/// The region pack's layout: front-coded keys, the same bytes from the same extract, and packs of an older
/// format refused by name with the command that rebuilds them.
@Suite struct RegionPackFormatCLITests {
    /// The pack's `keys` section: where it starts and its length, read from the pack's `sections` line.
    static func keySection(_ pack: Data) throws -> Range<Int> {
        let lines = pack.prefix(200).split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
        let sizes = String(decoding: lines[1], as: UTF8.self).split(separator: "\t").dropFirst().compactMap { Int($0) }
        // info, keys, places, geometry, and from format 5 nearby.
        try #require(sizes.count == 5)
        let start = lines[0].count + 1 + lines[1].count + 1 + sizes[0]
        return start..<(start + sizes[1])
    }

    @Test func packKeysAreFrontCodedAndEveryNameIsFoundBack() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let added = try runner.run(["region", "add", RegionCLITests.fixture("monaco"), "--quiet"])
        try #require(added.status == 0, "\(added.stderr)")
        let pack = try Data(contentsOf: URL(fileURLWithPath: RegionCLITests.packPath(runner, "monaco")))
        let keys = pack[try Self.keySection(pack)]
        #expect(keys.starts(with: Array("PKY2".utf8)))
        // No text key line (`folded<TAB>P<TAB>offset`) is left in the section.
        #expect(!String(decoding: keys, as: UTF8.self).contains("\tP\t"))
        // Names, addresses in both orders and a postcode are found in the front-coded table.
        for query in ["Café de Paris", "Boulevard des Moulins", "2 Avenue Princesse Alice", "98000"] {
            let found = try runner.run(["search", query, "--json", "--limit", "3"])
            #expect(found.status == 0 && found.stdout.contains("\"region\": \"monaco\""), "\(query): \(found.stdout)\(found.stderr)")
        }
    }

    @Test func theSameExtractGivesTheSameBytes() throws {
        let first = try PlacesRunner(), second = try PlacesRunner()
        defer { first.removeAll(); second.removeAll() }
        for runner in [first, second] {
            let added = try runner.run(["region", "add", RegionCLITests.fixture("kotka"), "--quiet"])
            try #require(added.status == 0, "\(added.stderr)")
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: RegionCLITests.packPath(first, "kotka")))
        let b = try Data(contentsOf: URL(fileURLWithPath: RegionCLITests.packPath(second, "kotka")))
        #expect(a.count > 10_000)
        #expect(a == b)
    }

    @Test func anOlderPackIsRefusedByNameWithTheCommandThatRebuildsIt() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let added = try runner.run(["region", "add", RegionCLITests.fixture("monaco"), "--name", "riviera", "--quiet"])
        try #require(added.status == 0, "\(added.stderr)")
        let path = RegionCLITests.packPath(runner, "riviera")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let header = Data("places-region\t\(RegionPack.formatVersion)\n".utf8)
        try #require(bytes.starts(with: header))
        bytes.replaceSubrange(0..<header.count, with: Data("places-region\t2\n".utf8))
        try bytes.write(to: URL(fileURLWithPath: path))
        let rebuild = "places region add monaco.osm.pbf --name riviera --replace"

        let list = try runner.run(["region", "list"])
        #expect(list.status == 0)
        #expect(list.stderr.contains("\"riviera\"") && list.stderr.contains("format 2") && list.stderr.contains(rebuild), "\(list.stderr)")
        let info = try runner.run(["region", "info", "riviera"])
        #expect(info.status == 65 && info.stderr.contains(rebuild), "\(info.status) \(info.stderr)")
        // A search still answers from the bundled gazetteer, and says which region it left out and why.
        let search = try runner.run(["search", "Monaco", "--json"])
        #expect(search.status == 0 && search.stderr.contains(rebuild), "\(search.stderr)")
        #expect(!search.stdout.contains("riviera"))
        // Running the command it names brings the region back.
        let again = try runner.run(["region", "add", RegionCLITests.fixture("monaco"), "--name", "riviera", "--replace", "--quiet"])
        #expect(again.status == 0, "\(again.stderr)")
        let found = try runner.run(["search", "Café de Paris", "--json"])
        #expect(found.stdout.contains("\"region\": \"riviera\"") && found.stderr.isEmpty, "\(found.stdout)\(found.stderr)")
    }

    @Test func anOlderOrDamagedPackCanStillBeRemoved() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let added = try runner.run(["region", "add", RegionCLITests.fixture("kotka"), "--quiet"])
        try #require(added.status == 0, "\(added.stderr)")
        let path = RegionCLITests.packPath(runner, "kotka")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        // Its key table's magic spoiled: the pack is damaged, not silently empty.
        let keys = try Self.keySection(bytes)
        bytes[keys.lowerBound] = UInt8(ascii: "X")
        try bytes.write(to: URL(fileURLWithPath: path))
        let info = try runner.run(["region", "info", "kotka"])
        #expect(info.status == 65 && info.stderr.contains("damaged"), "\(info.stderr)")
        let removed = try runner.run(["region", "remove", "kotka"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
