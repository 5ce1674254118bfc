import Testing
@testable import PlacesKit

/// Folding bytes in place must give exactly what ``NameFolding/fold(_:)`` gives.
@Suite struct NameFolderTests {
    @Test func agreesWithNameFoldingOnTheSampleAndOnMixedText() throws {
        var names = try GeoFixtures.text("fold-sample.tsv").split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aeSTMftłóüãÆßМоскваé東京ـ-'. ,\u{301}\u{200D}Ⅻ①".unicodeScalars)
        for _ in 0..<3_000 {
            names.append(String(String.UnicodeScalarView((0..<Int.random(in: 0...14, using: &generator)).map { _ in
                alphabet.randomElement(using: &generator)!
            })))
        }
        var folder = NameFolder()
        var buffer: [UInt8] = []
        for name in names {
            folder.fold(name, into: &buffer)
            #expect(String(decoding: buffer, as: UTF8.self) == NameFolding.fold(name), "\(name.debugDescription)")
        }
        #expect(names.count > 4_000)
    }
}
