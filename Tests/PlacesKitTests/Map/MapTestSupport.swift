import Foundation
import PlacesTestSupport
@testable import PlacesKit

/// Places used across the map tests: fixed ids and dates so drawings are byte-for-byte stable.
enum MapSamples {
    static let day = Date(timeIntervalSince1970: 1_700_000_000)

    static func place(_ number: Int, _ name: String, _ latitude: Double, _ longitude: Double,
                      tags: [String] = [], visited: Bool = false) -> Location {
        let id = UUID(uuidString: "00000000-0000-4000-8000-" + String(repeating: "0", count: 12 - String(number).count) + String(number))!
        return Location(id: id, name: name, latitude: latitude, longitude: longitude, tags: tags,
                        visited: visited ? day : nil)
    }

    static let europe: [Location] = [
        place(1, "Buckingham Palace", 51.501, -0.141, tags: ["london", "sights"], visited: true),
        place(2, "Louvre", 48.8606, 2.3376, tags: ["museums"], visited: true),
        place(3, "Sagrada Família", 41.4036, 2.1744, tags: ["sights"]),
        place(4, "Rijksmuseum", 52.36, 4.885, tags: ["museums"]),
        place(5, "Colosseum", 41.8902, 12.4922, tags: ["sights"], visited: true),
        place(6, "Café Central", 48.2104, 16.3655, tags: ["food"]),
        place(7, "Blue Lagoon", 63.8804, -22.4495, tags: ["nature"]),
        place(8, "Alhambra", 37.176, -3.5881, tags: ["sights"], visited: true),
    ]

    static let fiji = place(20, "Suva", -18.1416, 178.4419, tags: ["pacific"])
    static let samoa = place(21, "Apia", -13.8333, -171.7667, tags: ["pacific"], visited: true)
}

/// Checks that every start tag has its end tag, in order: a small stand-in for an XML parser.
/// - Returns: a description of the first problem, or `nil` when the tags balance.
func tagBalanceProblem(_ xml: String) -> String? {
    var stack: [String] = []
    var index = xml.startIndex
    while let open = xml[index...].firstIndex(of: "<") {
        guard let close = xml[open...].firstIndex(of: ">") else { return "unclosed <" }
        let tag = xml[xml.index(after: open)..<close]
        index = xml.index(after: close)
        if tag.hasPrefix("?") || tag.hasPrefix("!") { continue }
        if tag.hasSuffix("/") { continue }
        let name = String(tag.prefix { !$0.isWhitespace && $0 != "/" || ($0 == "/" && tag.first == "/") })
        if name.hasPrefix("/") {
            guard stack.popLast() == String(name.dropFirst()) else { return "unexpected </\(name.dropFirst())>" }
        } else {
            stack.append(name)
        }
    }
    return stack.isEmpty ? nil : "unclosed <\(stack.last!)>"
}

