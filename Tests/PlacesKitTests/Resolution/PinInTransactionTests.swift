import Foundation
import Testing
import PlacesKit

/// `add --in` one of your places decides the position inside the saving transaction: one read of the
/// journal, and a refusal leaves the journal untouched.
@Suite struct PinInTransactionTests {
    @Test func thePositionComesFromTheJournalBeingSaved() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("places-unit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = JournalStore(path: directory.appendingPathComponent("places.json").path)
        try store.add(Location(name: "Dishoom", latitude: 51.5124, longitude: -0.1268))
        let resolver = { (places: [Location]) in PlaceResolver(gazetteer: .bundled, journal: places) }

        let lunch = try store.add(Location(name: "Lunch", latitude: 0, longitude: 0)) { places in
            let chosen = try resolver(places).pin("dishoom").place
            return (chosen.latitude, chosen.longitude)
        }
        #expect(lunch.latitude == 51.5124 && lunch.longitude == -0.1268)

        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        #expect(throws: PlaceResolutionError.self) {
            try store.add(Location(name: "Picnic", latitude: 0, longitude: 0)) { places in
                let chosen = try resolver(places).pin("Springfield").place
                return (chosen.latitude, chosen.longitude)
            }
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
        #expect(try store.load().map(\.name) == ["Dishoom", "Lunch"])
    }
}
