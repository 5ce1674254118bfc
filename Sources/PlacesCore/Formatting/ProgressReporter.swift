#if canImport(Glibc)
import Glibc
#endif

/// A progress bar on standard error for work that takes a while:
/// `[#####     ] 1,234/10,000  2,345/s  ETA 0:04`.
///
/// It stays invisible for the first half second, so quick runs print nothing; it redraws at most
/// ten times a second, so reporting every item costs little; and it erases itself when the work is
/// done, so what remains on the terminal is the command's real output. Whether to show it at all
/// is decided once, by ``isWanted(stderrIsTerminal:stdoutIsTerminal:writesToStdout:quiet:)``:
/// never in a pipe, never with `--quiet`.
///
/// Not thread-safe: one reporter belongs to the loop doing the work.
public final class ProgressReporter {
    /// Seconds before the bar first appears.
    public static let delay = 0.5
    /// Seconds between redraws.
    public static let interval = 0.1

    /// What is counted.
    public enum Unit: Sendable {
        /// Places, lines, queries: shown as `1,234/10,000  2,345/s`.
        case items
        /// Bytes of input: shown as `12.3/98.8 MB  4.6 MB/s`.
        case bytes
    }

    private let total: Int?
    private let unit: Unit
    private let enabled: Bool
    private let clock: () -> Double
    private let output: (String) -> Void
    private let start: Double
    private let delay: Double
    /// When this stage began: the rate and time left are measured from here.
    private let stageStart: Double
    private var lastDraw = -Double.infinity
    private var drawn = false
    /// How far the work has got.
    public private(set) var count = 0

    /// Creates a reporter; nothing is drawn until ``update(_:)`` is called after ``delay``.
    /// - Parameters:
    ///   - total: how many items there are, or `nil` when unknown (the bar then shows the count and rate).
    ///   - unit: what is counted.
    ///   - enabled: whether to draw at all (see ``isWanted(stderrIsTerminal:stdoutIsTerminal:writesToStdout:quiet:)``).
    ///   - clock: seconds from any fixed origin; a monotonic clock by default. Tests pass their own.
    ///   - output: where the bar's text goes; standard error by default.
    ///   - delay: seconds of work before the bar first appears.
    ///   - startedAt: when the command's work began, on `clock`, for a later stage of the same work:
    ///     the half-second grace period counts from then, not from this stage's start. Default: now.
    public init(total: Int?, unit: Unit = .items, enabled: Bool, clock: @escaping () -> Double = ProgressReporter.monotonicSeconds,
                output: @escaping (String) -> Void = ProgressReporter.writeToStandardError,
                delay: Double = ProgressReporter.delay, startedAt: Double? = nil) {
        self.total = total
        self.unit = unit
        self.delay = delay
        self.enabled = enabled
        self.clock = clock
        self.output = output
        stageStart = enabled ? clock() : 0
        start = startedAt ?? stageStart
    }

    /// Whether a command should show progress: only when standard error is a terminal, `--quiet`
    /// was not given, and the command's own output is not going to that terminal while it works
    /// (a bar would tear lines of JSON or a table apart).
    public static func isWanted(stderrIsTerminal: Bool, stdoutIsTerminal: Bool, writesToStdout: Bool, quiet: Bool) -> Bool {
        stderrIsTerminal && !quiet && !(stdoutIsTerminal && writesToStdout)
    }

    /// Records that `count` items are done, and redraws when due.
    public func update(_ count: Int) {
        self.count = count
        guard enabled else { return }
        let now = clock()
        guard now - start >= delay, now - lastDraw >= Self.interval else { return }
        lastDraw = now
        drawn = true
        output("\r" + Self.line(count: count, total: total, elapsed: now - stageStart, unit: unit) + "\u{1B}[K")
    }

    /// Records that `step` more items are done.
    public func advance(by step: Int = 1) { update(count + step) }

    /// Erases the bar, if it was drawn. Call it before printing anything else, and when the work ends.
    public func finish() {
        guard drawn else { return }
        drawn = false
        output("\r\u{1B}[K")
    }

    /// The text of the bar, without the carriage return: `[#####     ] 1,234/10,000  2,345/s  ETA 0:04`.
    /// - Parameters:
    ///   - count: items done.
    ///   - total: items in all, or `nil` when unknown.
    ///   - elapsed: seconds since the work started.
    ///   - width: cells inside the brackets.
    ///   - unit: what is counted.
    public static func line(count: Int, total: Int?, elapsed: Double, width: Int = 20, unit: Unit = .items) -> String {
        let rate = elapsed > 0 ? Double(count) / elapsed : 0
        let megabytes = { (n: Double) in CoordinateFormat.fixed(n / 1_000_000, decimals: 1) }
        let rateText = unit == .bytes ? megabytes(rate) + " MB/s" : PlacesCore.grouped(Int(saturating: rate.rounded())) + "/s"
        let countText = unit == .bytes ? megabytes(Double(count)) : PlacesCore.grouped(count)
        guard let total, total > 0 else { return "\(countText)\(unit == .bytes ? " MB" : "")  \(rateText)" }
        let totalText = unit == .bytes ? megabytes(Double(total)) + " MB" : PlacesCore.grouped(total)
        let fraction = min(1, max(0, Double(count) / Double(total)))
        let filled = Int(saturating: (fraction * Double(width)).rounded(.down))
        let bar = "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "]"
        var text = "\(bar) \(countText)/\(totalText)  \(rateText)"
        if rate > 0, count < total {
            text += "  ETA " + duration(Double(total - count) / rate)
        }
        return text
    }

    /// Seconds as `0:04`, `12:30` or `1:02:03`.
    public static func duration(_ seconds: Double) -> String {
        let total = Int(saturating: min(seconds, 359_999).rounded(.up))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        let twoDigits = { (n: Int) in n < 10 ? "0\(n)" : "\(n)" }
        return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(secs))" : "\(minutes):\(twoDigits(secs))"
    }

    /// Seconds on the monotonic clock, which no change of the wall clock can move.
    public static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// Writes `text` to standard error unbuffered, after flushing standard output so the two keep their order.
    public static func writeToStandardError(_ text: String) {
        fflush(nil)
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 { if errno == EINTR { continue }; return }
            offset += written
        }
    }
}
