import Foundation
import PlacesKit

/// Fixtures and sample data shared by the interchange tests.
enum InterchangeFixtures {
    /// The folder of interchange fixtures, found from this source file so tests need no bundle.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func url(_ name: String) -> URL {
        folder.appendingPathComponent("Interchange").appendingPathComponent(name)
    }

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: url(name)))
    }

    static func date(_ text: String) -> Date { Timestamp.date(from: text)! }

    /// Places that exercise the awkward corners: quotes, commas, line breaks and markup in text,
    /// longitude ±180, several tags, missing dates, non-Latin names, tiny coordinates.
    static let places: [Location] = [
        Location(
            id: UUID(uuidString: "5A3B1F0E-7C2D-4E8A-9B6F-1D2C3E4F5A6B")!, name: "Buckingham Palace",
            description: "Lit by over 40,000 lightbulbs.", latitude: 51.501, longitude: -0.141, tags: ["london", "royal"],
            visited: date("2023-06-01T10:00:00Z"), created: date("2023-05-01T09:00:00Z"), updated: date("2023-06-02T11:30:00Z")),
        Location(
            id: UUID(uuidString: "6B4C2A1F-8D3E-4F9B-8C7A-2E3D4F5A6B7C")!, name: "Café \"Le Procope\", Paris",
            description: "Quotes \"here\", commas, and\na second line; <b>markup</b> & ampersands 'too'.",
            latitude: 48.853, longitude: 2.3388, tags: ["food"],
            created: date("2024-01-15T12:00:00Z"), updated: date("2024-01-15T12:00:00Z")),
        Location(
            id: UUID(uuidString: "7C5D3B2A-9E4F-4A0C-9D8B-3F4E5A6B7C8D")!, name: "Taveuni antimeridian marker",
            description: "", latitude: -16.8, longitude: 180, tags: [],
            created: date("2022-02-02T02:02:02Z"), updated: date("2022-02-02T02:02:02Z")),
        Location(
            id: UUID(uuidString: "8D6E4C3B-0F5A-4B1D-8E9C-4A5F6B7C8D9E")!, name: "東京タワー",
            description: "Tabs\tand unicode ✓", latitude: 35.658581, longitude: 139.745433, tags: ["tokyo", "views", "2025 trip"],
            visited: date("2019-11-11T11:11:11Z"), created: nil, updated: nil),
        Location(
            id: UUID(uuidString: "9E7F5D4C-1A6B-4C2E-9FAD-5B6A7C8D9EAF")!, name: "Null Island buoy",
            description: "  leading and trailing spaces are trimmed on import", latitude: 0.000001, longitude: -179.5,
            tags: ["sea"], created: date("2020-01-01T00:00:00Z"), updated: date("2021-01-01T00:00:00Z")),
    ]

    /// The sample places as an import would give them back (descriptions are trimmed on the way in).
    static var placesAsImported: [Location] {
        places.map { place in
            var copy = place
            copy.description = place.description.trimmed
            return copy
        }
    }
}
