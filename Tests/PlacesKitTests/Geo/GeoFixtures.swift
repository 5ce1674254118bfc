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

    static func text(_ name: String) -> String {
        (try? String(contentsOfFile: path(name), encoding: .utf8)) ?? ""
    }

    /// A fresh, empty directory for one test.
    static func temporaryDirectory() throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("places-geo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
