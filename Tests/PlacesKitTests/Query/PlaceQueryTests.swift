import Foundation
import Testing
@testable import PlacesKit

/// The one place filter behind list, export, map and near, tested without the binary.
@Suite struct PlaceQueryTests {
    static let day = Date(timeIntervalSince1970: 1_700_000_000)
    static func place(_ name: String, _ latitude: Double, _ longitude: Double, tags: [String] = [],
                      visited: Bool = false, created: Double = 0) -> Location {
        Location(name: name, latitude: latitude, longitude: longitude, tags: tags, visited: visited ? day : nil,
                 created: Date(timeIntervalSince1970: created), updated: Date(timeIntervalSince1970: created))
    }

    static let places = [
        place("louvre", 48.8606, 2.3376, tags: ["Museums"], visited: true, created: 3),
        place("Big Ben", 51.5007, -0.1246, tags: ["sights"], created: 1),
        place("Eiffel Tower", 48.8584, 2.2945, tags: ["sights", "Paris"], visited: true, created: 2),
        place("Colosseum", 41.8902, 12.4922, created: 4),
    ]

    @Test func everythingPassesByDefaultInJournalOrder() {
        #expect(PlaceQuery().apply(to: Self.places).map(\.name) == Self.places.map(\.name))
        #expect(!PlaceQuery().filters)
    }

    @Test func tagsAreAnyOfWithoutCase() {
        #expect(PlaceQuery(tags: ["SIGHTS"]).apply(to: Self.places).map(\.name) == ["Big Ben", "Eiffel Tower"])
        #expect(PlaceQuery(tags: ["museums", "paris"]).apply(to: Self.places).map(\.name) == ["louvre", "Eiffel Tower"])
        #expect(PlaceQuery(tags: ["none"]).apply(to: Self.places).isEmpty)
    }

    @Test func visitedAndWanted() {
        #expect(PlaceQuery(visited: true).apply(to: Self.places).map(\.name) == ["louvre", "Eiffel Tower"])
        #expect(PlaceQuery(visited: false).apply(to: Self.places).map(\.name) == ["Big Ben", "Colosseum"])
        #expect(PlaceQuery(tags: ["sights"], visited: false).apply(to: Self.places).map(\.name) == ["Big Ben"])
    }

    @Test func orders() {
        #expect(PlaceQuery(order: .name).apply(to: Self.places).map(\.name) == ["Big Ben", "Colosseum", "Eiffel Tower", "louvre"])
        #expect(PlaceQuery(order: .created).apply(to: Self.places).map(\.name) == ["Colosseum", "louvre", "Eiffel Tower", "Big Ben"])
        #expect(PlaceQuery(order: .updated, limit: 2).apply(to: Self.places).map(\.name) == ["Colosseum", "louvre"])
    }

    @Test func circleAndDistanceOrder() throws {
        let paris = PlaceQuery.Point(latitude: 48.8566, longitude: 2.3522)
        let near = PlaceQuery(centre: paris, radiusKm: 10, order: .distance).ranked(Self.places)
        #expect(near.map(\.place.name) == ["louvre", "Eiffel Tower"])
        #expect(near.count == 2 && near[0].distanceKm < near[1].distanceKm && near[1].distanceKm < 10)
        let all = PlaceQuery(centre: paris, order: .distance).apply(to: Self.places)
        #expect(all.map(\.name) == ["louvre", "Eiffel Tower", "Big Ben", "Colosseum"])
        #expect(PlaceQuery(centre: paris, radiusKm: 10).filters)
        #expect(PlaceQuery(centre: paris, order: .distance, limit: 1).apply(to: Self.places).map(\.name) == ["louvre"])
    }

    /// The map's filter is the same query: the map shows exactly what `list` would list.
    @Test func mapFilterIsTheSameQuery() {
        let filter = MapFilter(tags: ["sights"], visited: true,
                               around: MapCoordinate(latitude: 48.8566, longitude: 2.3522), radiusKm: 10)
        #expect(filter.apply(to: Self.places).map(\.name) == ["Eiffel Tower"])
        #expect(filter.query.apply(to: Self.places).map(\.name) == ["Eiffel Tower"])
    }

    /// `near --json`, built in the library.
    @Test func nearbyJSONParsesAndNamesDistanceAndDirection() throws {
        let paris = PlaceQuery.Point(latitude: 48.8566, longitude: 2.3522)
        let ranked = PlaceQuery(centre: paris, radiusKm: 10, order: .distance).ranked(Self.places)
        let text = NearbyJSON.places(ranked, from: paris)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        #expect(array.map { $0["name"] as? String } == ["louvre", "Eiffel Tower"])
        #expect(["W", "WNW", "NW"].contains(array[0]["direction"] as? String ?? ""), "the Louvre is west-north-west of the centre of Paris")
        let distance = try #require(array[1]["distanceKm"] as? Double)
        #expect(abs(distance - ranked[1].distanceKm) < 0.005)
        #expect(NearbyJSON.places([], from: paris) == "[]")
        #expect(paris.direction(toLatitude: 48.8566, longitude: 2.3522) == "-")
        #expect(paris.direction(toLatitude: 60, longitude: 2.3522) == "N")
    }
}
