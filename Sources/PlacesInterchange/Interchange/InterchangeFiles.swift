import PlacesCore

/// Reading files to import, with errors that name the file. (Exports are written by ``OutputFile``.)
public enum InterchangeFiles {
    /// The paths that can be read only once, each read whole (within ``FileSystem/maximumInputSize``).
    /// - Throws: ``ImportError`` as ``read(_:)`` does.
    public static func readOnceOnly(_ paths: [String]) throws -> [String: [UInt8]] {
        var contents: [String: [UInt8]] = [:]
        for path in paths where contents[path] == nil && FileSystem.isReadOnce(path) { contents[path] = try read(path) }
        return contents
    }

    /// The whole file.
    /// - Throws: ``ImportError`` when it is missing, unreadable, or larger than ``FileSystem/maximumInputSize``.
    public static func read(_ path: String) throws -> [UInt8] {
        // Pipes and devices (`<(…)`, /dev/stdin) are welcome, within the same limit as files.
        let file: ReadableFile?, bytes: [UInt8]
        do throws(FileError) {
            file = try ReadableFile.ifPresent(path, accepting: .anythingButDirectories)
            bytes = try file?.readToEnd(limit: FileSystem.maximumInputSize) ?? []
        } catch {
            if case .tooLarge = error.problem { throw ImportError(file: path, reason: error.reason) }
            throw ImportError(file: path, reason: "cannot \(error.operation.rawValue) it: \(error.reason)")
        }
        guard let file else { throw ImportError(file: path, reason: "no such file") }
        // A FIFO is opened without waiting for a writer, so one nobody writes to reads as empty at once.
        if bytes.isEmpty, file.info.kind == .fifo {
            throw ImportError(file: path, reason: "it is a named pipe and nothing was written to it: start the writer first, "
                              + "or import a file")
        }
        return bytes
    }
}
