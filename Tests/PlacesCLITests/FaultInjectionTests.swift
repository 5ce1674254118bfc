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

    /// Where in a command's work it is killed: points of the work itself (seen as file events in the
    /// journal's folder), never times, so that a loaded machine moves no kill out of its place.
    enum KillPoint: CaseIterable {
        /// At once, as it starts.
        case start
        /// When it opens the lock file.
        case lock
        /// When it creates its temporary journal.
        case temporary
        /// When a new journal is renamed into place.
        case rename
        /// Never: it runs to the end.
        case never
    }

    /// Runs `places` and kills it at `point` (or once it passed it, if it is quicker than the kill);
    /// returns whether it finished successfully first.
    func runAndKill(_ places: PlacesRunner, _ arguments: [String], at point: KillPoint) throws -> Bool {
        let folder = places.journal.deletingLastPathComponent().path
        let events = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        defer { close(events) }
        _ = inotify_add_watch(events, folder, UInt32(IN_CREATE | IN_MOVED_TO | IN_OPEN))
        let process = Process()
        process.executableURL = PlacesRunner.executable
        process.arguments = arguments
        process.environment = ["PLACES_STORE": places.journal.path, "HOME": places.directory.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        func reached(_ mask: UInt32, _ name: String) -> Bool {
            switch point {
            case .start, .never: return false
            case .lock: return mask & UInt32(IN_OPEN) != 0 && name == "places.json.lock"
            case .temporary: return mask & UInt32(IN_CREATE) != 0 && name.hasPrefix(".places.json.tmp.")
            case .rename: return mask & UInt32(IN_MOVED_TO) != 0 && name == "places.json"
            }
        }
        var buffer = [UInt8](repeating: 0, count: 8192)
        waiting: while point != .start && point != .never && process.isRunning {
            var poller = pollfd(fd: events, events: Int16(POLLIN), revents: 0)
            // Wakes now and then only to notice a process that ended without passing the point.
            guard poll(&poller, 1, 20) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(events, $0.baseAddress, $0.count) }
            var offset = 0
            while count > 0, offset + 16 <= count {
                let mask = buffer[offset + 4..<offset + 8].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
                let length = Int(buffer[offset + 12..<offset + 16].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) })
                let name = String(decoding: buffer[offset + 16..<offset + 16 + length].prefix { $0 != 0 }, as: UTF8.self)
                if reached(mask, name) { break waiting }
                offset += 16 + length
            }
        }
        if point != .never { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationReason == .exit && process.terminationStatus == 0
    }

    @Test func killedImportUndoAndDoctorNeverLeaveNoJournalNorLoseASavedChange() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        for index in 0..<3 { _ = try places.add("Seed \(index)", "1,\(index)") }
        let folder = places.journal.deletingLastPathComponent()
        let history = folder.appendingPathComponent("places.json.history")
        var completed: [String: Int] = [:]
        // Every kind of command is killed at every point of its work, twice, and runs to the end too.
        let rounds = (0..<2).flatMap { _ in KillPoint.allCases.flatMap { point in ["import", "undo", "doctor"].map { ($0, point) } } }
        for (round, (kind, point)) in rounds.enumerated() {
            let before = try #require(names(at: places.journal), "round \(round): the journal must parse before the round")
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
                // The version the last change replaced: staged by a change killed after its rename,
                // else the newest in the history; one that equals the journal would undo nothing.
                let staged = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                    .filter { $0.hasPrefix(".places.json.tmp.") && $0.hasSuffix(".history") }.map { folder.appendingPathComponent($0) }
                let kept = try FileManager.default.contentsOfDirectory(atPath: history.path).filter { $0.hasSuffix(".json") }
                    .sorted().reversed().map { history.appendingPathComponent($0) }
                guard let newest = (staged + kept).compactMap({ names(at: $0) }).first(where: { $0 != before }) else { continue }
                arguments = ["undo"]
                after = newest
            default:
                // Damage the journal by hand; doctor --fix must put back the newest readable version.
                after = try #require(names(at: folder.appendingPathComponent("places.json.bak")))
                try "{\"version\": 1, \"pla".write(to: places.journal, atomically: false, encoding: .utf8)
                arguments = ["doctor", "--fix"]
            }
            let acknowledged = try runAndKill(places, arguments, at: point)
            if acknowledged { completed[kind, default: 0] += 1 }
            let what = "round \(round) (\(kind), killed at \(point))"
            #expect(FileManager.default.fileExists(atPath: places.journal.path), "\(what): no journal at all")
            #expect(point != .never || acknowledged, "\(what): it must succeed when left to finish")
            let now = names(at: places.journal)
            if acknowledged {
                #expect(now == after, "\(what) reported success: \(String(describing: now)) != \(after)")
            } else if kind == "doctor" {
                // Killed: the damaged journal is still there, untouched, or the restored one is in place.
                let text = try String(contentsOf: places.journal, encoding: .utf8)
                #expect(now == after || text == "{\"version\": 1, \"pla", "\(what): \(text.prefix(80))")
                if now == nil {
                    let repair = try places.run(["doctor", "--fix"])
                    #expect(repair.status == 0, "\(what): \(repair.stdout)\(repair.stderr)")
                }
            } else {
                #expect(now == before || now == after, "\(what) killed: \(String(describing: now))")
            }
        }
        for kind in ["import", "undo", "doctor"] {
            #expect(completed[kind, default: 0] >= 2, "\(kind) finished \(completed[kind, default: 0]) times")
        }
        #expect(try places.run(["doctor", "--fix"]).status == 0)
        #expect(try places.run(["doctor"]).status == 0)
    }

    @Test func killedDoctorMergingConflictCopiesNeverLosesAPlace() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        for index in 0..<3 { _ = try places.add("Seed \(index)", "1,\(index)") }
        var everything = try MergeCommandTests.names(places)
        for index in 0..<5 {
            let name = "places.sync-conflict-20261130-13370\(index)-ABCDEFG.json"
            _ = try MergeSafetyTests.conflictCopy(places, named: name, ["add", "There \(index)", "--at", "3,\(index)"])
            everything.insert("There \(index)")
        }
        for index in 0..<25 { everything.insert("Here \(index)"); _ = try places.add("Here \(index)", "2,\(index)") }
        for (round, point) in (KillPoint.allCases + KillPoint.allCases).enumerated() {
            let before = try #require(names(at: places.journal))
            let acknowledged = try runAndKill(places, ["doctor", "--fix"], at: point)
            let now = try #require(names(at: places.journal), "round \(round) (killed at \(point)): the journal parses")
            #expect(now.isSuperset(of: before), "round \(round) (killed at \(point)) lost \(before.subtracting(now))")
            if acknowledged { #expect(now == everything, "round \(round): \(everything.subtracting(now)) missing") }
        }
        #expect(try places.run(["doctor", "--fix"]).status == 0)
        #expect(try MergeCommandTests.names(places) == everything)
    }
}
