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

    @Test func placesAroundAPointAreEveryLineWithinTheRadius() throws {
        let directory = try RegionSearchBoundTests.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("PlacesCLITests/Fixtures/osm")
        _ = try RegionStore.add(file: fixtures.appendingPathComponent("monaco.osm.pbf").path, name: "monaco", replace: false,
                                dataDirectory: directory.path, gazetteer: .bundled)
        let gazetteer = try Gazetteer.current(dataDirectory: directory.path)
        let pack = try #require(gazetteer.regionPacks.first)
        var lines: [(offset: Int, entry: GazetteerEntry)] = []
        var offset = 0
        while offset < pack.tables.places.count {
            lines.append((offset, pack.entry(at: offset)))
            offset = pack.tables.places.nextLine(after: offset)
        }
        var generator = SplitMix(seed: 24)
        for _ in 0..<150 {
            let latitude = Double.random(in: 43.72...43.76, using: &generator), longitude = Double.random(in: 7.40...7.44, using: &generator)
            for radius in [0.04, 0.1, 0.3, 1.0] {
                let filters: [(String, (GazetteerEntry) -> Bool)] = [("all", { _ in true }), ("street", { $0.kind == .street }),
                                                                     ("number", { !($0.osm?.houseNumber.isEmpty ?? true) })]
                for (name, keep) in filters {
                    let found = gazetteer.regionPlaces(withinKm: radius, ofLatitude: latitude, longitude: longitude, limit: 5, keep: keep)
                    // Every line, nearest first (then in the pack's order), each object once.
                    var seen = Set<String>(), expected: [String] = []
                    let near = lines.map { ($0, Geodesy.distanceKm(fromLatitude: latitude, longitude: longitude,
                                                                   toLatitude: $0.entry.latitude, longitude: $0.entry.longitude)) }
                        .filter { $0.1 <= radius }.sorted { ($0.1, $0.0.offset) < ($1.1, $1.0.offset) }
                    for (line, _) in near where keep(line.entry) {
                        guard seen.insert((line.entry.osm?.osmID ?? "") + "|" + line.entry.name + "|" + line.entry.kind.rawValue).inserted else { continue }
                        expected.append("\(line.entry.name)|\(line.entry.latitude)")
                        if expected.count == 5 { break }
                    }
                    #expect(found.map { "\($0.entry.name)|\($0.entry.latitude)" } == expected, "\(latitude),\(longitude) r \(radius) \(name)")
                }
            }
            // What `where` says there, with the filters on bytes, is what the entries say.
            if let address = gazetteer.regionAddress(latitude: latitude, longitude: longitude) {
                let poi = gazetteer.regionPlaces(withinKm: 0.04, ofLatitude: latitude, longitude: longitude, limit: 1) { $0.kind == .poi || $0.kind == .square }.first
                let numbered = gazetteer.regionPlaces(withinKm: 0.1, ofLatitude: latitude, longitude: longitude, limit: 1) { !($0.osm?.houseNumber.isEmpty ?? true) }.first
                #expect(address.pointOfInterest?.entry.name == poi?.entry.name && address.address?.entry.name == numbered?.entry.name)
            }
        }
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
