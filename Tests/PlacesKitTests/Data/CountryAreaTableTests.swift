import Testing

@testable import PlacesGeo
@testable import PlacesKit

/// `boundary-country-areas.tsv`, the areas `stats` reads instead of summing every outline ring: every
/// outlined country has its line in order, each area is what the rings give, and the big countries'
/// areas are near their known land areas.
@Suite struct CountryAreaTableTests {
    @Test func everyOutlinedCountryHasItsLineInOrder() {
        let table = BoundaryData.countryAreas
        var codes: [String] = [], offset = 0
        while offset < table.count {
            codes.append(String(table.fields(at: offset)[0]))
            offset = table.nextLine(after: offset)
        }
        let index = CountryIndex.bundled
        #expect(codes == index.countries.map(\.code))
        #expect(index.areasKm2().count == index.countryCount)
    }

    @Test func eachAreaIsWhatItsOutlineRingsGive() {
        let index = CountryIndex.bundled
        let table = index.areasKm2(), summed = index.outlineAreasKm2()
        #expect(table.count == summed.count)
        for (position, (read, sum)) in zip(table, summed).enumerated() {
            // The script repeats the sum operation for operation; only a different `sin` could move the
            // last digits.
            #expect(abs(read - sum) <= sum * 1e-9, "\(index.countries[position].code): table \(read), rings \(sum)")
        }
        #expect(table.allSatisfy { $0 > 0 }, "every outlined country has land")
    }

    /// Known land areas (km², total area as usually quoted): the 1:50m outlines, enclaves and lakes
    /// aside, are within a few per cent of them.
    @Test(arguments: [("RU", 17_098_246.0), ("CA", 9_984_670.0), ("CN", 9_596_961.0), ("US", 9_525_067.0),
                      ("BR", 8_515_767.0), ("AU", 7_692_024.0), ("AR", 2_780_400.0),
                      ("FR", 551_695.0), ("DE", 357_588.0), ("JP", 377_975.0), ("GB", 242_495.0)])
    func bigCountriesAreNearTheirKnownArea(code: String, known: Double) throws {
        let index = CountryIndex.bundled
        let position = try #require(index.position(ofCode: code))
        let area = index.areasKm2()[position]
        #expect(abs(area - known) / known < 0.04, "\(code): \(area) km² against \(known)")
    }

    @Test func theWorldsLandIsAbout149MillionSquareKilometres() {
        let total = CountryIndex.bundled.areasKm2().reduce(0, +)
        #expect(total > 140_000_000 && total < 155_000_000, "\(total)")
    }
}
