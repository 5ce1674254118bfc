import Foundation
import Testing

/// Merges whose base had to be guessed, `doctor --fix` over many conflict copies, and what a merge
/// keeps of the other copy, through the real binary.
@Suite struct MergeSafetyTests {
    /// A conflict copy of the journal as another machine left it: the journal as it is now, with
    /// `change` made to it by `places`, and no history beside it (a synced folder carries none).
    static func conflictCopy(_ places: PlacesRunner, named name: String, _ change: [String]) throws -> String {
        let scratch = places.directory.appendingPathComponent("scratch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let made = scratch.appendingPathComponent("places.json").path
        try FileManager.default.copyItem(atPath: places.journal.path, toPath: made)
        let result = try places.run(change + ["--store", made])
        #expect(result.status == 0, "\(change): \(result.stderr)")
        let copy = places.journal.deletingLastPathComponent().appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: made, toPath: copy)
        return copy
    }

    @Test func doctorKeepsPlacesAddedHereAfterAConflictCopyWhoseBaseItGuessed() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        for index in 0..<3 { _ = try places.add("Seed \(index)", "1,\(index)") }
        _ = try Self.conflictCopy(places, named: "places.sync-conflict-20261130-133700-ABCDEFG.json",
                                  ["add", "Lima", "--at", "-12,-77"])
        // More changes here than the history keeps: no version here is the copy's.
        for index in 0..<25 { _ = try places.add("Here \(index)", "2,\(index)") }
        let before = try MergeCommandTests.names(places)

        let fixed = try places.run(["doctor", "--fix"])
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(try MergeCommandTests.names(places) == before.union(["Lima"]), "\(fixed.stdout)")
    }

    @Test func mergeWithAGuessedBaseKeepsAPlaceMissingThereAndSaysWhy() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        for index in 0..<3 { _ = try places.add("Seed \(index)", "1,\(index)") }
        let copy = try Self.conflictCopy(places, named: "laptop.json", ["add", "Lima", "--at", "-12,-77"])
        for index in 0..<22 { _ = try places.add("Here \(index)", "2,\(index)") }
        let before = try MergeCommandTests.names(places)

        let merged = try places.run(["merge", copy])
        #expect(merged.status == 0, "\(merged.stdout)\(merged.stderr)")
        #expect(try MergeCommandTests.names(places) == before.union(["Lima"]))
        #expect(merged.stdout.contains("guessed"), "\(merged.stdout)")
        #expect(merged.stdout.contains("Kept \"Here 0\", \"Here 1\""), "\(merged.stdout)")
        #expect(!merged.stdout.contains("removed \""), "\(merged.stdout)")
    }

    @Test func aGuessedBaseNeverTakesBackAnEditMadeHere() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let kyoto = try places.add("Kyoto", "35,135")
        let copy = try Self.conflictCopy(places, named: "laptop.json", ["add", "Lima", "--at", "-12,-77"])
        // Renamed here after the copies parted, then more changes than the history keeps.
        #expect(try places.run(["edit", kyoto, "--name", "Kyōto"]).status == 0)
        for index in 0..<22 { _ = try places.add("Here \(index)", "2,\(index)") }

        let merged = try places.run(["merge", copy, "--prefer", "ours"])
        #expect(merged.status == 0, "\(merged.stdout)\(merged.stderr)")
        #expect(merged.stdout.contains("conflict: \"Kyōto\""), "\(merged.stdout)")
        #expect(try MergeCommandTests.names(places).contains("Kyōto"), "\(merged.stdout)")
    }

    @Test func oneDoctorMergesTwentyFiveCopiesAsOneChangeThatOneUndoReverts() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        for index in 0..<3 { _ = try places.add("Seed \(index)", "1,\(index)") }
        var expected = try MergeCommandTests.names(places)
        for index in 0..<25 {
            let name = String(format: "places.sync-conflict-20261130-1337%02d-ABCDEFG.json", index)
            _ = try Self.conflictCopy(places, named: name, ["add", "There \(index)", "--at", "3,\(index)"])
            _ = try places.add("Here \(index)", "2,\(index)")
            expected.formUnion(["There \(index)", "Here \(index)"])
        }
        let beforeDoctor = try Data(contentsOf: places.journal)

        let fixed = try places.run(["doctor", "--fix"])
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(try MergeCommandTests.names(places) == expected, "\(fixed.stdout)")
        let folder = places.journal.deletingLastPathComponent().path
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains("sync-conflict") }.isEmpty)

        #expect(try places.run(["undo"]).status == 0)
        #expect(try Data(contentsOf: places.journal) == beforeDoctor, "one undo puts back the journal as it was before doctor")
    }

    @Test func doctorLeavesACopyThatWouldRemoveAPlaceForMergeToAsk() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let rome = try places.add("Rome", "41.9,12.5")
        _ = try places.add("Kyoto", "35,135")
        // The copy's own history says where it parted: its removal of Rome is proven, yet doctor asks nobody.
        let other = places.journal.deletingLastPathComponent().appendingPathComponent("places (conflicted copy).json").path
        try FileManager.default.copyItem(atPath: places.journal.path, toPath: other)
        #expect(try places.run(["remove", rome, "--yes", "--store", other]).status == 0)
        let before = try Data(contentsOf: places.journal)

        let fixed = try places.run(["doctor", "--fix"])
        #expect(fixed.status == 1, "\(fixed.stdout)")
        #expect(fixed.stdout.contains("Rome") && fixed.stdout.contains("places merge"), "\(fixed.stdout)")
        #expect(try Data(contentsOf: places.journal) == before)
        #expect(FileManager.default.fileExists(atPath: other))
    }
}

/// Waits for other processes to open files (inotify), so that a test acts at a point of their work
/// rather than after a guessed time.
final class OpenWatch {
    private let descriptor: Int32
    private var paths: [Int32: String] = [:]
    /// Every watched path seen opened so far: a wait reads the events of other paths too, and an open
    /// it passed over must still answer a later wait.
    private var opened: Set<String> = []

    init() throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { throw CocoaError(.fileReadUnknown) }
    }

    deinit { close(descriptor) }

    /// Starts watching `path` (which must exist) for opens.
    func watch(_ path: String) throws {
        let watch = inotify_add_watch(descriptor, path, UInt32(IN_OPEN))
        guard watch >= 0 else { throw CocoaError(.fileReadUnknown) }
        paths[watch] = path
    }

    /// Waits until `path` has been opened since it was watched (an open an earlier wait read past
    /// counts); returns `false` after two minutes without an event, a guard against a hang, never a
    /// condition for passing.
    func waitForOpen(of path: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !opened.contains(path) {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 120_000) > 0 else { return false }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return false }
            var offset = 0
            while offset + 16 <= count {
                let watch = buffer[offset..<offset + 4].withUnsafeBytes { $0.loadUnaligned(as: Int32.self) }
                let length = buffer[offset + 12..<offset + 16].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
                if let opened = paths[watch] { self.opened.insert(opened) }
                offset += 16 + Int(length)
            }
        }
        return true
    }
}

/// Holds the journal's lock file as another `places` would (an exclusive `flock`).
final class HeldLock {
    private let descriptor: Int32
    init(_ path: String) {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        flock(descriptor, LOCK_EX)
    }
    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

/// Doctor and undo beside other processes and after kills, at chosen points of their work.
@Suite struct DoctorRaceTests {
    static func start(_ places: PlacesRunner, _ arguments: [String]) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = PlacesRunner.executable
        process.arguments = arguments
        process.environment = ["PLACES_STORE": places.journal.path, "HOME": places.directory.path, "LANG": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return (process, output)
    }

    @Test func doctorNeverMovesACopyReplacedAfterItWasRead() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let folder = places.journal.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Two copies from another machine, made apart: Lima, then (replacing the first) Quito.
        func copyHolding(_ name: String, _ at: String) throws -> String {
            let made = places.directory.appendingPathComponent("made-\(name).json").path
            #expect(try places.run(["add", name, "--at", at, "--store", made]).status == 0)
            return made
        }
        let lima = try copyHolding("Lima", "-12,-77"), quito = try copyHolding("Quito", "-0.2,-78.5")
        let copy = folder.appendingPathComponent("places.sync-conflict-20261130-133700-ABCDEFG.json").path
        try FileManager.default.copyItem(atPath: lima, toPath: copy)

        // No journal yet: doctor's first lock is the merge's, after it read the copy.
        let lockPath = places.journal.path + ".lock"
        let lock = HeldLock(lockPath)
        let watch = try OpenWatch()
        try watch.watch(copy)
        try watch.watch(lockPath)
        let (doctor, output) = try Self.start(places, ["doctor", "--fix"])
        #expect(watch.waitForOpen(of: copy), "doctor opens the copy")
        #expect(watch.waitForOpen(of: lockPath), "then waits for the lock")
        // The sync tool replaces the copy while doctor waits.
        let replacement = copy + ".syncing"
        try FileManager.default.copyItem(atPath: quito, toPath: replacement)
        #expect(rename(replacement, copy) == 0)
        lock.release()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        doctor.waitUntilExit()

        #expect(doctor.terminationStatus == 1, "a copy is left to merge: \(text)")
        #expect(try MergeCommandTests.names(places) == ["Lima"], "merged from what it read: \(text)")
        #expect(FileManager.default.contentsEqual(atPath: copy, andPath: quito), "the replacement stays where it is: \(text)")
        let again = try places.run(["doctor", "--fix"])
        #expect(again.status == 0, "\(again.stdout)")
        #expect(try MergeCommandTests.names(places) == ["Lima", "Quito"])
    }

    @Test func doctorListsTheHistoryUnderTheLock() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        for index in 0..<3 { _ = try places.add("Seed \(index)", "1,\(index)") }
        let history = places.journal.path + ".history"
        let oldest = try #require(try FileManager.default.contentsOfDirectory(atPath: history).sorted().first)

        let lockPath = places.journal.path + ".lock"
        let lock = HeldLock(lockPath)
        let watch = try OpenWatch()
        try watch.watch(lockPath)
        let (doctor, output) = try Self.start(places, ["doctor"])
        #expect(watch.waitForOpen(of: lockPath))
        // Another `places` holding the lock saves, and its history drops the oldest version.
        #expect(unlink(history + "/" + oldest) == 0)
        lock.release()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        doctor.waitUntilExit()
        #expect(doctor.terminationStatus == 0, "\(text)")
        #expect(!text.contains(oldest), "\(text)")
    }

    /// The state a `places add` killed after renaming the new journal into place, but before moving
    /// the snapshot of the old one into the history, leaves: the old version only as a staged snapshot.
    static func killedAfterTheRename(_ places: PlacesRunner, adding name: String) throws {
        let journal = places.journal.path
        let folder = places.journal.deletingLastPathComponent().path
        let scratch = places.directory.appendingPathComponent("next.json").path
        try FileManager.default.copyItem(atPath: journal, toPath: scratch)
        #expect(try places.run(["add", name, "--at", "5,5", "--store", scratch]).status == 0)
        #expect(link(journal, folder + "/.places.json.tmp.99999.12345.history") == 0)
        #expect(rename(scratch, journal) == 0)
    }

    @Test func undoAfterAWriteKilledAfterItsRenameRevertsThatWriteAlone() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("Kyoto", "35,135")
        _ = try places.add("Rome", "41.9,12.5")
        try Self.killedAfterTheRename(places, adding: "Oslo")
        #expect(try MergeCommandTests.names(places) == ["Kyoto", "Rome", "Oslo"])

        let undone = try places.run(["undo"])
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(try MergeCommandTests.names(places) == ["Kyoto", "Rome"], "one undo reverts one change: \(undone.stdout)")
    }

    @Test func theNextChangeKeepsTheSnapshotOfAWriteKilledAfterItsRename() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("Kyoto", "35,135")
        try Self.killedAfterTheRename(places, adding: "Oslo")
        _ = try places.add("Rome", "41.9,12.5")
        // A write killed before its rename leaves a snapshot that is the journal itself: never a version.
        let folder = places.journal.deletingLastPathComponent().path
        #expect(link(places.journal.path, folder + "/.places.json.tmp.99998.1.history") == 0)
        _ = try places.add("Lima", "-12,-77")

        for expected: Set<String> in [["Kyoto", "Oslo", "Rome"], ["Kyoto", "Oslo"], ["Kyoto"]] {
            let undone = try places.run(["undo"])
            #expect(undone.status == 0 && !undone.stdout.contains("no difference"), "\(undone.stdout)\(undone.stderr)")
            #expect(try MergeCommandTests.names(places) == expected)
        }
    }
}

/// What `merge` and `merge-driver` do with what the other copy holds besides valid places.
@Suite struct MergeInputTests {
    static func otherCopy(_ places: PlacesRunner, places records: String, members: String = "") throws -> String {
        let path = places.directory.appendingPathComponent("other.json").path
        try "{\(members)\"version\": 1, \"places\": [\(records)]}".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test(arguments: [
        (#"{"id": "7b4c6a2e-1111-4e8a-9b6f-1d2c3e4f5a6b", "name": "Atlantis", "latitude": 200, "longitude": 10}"#, "Atlantis"),
        (#"{"id": "7b4c6a2e-2222-4e8a-9b6f-1d2c3e4f5a6b", "name": "", "latitude": 20, "longitude": 10}"#, "7b4c6a2e-2222"),
    ])
    func anInvalidPlaceInTheOtherCopyIsRefusedNamingFileAndPlaceInTheDryRunToo(record: String, named: String) throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("Kyoto", "35,135")
        let other = try Self.otherCopy(places, places: record)
        let before = try Data(contentsOf: places.journal)
        for dryRun in [true, false] {
            let result = try places.run(["merge", other] + (dryRun ? ["--dry-run"] : []))
            #expect(result.status == 65, "dry run \(dryRun): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains(other) && result.stderr.contains(named), "\(result.stderr)")
        }
        #expect(try Data(contentsOf: places.journal) == before)
    }

    @Test func mergeAndTheDriverKeepTheOtherCopysUnknownTopLevelMembers() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("Kyoto", "35,135")
        let record = #"{"id": "7b4c6a2e-3333-4e8a-9b6f-1d2c3e4f5a6b", "name": "Lima", "latitude": -12, "longitude": -77}"#
        let other = try Self.otherCopy(places, places: record, members: #""sharedWith": ["ana"], "#)
        #expect(try places.run(["merge", other]).status == 0)
        let merged = try JSONSerialization.jsonObject(with: Data(contentsOf: places.journal)) as? [String: Any]
        #expect(merged?["sharedWith"] as? [String] == ["ana"])

        let ours = places.directory.appendingPathComponent("ours.json").path
        let base = places.directory.appendingPathComponent("base.json").path
        try #"{"version": 1, "places": []}"#.write(toFile: ours, atomically: true, encoding: .utf8)
        try "".write(toFile: base, atomically: true, encoding: .utf8)
        #expect(try places.run(["merge-driver", base, ours, other]).status == 0)
        let driven = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: ours))) as? [String: Any]
        #expect(driven?["sharedWith"] as? [String] == ["ana"])
        #expect((driven?["places"] as? [Any])?.count == 1)
    }

    @Test func tagsAddedOnBothSidesAreBothKept() throws {
        let (places, other) = try MergeCommandTests.twoMachines()
        defer { places.removeAll() }
        let kyoto = try #require(try MergeCommandTests.ids(places)["Kyoto"])
        #expect(try places.run(["edit", kyoto, "--tag", "temples", "--store", other]).status == 0)
        #expect(try places.run(["edit", kyoto, "--tag", "temples"]).status == 0)
        // Here: jordan added, temples removed. There: middle-east added.
        #expect(try places.run(["edit", kyoto, "--tag", "jordan", "--untag", "temples"]).status == 0)
        #expect(try places.run(["edit", kyoto, "--tag", "middle-east", "--store", other]).status == 0)

        let merged = try places.run(["merge", other])
        #expect(merged.status == 0, "\(merged.stdout)\(merged.stderr)")
        let place = try places.journalPlaces().first { $0["name"] as? String == "Kyoto" }
        #expect(Set(place?["tags"] as? [String] ?? []) == ["jordan", "middle-east"])
    }
}
