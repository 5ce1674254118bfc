import Testing
import Foundation
import PlacesKit

@Suite struct GazetteerImporterTests {
    @Test func importsADumpAndSearchesIt() throws {
        let data = try GeoFixtures.temporaryDirectory()
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
        #expect(gazetteer.info["format"] == "2")
        // Counties and their codes come from the dump's admin2 column and the bundled county names.
        #expect(gazetteer.search("London").first?.entry.admin2 == "Greater London")
        // Back to the bundled gazetteer.
        #expect(try GazetteerImporter.reset(dataDirectory: data))
        #expect(try Gazetteer.current(dataDirectory: data).source == .bundled)
        #expect(try !GazetteerImporter.reset(dataDirectory: data))
    }

    @Test func refusesAMalformedDumpWithItsLineNumber() throws {
        let data = try GeoFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        let path = GeoFixtures.path("geonames-malformed.txt")
        #expect(throws: GazetteerError.malformed(path: path, line: 3, reason: "latitude/longitude \"north\", \"14.42076\" out of range")) {
            try GazetteerImporter.importDump(at: path, dataDirectory: data)
        }
        // Nothing was installed.
        #expect(try Gazetteer.current(dataDirectory: data).source == .bundled)
    }

    @Test func refusesAFileThatIsNotADump() throws {
        let data = try GeoFixtures.temporaryDirectory()
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
        let data = try GeoFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        try GazetteerImporter.importDump(at: GeoFixtures.path("geonames-mini.txt"), dataDirectory: data)
        let info = Gazetteer.userDirectory(dataDirectory: data) + "/info.tsv"
        let text = try String(contentsOfFile: info, encoding: .utf8)
        for replacement in ["", "format\t1\n", "format\t3\n"] {
            try text.replacingOccurrences(of: "format\t2\n", with: replacement).write(toFile: info, atomically: true, encoding: .utf8)
            do {
                _ = try Gazetteer.current(dataDirectory: data)
                Issue.record("opened an import of format \(replacement)")
            } catch let error as GazetteerError {
                guard case .incompatibleFormat(_, let found, let expected) = error else { Issue.record("\(error)"); continue }
                #expect(expected == 2)
                #expect(found == (replacement.isEmpty ? "" : String(replacement.dropFirst(7).dropLast())))
                #expect(error.description.contains("places gazetteer import"))
                #expect(error.description.contains("places gazetteer reset"))
            }
        }
    }
}
