import Foundation
import Testing

/// `places merge`, `places merge-driver` and `places help git` through the real binary.
@Suite struct MergeCommandTests {
    /// Ids by name, from `list --json`.
    static func ids(_ places: PlacesRunner, store: String? = nil) throws -> [String: String] {
        let output = try places.run(["list", "--json"] + (store.map { ["--store", $0] } ?? [])).stdout
        let array = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
        return Dictionary(uniqueKeysWithValues: array.map { ($0["name"] as! String, $0["id"] as! String) })
    }

    static func names(_ places: PlacesRunner, store: String? = nil) throws -> Set<String> {
        Set(try ids(places, store: store).keys)
    }

    /// A journal with Kyoto, Rome and Lima, and a copy of it as another machine's journal (with
    /// no history of its own) at `other`.
    static func twoMachines() throws -> (PlacesRunner, other: String) {
        let places = try PlacesRunner()
        for (name, at) in [("Kyoto", "35,135"), ("Rome", "41.9,12.5"), ("Lima", "-12,-77")] { _ = try places.add(name, at) }
        let other = places.directory.appendingPathComponent("laptop/places.json").path
        try FileManager.default.createDirectory(atPath: places.directory.appendingPathComponent("laptop").path, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: places.journal.path, toPath: other)
        return (places, other)
    }

    @Test func mergeKeepsWhatBothMachinesDidAndUndoRevertsIt() throws {
        let (places, other) = try Self.twoMachines()
        defer { places.removeAll() }
        let ids = try Self.ids(places)
        // Here: add Oslo, rename Kyoto. There: add Quito, tag Kyoto, remove Rome.
        _ = try places.add("Oslo", "59.9,10.7")
        #expect(try places.run(["edit", ids["Kyoto"]!, "--name", "Kyōto"]).status == 0)
        #expect(try places.run(["add", "Quito", "--at", "-0.2,-78.5", "--store", other]).status == 0)
        #expect(try places.run(["edit", ids["Kyoto"]!, "--tag", "temples", "--store", other]).status == 0)
        #expect(try places.run(["remove", ids["Rome"]!, "--yes", "--store", other]).status == 0)
        let before = try Data(contentsOf: places.journal)

        let dry = try places.run(["merge", other, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout.contains("added \"Quito\"") && dry.stdout.contains("removed \"Rome\""), "\(dry.stdout)")
        #expect(try Data(contentsOf: places.journal) == before, "a dry run saves nothing")

        let merged = try places.run(["merge", other, "--json"])
        #expect(merged.status == 0, "\(merged.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(merged.stdout.utf8)) as? [String: Any]
        #expect(report?["saved"] as? Bool == true && (report?["conflicts"] as? [Any])?.isEmpty == true)
        #expect(try Self.names(places) == ["Kyōto", "Lima", "Oslo", "Quito"])
        let kyoto = try places.journalPlaces().first { $0["name"] as? String == "Kyōto" }
        #expect(kyoto?["tags"] as? [String] == ["temples"])

        // Merging the same copy again changes nothing; undo puts the journal before the merge back.
        #expect(try places.run(["merge", other]).stdout.contains("Already up to date"))
        #expect(try places.run(["undo"]).status == 0)
        #expect(try Data(contentsOf: places.journal) == before)
    }

    @Test func aConflictingMergeSavesNothingUntilAPreferenceDecides() throws {
        let (places, other) = try Self.twoMachines()
        defer { places.removeAll() }
        let kyoto = try Self.ids(places)["Kyoto"]!
        #expect(try places.run(["edit", kyoto, "--name", "Kyōto"]).status == 0)
        #expect(try places.run(["edit", kyoto, "--name", "Kioto", "--store", other]).status == 0)
        _ = try places.run(["add", "Quito", "--at", "-0.2,-78.5", "--store", other])
        let before = try Data(contentsOf: places.journal)

        let refused = try places.run(["merge", other])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("conflict: \"Kyōto\" (\(kyoto.prefix(8))) name: ours \"Kyōto\", theirs \"Kioto\""), "\(refused.stdout)")
        #expect(refused.stderr.contains("1 conflict; nothing was saved") && refused.stderr.contains("--prefer"))
        #expect(try Data(contentsOf: places.journal) == before)

        let decided = try places.run(["merge", other, "--prefer", "theirs"])
        #expect(decided.status == 0, "\(decided.stderr)")
        #expect(decided.stdout.contains("-> kept theirs"))
        #expect(try Self.names(places) == ["Kioto", "Rome", "Lima", "Quito"])
    }

    @Test func aMissingOrUnreadableCopyIsRefusedByName() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("Kyoto", "35,135")
        let missing = places.directory.appendingPathComponent("nowhere.json").path
        let result = try places.run(["merge", missing])
        #expect(result.status == 65 && result.stderr.contains(missing) && result.stderr.contains("does not exist"), "\(result.stderr)")
        let broken = places.directory.appendingPathComponent("broken.json")
        try Data("{\"version\": 1, \"places\": [".utf8).write(to: broken)
        #expect(try places.run(["merge", broken.path]).status == 65)
        #expect(try places.run(["merge", broken.path, "--prefer", "sideways"]).status == 64)
    }

    @Test func helpGitPrintsTheLinesToSetUp() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let help = try places.run(["help", "git"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("places.json merge=places"))
        #expect(help.stdout.contains("git config merge.places.driver \"places merge-driver %O %A %B\""))
    }

    // MARK: git

    /// Runs git in `repository` with a private configuration.
    static func git(_ arguments: [String], in repository: URL) throws -> ExternalTool.Result {
        try ExternalTool.run(try ExternalTool.require("git"), arguments,
                             environment: ["HOME": repository.deletingLastPathComponent().path, "PATH": "/usr/bin:/bin",
                                           "GIT_CONFIG_NOSYSTEM": "1", "LANG": "C.UTF-8"],
                             directory: repository)
    }

    /// A repository holding a journal (Kyoto, Rome, Lima) that merges with `places merge-driver`.
    static func repository(_ places: PlacesRunner, driver: String = "merge-driver %O %A %B") throws -> (URL, String) {
        let repository = places.directory.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        let journal = repository.appendingPathComponent("places.json").path
        for arguments in [["init", "-q", "-b", "main"], ["config", "user.name", "Test"], ["config", "user.email", "test@example.org"],
                          ["config", "merge.places.driver", "'\(PlacesRunner.executable.path)' \(driver)"]] {
            #expect(try git(arguments, in: repository).status == 0)
        }
        try "places.json merge=places\n".write(to: repository.appendingPathComponent(".gitattributes"), atomically: true, encoding: .utf8)
        // The history, backup and lock beside the journal stay out of the repository.
        try "places.json.*\n".write(to: repository.appendingPathComponent(".gitignore"), atomically: true, encoding: .utf8)
        for (name, at) in [("Kyoto", "35,135"), ("Rome", "41.9,12.5"), ("Lima", "-12,-77")] {
            #expect(try places.run(["add", name, "--at", at, "--store", journal]).status == 0)
        }
        #expect(try git(["add", "."], in: repository).status == 0)
        #expect(try git(["commit", "-q", "-m", "three places"], in: repository).status == 0)
        return (repository, journal)
    }

    @Test(.enabled(if: ExternalTool.available("git")))
    func gitMergesTwoBranchesPlaceByPlace() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let (repository, journal) = try Self.repository(places)
        let ids = try Self.ids(places, store: journal)
        func commit(_ message: String) throws {
            #expect(try Self.git(["commit", "-q", "-a", "-m", message], in: repository).status == 0)
        }
        // The laptop branch adds Quito, renames Kyoto and removes Rome.
        #expect(try Self.git(["checkout", "-q", "-b", "laptop"], in: repository).status == 0)
        for arguments in [["add", "Quito", "--at", "-0.2,-78.5"], ["edit", ids["Kyoto"]!, "--name", "Kyōto"], ["remove", ids["Rome"]!, "--yes"]] {
            #expect(try places.run(arguments + ["--store", journal]).status == 0)
        }
        try commit("laptop")
        // Main adds Oslo, tags Kyoto and removes Lima.
        #expect(try Self.git(["checkout", "-q", "main"], in: repository).status == 0)
        for arguments in [["add", "Oslo", "--at", "59.9,10.7"], ["edit", ids["Kyoto"]!, "--tag", "temples"], ["remove", ids["Lima"]!, "--yes"]] {
            #expect(try places.run(arguments + ["--store", journal]).status == 0)
        }
        try commit("desktop")

        let merge = try Self.git(["merge", "--no-edit", "laptop"], in: repository)
        #expect(merge.status == 0, "\(merge.output)")
        #expect(try Self.names(places, store: journal) == ["Kyōto", "Oslo", "Quito"])
        let kyoto = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: journal))) as? [String: Any]
        let tags = (kyoto?["places"] as? [[String: Any]])?.first { $0["name"] as? String == "Kyōto" }?["tags"] as? [String]
        #expect(tags == ["temples"])
        #expect(try Self.git(["status", "--porcelain"], in: repository).stdout.isEmpty, "the merge is committed")
    }

    @Test(.enabled(if: ExternalTool.available("git")))
    func gitStopsOnAConflictAndTheDriverNamesIt() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let (repository, journal) = try Self.repository(places)
        let kyoto = try Self.ids(places, store: journal)["Kyoto"]!
        #expect(try Self.git(["checkout", "-q", "-b", "laptop"], in: repository).status == 0)
        #expect(try places.run(["edit", kyoto, "--name", "Kioto", "--store", journal]).status == 0)
        #expect(try Self.git(["commit", "-q", "-a", "-m", "laptop"], in: repository).status == 0)
        #expect(try Self.git(["checkout", "-q", "main"], in: repository).status == 0)
        #expect(try places.run(["edit", kyoto, "--name", "Kyōto", "--store", journal]).status == 0)
        #expect(try Self.git(["commit", "-q", "-a", "-m", "desktop"], in: repository).status == 0)

        let merge = try Self.git(["merge", "--no-edit", "laptop"], in: repository)
        #expect(merge.status != 0)
        #expect(merge.output.contains("name: ours \"Kyōto\", theirs \"Kioto\""), "\(merge.output)")
        // The journal in the work tree is still a readable journal (this branch's).
        #expect(try Self.names(places, store: journal) == ["Kyōto", "Rome", "Lima"])
        #expect(try Self.git(["merge", "--abort"], in: repository).status == 0)

        // Merging again with a preference in the driver line settles it.
        #expect(try Self.git(["config", "merge.places.driver", "'\(PlacesRunner.executable.path)' merge-driver --prefer theirs %O %A %B"],
                             in: repository).status == 0)
        #expect(try Self.git(["merge", "--no-edit", "laptop"], in: repository).status == 0)
        #expect(try Self.names(places, store: journal) == ["Kioto", "Rome", "Lima"])
    }
}

/// `places doctor` and the conflict copies synced folders leave beside the journal.
@Suite struct ConflictCopyDoctorTests {
    @Test func doctorListsConflictCopiesAndFixMergesAndMovesThem() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("Kyoto", "35,135")
        let rome = try places.add("Rome", "41.9,12.5")
        let folder = places.journal.deletingLastPathComponent()
        // Syncthing's copy: another machine added Lima. Dropbox's: another removed Rome and added Quito.
        let syncthing = folder.appendingPathComponent("places.sync-conflict-20261130-133700-ABCDEFG.json").path
        let dropbox = folder.appendingPathComponent("places (Alice's conflicted copy 2026-11-30).json").path
        for copy in [syncthing, dropbox] { try FileManager.default.copyItem(atPath: places.journal.path, toPath: copy) }
        #expect(try places.run(["add", "Lima", "--at", "-12,-77", "--store", syncthing]).status == 0)
        #expect(try places.run(["remove", rome, "--yes", "--store", dropbox]).status == 0)
        #expect(try places.run(["add", "Quito", "--at", "-0.2,-78.5", "--store", dropbox]).status == 0)
        // Here, meanwhile: Oslo.
        _ = try places.add("Oslo", "59.9,10.7")

        let report = try places.run(["doctor"])
        #expect(report.status == 1)
        #expect(report.stdout.contains("conflict copy left by Syncthing: \(syncthing)"), "\(report.stdout)")
        #expect(report.stdout.contains("conflict copy left by Dropbox: \(dropbox)"))
        #expect(try MergeCommandTests.names(places) == ["Kyoto", "Rome", "Oslo"], "doctor without --fix changes nothing")

        // Doctor removes no place: the Dropbox copy, which removed Rome, is left for `places merge`.
        let fixed = try places.run(["doctor", "--fix"])
        #expect(fixed.status == 1, "\(fixed.stdout)\(fixed.stderr)")
        #expect(fixed.stdout.contains("it lacks \"Rome\""), "\(fixed.stdout)")
        #expect(try MergeCommandTests.names(places) == ["Kyoto", "Rome", "Oslo", "Lima"])
        let moved = places.journal.path + ".merged-copies"
        #expect(!FileManager.default.fileExists(atPath: syncthing) && FileManager.default.fileExists(atPath: dropbox))
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: moved)) == ["places.sync-conflict-20261130-133700-ABCDEFG.json"])
        #expect(try places.run(["merge", dropbox]).status == 0)
        #expect(try MergeCommandTests.names(places) == ["Kyoto", "Oslo", "Lima", "Quito"])
    }

    @Test func aConflictCopyWhoseMergeConflictsIsLeftWhereItIs() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let kyoto = try places.add("Kyoto", "35,135")
        let copy = places.journal.deletingLastPathComponent().appendingPathComponent("places 2.json").path
        try FileManager.default.copyItem(atPath: places.journal.path, toPath: copy)
        #expect(try places.run(["edit", kyoto, "--name", "Kioto", "--store", copy]).status == 0)
        #expect(try places.run(["edit", kyoto, "--name", "Kyōto"]).status == 0)
        let before = try Data(contentsOf: places.journal)
        let fixed = try places.run(["doctor", "--fix"])
        #expect(fixed.status == 1)
        #expect(fixed.stdout.contains("iCloud Drive") && fixed.stdout.contains("1 conflict"), "\(fixed.stdout)")
        #expect(FileManager.default.fileExists(atPath: copy))
        #expect(try Data(contentsOf: places.journal) == before)
    }
}

/// `places diff` in words.
@Suite struct DiffCommandTests {
    @Test func diffNamesWhatChangedBetweenVersionsAndFiles() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let kyoto = try places.add("Kyoto", "35,135")
        _ = try places.add("Rome", "41.9,12.5")
        #expect(try places.run(["edit", kyoto, "--name", "Kyōto", "--tag", "temples"]).status == 0)

        let last = try places.run(["diff"])
        #expect(last.status == 0)
        #expect(last.stdout == "From version 2 to the journal:\n  changed \"Kyōto\" (name, tags)\n", "\(last.stdout)")
        let versions = try places.run(["diff", "1", "2", "--json"])
        let report = try JSONSerialization.jsonObject(with: Data(versions.stdout.utf8)) as? [String: Any]
        #expect(report?["changes"] as? [String] == ["added \"Rome\""])
        // A file against the journal: every place is named, however many.
        let other = places.directory.appendingPathComponent("other.json").path
        try FileManager.default.copyItem(atPath: places.journal.path, toPath: other)
        for name in ["A", "B", "C", "D", "E"] { #expect(try places.run(["add", name, "--at", "1,2", "--store", other]).status == 0) }
        let file = try places.run(["diff", places.journal.path, other])
        #expect(file.stdout.contains("added \"A\", \"B\", \"C\", \"D\", \"E\""), "\(file.stdout)")

        let missing = try places.run(["diff", "99"])
        #expect(missing.status == 1 && missing.stderr.contains("no version 99"))
    }
}

/// `places merge` asks about each conflict when run on a terminal.
@Suite struct InteractiveMergeTests {
    @Test(.enabled(if: ExternalTool.available("script"), "needs script (apt-get install bsdutils)"))
    func onATerminalEachConflictIsAskedAbout() throws {
        let (places, other) = try MergeCommandTests.twoMachines()
        defer { places.removeAll() }
        let ids = try MergeCommandTests.ids(places)
        for (name, ours, theirs) in [("Kyoto", "Kyōto", "Kioto"), ("Rome", "Roma", "Rom")] {
            #expect(try places.run(["edit", ids[name]!, "--name", ours]).status == 0)
            #expect(try places.run(["edit", ids[name]!, "--name", theirs, "--store", other]).status == 0)
        }
        let command = [PlacesRunner.executable.path, "merge", other].map { "'\($0)'" }.joined(separator: " ")
        let env = ["PLACES_STORE": places.journal.path, "HOME": places.directory.path, "PATH": "/usr/bin:/bin",
                   "LANG": "C.UTF-8", "TERM": "xterm", "SHELL": "/bin/sh"]
        let script = try ExternalTool.require("script")
        let answered = try ExternalTool.run(script, ["-qec", command, "/dev/null"], stdin: "t\no\n", environment: env)
        #expect(answered.status == 0, "\(answered.output)")
        #expect(answered.stdout.contains("Keep ours or theirs? [o/t]"))
        #expect(try MergeCommandTests.names(places) == ["Kioto", "Roma", "Lima"])

        // An answer that is neither side saves nothing.
        #expect(try places.run(["undo"]).status == 0)
        let before = try Data(contentsOf: places.journal)
        let refused = try ExternalTool.run(script, ["-qec", command, "/dev/null"], stdin: "maybe\n", environment: env)
        #expect(refused.status == 1 && refused.stdout.contains("no side chosen"), "\(refused.output)")
        #expect(try Data(contentsOf: places.journal) == before)
    }
}
