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

    /// Opens `text` in the editor and returns the text as saved.
    /// - Throws: ``CommandFailure`` when the editor cannot start or exits with an error.
    func edit(_ text: String) throws -> String {
        let directory = ProcessEnvironment.temporaryDirectory
        // mkstemps creates the file exclusively with mode 0600: the place's notes stay private.
        var template = Array((directory + "/places-edit-XXXXXX.txt").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else { throw CommandFailure("cannot create a temporary file in \(directory): \(String(cString: strerror(errno)))") }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        defer { unlink(path) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count else { throw CommandFailure("cannot write the temporary file \(path)") }

        let status = try ProcessEnvironment.run(["/bin/sh", "-c", command + " \"$1\"", "sh", path])
        guard status == 0 else {
            throw CommandFailure("the editor (\(command)) exited with status \(status); nothing was changed")
        }
        guard let fileBytes = readAll(path) else { throw CommandFailure("cannot read back \(path)") }
        guard let edited = String(validating: fileBytes, as: UTF8.self) else {
            throw CommandFailure("the edited text is not valid UTF-8; nothing was changed", code: .dataError)
        }
        return edited
    }

    private func readAll(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 { if errno == EINTR { continue }; return nil }
            if count == 0 { return result }
            result += buffer[0..<count]
        }
    }
}

/// Starting other programs without Foundation's `Process` (which would load ICU at start-up).
enum ProcessEnvironment {
    static var temporaryDirectory: String {
        if let dir = getenv("TMPDIR").map({ String(cString: $0) }), dir.hasPrefix("/") { return dir }
        return "/tmp"
    }

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
