import Foundation
import Testing

/// `places browse` running in a real terminal: a tmux server on a socket of its own in the test's
/// directory, its one window running a small script that records `stty -a` before and after browse
/// and browse's exit status. Every wait polls the screen; its limit only guards against a hang.
struct BrowseTerminal {
    let runner: PlacesRunner
    let tmux: String
    var socket: String { runner.directory.appendingPathComponent("tmux.sock").path }
    /// The longest any wait may take before the test gives up: a hang, not a speed check.
    static let hangLimit: TimeInterval = 90

    init(_ runner: PlacesRunner, arguments: [String] = [], columns: Int = 120, rows: Int = 36,
         environment: [String: String] = [:], interactiveShell: Bool = false) throws {
        self.runner = runner
        tmux = try ExternalTool.require("tmux")
        var env = ["PLACES_STORE": runner.journal.path, "HOME": runner.directory.path, "PATH": "/usr/bin:/bin",
                   "LANG": "C.UTF-8", "TERM": "xterm-256color"]
        env.merge(runner.environment) { $1 }
        env.merge(environment) { $1 }
        let dir = runner.directory.path
        let assignments = env.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quoted($0.value))" }.joined(separator: " ")
        let arguments = arguments.map(Self.quoted).joined(separator: " ")
        let script = """
        stty -a > \(Self.quoted(dir + "/stty-before"))
        env -i \(assignments) \(Self.quoted(PlacesRunner.executable.path)) browse \(arguments)
        echo $? > \(Self.quoted(dir + "/status"))
        stty -a > \(Self.quoted(dir + "/stty-after"))
        echo BROWSE-ENDED
        """ + (interactiveShell ? "" : "\nexec cat >/dev/null\n")
        try script.write(to: runner.directory.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
        // The tmux server lives on after the client exits and keeps every descriptor it was given,
        // among them the ones the test process watches to learn that a child ended: it gets only
        // /dev/null, every other descriptor closed first.
        let command = [tmux, "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)",
                       interactiveShell ? "bash --norc --noprofile -i" : "sh " + Self.quoted(dir + "/run.sh")]
        let closeAll = "for fd in $(ls /proc/$$/fd); do if [ \"$fd\" -gt 2 ]; then eval \"exec $fd>&-\"; fi; done; "
        let started = try ExternalTool.run("/bin/bash", ["-c", closeAll + "exec " + command.map(Self.quoted).joined(separator: " ") + " </dev/null >/dev/null 2>&1"],
                                           environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": dir])
        #expect(started.status == 0, "tmux new-session failed")
        // A shell with job control runs the script as a job of its own, as a person's shell would.
        if interactiveShell { try tmux(["send-keys", "-l", "sh " + Self.quoted(dir + "/run.sh")]); try tmux(["send-keys", "Enter"]) }
    }

    static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> ExternalTool.Result {
        try ExternalTool.run(tmux, ["-S", socket] + arguments, environment: ["PATH": "/usr/bin:/bin"])
    }

    /// The screen as text.
    func screen() throws -> String { try tmux(["capture-pane", "-p"]).stdout }

    /// Sends keys by tmux's names (`Enter`, `Tab`, `C-c`) or, with `literal`, as text.
    func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys"] + (literal ? ["-l"] : []) + keys)
    }

    /// Waits until the screen satisfies `condition`; records an issue and returns the last screen
    /// when it never does within ``hangLimit``.
    @discardableResult
    func waitFor(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool) throws -> String {
        let end = Date().addingTimeInterval(Self.hangLimit)
        var last = ""
        while Date() < end {
            last = try screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("gave up waiting for \(what); the screen:\n\(last)", sourceLocation: sourceLocation)
        return last
    }

    /// Waits until the journal satisfies `condition` (browse saves asynchronously to the keys sent).
    @discardableResult
    func waitForJournal(_ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool) throws -> String {
        let end = Date().addingTimeInterval(Self.hangLimit)
        var last = ""
        while Date() < end {
            last = (try? String(contentsOf: runner.journal, encoding: .utf8)) ?? ""
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("gave up waiting for the journal to show \(what):\n\(last)", sourceLocation: sourceLocation)
        return last
    }

    /// The process id of browse (the child of the window's shell).
    func browsePID() throws -> Int32? {
        let shell = try tmux(["display-message", "-p", "#{pane_pid}"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try ExternalTool.run("/usr/bin/pgrep", ["-P", shell], environment: ["PATH": "/usr/bin:/bin"]).stdout
        return children.split(separator: "\n").first.flatMap { Int32($0) }
    }

    /// After browse ended: its exit status, and `stty -a` before and after.
    func ended() throws -> (status: String, before: String, after: String) {
        try waitFor("browse to end") { $0.contains("BROWSE-ENDED") }
        let dir = runner.directory
        return (try String(contentsOf: dir.appendingPathComponent("status"), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines),
                try String(contentsOf: dir.appendingPathComponent("stty-before"), encoding: .utf8),
                try String(contentsOf: dir.appendingPathComponent("stty-after"), encoding: .utf8))
    }

    /// Ends the tmux server. The window's last command reads the terminal until it goes away (not a
    /// sleep, which could outlive the server's hangup), so the server exits with it.
    func close() {
        // `kill-server` alone can leave the server waiting on its window's process: both are ended
        // by their process ids, which this test started.
        let ids = ["#{pane_pid}", "#{pid}"].compactMap { format in
            (try? tmux(["display-message", "-p", format]))?.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }.compactMap { Int32($0) }
        _ = try? tmux(["kill-server"])
        for id in ids { kill(id, SIGKILL) }
    }
}

extension BrowseTerminal {
    /// The first frame of the Vienna journal: its three places counted and the status line drawn
    /// (the last row a frame writes, so the whole frame is there).
    static func viennaFirstFrame(_ screen: String) -> Bool { screen.contains("3 in view") && screen.contains("shows every key") }

    /// Runs browse in tmux over the three Vienna places (``BrowseCLITests/viennaJournal()``), waits
    /// for its first frame, and gives `body` the journal, the terminal and that screen; afterwards
    /// the tmux server is ended and the journal's directory removed, however `body` ends.
    /// - Parameters:
    ///   - environment: variables for browse beside the usual ones, made once the journal's
    ///     directory exists (a script written there for `$EDITOR`).
    ///   - firstFrame: what the first screen must show before `body` runs.
    static func withVienna(arguments: [String] = [], columns: Int = 120, rows: Int = 36,
                           environment: (PlacesRunner) throws -> [String: String] = { _ in [:] },
                           interactiveShell: Bool = false, firstFrame: (String) -> Bool = viennaFirstFrame,
                           sourceLocation: SourceLocation = #_sourceLocation,
                           _ body: (PlacesRunner, BrowseTerminal, String) throws -> Void) throws {
        let runner = try BrowseCLITests.viennaJournal()
        defer { runner.removeAll() }
        let terminal = try BrowseTerminal(runner, arguments: arguments, columns: columns, rows: rows, environment: try environment(runner),
                                          interactiveShell: interactiveShell)
        defer { terminal.close() }
        let first = try terminal.waitFor("the first frame", sourceLocation: sourceLocation, firstFrame)
        try body(runner, terminal, first)
    }
}
