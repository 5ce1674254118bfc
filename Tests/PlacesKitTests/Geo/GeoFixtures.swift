import Foundation

/// Reads the geosearch fixtures from `Tests/PlacesKitTests/Fixtures` beside the test sources.
enum GeoFixtures {
    static let directory: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()  // Geo
        url.deleteLastPathComponent()  // PlacesKitTests
        return url.appendingPathComponent("Fixtures").path
    }()

    static func path(_ name: String) -> String { directory + "/" + name }

    /// A fixture's text; a missing or unreadable fixture is an error, never empty text.
    static func text(_ name: String) throws -> String {
        try String(contentsOfFile: path(name), encoding: .utf8)
    }
}
