import PlacesCommandLine
import PlacesKit
#if canImport(Glibc)
import Glibc
#endif

/// What a command needs from the world: the environment, the journal, and where to write.
/// Commands never read globals, so the same code serves the terminal and the tests.
final class CommandContext {
    let environment: [String: String]
    /// `--store`, `--wait`, `--no-color`: the options every command takes.
    let common: CommonOptions
    /// Whether standard output is a terminal (tables, colour) or a pipe (plain text).
    let stdoutIsTerminal: Bool
    let stdinIsTerminal: Bool
    /// Whether standard error is a terminal (progress bars).
    let stderrIsTerminal: Bool
    let style: TextStyle

    init(environment: [String: String], common: CommonOptions) {
        self.environment = environment
        self.common = common
        stdoutIsTerminal = isatty(STDOUT_FILENO) == 1
        stdinIsTerminal = isatty(STDIN_FILENO) == 1
        stderrIsTerminal = isatty(STDERR_FILENO) == 1
        style = TextStyle(isTerminal: stdoutIsTerminal, environment: environment,
                          disabledByFlag: common.noColor)
    }

    /// The journal store and the gazetteer, each built on first use and kept for the rest of the run.
    private var builtStore: Result<JournalStore, any Error>?
    /// The gazetteer once opened, or why it could not be. Two optionals rather than a `Result`: the
    /// metadata of `Result<Gazetteer, any Error>` is built at run time, which cost a one-point `where` 2 %.
    var openedGazetteer: Gazetteer?
    var gazetteerError: (any Error)?
    /// The country and region lookup once made (``GazetteerAccess/areas(_:)``), its memo saved when the command ends.
    var placeAreas: PlaceAreas?

    /// The journal named by `--store`, `PLACES_STORE`, `XDG_DATA_HOME` or `HOME` (built once a run).
    func store() throws -> JournalStore {
        if let builtStore { return try builtStore.get() }
        let result = Result { try makeStore() }
        builtStore = result
        return try result.get()
    }

    private func makeStore() throws -> JournalStore {
        var store = JournalStore(path: try storePath())
        if let wait = common.wait {
            guard let seconds = Double(wait), seconds.isFinite, seconds >= 0, seconds <= 86_400 else {
                throw UsageError("--wait \"\(wait)\" is not a number of seconds between 0 and 86400")
            }
            store.lockTimeout = seconds
        }
        return store
    }

    /// The journal's path, from `--store`, `PLACES_STORE`, `XDG_DATA_HOME` or `HOME`.
    func storePath() throws -> String {
        // Checked here, where the option has its name: an empty --store must not mean the default journal.
        if common.store?.isEmpty == true {
            throw UsageError("--store \"\" names no file", hint: "give the journal's path, or leave out --store for the default journal")
        }
        return try StorePath.resolve(explicit: common.store, environment: environment)
    }

    /// A progress bar for long work, shown only on a terminal and without `--quiet` (see
    /// ``ProgressReporter/isWanted(stderrIsTerminal:stdoutIsTerminal:writesToStdout:quiet:)``); `quiet`
    /// is the command's `--quiet`.
    /// `PLACES_PROGRESS_DELAY` (seconds) overrides the half-second wait, so tests can see the bar
    /// without making the machine do half a second of work.
    func progress(total: Int?, unit: ProgressReporter.Unit = .items, writesToStdout: Bool = false,
                  startedAt: Double? = nil, quiet: Bool) -> ProgressReporter {
        let enabled = ProgressReporter.isWanted(stderrIsTerminal: stderrIsTerminal, stdoutIsTerminal: stdoutIsTerminal,
                                                writesToStdout: writesToStdout, quiet: quiet)
        let delay = environment["PLACES_PROGRESS_DELAY"].flatMap(Double.init).map { max(0, $0) } ?? ProgressReporter.delay
        return ProgressReporter(total: total, unit: unit, enabled: enabled, delay: delay, startedAt: startedAt)
    }

    /// Writes a line to standard output.
    func say(_ text: String) {
        Console.say(text)
    }

    /// Writes text or bytes to standard output as they are (large outputs: lists, exports, maps).
    func write(_ text: String) {
        Console.output(Array(text.utf8))
    }

    func write(_ bytes: [UInt8]) {
        Console.output(bytes)
    }

    /// Keeps `value` until the process exits, so that it is never freed: a command that read a large
    /// journal ends by exiting, and freeing 10,000 places one string at a time first costs about a
    /// sixth of `list` (measured with callgrind). Only for what a command holds until it returns.
    func keepUntilExit(_ value: Any) {
        Self.keptUntilExit.append(value)
    }

    // `exit` runs no deinitialisers, so nothing kept here is ever released.
    nonisolated(unsafe) private static var keptUntilExit: [Any] = []

    /// Writes an output file (`-o`) the one safe way (see ``OutputFile``), or standard output for
    /// `nil` and `-`.
    /// - Returns: whether a file was written (so the command can say so on standard error).
    @discardableResult
    func write(_ text: String, to file: String?) throws -> Bool {
        try write(Array(text.utf8), to: file)
    }

    /// Writes bytes (an image) to a file, or to standard output when `file` is `nil` or `-`.
    /// - Returns: whether a file was written.
    func write(_ bytes: [UInt8], to file: String?) throws -> Bool {
        guard let file, file != "-" else {
            write(bytes)
            return false
        }
        try OutputFile.write(bytes, to: file, protecting: try store())
        return true
    }

    /// The batch loop of `search --batch` and `where --batch`: one line of output for each line of
    /// standard input (trimmed), written in chunks of about 60 KB as they fill, so a long batch
    /// streams instead of waiting for the end.
    func answerEachLine(progress: ProgressReporter? = nil, _ answer: (String) -> String) {
        var output = ""
        output.reserveCapacity(1 << 16)
        while let line = readLine() {
            progress?.advance()
            output += answer(line.trimmed)
            output += "\n"
            if output.utf8.count > 60_000 {
                write(output)
                output.removeAll(keepingCapacity: true)
            }
        }
        write(output)
    }

    /// Writes a line to standard error (notes that must not mix with data on stdout).
    func note(_ text: String) {
        Console.error(text)
    }

    /// Asks for a number from 1 to `count` on the terminal; `nil` for anything else.
    func choose(_ question: String, count: Int) -> Int? {
        Console.prompt(question + " [1-\(count), anything else cancels] ")
        guard let answer = readLine(), let number = Int(answer.trimmed), (1...count).contains(number) else { return nil }
        return number
    }

    /// Asks a yes/no question on the terminal; `false` for anything but y/yes.
    func confirm(_ question: String) -> Bool {
        Console.prompt(question + " [y/N] ")
        guard let answer = readLine() else { return false }
        return ["y", "yes"].contains(answer.trimmed.lowercased())
    }
}
