import Foundation
import Testing

@testable import PlacesGeo
@testable import PlacesKit

/// `where` reads a band of each cell: lines east or west of the radius are passed over before their
/// distance is computed, and lines its filters would refuse before an entry is made of them. Neither may
/// change what it finds.
@Suite struct RegionNearbyBoundTests {
    @Test func noPointWithinTheRadiusLiesBeyondTheLongitudeSpan() {
        var generator = SplitMix(seed: 24)
        var checked = 0
        for _ in 0..<20_000 {
            let latitude = [Double.random(in: -89.99...89.99, using: &generator), Double.random(in: 80...89.999, using: &generator),
                            Double.random(in: -60...60, using: &generator)].randomElement(using: &generator)!
            let longitude = Double.random(in: -180...180, using: &generator)
            let radius = [0.04, 0.1, 0.3, 5, 500].randomElement(using: &generator)!
            let reach = radius / Geodesy.kmPerDegreeBelow
            let span = Gazetteer.longitudeSpan(withinKm: radius, ofLatitude: latitude, latitudeReach: reach)
            // Points on the radius's edge, just inside it, in every direction.
            for step in 0..<8 {
                let bearing = Double(step) * .pi / 4 + Double.random(in: 0..<0.1, using: &generator)
                let d = radius * 0.999_999 / Geodesy.earthRadiusKm
                let φ1 = latitude * .pi / 180, λ1 = longitude * .pi / 180
                let φ2 = asin(sin(φ1) * cos(d) + cos(φ1) * sin(d) * cos(bearing))
                let λ2 = λ1 + atan2(sin(bearing) * sin(d) * cos(φ1), cos(d) - sin(φ1) * sin(φ2))
                let lat2 = φ2 * 180 / .pi
                var lon2 = λ2 * 180 / .pi
                if lon2 > 180 { lon2 -= 360 } else if lon2 < -180 { lon2 += 360 }
                let distance = Geodesy.distanceKm(fromLatitude: latitude, longitude: longitude, toLatitude: lat2, longitude: lon2)
                guard distance <= radius, abs(lat2 - latitude) <= reach else { continue }
                var difference = abs(lon2 - longitude)
                if difference > 180 { difference = 360 - difference }
                #expect(difference <= span, "\(latitude),\(longitude) r \(radius): \(lat2),\(lon2)")
                checked += 1
            }
        }
        #expect(checked > 100_000)
    }

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("PlacesCLITests/Fixtures/osm")

    /// The three fixture extracts added as packs in `directory`, and the gazetteer that searches them.
    static func gazetteerWithTheThreeFixturePacks(in directory: URL) throws -> Gazetteer {
        for name in ["monaco", "kotka", "new-york-columbus-circle"] {
            _ = try RegionStore.add(file: fixtures.appendingPathComponent(name + ".osm.pbf").path, name: name, replace: false,
                                    dataDirectory: directory.path, gazetteer: .bundled)
        }
        return try Gazetteer.current(dataDirectory: directory.path)
    }

    @Test func placesAroundAPointAreEveryLineWithinTheRadius() throws {
        let directory = try RegionSearchBoundTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let gazetteer = try Self.gazetteerWithTheThreeFixturePacks(in: directory)
        try #require(gazetteer.regionPacks.count == 3)
        for pack in gazetteer.regionPacks {
            #expect(pack.nearby != nil)
            try Self.checkEveryLineWithinTheRadius(gazetteer, pack: pack, points: pack.name == "monaco" ? 150 : 60)
        }
    }

    /// A pack of format 4 (no `nearby` index) is still read, band by band across the whole cell.
    @Test func aPackWithoutTheNearbyIndexIsStillRead() throws {
        let directory = try RegionSearchBoundTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = try RegionStore.add(file: Self.fixtures.appendingPathComponent("monaco.osm.pbf").path, name: "monaco", replace: false,
                                dataDirectory: directory.path, gazetteer: .bundled)
        let path = RegionStore.path(of: "monaco", dataDirectory: directory.path)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let head = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
        let sizes = String(decoding: head[1], as: UTF8.self).split(separator: "\t").dropFirst().compactMap { Int($0) }
        try #require(sizes.count == 5 && String(decoding: head[0], as: UTF8.self) == "places-region\t\(RegionPack.formatVersion)")
        let body = Array(bytes[(head[0].count + head[1].count + 2)...])
        let previous = Array("places-region\t4\nsections\t\(sizes[0])\t\(sizes[1])\t\(sizes[2])\t\(sizes[3])\n".utf8)
            + Array(body[0..<(sizes[0] + sizes[1] + sizes[2] + sizes[3])])
        try Data(previous).write(to: URL(fileURLWithPath: path), options: .atomic)
        let gazetteer = try Gazetteer.current(dataDirectory: directory.path)
        let pack = try #require(gazetteer.regionPacks.first)
        #expect(pack.format == 4 && pack.nearby == nil)
        try Self.checkEveryLineWithinTheRadius(gazetteer, pack: pack, points: 60)
        // A format 5 pack without its fifth section is damaged, not read as format 4.
        try Data(Array("places-region\t5".utf8) + previous.dropFirst("places-region\t4".utf8.count)).write(to: URL(fileURLWithPath: path), options: .atomic)
        #expect(throws: RegionError.self) { try RegionPack(path: path) }
    }

    /// The `nearby` index lists each line of each cell once, by strip, then latitude, as read; the lines stay by
    /// cell, then latitude.
    @Test func theNearbyIndexOrdersEachCellByStrip() throws {
        let directory = try RegionSearchBoundTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let gazetteer = try Self.gazetteerWithTheThreeFixturePacks(in: directory)
        var strips = Set<Int>(), lines = 0
        for pack in gazetteer.regionPacks {
            let places = pack.tables.places, index = try #require(pack.nearby)
            var cells: [Int: [Int]] = [:], offset = 0, previous: (Int, Double)?
            while offset < places.count {
                let cell = Int(places.text(field: 0, ofLineAt: offset))!
                let latitude = places.double(at: places.field(.latitude, ofLineAt: offset))
                if let previous { #expect(previous <= (cell, latitude), "\(pack.name) at \(offset)") }
                previous = (cell, latitude)
                cells[cell, default: []].append(offset)
                lines += 1
                offset = places.nextLine(after: offset)
            }
            #expect(index.cells == cells.count && index.entries == cells.values.map(\.count).reduce(0, +))
            for (cell, offsets) in cells {
                let entries = index.entries(ofCell: cell)
                var listed: [Int] = [], last: (Int, Double)?
                for entry in entries {
                    let line = offsets[0] + index.offset(ofEntry: entry)
                    let latitude = places.double(at: places.field(.latitude, ofLineAt: line))
                    let longitude = places.double(at: places.field(.longitude, ofLineAt: line))
                    let strip = RegionPack.strip(longitude: longitude, west: Double(cell % 360 - 180))
                    #expect(strip == Int(((longitude - longitude.rounded(.down)) * 256).rounded(.down)), "\(longitude)")
                    if let last { #expect(last <= (strip, latitude), "\(pack.name) cell \(cell)") }
                    last = (strip, latitude)
                    strips.insert(strip)
                    listed.append(line)
                }
                #expect(listed.sorted() == offsets, "\(pack.name) cell \(cell)")
            }
            #expect(index.entries(ofCell: 0).isEmpty)
        }
        #expect(lines > 1_000 && strips.count > 10, "\(lines) lines in \(strips.count) strips")
        // The writer's exact strip and the reader's agree at and beside every strip's edge.
        for column in [0, 7 + 180, 180, -74 + 180, 359] {
            for edge in 0...256 {
                // Even edges fall on a multiple of 1e-7°, odd ones between two: both sides of each.
                for nudge in [-1, 0, 1, 2] {
                    let longitude7 = Int32((column - 180) * 10_000_000 + edge * 10_000_000 / 256 + nudge)
                    let text = RegionPackWriter.degrees(longitude7)
                    let read = Double(text)!
                    #expect(RegionPack.strip(longitude7: longitude7, column: column) == RegionPack.strip(longitude: read, west: Double(column - 180)),
                            "\(text)")
                }
            }
        }
    }

    /// A pack's box read in place is the box its text reads as, and a fact is found by its whole key.
    @Test func aPacksFactsReadInPlaceAsTheirText() {
        let texts = ["43.72335,7.409205,43.75169,7.448637", "-40.7676308,-73.9824752,40.7685312,-0.0000001", "", "1,2,3",
                     "1,2,3,4,", "1,2,3,4,5", "1e1,2,3,4", " 1,2,3,4", "1,2,,3,4", "-,1,2,3", "0,0,0,0", "1.5,-2.25,3.125,4"]
        for text in texts {
            let bytes = Array(("name\tx\nbound\ty\nbounds\t" + text + "\nboundsX\tz\n").utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let table = SortedTable(base: buffer.baseAddress!, count: buffer.count)
                let range = RegionPack.infoBytes("bounds", in: table)
                #expect(range.map { String(decoding: buffer[$0], as: UTF8.self) } == text)
                let read = range.flatMap { RegionPack.bounds(table, $0) }
                #expect(read == RegionPack.bounds(text), "\(text)")
                #expect(RegionPack.infoValue("bound", in: table) == "y" && RegionPack.infoValue("boundsX", in: table) == "z")
                #expect(RegionPack.infoValue("name", in: table) == "x" && RegionPack.infoValue("nam", in: table) == nil)
            }
        }
        #expect(RegionPack.bounds("43.72335,7.409205,43.75169,7.448637") != nil)
    }

    /// What ``Gazetteer/regionPlaces(withinKm:ofLatitude:longitude:limit:keep:)`` finds around points in a pack is
    /// every line of it within the radius, nearest first (then in the pack's order), each object once.
    static func checkEveryLineWithinTheRadius(_ gazetteer: Gazetteer, pack: RegionPack, points: Int) throws {
        var lines: [(offset: Int, entry: GazetteerEntry)] = []
        var offset = 0
        while offset < pack.tables.places.count {
            lines.append((offset, pack.entry(at: offset)))
            offset = pack.tables.places.nextLine(after: offset)
        }
        let box = try #require(pack.bounds)
        var generator = SplitMix(seed: 24)
        var found = 0
        // Lines outside the extract's box (points of ways that reach beyond it) are found only from points whose
        // radius reaches the box: the points are in the box.
        let inside = lines.filter { box.contains(latitude: $0.entry.latitude, longitude: $0.entry.longitude) }
        for _ in 0..<points {
            // Most points near a line of the pack, some anywhere in its box.
            var latitude = Double.random(in: box.minLatitude...box.maxLatitude, using: &generator)
            var longitude = Double.random(in: box.minLongitude...box.maxLongitude, using: &generator)
            if Int.random(in: 0..<4, using: &generator) > 0, let line = inside.randomElement(using: &generator) {
                latitude = min(box.maxLatitude, max(box.minLatitude, line.entry.latitude + Double.random(in: -0.0008...0.0008, using: &generator)))
                longitude = min(box.maxLongitude, max(box.minLongitude, line.entry.longitude + Double.random(in: -0.0008...0.0008, using: &generator)))
            }
            for radius in [0.04, 0.1, 0.3, 1.0] {
                let filters: [(String, (GazetteerEntry) -> Bool)] = [("all", { _ in true }), ("street", { $0.kind == .street }),
                                                                     ("number", { !($0.osm?.houseNumber.isEmpty ?? true) })]
                for (name, keep) in filters {
                    let places = gazetteer.regionPlaces(withinKm: radius, ofLatitude: latitude, longitude: longitude, limit: 5, keep: keep)
                    var seen = Set<String>(), expected: [String] = []
                    let near = lines.map { ($0, Geodesy.distanceKm(fromLatitude: latitude, longitude: longitude,
                                                                   toLatitude: $0.entry.latitude, longitude: $0.entry.longitude)) }
                        .filter { $0.1 <= radius }.sorted { ($0.1, $0.0.offset) < ($1.1, $1.0.offset) }
                    for (line, _) in near where keep(line.entry) {
                        guard seen.insert((line.entry.osm?.osmID ?? "") + "|" + line.entry.name + "|" + line.entry.kind.rawValue).inserted else { continue }
                        expected.append("\(line.entry.name)|\(line.entry.latitude)")
                        if expected.count == 5 { break }
                    }
                    #expect(places.map { "\($0.entry.name)|\($0.entry.latitude)" } == expected,
                            "\(pack.name) \(latitude),\(longitude) r \(radius) \(name)")
                    found += places.count
                }
            }
            // What `where` says there, with the filters on bytes, is what the entries say.
            if let address = gazetteer.regionAddress(latitude: latitude, longitude: longitude) {
                let poi = gazetteer.regionPlaces(withinKm: 0.04, ofLatitude: latitude, longitude: longitude, limit: 1) { $0.kind == .poi || $0.kind == .square }.first
                let numbered = gazetteer.regionPlaces(withinKm: 0.1, ofLatitude: latitude, longitude: longitude, limit: 1) { !($0.osm?.houseNumber.isEmpty ?? true) }.first
                #expect(address.pointOfInterest?.entry.name == poi?.entry.name && address.address?.entry.name == numbered?.entry.name)
            }
        }
        #expect(found > points * 10, "\(pack.name): \(found) found")
    }

    /// A coordinate passed over from its digits lies outside the range as read as a number; and the digits decide
    /// all but the coordinates within a unit of the range, and the forms they do not read.
    @Test func aWindowPassesOverOnlyWhatLiesOutside() {
        var generator = SplitMix(seed: 2424)
        var decided = 0, undecided = 0
        for _ in 0..<20_000 {
            let center = Double.random(in: -179...179, using: &generator)
            let reach = [0.0, 1e-7, 0.0004, 0.0012, 0.3].randomElement(using: &generator)!
            let range = (center - reach)...(center + reach)
            let window = DegreeWindow(range)
            // Texts near the range's edges, at every count of decimals the digits read and beyond, and other forms.
            let edge = Bool.random(using: &generator) ? range.lowerBound : range.upperBound
            let value = edge + Double.random(in: -0.002...0.002, using: &generator) * [1, 1e-3, 1e-6].randomElement(using: &generator)!
            let decimals = Int.random(in: 0...11, using: &generator)
            var text = String(format: "%.\(decimals)f", value)
            if Int.random(in: 0..<20, using: &generator) == 0 { text = String(format: "%.6e", value) }
            let bytes = Array((text + "\t").utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let table = SortedTable(base: buffer.baseAddress!, count: buffer.count)
                let (place, end) = window.place(of: table, at: 0)
                let number = table.double(at: 0)
                #expect(end == bytes.count - 1, "\(text)")
                switch place {
                case .below: #expect(number < range.lowerBound, "\(text) \(range)"); decided += 1
                case .above: #expect(number > range.upperBound, "\(text) \(range)"); decided += 1
                case .maybeWithin:
                    // Within the range, within a unit of its last decimal, or a form the digits do not read.
                    let unit = decimals <= DegreeWindow.decimals && !text.contains("e") ? pow(10, -Double(decimals)) : .infinity
                    #expect(number >= range.lowerBound - 2 * unit && number <= range.upperBound + 2 * unit, "\(text) \(range)")
                    undecided += 1
                }
            }
        }
        #expect(decided > 3_000, "\(decided) decided")
        #expect(undecided > 3_000, "\(undecided) undecided")
    }
}
