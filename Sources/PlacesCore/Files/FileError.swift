#if canImport(Glibc)
import Glibc
#endif

/// The kind of thing a path names, as the file system tells it.
public enum FileKind: Sendable, Equatable {
    case regular, directory, symbolicLink, fifo, characterDevice, blockDevice, socket, other

    package init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// The kind in words, for errors: "a FIFO (named pipe)", "a device", ….
    public var words: String {
        switch self {
        case .fifo: return "a FIFO (named pipe)"
        case .characterDevice, .blockDevice: return "a device"
        case .socket: return "a socket"
        case .directory: return "a directory"
        case .symbolicLink: return "a symbolic link"
        case .regular, .other: return "not a regular file"
        }
    }
}

/// A file operation the system refused, as data: which file, which operation, and why (the
/// system's error number, or the kind of file found where another was needed).
///
/// Every system call of `places` goes through the `Files/` layer, which throws this; each caller
/// turns it into its own error (``JournalError``, ``ImportError``, ``GazetteerError``, a
/// ``MediaSkip``) without parsing text.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was being done, in the words errors use ("cannot open …", "cannot flush the directory …").
    public enum Operation: String, Sendable {
        case open, examine, read, create, write, flush, close, replace, remove, map
        case setPermissions = "set permissions on"
        case openDirectory = "open the directory"
        case readDirectory = "read the directory"
        case createDirectory = "create the directory"
        case useDirectory = "use the directory"
        case flushDirectory = "flush the directory"
        case removeDirectory = "remove the directory"
        case openFolder = "open the folder"
        case openLockFile = "open the lock file"
        case useLockFile = "use the lock file"
        case lock
    }

    /// Why it failed.
    public enum Problem: Equatable, Sendable {
        /// The system's error number (`errno`).
        case system(Int32)
        /// A file of another kind than the operation needs: a directory, a FIFO, … where a regular
        /// file was expected, or something else where a directory was expected (`found` is then not
        /// `.directory`).
        case wrongKind(found: FileKind)
        /// More bytes than the caller accepts (counted as read, so pipes and devices are bounded too).
        case tooLarge(limit: Int)
    }

    /// The file, as the caller named it.
    public var path: String
    public var operation: Operation
    public var problem: Problem

    /// Creates the error of a failed operation.
    public init(path: String, operation: Operation, problem: Problem) {
        (self.path, self.operation, self.problem) = (path, operation, problem)
    }

    /// The error of the system call that just failed, from `errno`.
    package static func system(_ path: String, _ operation: Operation, _ code: Int32 = errno) -> FileError {
        FileError(path: path, operation: operation, problem: .system(code))
    }

    /// The system's error number, when the system refused.
    public var code: Int32? {
        if case .system(let code) = problem { return code }
        return nil
    }

    /// Whether nothing is at the path (`ENOENT`).
    public var isMissing: Bool { code == ENOENT }

    /// Why, in words: the system's text for its error number, or the kind of file found.
    public var reason: String {
        switch problem {
        case .system(let code): return String(cString: strerror(code))
        case .wrongKind(let found):
            if operation == .useDirectory { return "it is not a directory" }
            if found == .directory && operation != .useLockFile { return "it is a directory, not a file" }
            return "it is \(found.words), not a regular file"
        case .tooLarge(let limit): return "it is larger than the limit of \(limit / 1_048_576) MB"
        }
    }

    public var description: String { "cannot \(operation.rawValue) \(path): \(reason)" }
}
