import Foundation
import Testing
@testable import PlacesKit

/// Compares places field by field: `Location ==` compares ids only (a place stays the same place
/// when it changes), which would let a test pass with every other field wrong. Coordinates are
/// compared by their bits, so `-0.0` read back as `0.0` fails too.
func expectSamePlace(_ actual: Location, _ expected: Location, sourceLocation: SourceLocation = #_sourceLocation) {
    let label = "place \(expected.idString)"
    #expect(actual.id == expected.id, "\(label): id", sourceLocation: sourceLocation)
    #expect(actual.name == expected.name, "\(label): name", sourceLocation: sourceLocation)
    #expect(actual.description == expected.description, "\(label): description", sourceLocation: sourceLocation)
    #expect(actual.latitude.bitPattern == expected.latitude.bitPattern, "\(label): latitude \(actual.latitude) vs \(expected.latitude)",
            sourceLocation: sourceLocation)
    #expect(actual.longitude.bitPattern == expected.longitude.bitPattern, "\(label): longitude \(actual.longitude) vs \(expected.longitude)",
            sourceLocation: sourceLocation)
    #expect(actual.tags == expected.tags, "\(label): tags", sourceLocation: sourceLocation)
    #expect(actual.visited == expected.visited, "\(label): visited", sourceLocation: sourceLocation)
    #expect(actual.visits == expected.visits, "\(label): visits", sourceLocation: sourceLocation)
    #expect(actual.created == expected.created, "\(label): created", sourceLocation: sourceLocation)
    #expect(actual.updated == expected.updated, "\(label): updated", sourceLocation: sourceLocation)
    #expect(actual.extraFields == expected.extraFields, "\(label): extra fields", sourceLocation: sourceLocation)
}

/// The same number of places, each the same field by field, in the same order.
func expectSamePlaces(_ actual: [Location], _ expected: [Location], sourceLocation: SourceLocation = #_sourceLocation) throws {
    try #require(actual.count == expected.count, "\(actual.count) places, expected \(expected.count)", sourceLocation: sourceLocation)
    for (a, b) in zip(actual, expected) { expectSamePlace(a, b, sourceLocation: sourceLocation) }
}
