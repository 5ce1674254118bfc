import Foundation
import Testing
@testable import PlacesGeo
@testable import PlacesKit

/// Checks of the bundled tables as data: names that places point to exist, former names are only aliases,
/// curated sights lie near the towns they name.
@Suite struct GazetteerDataTests {
    let gazetteer = Gazetteer.bundled

    @Test func everyRegionAndCountyCodeUsedByAPlaceHasAName() {
        typealias Column = GazetteerSchema.PlaceColumn
        var regions = Set<String>(), counties = Set<String>()
        var unnamed: [String] = []
        var offset = 0, lines = 0
        let table = gazetteer.places
        while offset < table.count {
            let cc = String(table.text(.country, ofLineAt: offset))
            let admin1 = String(table.text(.admin1, ofLineAt: offset))
            let admin2 = String(table.text(.admin2, ofLineAt: offset))
            if !admin1.isEmpty, regions.insert(cc + "." + admin1).inserted,
               gazetteer.regionName(country: cc, code: admin1).isEmpty {
                unnamed.append(cc + "." + admin1)
            }
            if !admin2.isEmpty, counties.insert(cc + "." + admin1 + "." + admin2).inserted,
               gazetteer.countyName(country: cc, admin1: admin1, code: admin2).isEmpty {
                unnamed.append(cc + "." + admin1 + "." + admin2)
            }
            offset = table.nextLine(after: offset)
            lines += 1
        }
        #expect(lines > 240_000)
        #expect(regions.count > 3_000)
        #expect(counties.count > 20_000)
        #expect(unnamed.isEmpty, "\(unnamed.prefix(20))")
    }

    /// Former names (Orange Free State, Rhône-Alpes, Hordaland…) find today's region and are never its name.
    @Test func formerRegionNamesAreAliasesNeverPrimaryNames() throws {
        let rows = try GeoFixtures.text("former-region-names.tsv").split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count >= 40)
        for row in rows {
            let f = row.split(separator: "\t").map(String.init)
            try #require(f.count == 2)
            let parts = f[1].split(separator: ".").map(String.init)
            let current = gazetteer.regionName(country: parts[0], code: parts[1])
            #expect(!current.isEmpty, "\(f[1]) has no name")
            #expect(NameFolding.fold(current) != NameFolding.fold(f[0]), "\(f[1]) is still called \(f[0])")
            let found = gazetteer.search(f[0], limit: 5).filter { $0.entry.kind == .region }
            #expect(found.contains { $0.entry.countryCode == parts[0] && $0.quality == .alias }, "\(f[0]) finds \(found.map(\.entry.context))")
        }
    }

    /// Regions are named as people write them, not in ISO 3166-2's sorting form ("Madrid, Comunidad de")
    /// or with a generic word after the name ("Beijing Shi", "Stockholms län"); the ISO names still find
    /// the region as other names.
    @Test(arguments: [("ES", "29", "Comunidad de Madrid", "Madrid, Comunidad de"), ("CZ", "52", "Prague", "Praha, Hlavní město"),
                      ("SE", "26", "Stockholm", "Stockholms län"), ("CN", "22", "Beijing", "Beijing Shi"),
                      ("TH", "40", "Bangkok", "Krung Thep Maha Nakhon"), ("KR", "11", "Seoul", "Seoul-teukbyeolsi"),
                      ("RU", "73", "Tatarstan Republic", "Tatarstan, Respublika"), ("KH", "24", "Siem Reap", "Siem Reab")])
    func regionsAreNamedAsPeopleWriteThem(_ region: (country: String, code: String, name: String, iso: String)) {
        #expect(gazetteer.regionName(country: region.country, code: region.code) == region.name)
        let found = gazetteer.search(region.iso, limit: 5).filter { $0.entry.kind == .region }
        #expect(found.contains { $0.entry.countryCode == region.country && $0.entry.name == region.name },
                "\(region.iso) finds \(found.map(\.entry.context))")
    }

    /// No region keeps ISO's sorting form: a name ending in ", Comunidad de" or ", Respublika".
    @Test func noRegionIsNamedInISOSortingForm() {
        var inverted: [String] = []
        let table = gazetteer.regions
        var offset = 0
        while offset < table.count {
            let start = table.field(GazetteerSchema.UnitColumn.name.rawValue, ofLineAt: offset)
            let name = String(decoding: UnsafeBufferPointer(start: table.base + start, count: table.fieldEnd(from: start) - start), as: UTF8.self)
            if let tail = name.split(separator: ",").last, name.contains(","),
               ["de", "del", "of", "din", "Respublika", "Comunidad", "The"].contains(String(tail.split(separator: " ").last ?? "")) {
                inverted.append(name)
            }
            offset = table.nextLine(after: offset)
        }
        #expect(inverted.isEmpty, "\(inverted)")
    }

    struct Sight: Sendable, CustomTestStringConvertible {
        var name: String, latitude: Double, longitude: Double, country: String, town: String
        /// How far from its town the sight may lie: 25 km, or what its table sets (`# town-within-km: N`).
        var townWithinKm: Double
        var testDescription: String { "\(name) (\(town), \(country))" }
    }

    /// The curated sights, read from the tables the build reads.
    static let sights: [Sight] = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }  // Geo, PlacesKitTests, Tests
        let folder = url.appendingPathComponent("Scripts/gazetteer/sights").path
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".tsv") }.sorted()
        var result: [Sight] = []
        for file in files {
            let text = (try? String(contentsOfFile: folder + "/" + file, encoding: .utf8)) ?? ""
            let directive = "# town-within-km:"
            let townWithinKm = text.split(separator: "\n").first { $0.hasPrefix(directive) }
                .flatMap { Double($0.dropFirst(directive.count).trimmingCharacters(in: .whitespaces)) } ?? 25
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard f.count >= 6, let lat = Double(f[2]), let lon = Double(f[3]) else { continue }  // the header
                result.append(Sight(name: f[0], latitude: lat, longitude: lon, country: f[4], town: f[5], townWithinKm: townWithinKm))
            }
        }
        return result
    }()

    @Test func everyCuratedSightIsNearItsTown() {
        #expect(Self.sights.count >= 1_000)
        var far: [String] = []
        for sight in Self.sights {
            let town = NameFolding.fold(sight.town)
            let near = gazetteer.places(withinKm: sight.townWithinKm, ofLatitude: sight.latitude, longitude: sight.longitude, limit: 100_000)
            if !near.contains(where: { NameFolding.fold($0.entry.name) == town && $0.entry.countryCode == sight.country }) {
                far.append(sight.testDescription)
            }
        }
        #expect(far.isEmpty, "\(far.prefix(20))")
    }

    @Test func everyCuratedSightIsInTheGazetteer() {
        var missing: [String] = []
        for sight in Self.sights {
            // A name with a comma in it ("University of California, Los Angeles") is also read as a
            // name and the place it is in, and ranked as that; the sight is still found under its whole name.
            let found = gazetteer.search(sight.name, limit: 20).contains { match in
                (match.quality.isExact || NameFolding.fold(match.entry.name) == NameFolding.fold(sight.name))
                    && Geodesy.distanceKm(fromLatitude: sight.latitude, longitude: sight.longitude,
                                                            toLatitude: match.entry.latitude, longitude: match.entry.longitude) < 1
            }
            if !found { missing.append(sight.name) }
        }
        #expect(missing.isEmpty, "\(missing.prefix(20))")
    }
}
