#if canImport(Glibc)
import Glibc
#endif

/// Standard error, written directly with `write(2)`.
///
/// C's `stderr` global is shared mutable state that Swift 6 will not touch; and flushing
/// standard output first keeps the two streams in order when both go to one terminal.
enum Console {
    static func error(_ text: String) {
        fflush(nil)
        var bytes = Array(text.utf8)
        if bytes.last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
        writeAll(bytes, to: STDERR_FILENO)
    }

    /// Text on standard error with no line break (for prompts).
    static func prompt(_ text: String) {
        fflush(nil)
        writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    static func writeAll(_ bytes: [UInt8], to fd: Int32) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if count < 0 { if errno == EINTR { continue }; return }
            offset += count
        }
    }
}
