#if canImport(Glibc)
import Glibc
#endif

/// What the terminal looked like before, kept where a signal handler can reach it without
/// allocating or locking: a C struct and a byte string in memory allocated once.
private enum SavedTerminal {
    nonisolated(unsafe) static let modes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    nonisolated(unsafe) static var fd: Int32 = -1
    nonisolated(unsafe) static var active: Int32 = 0
    /// The write end of the pipe SIGWINCH and SIGCONT are reported through.
    nonisolated(unsafe) static var signalPipe: Int32 = -1
    static let leave: [UInt8] = Array(TerminalSession.leaveSequence.utf8)
    nonisolated(unsafe) static let leaveBytes: UnsafeMutablePointer<UInt8> = {
        let pointer = UnsafeMutablePointer<UInt8>.allocate(capacity: leave.count)
        pointer.initialize(from: leave, count: leave.count)
        return pointer
    }()

    /// Puts the terminal back: only `write` and `tcsetattr`, both async-signal-safe.
    static func restoreFromSignal() {
        guard active == 1, fd >= 0 else { return }
        active = 0
        _ = write(fd, leaveBytes, leave.count)
        _ = tcsetattr(fd, TCSAFLUSH, modes)
    }
}

/// The terminal taken over for a full-screen program: raw mode, the alternate screen, a hidden
/// cursor, bracketed paste and mouse reporting, all given back by ``restore()``, by the handlers of
/// SIGTERM, SIGHUP, SIGINT, SIGQUIT and the crash signals (which then let the signal take its
/// course), and before a suspend.
public final class TerminalSession {
    /// What a wait for input returns.
    public enum Event: Equatable, Sendable {
        case keys([Key])
        /// The window changed size (SIGWINCH).
        case resized
        /// The program was continued after a stop (SIGCONT): redraw everything.
        case resumed
        /// Nothing happened within the time asked for.
        case timeout
    }

    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h\u{1B}[H\u{1B}[2J"
    static let leaveSequence = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[?2004l\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    public let input: Int32
    public let output: Int32
    private var decoder = KeyDecoder()
    private var pipeRead: Int32 = -1
    private var isActive = false

    /// Whether both descriptors are terminals (a full-screen program needs that).
    public static func isTerminal(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Bool {
        isatty(input) == 1 && isatty(output) == 1
    }

    public init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = input
        self.output = output
    }

    /// The window's size in cells, or 80 × 24 when the terminal does not say.
    public func size() -> (columns: Int, rows: Int) {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return (80, 24) }
        return (Int(size.ws_col), Int(size.ws_row))
    }

    /// Takes the terminal: saves its modes, enters raw mode and the alternate screen, installs the
    /// signal handlers.
    public func start() throws(TerminalError) {
        guard tcgetattr(input, SavedTerminal.modes) == 0 else { throw TerminalError("cannot read the terminal's modes") }
        if pipeRead < 0 {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw TerminalError("cannot make a pipe") }
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            pipeRead = fds[0]
            SavedTerminal.signalPipe = fds[1]
        }
        SavedTerminal.fd = input
        try enter()
        installHandlers()
    }

    private func enter() throws(TerminalError) {
        var raw = SavedTerminal.modes.pointee
        cfmakeraw(&raw)
        // Output post-processing stays as it was: newlines are never written, cursor moves are.
        raw.c_oflag = SavedTerminal.modes.pointee.c_oflag
        raw.c_cc.6 = 1  // VMIN
        raw.c_cc.5 = 0  // VTIME
        guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else { throw TerminalError("cannot put the terminal in raw mode") }
        SavedTerminal.active = 1
        isActive = true
        write(Array(Self.enterSequence.utf8))
    }

    /// Gives the terminal back as it was. Safe to call more than once.
    public func restore() {
        guard isActive else { return }
        isActive = false
        SavedTerminal.active = 0
        write(SavedTerminal.leave)
        _ = tcsetattr(input, TCSAFLUSH, SavedTerminal.modes)
    }

    /// Ctrl-Z: gives the terminal back, stops the process group as the shell's job control expects
    /// (a wrapper script stops too), and takes the terminal again once continued (`fg`). Redraw
    /// everything afterwards.
    public func suspend() {
        restore()
        signal(SIGTSTP, SIG_DFL)
        kill(0, SIGTSTP)
        try? enter()
    }

    /// Runs `body` with the terminal given back (an editor), then takes it again.
    public func whileReleased<T>(_ body: () throws -> T) rethrows -> T {
        restore()
        defer { try? enter() }
        return try body()
    }

    /// Writes all of `bytes` to the terminal.
    public func write(_ bytes: [UInt8]) {
        var offset = 0
        bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let written = Glibc.write(output, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { if errno == EINTR || errno == EAGAIN { continue }; return }
                offset += written
            }
        }
    }

    /// Waits for keys or a signal, at most `milliseconds` (`-1`: as long as it takes). A lone Escape
    /// is given out once ``KeyDecoder/loneEscapeDelay`` passes with nothing after it.
    public func next(timeout milliseconds: Int32) -> Event {
        let wait = decoder.isHoldingEscape ? Int32(KeyDecoder.loneEscapeDelay) : milliseconds
        var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0), pollfd(fd: pipeRead, events: Int16(POLLIN), revents: 0)]
        let ready = poll(&fds, 2, wait)
        if ready < 0 { return errno == EINTR ? .timeout : .keys([.control("c")]) }
        if ready == 0 {
            if decoder.isHoldingEscape { return .keys(decoder.flush()) }
            return .timeout
        }
        if fds[1].revents & Int16(POLLIN) != 0 {
            var byte: UInt8 = 0
            var resumed = false
            while read(pipeRead, &byte, 1) == 1 { if byte == UInt8(SIGCONT) { resumed = true } }
            if resumed {
                // Continued by `fg` after a stop we did not ask for: take the terminal again.
                if !isActive { try? enter() }
                return .resumed
            }
            return .resized
        }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(input, &buffer, buffer.count)
        // End of input (the terminal went away): the same as quitting.
        if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) { return .keys([.control("c")]) }
        if count < 0 { return .timeout }
        return .keys(decoder.feed(buffer[0..<count]))
    }

    private func installHandlers() {
        let reporting: @convention(c) (Int32) -> Void = { signal in
            var byte = UInt8(truncatingIfNeeded: signal)
            let saved = errno
            _ = Glibc.write(SavedTerminal.signalPipe, &byte, 1)
            errno = saved
        }
        let ending: @convention(c) (Int32) -> Void = { number in
            SavedTerminal.restoreFromSignal()
            signal(number, SIG_DFL)
            raise(number)
        }
        for number in [SIGWINCH, SIGCONT] { installHandler(number, reporting, restart: true) }
        for number in [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] {
            installHandler(number, ending, restart: false)
        }
    }

    private func installHandler(_ number: Int32, _ handler: @convention(c) (Int32) -> Void, restart: Bool) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = restart ? SA_RESTART : Int32(bitPattern: UInt32(SA_RESETHAND)) | SA_NODEFER
        sigaction(number, &action, nil)
    }
}

/// The terminal could not be set up.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
