import PlacesKit
#if canImport(Glibc)
import Glibc
#endif

/// Standard output and standard error, written directly with `write(2)`: the one path every
/// command's output takes.
///
/// C's `stdout`/`stderr` globals are shared mutable state that Swift 6 will not touch, and `print`
/// drops write errors. Here a failed write is remembered: a full disk or an I/O error on standard
/// output ends the command with a message and exit 74 (`EX_IOERR`); a closed pipe
/// (`places list | head`) ends it quietly, as SIGPIPE would. Standard output is flushed before
/// anything goes to standard error, so the two stay in order on one terminal.
enum Console {
    /// The first error writing standard output, if any (later output is dropped).
    nonisolated(unsafe) private(set) static var outputFailure: String?
    nonisolated(unsafe) private static var buffer: [UInt8] = []
    /// Flush after every line on a terminal (a person watches it), in 64 KB blocks otherwise.
    nonisolated(unsafe) private static var flushesEachWrite = isatty(STDOUT_FILENO) == 1

    /// Writes text and a line break to standard output.
    static func say(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        buffer.append(UInt8(ascii: "\n"))
        if flushesEachWrite || buffer.count >= 1 << 16 { flushOutput() }
    }

    /// Writes bytes to standard output as they are.
    static func output(_ bytes: [UInt8]) {
        if bytes.count >= 1 << 16 {
            // A whole table or export: written as it is, without copying it into the buffer.
            flushOutput()
            send(bytes)
            return
        }
        buffer.append(contentsOf: bytes)
        if flushesEachWrite || buffer.count >= 1 << 16 { flushOutput() }
    }

    /// Sends what is buffered to standard output.
    static func flushOutput() {
        defer { buffer.removeAll(keepingCapacity: true) }
        send(buffer)
    }

    /// Writes to standard output, remembering the first failure (and dropping output after it).
    private static func send(_ bytes: [UInt8]) {
        guard outputFailure == nil, !bytes.isEmpty else { return }
        if let code = writeAll(bytes, to: STDOUT_FILENO) {
            if code == EPIPE {
                // The reader has gone; end as quietly as the default SIGPIPE would.
                signal(SIGPIPE, SIG_DFL)
                raise(SIGPIPE)
                _exit(128 + SIGPIPE)
            }
            outputFailure = String(cString: strerror(code))
        }
    }

    static func error(_ text: String) {
        flushOutput()
        // Messages quote names and values from files; none may reach the terminal as a control sequence.
        var bytes = Array(TerminalText.visible(text, keepingLineBreaks: true).utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        _ = writeAll(bytes, to: STDERR_FILENO)
    }

    /// Text on standard error with no line break (for prompts).
    static func prompt(_ text: String) {
        flushOutput()
        _ = writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    /// Writes every byte, retrying after interruptions.
    /// - Returns: the `errno` of a failed write, or `nil` when all was written.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return nil
    }
}
