import Testing
@testable import PlacesKit

@Suite struct ConflictCopiesTests {
    @Test(arguments: [
        ("places.sync-conflict-20261130-133700-ABCDEFG.json", "Syncthing"),
        ("places (conflicted copy).json", "Dropbox"),
        ("places (Alice's conflicted copy 2026-11-30).json", "Dropbox"),
        ("places (conflicted copy 2026-11-30 133700).json", "Nextcloud"),
        ("places_conflict-20261130-133700.json", "Nextcloud"),
        ("places 2.json", "iCloud Drive"),
    ])
    func conflictCopiesAreKnownByName(_ name: String, _ tool: String) {
        #expect(ConflictCopies.tool(naming: name, journalName: "places.json") == tool)
    }

    @Test(arguments: ["places.json", "places.json.bak", "places.json.lock", "places.json.history", "places.json.merged-copies",
                      "places.json.unreadable-2026-11-30T133700Z", "other.json", "places 2.json.bak", "places x.json",
                      "places (copy).json", "places.sync-conflict-20261130-133700-ABCDEFG.json.bak"])
    func theJournalsOwnFilesAndOthersAreNot(_ name: String) {
        #expect(ConflictCopies.tool(naming: name, journalName: "places.json") == nil)
    }
}
