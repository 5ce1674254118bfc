import Foundation
import Testing

/// Input written to hurt: control sequences in names, absurd numbers in a hand-edited journal or on
/// the command line, endless or enormous files. Nothing traps, hangs or reaches the terminal raw.
@Suite struct HostileInputTests {
    /// Set-title, clear-screen, hidden-text, a C1 CSI and a bell, and a right-to-left override.
    static let evilName = "Evil\u{1B}]0;owned\u{7}\u{1B}[2J\u{1B}[8mhidden\u{9B}31m gpj\u{202E}exe"

    func writeJournal(_ places: PlacesRunner, _ records: [String]) throws {
        try FileManager.default.createDirectory(at: places.journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        try ("{\"version\": 1, \"places\": [" + records.joined(separator: ",") + "]}").write(to: places.journal, atomically: true, encoding: .utf8)
    }

    func record(_ id: Int, name: String, latitude: String = "1", longitude: String = "2", tags: String = "[]") -> String {
        let quoted = String(decoding: try! JSONEncoder().encode(name), as: UTF8.self)
        return #"{"id": "abcd000\#(id)-0000-4000-8000-000000000000", "name": \#(quoted), "latitude": \#(latitude), "longitude": \#(longitude), "tags": \#(tags), "description": \#(quoted)}"#
    }

    /// Nothing a terminal would act on: no ESC, no C1 control, no bell, no bidi override.
    func isInert(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || (0x80...0x9F).contains($0.value) || $0.value == 0x202E }
    }

    @Test(.enabled(if: ProgressTests.hasTerminal, "needs script (apt-get install bsdutils)"))
    func controlCharactersAreEscapedInEveryHumanOutput() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        // A hand-edited journal: `add` and `import` refuse such names, but a file can hold anything.
        try writeJournal(places, [record(1, name: Self.evilName, tags: #"["t\u001b[8m"]"#), record(2, name: "Plain\u{1B}[2J")])
        for command in [["list"], ["show", "abcd0001"], ["stats"], ["near", "1,2"], ["doctor"],
                        ["show", "\u{1B}]0;x\u{7}"], ["__complete", "ids", "--for", "fish"], ["__complete", "tags", "--for", "zsh"],
                        ["remove", "abcd0002", "--yes"], ["history"], ["undo"]] {
            let result = try places.run(command)
            #expect(isInert(result.stdout) && isInert(result.stderr), "\(command): \(result.stdout.debugDescription) \(result.stderr.debugDescription)")
            #expect((result.stdout + result.stderr).contains("\\e") || command == ["doctor"], "\(command)")
        }
        let shown = try places.run(["show", "abcd0001"]).stdout
        #expect(shown.contains(#"Evil\e]0;owned\u{7}\e[2J\e[8mhidden\u{9B}31m gpj\u{202E}exe"#), "\(shown)")
        // The data itself is kept exactly: JSON output escapes as JSON does.
        let json = try places.run(["show", "abcd0001", "--json"]).stdout
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["name"] as? String == Self.evilName)
        // On a terminal too, and in the terminal map.
        for command in [["list"], ["show", "abcd0001"], ["map", "--terminal"]] {
            let result = try ProgressTests.onTerminal(places, command)
            #expect(!result.stdout.contains("\u{1B}]0;") && !result.stdout.contains("\u{1B}[8m") && !result.stdout.contains("\u{202E}"),
                    "\(command): \(result.stdout.debugDescription)")
        }
    }

    @Test func importedNamesAndFileNamesAreEscapedToo() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let file = places.directory.appendingPathComponent("bad\u{1B}[2J.csv")
        try "name,latitude,longitude\nFine,1,2\n".write(to: file, atomically: true, encoding: .utf8)
        let result = try places.run(["import", file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(isInert(result.stdout) && isInert(result.stderr), "\(result.stdout.debugDescription)")
        #expect(result.stdout.contains("bad\\e[2J.csv"))
        let broken = places.directory.appendingPathComponent("broken\u{1B}[8m.csv")
        try "name,latitude,longitude\n\"\(Self.evilName)\",100,2\n".write(to: broken, atomically: true, encoding: .utf8)
        let failed = try places.run(["import", broken.path])
        #expect(failed.status == 65)
        #expect(isInert(failed.stderr) && failed.stderr.contains("broken\\e[8m.csv"), "\(failed.stderr.debugDescription)")
    }

    @Test(.enabled(if: ProgressTests.hasTerminal, "needs script (apt-get install bsdutils)"))
    func hugeCoordinatesInTheJournalAreShownNeverTrappedOn() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        try writeJournal(places, [record(1, name: "Huge", latitude: "1e300", longitude: "-1e300"), record(2, name: "Fine")])
        for command in [["list"], ["show", "abcd0001"], ["stats"], ["near", "1,2", "--radius", "20000km"], ["map", "-o", "-"],
                        ["export", "--format", "gpx"], ["list", "--json"]] {
            let result = try places.run(command)
            #expect(result.status == 0, "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("Fatal error"))
        }
        for command in [["list"], ["show", "abcd0001"], ["stats"], ["map", "--terminal"]] {
            let result = try ProgressTests.onTerminal(places, command)
            #expect(!result.stdout.contains("Fatal error") && result.stdout.contains("Huge"), "\(command): \(result.stdout)")
        }
        let doctor = try places.run(["doctor"])
        #expect(doctor.status == 1 && doctor.stdout.contains("latitude 1e+300 is out of range"), "\(doctor.stdout)")
    }

    @Test func absurdRadiiAreRefusedClearly() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("A", "1,1")
        for command in [["near", "1,1", "--radius", "1e20km"], ["map", "--around", "1,1", "--radius", "1e300", "-o", "-"],
                        ["near", "1,1", "--radius", "0x10"]] {
            let result = try places.run(command)
            #expect(result.status == 64, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("is not a distance up to 20,040 km"), "\(command): \(result.stderr)")
        }
        #expect(try places.run(["near", "1,1", "--radius", "20040km"]).status == 0)
    }

    @Test func importFromAnEndlessPipeStopsAtTheLimit() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let result = try places.run(["-c", "yes '{\"a\": 1}' | exec \"$0\" import /dev/stdin", PlacesRunner.executable.path],
                                    executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(result.status == 65)
        #expect(result.stderr.contains("larger than the limit of 512 MB"), "\(result.stderr)")
    }

    @Test func aCSVLineLongerThanOneMegabyteIsRefused() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let file = places.directory.appendingPathComponent("wide.csv")
        try ("name,latitude,longitude" + String(repeating: ",x", count: 600_000) + "\nA,1,2\n").write(to: file, atomically: true, encoding: .utf8)
        let result = try places.run(["import", file.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("wide.csv:1:1:") && result.stderr.contains("longer than 1 MB, the limit for one CSV line"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: places.journal.path))
    }

    @Test func csvExportNeutralisesFormulasAndImportsBackUnchanged() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        _ = try places.add("=HYPERLINK(\"http://evil\",\"x\")", "1,2", ["--description", "@SUM(A1)", "--tag", "+tag"])
        _ = try places.add("-12.5", "3,4", ["--description", "-note"])
        let csv = try places.run(["export", "--format", "csv"]).stdout
        #expect(csv.contains(#""'=HYPERLINK(""http://evil"",""x"")""#), "\(csv)")
        #expect(csv.contains(",'@SUM(A1),") && csv.contains(",'+tag,"))
        #expect(csv.contains(",-12.5,'-note,"), "a number stays a number: \(csv)")
        let file = places.directory.appendingPathComponent("out.csv")
        try csv.write(to: file, atomically: true, encoding: .utf8)
        let other = try PlacesRunner()
        defer { other.removeAll() }
        #expect(try other.run(["import", file.path]).status == 0)
        let names = Set(try other.journalPlaces().compactMap { $0["name"] as? String })
        #expect(names == ["=HYPERLINK(\"http://evil\",\"x\")", "-12.5"])
        let descriptions = Set(try other.journalPlaces().compactMap { $0["description"] as? String })
        #expect(descriptions == ["@SUM(A1)", "-note"])
    }
}

/// The keys of fields `places` does not know come from files as values do (a synced copy, a git
/// branch): they are escaped wherever a change is put in words.
@Suite struct HostileFieldKeyTests {
    /// A set-title sequence as a key: `"\u001b]0;owned\u0007"` in the file.
    static let evilKey = #"\u001b]0;owned\u0007"#

    static func journal(_ value: String) -> String {
        #"{"version": 1, "places": [{"id": "abcd0001-0000-4000-8000-000000000000", "name": "Kyoto", "latitude": 35, "longitude": 135, "tags": [], "created": "2024-01-01T00:00:00Z", "updated": "2024-01-01T00:00:00Z", "\#(evilKey)": "\#(value)"}]}"#
    }

    func isInert(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }
    }

    @Test func unknownFieldKeysAreEscapedInDiffMergeHistoryAndUndo() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        try FileManager.default.createDirectory(at: places.journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        let base = places.directory.appendingPathComponent("base.json"), theirs = places.directory.appendingPathComponent("theirs.json"),
            other = places.directory.appendingPathComponent("other.json")
        try Self.journal("1").write(to: places.journal, atomically: true, encoding: .utf8)
        try Self.journal("1").write(to: base, atomically: true, encoding: .utf8)
        try Self.journal("2").write(to: theirs, atomically: true, encoding: .utf8)
        try Self.journal("3").write(to: other, atomically: true, encoding: .utf8)
        var outputs: [([String], PlacesRunner.Result)] = []
        outputs.append((["diff"], try places.run(["diff", base.path, theirs.path])))
        let merged = try places.run(["merge", theirs.path, "--base", base.path])
        #expect(merged.status == 0, "\(merged.stderr)")
        outputs.append((["merge"], merged))
        outputs.append((["history"], try places.run(["history"])))
        outputs.append((["undo"], try places.run(["undo"])))
        // Both sides changed the field: a conflict, worded by merge and by merge-driver.
        try Self.journal("2").write(to: places.journal, atomically: true, encoding: .utf8)
        outputs.append((["merge", "conflict"], try places.run(["merge", other.path, "--base", base.path])))
        let ours = places.directory.appendingPathComponent("ours.json")
        try Self.journal("2").write(to: ours, atomically: true, encoding: .utf8)
        outputs.append((["merge-driver"], try places.run(["merge-driver", base.path, ours.path, other.path])))
        for (command, result) in outputs {
            #expect(isInert(result.stdout) && isInert(result.stderr), "\(command): \(result.stdout.debugDescription) \(result.stderr.debugDescription)")
            #expect((result.stdout + result.stderr).contains(#"\e]0;owned\u{7}"#), "\(command): \(result.stdout.debugDescription) \(result.stderr.debugDescription)")
        }
    }
}
