import Foundation
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

    /// Against the plain way of writing the same digits, for every number of decimals, at values of
    /// every size and sign, and at the edges where a pair of digits meets the point.
    @Test func fixedWritesTheDigitsOfTheRoundedValue() {
        func reference(_ value: Double, _ decimals: Int) -> String {
            var scale = 1.0
            for _ in 0..<decimals { scale *= 10 }
            let whole = UInt64((abs(value) * scale).rounded())
            var digits = String(whole)
            if digits.count <= decimals { digits = String(repeating: "0", count: decimals + 1 - digits.count) + digits }
            if decimals > 0 { digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -decimals)) }
            return (value < 0 && whole != 0 ? "-" : "") + digits
        }
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [0, -0.0, 1, 9, 10, 99, 100, 101, 999.99995, 0.00005, -0.00005, 0.0001, 0.001, 0.01, 0.1, 8_999_999]
        for _ in 0..<20_000 {
            values.append(Double.random(in: -180...180, using: &generator))
            values.append(Double.random(in: -1...1, using: &generator) * pow(10, Double(Int.random(in: -10...6, using: &generator))))
        }
        for value in values {
            for decimals in 0...9 where (abs(value) * pow(10, Double(decimals))).rounded() < 9.0e15 {
                #expect(CoordinateFormat.fixed(value, decimals: decimals) == reference(value, decimals), "\(value) \(decimals)")
            }
        }
    }

    @Test(arguments: [(51.501, "51.501"), (-0.141, "-0.141"), (91, "91"), (0.00001, "0.00001"), (1e60, "1e+60"),
                      (1e-7, "0.0000001"), (2.5e-8, "0.000000025"), (-1.25e-7, "-0.000000125"), (Double.leastNonzeroMagnitude, "0." + String(repeating: "0", count: 323) + "5")])
    func plainIsShortest(value: Double, expected: String) {
        #expect(CoordinateFormat.plain(value) == expected)
        #expect(Double(CoordinateFormat.plain(value)) == value, "reads back the same")
    }
}
