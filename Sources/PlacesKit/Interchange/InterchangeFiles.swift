#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading files to import and writing exports, with errors that name the file.
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

    /// Replaces (or creates) a file with `text`: written to a temporary file beside it, flushed,
    /// then renamed over it, so a reader never sees half an export.
    /// - Throws: ``JournalError/io(path:operation:reason:)`` naming the file.
    public static func write(_ text: String, to path: String) throws {
        let directory = StorePath.directory(of: path)
        let temporary = StorePath.join(
            directory, ".\(StorePath.lastComponent(of: path)).tmp.\(getpid()).\(UInt32.random(in: 0...UInt32.max))")
        try PosixFile.writeNew(temporary, Array(text.utf8), mode: 0o644)
        do {
            try PosixFile.rename(temporary, path)
        } catch {
            unlink(temporary)
            throw error
        }
    }
}
