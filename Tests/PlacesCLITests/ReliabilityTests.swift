import Foundation
import Testing

/// The journal's promises under pressure: concurrent writers, corrupt files, processes killed mid-write.
@Suite struct ReliabilityTests {
    @Test func concurrentAddsAllLand() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let failures = Counter()
        // 8 processes at a time, 25 rounds: 200 adds racing for the same journal.
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<25 {
                let result = try? places.run(["add", "Place \(worker)-\(round)", "--at", "\(worker),\(round)"])
                if result?.status != 0 { failures.increment() }
            }
        }
        #expect(failures.value == 0)
        let names = Set(try places.journalPlaces().compactMap { $0["name"] as? String })
        #expect(names.count == 200)
        let mode = try FileManager.default.attributesOfItem(atPath: places.journal.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func corruptJournalIsRefusedByEveryCommandAndLeftByteForByte() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("Palace", "51.501,-0.141")
        _ = try places.add("Tower", "51.508,-0.076")
        var bytes = try Data(contentsOf: places.journal)
        bytes = bytes.prefix(bytes.count / 2) // a torn journal, as a crashing editor or a full disk might leave
        try bytes.write(to: places.journal)
        let commands: [[String]] = [["list"], ["add", "New", "--at", "1,2"], ["show", "abcd"],
                                    ["edit", "abcd", "--name", "X"], ["remove", "abcd", "--yes"]]
        for arguments in commands {
            let result = try places.run(arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.stderr.hasPrefix("places: error: cannot read \(places.journal.path): "), "\(result.stderr)")
            #expect(result.stderr.contains("line "))
            #expect(result.stderr.contains("places.json.bak"))
        }
        #expect(try Data(contentsOf: places.journal) == bytes)
    }

    @Test func newerJournalVersionIsRefused() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        try FileManager.default.createDirectory(at: places.journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        let text = #"{"version": 9, "places": []}"#
        try text.write(to: places.journal, atomically: true, encoding: .utf8)
        let result = try places.run(["add", "A", "--at", "1,2"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("it is journal version 9, and this places reads up to version 2"))
        #expect(try String(contentsOf: places.journal, encoding: .utf8) == text)
    }

    @Test func killedWritersNeverTearTheJournalNorLoseASavedAdd() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("Seed", "0,0")
        var saved: [String] = []
        var killed = 0
        for round in 0..<60 {
            let name = "Kill test \(round)"
            let process = Process()
            process.executableURL = PlacesRunner.executable
            process.arguments = ["add", name, "--at", "10,\(round)"]
            process.environment = ["PLACES_STORE": places.journal.path, "HOME": places.directory.path]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            // Kill at a spread of moments: before start-up ends, mid-transaction, after exit.
            usleep(UInt32((round * 397) % 9000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if process.terminationReason == .exit && process.terminationStatus == 0 && output.hasPrefix("Added") {
                saved.append(name)
            } else {
                killed += 1
            }
            // Every instant leaves a journal that parses.
            let check = try places.run(["list", "--json"])
            #expect(check.status == 0, "round \(round): \(check.stderr)")
        }
        let names = Set(try places.journalPlaces().compactMap { $0["name"] as? String })
        for name in saved { #expect(names.contains(name), "\(name) was reported saved") }
        #expect(killed > 0, "the test must actually kill some writers")
        let mode = try FileManager.default.attributesOfItem(atPath: places.journal.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: places.journal.deletingLastPathComponent().path)
            .filter { $0.contains(".tmp.") }
        // A killed writer may leave a temporary file; the next write clears it.
        _ = try places.add("After", "1,1")
        let after = try FileManager.default.contentsOfDirectory(atPath: places.journal.deletingLastPathComponent().path)
            .filter { $0.contains(".tmp.") }
        #expect(after.isEmpty, "left over: \(leftovers)")
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
