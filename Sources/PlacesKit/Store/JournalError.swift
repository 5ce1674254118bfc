/// Why the journal could not be read or changed. Every case reads as a complete sentence when
/// printed, names the file, and says what to do where there is something to do. The cases carry
/// their data; options of the command line (`--wait`, `--store`) are the executable's to name.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
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

    public var description: String {
        switch self {
        case let .unreadable(path, reason, backup):
            var text = "cannot read \(path): \(reason)"
            if let backup { text += "\nhint: the journal was left untouched; the previous version is in \(backup)" }
            else { text += "\nhint: the journal was left untouched; fix it by hand or move it aside" }
            return text
        case let .newerVersion(path, version, supported):
            return "cannot read \(path): it is journal version \(version), and this places reads up to version \(supported)\nhint: upgrade places; the journal was left untouched"
        case let .lockTimeout(path, seconds):
            return "the journal is locked by another places process (\(path)); gave up after \(CoordinateFormat.plain(seconds)) s\nhint: wait for it to finish"
        case let .io(path, operation, reason):
            return "cannot \(operation) \(path): \(reason)"
        case .noHome:
            return "cannot tell where the journal lives: HOME is not set\nhint: set PLACES_STORE"
        case let .duplicateID(path, id):
            return "cannot read \(path): the id \(id) appears twice\nhint: the journal was left untouched; remove one of the two entries by hand"
        }
    }
}
