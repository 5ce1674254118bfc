#if canImport(Glibc)
import Glibc
#endif

/// Finds location history among what the user named: files, and folders such as Takeout's
/// `Location History/Semantic Location History/2019/2019_JANUARY.json …`.
public enum LocationHistoryFiles {
    /// One file to read.
    public struct Input: Sendable, Equatable {
        public var path: String
        public var shape: LocationHistoryShape
        /// Its size in bytes (for the progress bar), 0 when unknown.
        public var size: Int
        /// Its bytes, already read, for an input that can be read only once (a pipe); `nil` to read the file.
        public var bytes: [UInt8]? = nil
    }

    /// What the paths hold.
    public struct Found: Sendable {
        /// Location history files, in the order named (a folder's files sorted by path).
        public var inputs: [Input] = []
        /// Paths that are not location history.
        public var others: [String] = []
        /// Remarks about files passed over inside folders.
        public var notes: [String] = []
    }

    /// Sorts the paths into location history and everything else, looking inside folders.
    ///
    /// In a folder, Semantic Location History and Timeline files are read; a Records.json beside
    /// them is passed over with a note, because they already hold the same visits (name it on its
    /// own to find stays in it). A folder with only Records.json files has them read. Other JSON files
    /// (Settings.json) and everything else are passed over silently. A folder with no location
    /// history is left in ``Found/others`` for other importers (photos).
    /// - Parameter contents: the bytes of inputs that can be read only once, by path
    ///   (``InterchangeFiles/readOnceOnly(_:)``): looked at instead of opening them again.
    /// - Throws: ``ImportError`` for a file that cannot be opened.
    public static func find(_ paths: [String], contents: [String: [UInt8]] = [:]) throws -> Found {
        var found = Found()
        for path in paths {
            if let bytes = contents[path] {
                if let shape = FormatDetection.locationHistoryShape(Array(bytes.prefix(FormatDetection.locationHistoryPrefixSize))) {
                    found.inputs.append(Input(path: path, shape: shape, size: bytes.count, bytes: bytes))
                } else {
                    found.others.append(path)
                }
                continue
            }
            guard isDirectory(path) else {
                if let shape = try LocationHistoryReader.shape(ofFile: path) {
                    found.inputs.append(Input(path: path, shape: shape, size: size(path)))
                } else {
                    found.others.append(path)
                }
                continue
            }
            var inFolder: [Input] = []
            var records: [String] = []
            for file in jsonFiles(under: path) {
                guard let shape = try? LocationHistoryReader.shape(ofFile: file) else { continue }
                if shape == .records {
                    records.append(file)
                } else {
                    inFolder.append(Input(path: file, shape: shape, size: size(file)))
                }
            }
            if inFolder.isEmpty && records.isEmpty {
                found.others.append(path)
            }
            if inFolder.isEmpty {
                // Only raw positions here: nothing else holds these visits, so they are read.
                inFolder = records.map { Input(path: $0, shape: .records, size: size($0)) }
                records = []
            }
            for file in records {
                found.notes.append("\(file): Records.json in a folder is not read (the visits beside it hold the same stays); "
                                   + "name the file itself to find stays in it")
            }
            found.inputs += inFolder
        }
        return found
    }

    /// Every `.json` file under a folder, sorted, following no symbolic links to folders (a loop
    /// would never end), at most 32 levels deep.
    static func jsonFiles(under folder: String, depth: Int = 0) -> [String] {
        guard depth < 32 else { return [] }
        var files: [String] = []
        for name in PosixFile.list(folder).sorted() where !name.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            if PosixFile.isSymlink(path) && isDirectory(path) { continue }
            if isDirectory(path) {
                files += jsonFiles(under: path, depth: depth + 1)
            } else if name.lowercased().hasSuffix(".json") {
                files.append(path)
            }
        }
        return files
    }

    static func isDirectory(_ path: String) -> Bool {
        PosixFile.kind(path) == S_IFDIR
    }

    private static func size(_ path: String) -> Int {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return 0 }
        return Int(info.st_size)
    }
}
