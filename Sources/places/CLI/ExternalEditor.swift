import PlacesKit
#if canImport(Glibc)
import Glibc
#endif

/// Runs the person's text editor on a private temporary file.
struct ExternalEditor {
    /// `$VISUAL`, else `$EDITOR`, else `vi`. It may carry arguments (`code --wait`), so it runs
    /// through `/bin/sh -c`, with the file passed as a separate argument, never pasted into the command.
    let command: String

    init(environment: [String: String]) {
        let visual = environment["VISUAL"].map(\.trimmed) ?? ""
        let editor = environment["EDITOR"].map(\.trimmed) ?? ""
        command = !visual.isEmpty ? visual : (!editor.isEmpty ? editor : "vi")
    }

    /// Opens `text` in the editor and returns the text as saved, with Windows line ends (CRLF)
    /// and a byte-order mark, which some editors write, taken away.
    /// - Throws: ``CommandFailure`` when the editor cannot start or exits with an error.
    func edit(_ text: String) throws -> String {
        let directory = ProcessEnvironment.temporaryDirectory
        // The file holds the person's notes: it is removed however `places` ends, an interrupt included.
        TemporaryFileCleanup.install()
        // mkstemps creates the file exclusively with mode 0600: the place's notes stay private.
        var template = Array((directory + "/places-edit-XXXXXX.txt").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { buffer in
            TemporaryFileCleanup.removing(buffer.baseAddress!) { mkstemps(buffer.baseAddress!, 4) }
        }
        guard fd >= 0 else { throw CommandFailure("cannot create a temporary file in \(directory): \(String(cString: strerror(errno)))") }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer {
            FileSystem.removeIfPresent(path)
            TemporaryFileCleanup.forget()
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else { throw CommandFailure("cannot write the temporary file \(path)") }

        let status = try ProcessEnvironment.run(["/bin/sh", "-c", command + " \"$1\"", "sh", path])
        guard status == 0 else {
            throw CommandFailure("the editor (\(command)) exited with status \(status); nothing was changed")
        }
        guard let fileBytes = try? PosixFile.read(path) else { throw CommandFailure("cannot read back \(path)") }
        guard let edited = String(validating: Self.plainLineEnds(fileBytes), as: UTF8.self) else {
            throw CommandFailure("the edited text is not valid UTF-8; nothing was changed", code: .dataError)
        }
        return edited
    }

    /// The bytes without a leading UTF-8 byte-order mark and with every CRLF made LF.
    static func plainLineEnds(_ bytes: [UInt8]) -> [UInt8] {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = start
        while index < bytes.count {
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1; continue }
            result.append(bytes[index])
            index += 1
        }
        return result
    }

    /// Saves text the person typed that could not be applied, in a private file they can reopen.
    /// - Returns: the file's path.
    static func keep(_ text: String, name: String) throws -> String {
        let directory = ProcessEnvironment.temporaryDirectory
        var template = Array((directory + "/places-edit-\(name)-kept-XXXXXX.txt").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else { throw CommandFailure("cannot keep your text in \(directory): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        let bytes = Array(text.utf8)
        guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count, fsync(fd) == 0 else {
            throw CommandFailure("cannot keep your text in \(path): \(String(cString: strerror(errno)))")
        }
        return path
    }
}

/// Starting other programs without Foundation's `Process` (which would load ICU at start-up).
enum ProcessEnvironment {
    static var temporaryDirectory: String { FileSystem.temporaryDirectory }

    /// Runs a program with the terminal inherited and waits for it.
    /// - Returns: its exit status (128 + signal when killed).
    static func run(_ argv: [String]) throws -> Int32 {
        var pid = pid_t()
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        let result = posix_spawn(&pid, argv[0], nil, nil, &cArguments, environ)
        guard result == 0 else { throw CommandFailure("cannot start \(argv[0]): \(String(cString: strerror(result)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { throw CommandFailure("lost track of \(argv[0]): \(String(cString: strerror(errno)))") }
        }
        let low = status & 0x7F
        return low == 0 ? (status >> 8) & 0xFF : 128 + low
    }
}

/// Removes the editor's temporary file when `places` is interrupted (SIGINT, SIGTERM, SIGHUP), then
/// ends the way the signal would have. The path sits in memory the handler can read without
/// allocating: a signal handler may only make async-signal-safe calls (`unlink`, `signal`, `raise`).
enum TemporaryFileCleanup {
    nonisolated(unsafe) private static var path: UnsafeMutablePointer<CChar>?

    static func install() {
        // A parent may have started `places` with these signals blocked; they must reach the handler.
        var wanted = sigset_t()
        sigemptyset(&wanted)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&wanted, signalNumber) }
        sigprocmask(SIG_UNBLOCK, &wanted, nil)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { number in
                if let path = TemporaryFileCleanup.path { unlink(path) }
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }

    /// Runs `create` (which fills in the file name at `name`) with signals held, then remembers the name.
    static func removing(_ name: UnsafeMutablePointer<CChar>, _ create: () -> Int32) -> Int32 {
        var all = sigset_t(), previous = sigset_t()
        sigemptyset(&all)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&all, signalNumber) }
        sigprocmask(SIG_BLOCK, &all, &previous)
        let fd = create()
        if fd >= 0 { path = strdup(name) }
        sigprocmask(SIG_SETMASK, &previous, nil)
        return fd
    }

    static func forget() {
        let old = path
        path = nil
        free(old)
    }
}
