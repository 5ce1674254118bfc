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
}
