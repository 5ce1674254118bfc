import Foundation
import Testing

/// `places browse` driven through the real binary in tmux: what the screen shows, what each key
/// writes to the journal, and that the terminal is given back however browse ends.
@Suite(.enabled(if: ExternalTool.available("tmux"), "needs tmux"))
struct BrowseCLITests {
    static func viennaJournal() throws -> PlacesRunner {
        let runner = try PlacesRunner()
        _ = try runner.add("Café Sacher", "48.2038,16.3699", ["--tag", "food"])
        _ = try runner.add("Stephansdom", "48.2085,16.3731", ["--visited"])
        _ = try runner.add("Schönbrunn", "48.1845,16.3122")
        return runner
    }

    static func journalPlaces(_ runner: PlacesRunner) throws -> [[String: Any]] {
        let result = try runner.run(["list", "--json"])
        return (try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]) ?? []
    }

    @Test func pinsAndNamesInViewAndZeroShowsAll() throws {
        try BrowseTerminal.withVienna { _, terminal, screen in
            #expect(screen.contains("Schönbrunn") && screen.contains("Café Sacher") && screen.contains("Stephansdom"))
            #expect(screen.contains("●") && screen.contains("○"))
            for _ in 0..<8 { try terminal.send("l") }
            try terminal.waitFor("the places out of view") { $0.contains(" 0 in view") }
            try terminal.send("0")
            try terminal.waitFor("every place back in view") { $0.contains("3 in view") }
            try terminal.send("q")
            let end = try terminal.ended()
            #expect(end.status == "0")
            #expect(end.before == end.after)
        }
    }

    @Test func searchAddEditVisitRemoveUndoEachReachTheJournal() throws {
        try BrowseTerminal.withVienna { runner, terminal, _ in
            try terminal.send("/")
            try terminal.send("Kotka", literal: true)
            try terminal.waitFor("Kotka among the results") { $0.contains("Kotka, Kymenlaakso") }
            try terminal.send("Enter")
            try terminal.waitFor("the view over Kotka") { $0.contains("60.4") && $0.contains("26.9") && $0.contains("Kotka") }
            try terminal.send("a")
            try terminal.waitFor("the add form") { $0.contains("Add a place at") }
            try terminal.send("Enter")
            try terminal.waitFor("the added message") { $0.contains("Added Kotka") }
            var kotka = try #require(try Self.journalPlaces(runner).first { $0["name"] as? String == "Kotka" })
            #expect(abs((kotka["latitude"] as? Double ?? 0) - 60.47) < 0.05)

            try terminal.send("e")
            try terminal.waitFor("the edit form") { $0.contains("Edit Kotka") }
            for _ in 0..<5 { try terminal.send("BSpace") }
            try terminal.send("Kotka harbour", literal: true)
            try terminal.send("Enter")
            try terminal.waitFor("the saved message") { $0.contains("Saved Kotka harbour") }
            #expect(try Self.journalPlaces(runner).contains { $0["name"] as? String == "Kotka harbour" })

            try terminal.send("v")
            try terminal.waitFor("the visit message") { $0.contains("Visited Kotka harbour") }
            kotka = try #require(try Self.journalPlaces(runner).first { $0["name"] as? String == "Kotka harbour" })
            #expect(kotka["visited"] is String)

            try terminal.send("d")
            try terminal.waitFor("the question") { $0.contains("Remove Kotka harbour?") }
            try terminal.send("y")
            try terminal.waitFor("the removed message") { $0.contains("Removed Kotka harbour") }
            #expect(try !Self.journalPlaces(runner).contains { ($0["name"] as? String)?.hasPrefix("Kotka") == true })

            try terminal.send("u")
            try terminal.waitFor("the undo message") { $0.contains("Brought back Kotka harbour") }
            #expect(try Self.journalPlaces(runner).contains { $0["name"] as? String == "Kotka harbour" })
            try terminal.send("q")
            #expect(try terminal.ended().status == "0")
            let doctor = try runner.run(["doctor"])
            #expect(doctor.status == 0, "\(doctor.stdout)\(doctor.stderr)")
        }
    }

    @Test func aResizeRedrawsAtTheNewSize() throws {
        try BrowseTerminal.withVienna(columns: 120, rows: 36, firstFrame: { $0.contains("3 in view") && $0.contains("│ ●") || $0.contains("│ ○") }) { _, terminal, _ in
            try terminal.tmux(["resize-window", "-x", "80", "-y", "24"])
            let small = try terminal.waitFor("a redraw at 80 × 24 without the side list") { screen in
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return lines.count >= 24 && lines[23].contains("in view") && !screen.contains("│ ○") && !screen.contains("│ ●")
            }
            #expect(small.split(separator: "\n").allSatisfy { $0.count <= 80 })
            try terminal.send("q")
            #expect(try terminal.ended().status == "0")
        }
    }

    @Test func anotherPlacesChangingTheJournalIsReadIn() throws {
        try BrowseTerminal.withVienna { runner, terminal, _ in
            // Inside the view fitted to the first three, which has pins out to its edges.
            _ = try runner.add("Hofburg", "48.2066,16.3655")
            let screen = try terminal.waitFor("the new place") { $0.contains("Hofburg") && $0.contains("4 in view") }
            #expect(screen.contains("read again"))
            try terminal.send("q")
            _ = try terminal.ended()
        }
    }

    /// However browse ends, the terminal comes back exactly as it was.
    @Test(arguments: ["q", "C-c", "SIGTERM", "SIGHUP"])
    func theTerminalIsGivenBack(_ ending: String) throws {
        try BrowseTerminal.withVienna { _, terminal, _ in
            switch ending {
            case "SIGTERM", "SIGHUP":
                let pid = try #require(try terminal.browsePID())
                kill(pid, ending == "SIGTERM" ? SIGTERM : SIGHUP)
            default:
                try terminal.send(ending)
            }
            let end = try terminal.ended()
            #expect(end.before == end.after, "stty -a differs")
            let expected = ["q": "0", "C-c": "0", "SIGTERM": "143", "SIGHUP": "129"][ending]
            #expect(end.status == expected)
            // Out of the alternate screen: the script's own line is on the normal screen, not browse's map.
            let screen = try terminal.screen()
            #expect(screen.contains("BROWSE-ENDED") && !screen.contains("in view"))
        }
    }

    @Test func ctrlZSuspendsAndFgRedraws() throws {
        try BrowseTerminal.withVienna(interactiveShell: true) { _, terminal, _ in
            try terminal.send("C-z")
            let stopped = try terminal.waitFor("the shell's prompt after the stop") { $0.contains("Stopped") }
            #expect(!stopped.contains("3 in view"))
            try terminal.send("fg", literal: true)
            try terminal.send("Enter")
            try terminal.waitFor("the redraw after fg") { $0.contains("3 in view") }
            try terminal.send("q")
            let end = try terminal.ended()
            #expect(end.status == "0" && end.before == end.after)
        }
    }

    @Test func theEditorFlowSavesThroughEdit() throws {
        let editorScript: (PlacesRunner) throws -> [String: String] = { runner in
            let editor = runner.directory.appendingPathComponent("editor.sh")
            try "#!/bin/sh\nsed -i 's/^name: .*/name: Sacher Hotel/' \"$1\"\n".write(to: editor, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
            return ["EDITOR": editor.path, "VISUAL": editor.path]
        }
        try BrowseTerminal.withVienna(environment: editorScript) { runner, terminal, _ in
            // Tab until Café Sacher is selected; each Tab's status names a different place than the last.
            var selected = ""
            for _ in 0..<3 where selected != "Café Sacher" {
                try terminal.send("Tab")
                let previous = selected
                let screen = try terminal.waitFor("the next selection") { screen in
                    ["Café Sacher", "Stephansdom", "Schönbrunn"].contains { $0 != previous && screen.contains("\($0) (") }
                }
                selected = ["Café Sacher", "Stephansdom", "Schönbrunn"].first { $0 != previous && screen.contains("\($0) (") } ?? ""
            }
            #expect(selected == "Café Sacher")
            try terminal.send("E")
            try terminal.waitFor("the saved message") { $0.contains("Saved Sacher Hotel") }
            #expect(try Self.journalPlaces(runner).contains { $0["name"] as? String == "Sacher Hotel" })
            try terminal.send("u")
            try terminal.waitFor("the undo") { $0.contains("Undid the change") }
            #expect(try Self.journalPlaces(runner).contains { $0["name"] as? String == "Café Sacher" })
            try terminal.send("q")
            _ = try terminal.ended()    }
        }

        @Test func notATerminalIsAUsageError() throws {
            let runner = try Self.viennaJournal()
            let result = try runner.run(["browse"])
            #expect(result.status == 64)
            #expect(result.stderr.contains("browse needs a terminal"))
        }
    }
