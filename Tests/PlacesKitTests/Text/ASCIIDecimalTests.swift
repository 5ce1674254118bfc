import Testing
@testable import PlacesKit

/// The one integer reader of the fast paths reads what `Int(String)` reads, and nothing else.
@Suite struct ASCIIDecimalTests {
    static let texts = ["0", "7", "0530", "2024", "-12", "+12", "-", "+", "", " 1", "1 ", "1.5", "1e3", "٣", "--1",
                        "999999999999999999", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
                        "00000000000000000001", "12a", "a12", "+-1"]

    @Test(arguments: texts)
    func signedReadsAsIntDoes(_ text: String) {
        #expect(ASCIIDecimal.integer(Array(text.utf8), signed: true) == Int(text))
    }

    @Test(arguments: texts)
    func unsignedTakesDigitsAlone(_ text: String) {
        let digitsOnly = !text.isEmpty && text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        #expect(ASCIIDecimal.integer(Array(text.utf8)) == (digitsOnly ? Int(text) : nil))
    }

    /// Random digit strings of every length up to 20, signed or not, and read from a slice whose
    /// indices do not start at zero (as a timestamp's fields are).
    @Test func randomTextReadsAsIntDoes() {
        var seed: UInt64 = 42
        func next(_ bound: UInt64) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % bound)
        }
        for _ in 0..<2_000 {
            let sign = ["", "-", "+"][next(3)]
            let text = sign + String((0..<next(21)).map { _ in Character(String(next(10))) })
            let bytes = Array(("xx" + text).utf8)
            #expect(ASCIIDecimal.integer(bytes[2...], signed: true) == Int(text), "\(text)")
            #expect(ASCIIDecimal.integer(bytes[2...]) == (sign.isEmpty ? Int(text) : nil), "\(text)")
        }
    }

    static let decimals = ["0", "-0", "+0", "0.0", "-0.000", "43.7330002", "7.4188621", "-73.9824752", "-0.128", "1.", ".5", "-.5",
                           "1.5e3", "1e3", "inf", "nan", "", "-", "+", ".", " 1.5", "1.5 ", "1,5", "1.2.3", "0x1p3",
                           "123456789012345", "1234567890123456", "12345678901234567890", "0.1234567890123456789012",
                           "0.00000000000000000000001", "000000000000000000043.5", "9007199254740993", "179.99999999999999"]

    /// Every form, plain or not, reads as `Double(String)` reads it, bit for bit (the sign of zero too).
    @Test(arguments: decimals)
    func decimalReadsAsDoubleDoes(_ text: String) {
        #expect(ASCIIDecimal.double(Array(text.utf8))?.bitPattern == Double(text)?.bitPattern, "\(text)")
    }

    /// Random decimals of up to 17 digits on either side of the point, as a table's coordinates and boxes
    /// hold them, read from a slice whose indices do not start at zero.
    @Test func randomDecimalsReadAsDoubleDoes() {
        var seed: UInt64 = 24
        func next(_ bound: UInt64) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % bound)
        }
        func digits(_ count: Int) -> String { String((0..<count).map { _ in Character(String(next(10))) }) }
        for _ in 0..<20_000 {
            let sign = ["", "-", "+"][next(3)]
            let text = sign + digits(1 + next(17)) + (next(4) == 0 ? "" : "." + digits(next(18)))
            let bytes = Array(("xx" + text).utf8)
            #expect(ASCIIDecimal.double(bytes[2...])?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }
}
