import Testing
import Foundation
@testable import PlacesKit
import PlacesTestSupport
@testable import PlacesGeo

@Suite struct GazetteerImporterTests {
    @Test func importsADumpAndSearchesIt() throws {
        let data = try makeTestDirectory().path
        defer { try? FileManager.default.removeItem(atPath: data) }
        #expect(try Gazetteer.current(dataDirectory: data).source == .bundled)
        let summary = try GazetteerImporter.importDump(at: GeoFixtures.path("geonames-mini.txt"),
                                                       alternateNames: GeoFixtures.path("geonames-mini-alternateNames.txt"),
                                                       dataDirectory: data)
        #expect(summary.places == 5)  // the non-populated "Earth" row is skipped
        let gazetteer = try Gazetteer.current(dataDirectory: data)
        #expect(gazetteer.source == .user(directory: data + "/gazetteer"))
        #expect(gazetteer.info["places"] == "5")
        #expect(gazetteer.search("Лондон").first?.entry.name == "London")
        #expect(gazetteer.search("Berna").first?.entry.name == "Bern")        // from the alternate names file
        #expect(gazetteer.search("hlavni mesto praha").first?.entry.name == "Prague")
        #expect(gazetteer.search("Paris").first?.entry.countryCode == "FR")  // PPLC makes it a capital
        #expect(gazetteer.search("Paris, Texas").first?.entry.countryCode == "US")
        #expect(gazetteer.search("Paris", country: "US").first?.entry.admin1 == "Texas")
        #expect(gazetteer.search("Pariss").first?.quality == .fuzzy)
        #expect(!gazetteer.search("Tokyo").contains { $0.entry.kind == .city })  // not in this dump
        #expect(gazetteer.search("Japan").first?.entry.kind == .country)      // countries stay bundled
        #expect(gazetteer.nearest(latitude: 51.4, longitude: 0).first?.entry.name == "London")
        #expect(gazetteer.info["format"] == "3")
        // The keys are one compact table: regions, counties and countries come from the bundled one.
        let keys = try #require(FileManager.default.contents(atPath: data + "/gazetteer/keys.bin"))
        #expect(Array(keys.prefix(4)) == KeyTable.magic)
        #expect(summary.keys == gazetteer.keys.entryCount)
        #expect(gazetteer.keys.entries().count == gazetteer.keys.entryCount)
        // Counties and their codes come from the dump's admin2 column and the bundled county names.
        #expect(gazetteer.search("London").first?.entry.admin2 == "Greater London")
        // Back to the bundled gazetteer.
        #expect(try GazetteerImporter.reset(dataDirectory: data))
        #expect(try Gazetteer.current(dataDirectory: data).source == .bundled)
        #expect(try !GazetteerImporter.reset(dataDirectory: data))
    }

    @Test func refusesAMalformedDumpWithItsLineNumber() throws {
        let data = try makeTestDirectory().path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let path = GeoFixtures.path("geonames-malformed.txt")
        #expect(throws: GazetteerError.malformed(path: path, line: 3, reason: "latitude/longitude \"north\", \"14.42076\" out of range")) {
            try GazetteerImporter.importDump(at: path, dataDirectory: data)
        }
        // Nothing was installed.
        #expect(try Gazetteer.current(dataDirectory: data).source == .bundled)
    }

    @Test func refusesAFileThatIsNotADump() throws {
        let data = try makeTestDirectory().path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let path = GeoFixtures.path("geosearch-regression.tsv")
        do {
            try GazetteerImporter.importDump(at: path, dataDirectory: data)
            Issue.record("imported a file that is not a GeoNames dump")
        } catch let error as GazetteerError {
            guard case .malformed(_, let line, _) = error else { Issue.record("\(error)"); return }
            #expect(line == 2)  // line 1 is a comment
            #expect(error.description.contains(":2: "))
        }
        #expect(throws: GazetteerError.self) {
            try GazetteerImporter.importDump(at: data + "/missing.txt", dataDirectory: data)
        }
    }

    /// An import written in another table layout (an older version's, without the format line) is refused
    /// with a hint, never read with the wrong columns.
    @Test func refusesAnImportOfAnotherFormat() throws {
        let data = try makeTestDirectory().path
        defer { try? FileManager.default.removeItem(atPath: data) }
        try GazetteerImporter.importDump(at: GeoFixtures.path("geonames-mini.txt"), dataDirectory: data)
        let info = Gazetteer.userDirectory(dataDirectory: data) + "/info.tsv"
        let text = try String(contentsOfFile: info, encoding: .utf8)
        for replacement in ["", "format\t1\n", "format\t2\n", "format\t4\n"] {
            try text.replacingOccurrences(of: "format\t3\n", with: replacement).write(toFile: info, atomically: true, encoding: .utf8)
            do {
                _ = try Gazetteer.current(dataDirectory: data)
                Issue.record("opened an import of format \(replacement)")
            } catch let error as GazetteerError {
                guard case .incompatibleFormat(_, let found, let expected) = error else { Issue.record("\(error)"); continue }
                #expect(expected == 3)
                #expect(found == (replacement.isEmpty ? "" : String(replacement.dropFirst(7).dropLast())))
                #expect(error.remedy == .importAgainOrReset)
                // The library names no command: the executable words the remedy.
                #expect(!error.description.contains("places gazetteer"), "\(error.description)")
                #expect(error.hint?.contains("import the GeoNames dump again") == true)
            }
        }
    }

    /// An import of the previous format (format 2: its keys as text lines in keys.tsv) is refused by name, not
    /// read as if it had no keys, and `reset` still removes it.
    @Test func anOlderImportWithTextKeysIsRefusedNotIgnored() throws {
        let data = try makeTestDirectory().path
        defer { try? FileManager.default.removeItem(atPath: data) }
        let folder = Gazetteer.userDirectory(dataDirectory: data)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "A gazetteer imported by places.\n".write(toFile: folder + "/" + GazetteerImporter.markerName, atomically: true, encoding: .utf8)
        try "00000\tBern\t46.9\t7.4\tCH\tBE\t\t1\tcity\t-\t\t\t\t\t1\n".write(toFile: folder + "/places.tsv", atomically: true, encoding: .utf8)
        try "bern\tP\t0\n".write(toFile: folder + "/keys.tsv", atomically: true, encoding: .utf8)
        try "format\t2\nlicence\tCC BY 4.0, GeoNames (geonames.org)\n".write(toFile: folder + "/info.tsv", atomically: true, encoding: .utf8)
        #expect(throws: GazetteerError.incompatibleFormat(path: folder, found: "2", expected: 3)) {
            try Gazetteer.current(dataDirectory: data)
        }
        #expect(try GazetteerImporter.reset(dataDirectory: data))
        #expect(try Gazetteer.current(dataDirectory: data).source == .bundled)
    }

    /// A key table that is not one (cut, or another file) is refused when the import is opened.
    @Test func aDamagedKeyTableIsRefused() throws {
        let data = try makeTestDirectory().path
        defer { try? FileManager.default.removeItem(atPath: data) }
        try GazetteerImporter.importDump(at: GeoFixtures.path("geonames-mini.txt"), dataDirectory: data)
        let keys = Gazetteer.userDirectory(dataDirectory: data) + "/keys.bin"
        try Data("bern\tP\t0\n".utf8).write(to: URL(fileURLWithPath: keys))
        #expect(throws: GazetteerError.unreadable(path: keys, reason: "not a key table")) {
            try Gazetteer.current(dataDirectory: data)
        }
    }
}
