import Foundation
import Testing
@testable import PlacesGeo
@testable import PlacesKit

/// Reads the generated boundary tables back for checks, independently of the lookups.
enum BoundaryTables {
    struct Vertex { var latitude: Double, longitude: Double }

    /// Every vertex of every country ring.
    static func ringVertices(_ outlines: CountryOutlines) -> [Vertex] {
        var vertices: [Vertex] = []
        outlines.forEachRing { ring in
            guard let points = ring.decoded() else { return }
            for (x, y) in zip(points.xs, points.ys) {
                vertices.append(Vertex(latitude: PackedGeometry.latitude(y), longitude: PackedGeometry.longitude(x)))
            }
        }
        return vertices
    }

    static func lines(_ table: SortedTable) -> [(offset: Int, end: Int)] {
        var result: [(Int, Int)] = []
        var offset = 0
        while offset < table.count {
            let end = table.nextLine(after: offset) - 1
            result.append((offset, end))
            offset = end + 1
        }
        return result
    }
}

/// Checks on the generated tables, the way the gazetteer's tables are checked: codes known, boxes true,
/// every grid cell pointing at well-formed clipped rings that stay inside it.
@Suite struct BoundaryDataTests {
    let index = CountryIndex.bundled

    /// Codes the bundled GeoNames country table lacks although Natural Earth outlines them (Kosovo,
    /// Antarctica, the Caribbean Netherlands): their names come from Natural Earth.
    static let namedByNaturalEarthOnly: Set<String> = ["XK", "AQ", "BQ"]

    @Test func everyCountryCodeIsKnown() {
        let codes = index.countries.map(\.code)
        #expect(codes.count > 240)
        #expect(Set(codes).count == codes.count, "a code appears twice")
        for country in index.countries {
            #expect(country.code.utf8.count == 2 && country.code.utf8.allSatisfy { $0 >= 65 && $0 <= 90 }, "\(country.code)")
            #expect(!country.name.isEmpty)
            let known = !Gazetteer.bundled.countryName(country.code).isEmpty
            #expect(known || BoundaryDataTests.namedByNaturalEarthOnly.contains(country.code), "\(country.code) \(country.name) is not in the country table")
        }
    }

    /// The locator relies on this: it looks for towns of countries without an outline only in imported gazetteers.
    @Test func everyCountryOfTheGazetteerHasAnOutline() {
        let outlined = Set(index.countries.map(\.code))
        let table = Gazetteer.bundled.countries
        var offset = 0, codes = 0
        while offset < table.count {
            let code = String(decoding: table.keyBytes(at: offset), as: UTF8.self)
            codes += 1
            #expect(outlined.contains(code), "\(code) has no outline")
            offset = table.nextLine(after: offset)
        }
        #expect(codes > 240)
    }

    @Test func everyRingLiesInItsBoxAndEveryCountryHasOne() {
        var seen = Set<Int>()
        var previous = 0, rings = 0
        index.outlines.forEachRing { ring in
            rings += 1
            #expect(ring.id >= 1 && ring.id <= index.countries.count)
            #expect(ring.id >= previous, "rings of one country must be together, in priority order")
            previous = ring.id
            seen.insert(ring.id - 1)
            guard let points = ring.decoded() else {
                Issue.record("ring \(rings) of id \(ring.id) does not read")
                return
            }
            let box = ring.box
            let inside = zip(points.xs, points.ys).allSatisfy { $0 >= box.minX && $0 <= box.maxX && $1 >= box.minY && $1 <= box.maxY }
            #expect(inside, "ring of \(index.countries[ring.id - 1].code) leaves its box")
            #expect(points.xs.min() == box.minX && points.ys.max() == box.maxY, "the box is not tight")
        }
        #expect(rings > 1_500)
        #expect(seen.count == index.countries.count)
    }

    @Test func everyGridCellIsWellFormed() {
        let unit = Int(PackedGeometry.unitsPerDegree)
        var mixed = 0, whole = 0
        #expect(index.outlines.hasGrid && index.outlines.hasRings)
        for row in 0..<180 {
            for column in 0..<360 {
                let value = index.cellValue(row: row, column: column)
                if value == 0 { continue }
                if value < CountryOutlines.mixedCell {
                    whole += 1
                    #expect(value <= index.countries.count)
                    continue
                }
                mixed += 1
                var pieces = 0, previous = 0
                index.outlines.forEachPiece(inCell: value, row: row, column: column) { id, xs, ys in
                    #expect(id <= index.countries.count && id >= previous, "cell \(row),\(column): ids out of order")
                    previous = id
                    let inside = zip(xs, ys).allSatisfy {
                        $0 >= column * unit && $0 <= (column + 1) * unit && $1 >= row * unit && $1 <= (row + 1) * unit
                    }
                    #expect(inside, "a piece of cell \(row),\(column) leaves the cell")
                    pieces += 1
                    return true
                }
                #expect(pieces > 0, "cell \(row),\(column) has no piece")
            }
        }
        #expect(mixed > 5_000 && whole > 10_000)
    }

    @Test func everyFeatureLiesInItsBox() {
        let features = FeatureIndex.bundled
        let lines = BoundaryTables.lines(features.features)
        #expect(lines.count > 3_000)
        #expect(features.boxes.count == 21 * lines.count - 1)  // the literal drops its last newline
        let kinds: Set<String> = ["admin1", "lake", "reservoir", "park", "desert", "range", "plateau", "plain", "basin", "delta",
                                  "peninsula", "island", "islands", "region", "coast", "lowland", "valley", "gorge",
                                  "wetlands", "tundra", "foothills", "isthmus"]
        for (number, line) in lines.enumerated() {
            let fields = features.features.fields(at: line.offset)
            #expect(fields.count == 5)
            guard fields.count == 5 else { continue }
            #expect(kinds.contains(String(fields[0])) || fields[0].hasPrefix("marine:"), "kind \(fields[0])")
            #expect(!fields[1].isEmpty)
            let boxRecord = features.boxes.base + 21 * number
            #expect(PackedGeometry.value(boxRecord + 16, width: 4) == line.offset)
            let box = PackedGeometry.Box(boxRecord)
            // The last field is where the rings lie in the ring table: two four-letter offsets.
            #expect(fields[4].utf8.count == 8)
            let rings = features.rings(ofLineAt: line.offset)
            #expect(!rings.isEmpty && rings.allSatisfy { $0.xs.count >= 3 })
            let xs = rings.flatMap(\.xs), ys = rings.flatMap(\.ys)
            #expect(xs.min() == box.minX && xs.max() == box.maxX && ys.min() == box.minY && ys.max() == box.maxY,
                    "box of \(fields[1]) is not its rings' box")
        }
    }

    @Test func peaksAreWellFormed() {
        let peaks = FeatureIndex.bundled.peaks
        let lines = BoundaryTables.lines(peaks)
        #expect(lines.count > 500)
        for line in lines {
            let fields = peaks.fields(at: line.offset)
            #expect(fields.count == 4 && (fields[0] == "mountain" || fields[0] == "volcano") && Int(fields[2]) != nil)
            #expect(fields.last?.utf8.count == 8)
        }
    }

    /// Natural Earth's peaks against a second source, the curated sights (compiled by hand from reference
    /// works): a peak the curated table names within 10 km lies within 300 m of its summit there.
    @Test func peaksAgreeWithTheCuratedSummits() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scripts/gazetteer/sights")
        var summits: [String: [(Double, Double)]] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".tsv") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") where !line.hasPrefix("#") {
                let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard cells.count >= 8, cells[1] == "mountain" || cells[1] == "volcano",
                      let lat = Double(cells[2]), let lon = Double(cells[3]) else { continue }
                for name in [cells[0]] + cells[6].split(separator: "|").map(String.init) + cells[7].split(separator: "|").map(String.init) {
                    summits[NameFolding.fold(name), default: []].append((lat, lon))
                }
            }
        }
        #expect(summits.count > 50)
        let peaks = FeatureIndex.bundled.peaks
        var compared = 0
        for line in BoundaryTables.lines(peaks) {
            let fields = peaks.fields(at: line.offset)
            let p = peaks.base + line.end - 8
            let lat = PackedGeometry.latitude(PackedGeometry.value(p + 4, width: 4))
            let lon = PackedGeometry.longitude(PackedGeometry.value(p, width: 4))
            let distances = (summits[NameFolding.fold(String(fields[1]))] ?? []).map {
                Geodesy.distanceKm(fromLatitude: lat, longitude: lon, toLatitude: $0.0, longitude: $0.1)
            }.filter { $0 <= 10 }
            guard let nearest = distances.min() else { continue }
            compared += 1
            #expect(nearest <= 0.3, "\(fields[1]) lies \(nearest) km from its curated summit")
        }
        #expect(compared >= 20)
    }

    /// The outlines against the gazetteer: almost every GeoNames town must fall in its own country's outline
    /// or waters. The rest are towns on borders and coasts finer than 1:50m, and disputed areas.
    @Test func gazetteerTownsFallInTheirOwnCountry() {
        let locator = CountryLocator()
        let places = Gazetteer.bundled.places
        var total = 0, agree = 0
        var offset = 0
        while offset < places.count {
            if Gazetteer.bundled.isSettlementLine(offset) {
                let lat = places.double(at: places.field(.latitude, ofLineAt: offset))
                let lon = places.double(at: places.field(.longitude, ofLineAt: offset))
                total += 1
                if locator.country(latitude: lat, longitude: lon)?.code == String(places.text(.country, ofLineAt: offset)) { agree += 1 }
            }
            offset = places.nextLine(after: offset)
        }
        #expect(total > 100_000)
        let share = Double(agree) / Double(max(1, total))
        #expect(share > 0.99, "only \(agree) of \(total) towns are in their own country")
    }
}
