import Foundation
import Testing

/// The paths around the main write path: repairs, undo, locks and odd files where a journal should
/// be. Each test runs the real binary against files in its own temporary directory.
@Suite struct EdgePathTests {
    var dataFolder: (PlacesRunner) -> URL = { $0.journal.deletingLastPathComponent() }

    @Test func fifoJournalIsRefusedAtOnceByEveryCommand() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        try FileManager.default.createDirectory(at: dataFolder(places), withIntermediateDirectories: true)
        #expect(mkfifo(places.journal.path, 0o600) == 0)
        for command in [["list"], ["add", "A", "--at", "1,2"], ["undo"], ["doctor"], ["stats"]] {
            let started = Date()
            let result = try places.run(command)
            // A guard against a hang (a blocking open waits for a writer forever), not a speed test:
            // the command takes well under a second even in a debug build on a busy machine.
            #expect(Date().timeIntervalSince(started) < 120, "\(command) must not hang")
            #expect(result.status == 65, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("it is a FIFO (named pipe), not a regular file"), "\(command): \(result.stderr)")
        }
    }

    @Test func undoDoesNotRecreateTheFolderOfAnUnmountedDrive() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let drive = places.directory.appendingPathComponent("drive")
        try FileManager.default.createDirectory(at: dataFolder(places), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: places.journal.path, withDestinationPath: drive.path + "/places/places.json")
        for command in [["undo"], ["doctor", "--fix"], ["history"]] {
            let result = try places.run(command)
            #expect(result.status != 0)
            #expect(result.stderr.contains("is the drive mounted?"), "\(command): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: drive.path), "\(command) recreated the folder")
        }
    }

    @Test func undoPassesOverADamagedHistoryCopyAndDoctorReportsIt() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("A", "1,2")
        _ = try places.add("B", "3,4")
        _ = try places.add("C", "5,6")
        let history = dataFolder(places).appendingPathComponent("places.json.history")
        let copies = try FileManager.default.contentsOfDirectory(atPath: history.path).sorted()
        #expect(copies.count == 2)
        // The newest copy is damaged; .bak must not be damaged with it.
        let newest = history.appendingPathComponent(copies.last!)
        let handle = try FileHandle(forWritingTo: newest)
        try handle.truncate(atOffset: 10)
        try handle.close()
        let backup = try String(contentsOf: dataFolder(places).appendingPathComponent("places.json.bak"), encoding: .utf8)
        #expect(backup.contains("\"B\""), "the backup is a copy of its own")
        let doctor = try places.run(["doctor"])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("\(copies.last!) cannot be read"), "\(doctor.stdout)")
        let undo = try places.run(["undo"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stderr.contains("warning: skipped the version saved"))
        #expect(try places.journalPlaces().map { $0["name"] as? String } == ["A"])
    }

    @Test func doctorChecksBackupAndHistoryModesAndSharedCopies() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("A", "1,2")
        _ = try places.add("B", "3,4")
        let folder = dataFolder(places)
        let backup = folder.appendingPathComponent("places.json.bak")
        let history = folder.appendingPathComponent("places.json.history")
        let newest = history.appendingPathComponent(try FileManager.default.contentsOfDirectory(atPath: history.path).sorted().last!)
        // As an earlier version left it: .bak a hard link to the newest copy, with a loose mode.
        try FileManager.default.removeItem(at: backup)
        #expect(link(newest.path, backup.path) == 0)
        chmod(backup.path, 0o644)
        let ill = try places.run(["doctor"])
        #expect(ill.status == 1)
        #expect(ill.stdout.contains("places.json.bak has mode 644"), "\(ill.stdout)")
        #expect(ill.stdout.contains("are one file (a hard link)"), "\(ill.stdout)")
        let fix = try places.run(["doctor", "--fix"])
        #expect(fix.status == 0, "\(fix.stdout)")
        var one = stat(), two = stat()
        stat(backup.path, &one); stat(newest.path, &two)
        #expect(one.st_ino != two.st_ino)
        #expect(one.st_mode & 0o777 == 0o600 && two.st_mode & 0o777 == 0o600)
        #expect(try places.run(["doctor"]).status == 0)
    }

    @Test func doctorLeavesTheModeOfALinkTargetThatIsNoJournal() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let other = places.directory.appendingPathComponent("notes.txt")
        try "not a journal".write(to: other, atomically: true, encoding: .utf8)
        chmod(other.path, 0o644)
        try FileManager.default.createDirectory(at: dataFolder(places), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: places.journal.path, withDestinationPath: other.path)
        _ = try places.run(["doctor", "--fix"])
        #expect(try FileManager.default.attributesOfItem(atPath: other.path)[.posixPermissions] as? Int == 0o644)
        #expect(try String(contentsOf: other, encoding: .utf8) == "not a journal")
    }

    @Test func doctorFixWritesTheRestoredJournalBeforeMovingAnything() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("A", "1,2")
        _ = try places.add("B", "3,4")
        let folder = dataFolder(places)
        // A stale leftover of an earlier restore, and a damaged journal.
        try "stale".write(to: folder.appendingPathComponent("places.json.restoring"), atomically: true, encoding: .utf8)
        try "{\"version\": 1, \"pla".write(to: places.journal, atomically: false, encoding: .utf8)
        let fix = try places.run(["doctor", "--fix"])
        #expect(fix.status == 0, "\(fix.stdout)\(fix.stderr)")
        #expect(try places.journalPlaces().map { $0["name"] as? String } == ["A"])
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("places.json.restoring").path))
        // A full disk during the restore leaves the unreadable journal where it was, not nothing.
        try "{\"version\": 1, \"pla".write(to: places.journal, atomically: false, encoding: .utf8)
        let full = try places.run(["-c", "ulimit -f 0; exec \"$0\" doctor --fix", PlacesRunner.executable.path],
                                  executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(full.status != 0)
        #expect(try String(contentsOf: places.journal, encoding: .utf8) == "{\"version\": 1, \"pla")
        // A journal that went missing (as an earlier doctor could leave it) is put back from history.
        try FileManager.default.removeItem(at: places.journal)
        let missing = try places.run(["doctor"])
        #expect(missing.status == 1 && missing.stdout.contains("is missing, but earlier versions of it are kept"))
        #expect(try places.run(["doctor", "--fix"]).status == 0)
        #expect(!(try places.journalPlaces()).isEmpty)
    }

    @Test func deletingTheLockWhileHeldLosesNoSavedChange() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("Seed", "0,0")
        let lock = places.journal.path + ".lock"
        let stop = Flag()
        let deleter = Thread {
            while !stop.isSet { unlink(lock); usleep(15_000) }
        }
        deleter.start()
        let saved = NamesBox()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for round in 0..<12 {
                let name = "W\(worker)-\(round)"
                if let result = try? places.run(["add", name, "--at", "1,\(round)"]), result.status == 0 { saved.append(name) }
            }
        }
        stop.set()
        let names = Set(try places.journalPlaces().compactMap { $0["name"] as? String })
        #expect(saved.names.count > 0)
        for name in saved.names { #expect(names.contains(name), "\(name) was reported saved") }
    }

    @Test func importOfAnEndlessDeviceStopsAtTheLimit() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let result = try places.run(["import", "/dev/zero"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("/dev/zero") && result.stderr.contains("larger than the limit of 512 MB"), "\(result.stderr)")
    }
}

final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.lock(); value = true; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}

final class NamesBox: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func append(_ name: String) { lock.lock(); list.append(name); lock.unlock() }
    var names: [String] { lock.lock(); defer { lock.unlock() }; return list }
}

/// Settings and folders that must be refused rather than guessed at.
@Suite struct RefusalTests {
    static let dump = "2661552\tBern\tBern\tBerne,Berna\t46.94809\t7.44744\tP\tPPLC\tCH\t\tBE\t\t\t\t121631\t\t542\tEurope/Zurich\t2023-01-01\n"

    @Test func gazetteerResetAndImportNeverRemoveAFolderPlacesDidNotMake() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let folder = places.journal.deletingLastPathComponent().appendingPathComponent("gazetteer")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mine = folder.appendingPathComponent("my-notes.txt")
        try "keep me".write(to: mine, atomically: true, encoding: .utf8)
        let dump = places.directory.appendingPathComponent("cities.txt")
        try Self.dump.write(to: dump, atomically: true, encoding: .utf8)
        for command in [["gazetteer", "reset"], ["gazetteer", "import", dump.path]] {
            let result = try places.run(command)
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("refusing to remove \(folder.path): places did not make it"), "\(command): \(result.stderr)")
            #expect(try String(contentsOf: mine, encoding: .utf8) == "keep me")
        }
        // Its own folder it replaces and removes; a file of the person's put inside it is refused.
        try FileManager.default.removeItem(at: folder)
        #expect(try places.run(["gazetteer", "import", dump.path]).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".places-gazetteer").path))
        #expect(try places.run(["gazetteer", "import", dump.path]).status == 0)
        try "keep me".write(to: folder.appendingPathComponent("mine.txt"), atomically: true, encoding: .utf8)
        #expect(try places.run(["gazetteer", "reset"]).status == 1)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("mine.txt"))
        #expect(try places.run(["gazetteer", "reset"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test func emptyStoreOptionAndNonUTF8StoreVariableAreRefused() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let empty = try places.run(["list", "--store", ""])
        #expect(empty.status == 64 && empty.stderr.contains("--store \"\" names no file"), "\(empty.stderr)")
        // A Latin-1 "é" (0xE9) in the path: bash passes the byte through unchanged.
        let result = try places.run(["-c", "PLACES_STORE=$'\(places.directory.path)/caf\\xe9/places.json' exec \"$0\" add A --at 1,2",
                                     PlacesRunner.executable.path], executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("the environment variable PLACES_STORE"), "\(result.stderr)")
        let made = try FileManager.default.contentsOfDirectory(atPath: places.directory.path)
        #expect(!made.contains { $0.hasPrefix("caf") }, "no other folder was created: \(made)")
    }

    @Test func aJournalThatCannotBeReadExitsWith65() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("A", "1,2")
        chmod(places.journal.path, 0o600)
        let result = try places.run(["--reuid=65534", "--regid=65534", "--clear-groups", PlacesRunner.executable.path, "list",
                                     "--store", places.journal.path], executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("Permission denied"))
    }
}
