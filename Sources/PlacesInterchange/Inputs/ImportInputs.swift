import PlacesCore

/// What an import names, sorted once into the one kind of import it is: interchange files
/// (GeoJSON, GPX, KML, CSV, …), photos and videos, or Google location history.
///
/// Each path is looked at once: a file's first bytes are read once and tell both whether it is
/// location history and whether it is a photo or video; each folder is walked once, and that walk
/// gives both its location history and its photos. Which settings each kind takes is declared here
/// (``Kind/accepts(_:)``), for the program to refuse the others in its own words.
public struct ImportInputs: Sendable {
    /// The kinds of import; one run reads one kind.
    public enum Kind: String, Sendable, CaseIterable {
        case interchange, photos, locationHistory

        /// Whether an import of this kind uses `setting`.
        public func accepts(_ setting: Setting) -> Bool {
            switch (self, setting) {
            case (.interchange, .format), (.interchange, .update), (.interchange, .folderTags): return true
            case (.interchange, _): return false
            case (.photos, .dateRange), (.photos, .radius), (.photos, .skippedList): return true
            case (.photos, _): return false
            case (.locationHistory, .dateRange), (.locationHistory, .skippedList): return true
            case (.locationHistory, _): return false
            }
        }
    }

    /// A setting of an import that only some kinds use.
    public enum Setting: Sendable, CaseIterable {
        /// The files' format, named instead of read from their content.
        case format
        /// Replacing places whose id is already in the journal.
        case update
        /// Only sightings on these days.
        case dateRange
        /// How near photos join a place.
        case radius
        /// Every file or entry skipped, listed.
        case skippedList
        /// The folder a place is filed in (KML) made one of its tags.
        case folderTags
    }

    /// Why the paths are not one kind of import.
    public enum MixError: Error, Sendable, Equatable {
        /// `other` is not location history, which other paths are.
        case notLocationHistory(other: String)
        /// `other` is not a photo, video or folder, and `photo` is.
        case notPhotos(other: String, photo: String)
    }

    /// The kind of import.
    public var kind: Kind
    /// Location history: its files; empty for other kinds.
    public var history = LocationHistoryFiles.Found()
    /// Photos and videos to read: for a photo import every file named and the photos in each folder
    /// (``PhotoScan/find(_:walker:)``); for location history the photos in the folders named beside it.
    public var photos: [String] = []
    /// What the folder walks passed over that concerns photos.
    public var photosPassedOver: [PhotoScan.Skipped] = []

    /// Sorts `paths` into one kind of import.
    /// - Parameters:
    ///   - contents: the bytes of inputs that can be read only once (``InterchangeFiles/readOnceOnly(_:)``), by path.
    ///   - formatNamed: whether a format was named for the files: they are then never taken for photos.
    ///   - walker: walks each folder (once).
    /// - Throws: ``MixError`` when the paths mix kinds; ``ImportError`` when a named file cannot be opened
    ///   (unless an earlier one was missing: a missing file is for the interchange importer to report).
    public static func classify(_ paths: [String], contents: [String: [UInt8]] = [:], formatNamed: Bool = false,
                                walker: DirectoryWalker = DirectoryWalker(maximumDepth: PhotoScan.maximumDepth)) throws -> ImportInputs {
        var history = LocationHistoryFiles.Found()
        // The first file that cannot be opened decides: a missing one means this is no location history.
        var historyError: ImportError?
        var photoOrFolder: [Bool] = []
        var walks: [String: DirectoryWalker.Listing] = [:]
        for path in paths {
            if let bytes = contents[path] {
                history.add(path, head: bytes, size: bytes.count, bytes: bytes)
                photoOrFolder.append(MediaReader.kind(ofHead: Array(bytes.prefix(16))) != nil)
                continue
            }
            if FileSystem.isDirectory(path) {
                let listing = walks[path] ?? walker.walk(path)
                walks[path] = listing
                history.add(folder: path, listing)
                photoOrFolder.append(true)
                continue
            }
            do {
                let file = try LocationHistoryReader.open(path)
                let head = try LocationHistoryReader.head(of: file, name: path)
                history.add(path, head: head, size: file.info.kind == .regular ? file.info.size : 0)
                photoOrFolder.append(file.info.kind == .regular && MediaReader.kind(ofHead: Array(head.prefix(16))) != nil)
            } catch let error as ImportError {
                if historyError == nil { historyError = error }
                photoOrFolder.append(false)
            }
        }
        if let error = historyError, error.reason != "no such file" { throw error }
        if historyError == nil, !history.inputs.isEmpty {
            if let other = history.others.first { throw MixError.notLocationHistory(other: other) }
            var inputs = ImportInputs(kind: .locationHistory, history: history)
            // Photos beside the history: those in the folders named (not through a link to a folder).
            for path in paths where FileSystem.info(path, followingLinks: false)?.kind == .directory {
                inputs.addPhotos(in: walks[path] ?? walker.walk(path))
            }
            return inputs
        }
        if !formatNamed, let first = photoOrFolder.firstIndex(of: true) {
            if let other = photoOrFolder.firstIndex(of: false) { throw MixError.notPhotos(other: paths[other], photo: paths[first]) }
            var inputs = ImportInputs(kind: .photos)
            for path in paths {
                // As ``PhotoScan/find(_:walker:)``: a link to a folder named is read as a file.
                if FileSystem.info(path, followingLinks: false)?.kind == .directory {
                    inputs.addPhotos(in: walks[path] ?? walker.walk(path))
                } else {
                    inputs.photos.append(path)
                }
            }
            return inputs
        }
        return ImportInputs(kind: .interchange)
    }

    private mutating func addPhotos(in listing: DirectoryWalker.Listing) {
        let found = PhotoScan.photos(in: listing)
        photos += found.files
        photosPassedOver += found.passedOver
    }
}
