import Foundation
import Testing

@testable import PlacesGeo
@testable import PlacesKit
@testable import PlacesMap

/// The list of the places table's features and large towns (`gazetteer-prominent.bin`) is that table's,
/// and a walk that reads only its lines finds what a walk of every line finds.
@Suite struct ProminentLinesTests {
    @Test func theListIsEveryLineWithNoPopulationOrAtLeastTheThreshold() throws {
        let list = try #require(ProminentLines.bundled, "gazetteer-prominent.bin is not derived from gazetteer-places.tsv: run python3 Scripts/gazetteer/prominent.py")
        #expect(list.threshold == 100_000)
        let places = GazetteerData.places
        var expected: [Int] = []
        var offset = 0
        while offset < places.count {
            let population = places.integer(at: places.field(.population, ofLineAt: offset))
            if population == 0 || population >= list.threshold { expected.append(offset) }
            offset = places.nextLine(after: offset)
        }
        #expect(expected.count > 1_000 && expected.count < places.count / 2, "\(expected.count) of the lines listed")
        #expect(list.count == expected.count)
        #expect((0..<min(list.count, expected.count)).allSatisfy { list[$0] == expected[$0] }, "the offsets differ")
        #expect(list.firstIndex(atOrAfter: 0) == 0 && list.firstIndex(atOrAfter: places.count) == list.count)
        #expect(list.firstIndex(atOrAfter: expected[7]) == 7 && list.firstIndex(atOrAfter: expected[7] + 1) == 8)
    }

    @Test(arguments: [MapContext.Band.world, .continent])
    func aWalkOfTheListedLinesFindsWhatAWalkOfEveryLineFinds(band: MapContext.Band) throws {
        let bundled = Gazetteer.bundled
        // The same bytes elsewhere: a gazetteer the list was not derived from, so its walks read every line.
        let source = GazetteerData.places
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: source.count)
        defer { copy.deallocate() }
        copy.initialize(from: source.base, count: source.count)
        let unlisted = Gazetteer(keys: GazetteerData.keys, places: SortedTable(base: copy, count: source.count),
                                 occupancy: GazetteerData.occupancy, source: .bundled, info: [:])
        #expect(bundled.prominentLines(passingOver: band.smallestTown) != nil)
        #expect(unlisted.prominentLines(passingOver: band.smallestTown) == nil)
        #expect(bundled.prominentLines(passingOver: MapContext.Band.country.smallestTown) == nil,
                "a walk keeping towns of 50,000 needs every line")
        // The whole world, a box across the antimeridian and one inside a few cells' edges.
        for (south, west, north, east) in [(-90.0, -180.0, 90.0, 180.0), (-50.0, 150.0, 10.0, 215.0), (35.3, 5.7, 52.9, 19.2)] {
            let listed = MapContext.groups(south: south, west: west, north: north, east: east, band: band, gazetteer: bundled, limit: 500)
            let walked = MapContext.groups(south: south, west: west, north: north, east: east, band: band, gazetteer: unlisted, limit: 500)
            #expect(listed == walked, "\(band) \(south),\(west) to \(north),\(east)")
            #expect(!listed.joined().isEmpty, "\(band): no names in the box")
        }
    }
}
