#if canImport(Glibc)
import Glibc
#endif

/// Reading files to import, with errors that name the file. (Exports are written by ``OutputFile``.)
public enum InterchangeFiles {
    /// The whole file.
    /// - Throws: ``ImportError`` when it is missing, unreadable, or larger than ``Importer/maximumFileSize``.
    public static func read(_ path: String) throws -> [UInt8] {
        do {
            // Pipes and devices (`<(…)`, /dev/stdin) are welcome, within the same limit as files.
            guard let bytes = try PosixFile.read(path, regularOnly: false, limit: Importer.maximumFileSize) else {
                throw ImportError(file: path, reason: "no such file")
            }
            return bytes
        } catch let error as JournalError {
            switch error {
            case .io(_, let operation, let reason):
                throw ImportError(file: path, reason: "cannot \(operation) it: \(reason)")
            case .tooLarge(_, let limit):
                throw ImportError(file: path, reason: "it is larger than the limit of \(limit / 1_048_576) MB")
            default:
                throw ImportError(file: path, reason: error.description)
            }
        }
    }
}
