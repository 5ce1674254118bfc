import Foundation
import Testing

/// Kills `import`, `undo` and `doctor --fix` at a spread of instants, as the writer kill loop does
/// for `add`: after every kill a journal exists, it parses, and it is either the state before the
/// command or the state after it; when the command said it was done, it is the state after it.
@Suite struct FaultInjectionTests {
    /// The names in a journal file, or `nil` when there is no journal or it does not parse.
    func names(at url: URL) -> Set<String>? {
        guard let data = try? Data(contentsOf: url),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let places = object["places"] as? [[String: Any]] else { return nil }
        return Set(places.compactMap { $0["name"] as? String })
    }

    /// Runs `places` and kills it after `delay` microseconds; returns whether it finished successfully first.
    func runAndKill(_ places: PlacesRunner, _ arguments: [String], after delay: UInt32) throws -> Bool {
        let process = Process()
        process.executableURL = PlacesRunner.executable
        process.arguments = arguments
        process.environment = ["PLACES_STORE": places.journal.path, "HOME": places.directory.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(delay)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        return process.terminationReason == .exit && process.terminationStatus == 0
    }

    @Test func killedImportUndoAndDoctorNeverLeaveNoJournalNorLoseASavedChange() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        for index in 0..<3 { _ = try places.add("Seed \(index)", "1,\(index)") }
        let folder = places.journal.deletingLastPathComponent()
        let history = folder.appendingPathComponent("places.json.history")
        var completed: [String: Int] = [:], killed: [String: Int] = [:]
        for round in 0..<54 {
            // A spread of instants from start-up to the end of the work; now and then long enough to finish.
            let delay = round % 6 == 5 ? 600_000 : UInt32((round * 2_357) % 40_000)
            let before = try #require(names(at: places.journal), "round \(round): the journal must parse before the round")
            let kind = ["import", "undo", "doctor"][round % 3]
            var after: Set<String>
            var arguments: [String]
            switch kind {
            case "import":
                let name = "Imported \(round)"
                let file = places.directory.appendingPathComponent("in-\(round).csv")
                try "name,latitude,longitude\n\(name),2,\(round)\n".write(to: file, atomically: true, encoding: .utf8)
                arguments = ["import", file.path]
                after = before.union([name])
            case "undo":
                let newest = try FileManager.default.contentsOfDirectory(atPath: history.path).filter { $0.hasSuffix(".json") }.sorted().last
                guard let newest else { continue }
                arguments = ["undo"]
                after = try #require(names(at: history.appendingPathComponent(newest)))
            default:
                // Damage the journal by hand; doctor --fix must put back the newest readable version.
                after = try #require(names(at: folder.appendingPathComponent("places.json.bak")))
                try "{\"version\": 1, \"pla".write(to: places.journal, atomically: false, encoding: .utf8)
                arguments = ["doctor", "--fix"]
            }
            let acknowledged = try runAndKill(places, arguments, after: delay)
            if acknowledged { completed[kind, default: 0] += 1 } else { killed[kind, default: 0] += 1 }
            #expect(FileManager.default.fileExists(atPath: places.journal.path), "round \(round) (\(kind)): no journal at all")
            let now = names(at: places.journal)
            if acknowledged {
                #expect(now == after, "round \(round) (\(kind)) reported success: \(String(describing: now)) != \(after)")
            } else if kind == "doctor" {
                // Killed: the damaged journal is still there, untouched, or the restored one is in place.
                let text = try String(contentsOf: places.journal, encoding: .utf8)
                #expect(now == after || text == "{\"version\": 1, \"pla", "round \(round): \(text.prefix(80))")
                if now == nil {
                    let repair = try places.run(["doctor", "--fix"])
                    #expect(repair.status == 0, "round \(round): \(repair.stdout)\(repair.stderr)")
                }
            } else {
                #expect(now == before || now == after, "round \(round) (\(kind)) killed: \(String(describing: now))")
            }
        }
        for kind in ["import", "undo", "doctor"] {
            #expect(completed[kind, default: 0] > 0 && killed[kind, default: 0] > 0,
                    "\(kind) must both finish and be killed (finished \(completed[kind, default: 0]), killed \(killed[kind, default: 0]))")
        }
        #expect(try places.run(["doctor", "--fix"]).status == 0)
        #expect(try places.run(["doctor"]).status == 0)
    }
}
