import PlacesCore

/// Why the journal could not be read or changed. Every case reads as a complete sentence when
/// printed, names the file, and says what to do where there is something to do. The cases carry
/// their data; options of the command line (`--wait`, `--store`) are the executable's to name.
public enum JournalError: ExplainedError, Equatable, Sendable {
    /// The journal exists but is not a journal this version can read. Nothing was changed.
    case unreadable(path: String, reason: String, backup: String?)
    /// The journal was written by a newer `places`.
    case newerVersion(path: String, version: Int, supported: Int)
    /// Another `places` holds the journal's lock and did not let go in time.
    case lockTimeout(path: String, seconds: Double)
    /// The operating system refused a file operation.
    case io(path: String, operation: String, reason: String)
    /// Neither `HOME` nor any other setting says where the journal lives.
    case noHome
    /// The journal holds the same id twice, which no `places` writes; refuse rather than guess.
    case duplicateID(path: String, id: String)
    /// Another copy of the journal (one to merge) holds a place that is not valid.
    case invalidPlace(path: String, id: String, name: String, reason: String)
    /// A file is larger than this command reads (counted as read, so pipes and devices are bounded too).
    case tooLarge(path: String, limit: Int)

    /// Whether the error means a file could not be read (sysexits `EX_DATAERR`, exit 65), as
    /// opposed to a change that could not be made or saved.
    public var isReadFailure: Bool {
        switch self {
        case .unreadable, .newerVersion, .duplicateID, .tooLarge, .invalidPlace: return true
        case let .io(_, operation, _): return ["open", "read", "examine"].contains(operation)
        case .lockTimeout, .noHome: return false
        }
    }

    /// What went wrong, naming the file.
    public var message: String {
        switch self {
        case let .unreadable(path, reason, _): return "cannot read \(path): \(reason)"
        case let .newerVersion(path, version, supported):
            return "cannot read \(path): it is journal version \(version), and this places reads up to version \(supported)"
        case let .lockTimeout(path, seconds):
            return "the journal is locked by another places process (\(path)); gave up after \(CoordinateFormat.plain(seconds)) s"
        case let .io(path, operation, reason): return "cannot \(operation) \(path): \(reason)"
        case .noHome: return "cannot tell where the journal lives: HOME is not set"
        case let .tooLarge(path, limit): return "cannot read \(path): it is larger than the limit of \(limit / 1_048_576) MB"
        case let .invalidPlace(path, id, name, reason):
            return "cannot merge \(path): its place \(id) (\"\(TerminalText.visible(name))\") is not valid: \(reason)"
        case let .duplicateID(path, id): return "cannot read \(path): the id \(id) appears twice"
        }
    }

    /// What to do about it.
    public var hint: String? {
        switch self {
        case let .unreadable(_, _, backup):
            if let backup { return "the journal was left untouched; the previous version is in \(backup)" }
            return "the journal was left untouched; fix it by hand or move it aside"
        case .newerVersion: return "upgrade places; the journal was left untouched"
        case .lockTimeout: return "wait for it to finish"
        case .noHome: return "set PLACES_STORE"
        case .invalidPlace: return "nothing was changed; fix that place in that file, then merge again"
        case .duplicateID: return "the journal was left untouched; remove one of the two entries by hand"
        case .io, .tooLarge: return nil
        }
    }
}
