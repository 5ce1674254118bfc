import Foundation
import Testing
@testable import PlacesKit
import PlacesTestSupport

@Suite struct StorePathTests {
    @Test func explicitPathWinsOverEverything() throws {
        let env = ["PLACES_STORE": "/env/places.json", "XDG_DATA_HOME": "/xdg", "HOME": "/home/me"]
        #expect(try StorePath.resolve(explicit: "/flag/j.json", environment: env) == "/flag/j.json")
        #expect(try StorePath.resolve(explicit: nil, environment: env) == "/env/places.json")
    }

    @Test func xdgDataHomeWhenAbsoluteElseHome() throws {
        #expect(try StorePath.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/me"])
            == "/xdg/places/places.json")
        #expect(try StorePath.resolve(explicit: nil, environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/me"])
            == "/home/me/.local/share/places/places.json")
        #expect(try StorePath.resolve(explicit: nil, environment: ["HOME": "/home/me/"])
            == "/home/me/.local/share/places/places.json")
        #expect(throws: JournalError.noHome) { try StorePath.resolve(explicit: nil, environment: [:]) }
    }
}

@Suite struct JournalStoreTests {
    @Test func addUpdateRemoveRoundTrip() throws {
        let dir = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = JournalStore(path: dir.appendingPathComponent("new/sub/places.json").path)
        #expect(try store.load().isEmpty)
        let added = try store.add(Location(name: "Kyoto", latitude: 35.0116, longitude: 135.7681))
        #expect(added.created != nil && added.created == added.updated)
        let later = Date(timeIntervalSinceNow: 60)
        let changed = try store.update(added.id, now: later) { $0.name = "Kyōto"; $0.id = UUID() }
        #expect(changed.id == added.id, "the id never changes")
        #expect(changed.name == "Kyōto" && changed.updated == Date(timeIntervalSince1970: later.timeIntervalSince1970.rounded(.down)) || changed.updated == later)
        try expectSamePlaces(try store.load(), [changed])
        #expect(try store.remove([added.id]).map(\.name) == ["Kyōto"])
        #expect(try store.load().isEmpty)
    }

    @Test func fileIsPrivateAndDirectoryToo() throws {
        let dir = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("data/places.json").path
        let store = JournalStore(path: path)
        try store.add(Location.example)
        try store.add(Location(name: "Second", latitude: 1, longitude: 1))
        let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        let dirMode = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("data").path)[.posixPermissions] as? Int
        let backupMode = try FileManager.default.attributesOfItem(atPath: path + ".bak")[.posixPermissions] as? Int
        #expect(fileMode == 0o600 && backupMode == 0o600 && dirMode == 0o700)
    }

    @Test func formatIsVersionedSortedPrettyJSON() throws {
        let dir = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = JournalStore(path: dir.appendingPathComponent("places.json").path)
        try store.add(Location.example)
        let text = try String(contentsOfFile: store.path, encoding: .utf8)
        #expect(text.hasPrefix("{\n  \"places\" : [\n"))
        #expect(text.contains("\"version\" : 1"))
        let keys = ["created", "description", "id", "latitude", "longitude", "name", "tags", "updated", "visited"]
        let positions = keys.map { text.range(of: "\"\($0)\"")!.lowerBound }
        #expect(positions == positions.sorted(), "keys are sorted")
    }

    @Test func backupHoldsThePreviousVersion() throws {
        let dir = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = JournalStore(path: dir.appendingPathComponent("places.json").path)
        try store.add(Location.example)
        let first = try Data(contentsOf: URL(fileURLWithPath: store.path))
        try store.add(Location(name: "Second", latitude: 1, longitude: 1))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.backupPath)) == first)
    }

    @Test func bareArrayIsReadAndUpgradedOnTheNextWrite() throws {
        let dir = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("places.json").path
        let legacy = #"[{"id":"5A3B1F0E-7C2D-4E8A-9B6F-1D2C3E4F5A6B","name":"Buckingham Palace","description":"Lit by over 40,000 lightbulbs.","latitude":51.501,"longitude":-0.141}]"#
        try legacy.write(toFile: path, atomically: false, encoding: .utf8)
        let store = JournalStore(path: path)
        #expect(try store.load().map(\.name) == ["Buckingham Palace"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == legacy, "reading never rewrites")
        try store.add(Location(name: "New", latitude: 0, longitude: 0))
        let upgraded = try String(contentsOfFile: path, encoding: .utf8)
        #expect(upgraded.contains("\"version\" : 1"))
        #expect(try store.load().count == 2)
        #expect(try String(contentsOfFile: store.backupPath, encoding: .utf8) == legacy)
    }

    @Test(arguments: [
        ("{\"version\": 1, \"places\": [\n  {\"id\": oops}\n]}", "unexpected character 'o': expected a JSON value at line 2, column 10"),
        ("{\"version\": 1, \"places\": [", "the file ends where a value was expected at line 1, column 27"),
        ("", "the file is empty"),
        ("{\"version\": 1}", "the top level has no \"places\""),
        ("{\"version\": 1, \"places\": [{\"id\": \"5A3B1F0E-7C2D-4E8A-9B6F-1D2C3E4F5A6B\", \"name\": \"A\", \"latitude\": \"north\", \"longitude\": 0}]}",
         "places[0].latitude is not a number"),
    ])
    func unreadableJournalIsRefusedAndLeftUntouched(content: String, reason: String) throws {
        let dir = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("places.json").path
        try content.write(toFile: path, atomically: false, encoding: .utf8)
        let store = JournalStore(path: path)
        #expect { try store.load() } throws: { "\($0)".contains("cannot read \(path): \(reason)") }
        #expect { try store.add(Location.example) } throws: { "\($0)".contains(reason) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == content)
        #expect(!FileManager.default.fileExists(atPath: path + ".bak"))
    }

    @Test func newerVersionIsRefused() throws {
        let dir = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("places.json").path
        try #"{"version": 3, "places": [{"shape": "unknown"}]}"#.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: JournalError.newerVersion(path: path, version: 3, supported: 2)) { try JournalStore(path: path).load() }
    }

    @Test func invalidChangeWritesNothing() throws {
        let dir = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = JournalStore(path: dir.appendingPathComponent("places.json").path)
        try store.add(Location.example)
        let before = try Data(contentsOf: URL(fileURLWithPath: store.path))
        #expect(throws: LocationValidationError.self) { try store.update(Location.example.id) { $0.latitude = 200 } }
        #expect(try Data(contentsOf: URL(fileURLWithPath: store.path)) == before)
    }

    @Test func symlinkedJournalStaysASymlink() throws {
        let dir = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let synced = dir.appendingPathComponent("synced")
        try FileManager.default.createDirectory(at: synced, withIntermediateDirectories: true)
        let link = dir.appendingPathComponent("places.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: synced.appendingPathComponent("places.json").path)
        let store = JournalStore(path: link)
        try store.add(Location.example)
        try store.add(Location(name: "Second", latitude: 1, longitude: 1))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link).hasSuffix("synced/places.json"))
        #expect(try JournalStore(path: synced.appendingPathComponent("places.json").path).load().count == 2)
    }

    @Test func strayTemporaryFilesAreRemovedUnderTheLock() throws {
        let dir = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = JournalStore(path: dir.appendingPathComponent("places.json").path)
        try store.add(Location.example)
        let stray = dir.appendingPathComponent(".places.json.tmp.999999.1").path
        try "half a jour".write(toFile: stray, atomically: false, encoding: .utf8)
        #expect(store.strayTemporaryFiles() == [stray])
        try store.add(Location(name: "Second", latitude: 1, longitude: 1))
        #expect(!FileManager.default.fileExists(atPath: stray))
    }

    @Test func duplicateIDsInTheFileAreRefused() throws {
        let dir = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("places.json").path
        let one = #"{"id":"5A3B1F0E-7C2D-4E8A-9B6F-1D2C3E4F5A6B","name":"A","latitude":1,"longitude":2}"#
        try "[\(one),\(one)]".write(toFile: path, atomically: false, encoding: .utf8)
        #expect { try JournalStore(path: path).load() } throws: { "\($0)".contains("appears twice") }
    }

    @Test func fieldsThisVersionDoesNotKnowSurviveAChange() throws {
        let dir = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("places.json").path
        try #"{"version": 1, "places": [{"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "A", "latitude": 1, "longitude": 2, "rating": 4.5, "companions": ["Sam", "Alex"]}]}"#
            .write(toFile: path, atomically: false, encoding: .utf8)
        let store = JournalStore(path: path)
        try store.add(Location(name: "B", latitude: 3, longitude: 4))
        try store.update(UUID(uuidString: "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b")!) { $0.name = "A renamed" }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"rating\" : 4.5"))
        #expect(text.contains("\"companions\" : [\n        \"Sam\",\n        \"Alex\"\n      ]"))
        #expect(try store.load()[0].extraFields["rating"] == (try JSONFragment(json: "4.5")))
    }
}
