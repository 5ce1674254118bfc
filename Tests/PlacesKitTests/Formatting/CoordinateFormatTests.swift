import Testing
@testable import PlacesKit

@Suite struct CoordinateFormatTests {
    @Test(arguments: [
        (51.50135, 4, "51.5014"), (-0.141, 4, "-0.1410"), (0, 4, "0.0000"), (-0.00001, 4, "0.0000"),
        (180, 0, "180"), (-33.85675, 2, "-33.86"), (0.5, 0, "1"), (12345.6789, 1, "12345.7"), (-0.05, 1, "-0.1"),
    ])
    func fixedRoundsToTheGivenDecimals(value: Double, decimals: Int, expected: String) {
        #expect(CoordinateFormat.fixed(value, decimals: decimals) == expected)
    }

    @Test(arguments: [(51.501, "51.501"), (-0.141, "-0.141"), (91, "91"), (0.00001, "0.00001"), (1e60, "1e+60"),
                      (1e-7, "0.0000001"), (2.5e-8, "0.000000025"), (-1.25e-7, "-0.000000125"), (5e-324, "0." + String(repeating: "0", count: 323) + "5")])
    func plainIsShortest(value: Double, expected: String) {
        #expect(CoordinateFormat.plain(value) == expected)
        #expect(Double(CoordinateFormat.plain(value)) == value, "reads back the same")
    }
}
