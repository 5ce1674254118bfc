import PlacesCore

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
    public static func find(_ paths: [String], contents: [String: [UInt8]] = [:], walker: DirectoryWalker = DirectoryWalker()) throws -> Found {
        var found = Found()
        for path in paths {
            if let bytes = contents[path] {
                found.add(path, head: bytes, size: bytes.count, bytes: bytes)
            } else if FileSystem.isDirectory(path) {
                found.add(folder: path, walker.walk(path))
            } else {
                let file = try LocationHistoryReader.open(path)
                found.add(path, head: try LocationHistoryReader.head(of: file, name: path),
                          size: file.info.kind == .regular ? file.info.size : 0)
            }
        }
        return found
    }

    /// The most folders deep location history is looked for below a folder named.
    static let maximumDepth = 32
}

extension LocationHistoryFiles.Found {
    /// Adds a file named by the person: an input when its first bytes are location history, else
    /// one of ``others``.
    /// - Parameter bytes: its bytes, when it can be read only once.
    mutating func add(_ path: String, head: [UInt8], size: Int, bytes: [UInt8]? = nil) {
        if let shape = LocationHistoryReader.shape(ofHead: head) {
            inputs.append(LocationHistoryFiles.Input(path: path, shape: shape, size: size, bytes: bytes))
        } else {
            others.append(path)
        }
    }

    /// Adds the location history in a folder's walk (see ``LocationHistoryFiles/find(_:contents:walker:)``);
    /// a folder without any is one of ``others``.
    mutating func add(folder: String, _ listing: DirectoryWalker.Listing) {
        var inFolder: [LocationHistoryFiles.Input] = []
        var records: [LocationHistoryFiles.Input] = []
        for file in listing.files where file.depth < LocationHistoryFiles.maximumDepth && file.name.lowercased().hasSuffix(".json") {
            guard let opened = try? ReadableFile(file.path), let head = try? opened.head(FormatDetection.locationHistoryPrefixSize),
                  let shape = LocationHistoryReader.shape(ofHead: head) else { continue }
            let input = LocationHistoryFiles.Input(path: file.path, shape: shape, size: opened.info.size)
            if shape == .records { records.append(input) } else { inFolder.append(input) }
        }
        if inFolder.isEmpty && records.isEmpty {
            others.append(folder)
        }
        if inFolder.isEmpty {
            // Only raw positions here: nothing else holds these visits, so they are read.
            inFolder = records
            records = []
        }
        for file in records {
            notes.append("\(file.path): Records.json in a folder is not read (the visits beside it hold the same stays); "
                         + "name the file itself to find stays in it")
        }
        inputs += inFolder
    }
}
