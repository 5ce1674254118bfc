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
        var info = stat()
        if stat(path, &info) == 0 {
            if (info.st_mode & S_IFMT) == S_IFDIR { throw ImportError(file: path, reason: "is a directory, not a file") }
            if Int(info.st_size) > Importer.maximumFileSize {
                throw ImportError(
                    file: path, reason: "the file is \(Int(info.st_size) / 1_048_576) MB: the limit is \(Importer.maximumFileSize / 1_048_576) MB")
            }
        }
        do {
            guard let bytes = try PosixFile.read(path) else { throw ImportError(file: path, reason: "no such file") }
            return bytes
        } catch let error as JournalError {
            if case .io(_, let operation, let reason) = error {
                throw ImportError(file: path, reason: "cannot \(operation) it: \(reason)")
            }
            throw ImportError(file: path, reason: error.description)
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
