/// The one walk through a folder and the folders in it: every regular file at any depth, and what
/// was passed over and why.
///
/// Hidden files and folders (names starting with `.`: `.thumbnails`, macOS `._` files) are passed
/// over silently. Symbolic links to folders are not followed, so a link loop cannot make a walk
/// endless; a link to a file is listed as the file. Directories are read with `readdir`, whose entry
/// types save a `stat` per file (FileManager's attributes also look up owner names, which costs
/// more than reading a photo's metadata).
public struct DirectoryWalker: Sendable {
    /// A regular file found (or a symbolic link to one).
    public struct File: Sendable, Equatable {
        /// The folder walked, joined with the names below it.
        public var path: String
        /// The last component of ``path``.
        public var name: String
        /// How many folders below the folder walked it lies (0: in the folder itself).
        public var depth: Int
    }

    /// Something the walk did not look into, and why.
    public enum PassedOver: Sendable, Equatable {
        /// A folder that could not be read.
        case unreadable(FileError)
        /// A folder more than ``DirectoryWalker/maximumDepth`` levels below the one walked.
        case tooDeep(path: String)
        /// A symbolic link to a folder, not followed.
        case linkToFolder(path: String)
        /// A symbolic link to nothing.
        case linkToNothing(path: String, name: String)
        /// A name that is not UTF-8, shown with its bad bytes replaced (which names another file, or none).
        case nameNotUTF8(path: String, name: String)
    }

    /// What one walk found: the files in the order of their folders' names, depth first.
    public struct Listing: Sendable {
        public var files: [File] = []
        public var passedOver: [PassedOver] = []
    }

    /// The most folders deep a walk goes below the folder walked.
    public var maximumDepth: Int
    /// Reads one directory: the system's `readdir` (``FileSystem/entries(_:)``); tests give one that counts.
    public var readDirectory: @Sendable (String) throws(FileError) -> [FileSystem.DirectoryEntry]

    /// A walker reading directories with `readdir` (or `readDirectory`), at most `maximumDepth` deep.
    public init(maximumDepth: Int = 64,
                readDirectory: @escaping @Sendable (String) throws(FileError) -> [FileSystem.DirectoryEntry]
                    = { (folder: String) throws(FileError) in try FileSystem.entries(folder) }) {
        self.maximumDepth = maximumDepth
        self.readDirectory = readDirectory
    }

    /// Walks `folder` and every folder in it.
    public func walk(_ folder: String) -> Listing {
        var listing = Listing()
        walk(folder, depth: 0, into: &listing)
        return listing
    }

    private func walk(_ folder: String, depth: Int, into listing: inout Listing) {
        guard depth < maximumDepth else {
            listing.passedOver.append(.tooDeep(path: folder))
            return
        }
        let entries: [FileSystem.DirectoryEntry]
        do throws(FileError) { entries = try readDirectory(folder) } catch {
            listing.passedOver.append(.unreadable(error))
            return
        }
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        // Sorted by name, so files come in the same order on every file system.
        let named = entries.map { (entry: $0, shown: String(decoding: $0.rawName, as: UTF8.self)) }.sorted { $0.shown < $1.shown }
        for (entry, shown) in named where entry.rawName.first != UInt8(ascii: ".") {
            guard let name = entry.name else {
                listing.passedOver.append(.nameNotUTF8(path: prefix + shown, name: shown))
                continue
            }
            let path = prefix + name
            var kind = entry.kind
            if kind == nil || kind == .symbolicLink {
                guard let info = FileSystem.info(path, followingLinks: false) else { continue }
                kind = info.kind
                if info.kind == .symbolicLink {
                    guard let target = FileSystem.info(path) else {
                        listing.passedOver.append(.linkToNothing(path: path, name: name))
                        continue
                    }
                    if target.kind == .directory {
                        listing.passedOver.append(.linkToFolder(path: path))
                        continue
                    }
                    kind = target.kind
                }
            }
            if kind == .directory {
                walk(path, depth: depth + 1, into: &listing)
            } else if kind == .regular {
                listing.files.append(File(path: path, name: name, depth: depth))
            }
        }
    }
}
