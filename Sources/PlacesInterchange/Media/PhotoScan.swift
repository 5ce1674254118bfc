#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore
import PlacesGeo

/// Turns photo and video files into sightings: finds the files, reads each one's position and
/// time, and keeps a reason for each file that gave none.
public struct PhotoScan: Sendable {
    /// A file that gave no sighting, and why.
    public struct Skipped: Sendable, Equatable {
        /// The file as found (relative to what was named on the command line).
        public var path: String
        /// Why: no GPS position, no date, truncated, corrupt, outside --since/--until…
        public var reason: String
    }

    /// The sightings, one per file with a position and a time.
    public var sightings: [Sighting] = []
    /// Files read that gave no sighting.
    public var skipped: [Skipped] = []
    /// How many files were read.
    public var filesRead = 0
    /// What the folder walk passed over, unread (``find(_:)``), for the summary.
    public var passedOver: [Skipped] = []

    /// The files without a GPS position (the most common reason by far, listed with --verbose).
    public var withoutPosition: [String] { skipped.filter { $0.reason == Self.noPosition }.map(\.path) }

    /// The reason given for a photo without a position.
    public static let noPosition = "no GPS position"

    /// Creates an empty scan.
    public init() {}

    /// The files to read: each file named, and the photo and video files in each folder named, at any
    /// depth, sorted by path. Hidden files and folders (`.thumbnails`, macOS `._` files) are passed over;
    /// symbolic links to folders are not followed, so a link loop cannot make the walk endless.
    /// - Throws: ``ImportError`` for a path that does not exist.
    public static func files(_ paths: [String]) throws -> [String] { try find(paths).files }

    /// The most folders deep a walk goes below a folder named.
    public static let maximumDepth = 64

    /// The files to read, as ``files(_:)`` lists them, and what the walk passed over and why: a
    /// folder it cannot read, a folder deeper than ``maximumDepth``, a symbolic link to a folder or
    /// to nothing, a name that is not UTF-8. Symbolic links to files are read as the files.
    /// - Throws: ``ImportError`` for a path that does not exist.
    public static func find(_ paths: [String], walker: DirectoryWalker = DirectoryWalker(maximumDepth: maximumDepth))
        throws -> (files: [String], passedOver: [Skipped]) {
        var found: [String] = []
        var passedOver: [Skipped] = []
        for path in paths {
            guard let info = FileSystem.info(path, followingLinks: false) else {
                throw ImportError(file: path, reason: "no such file or folder")
            }
            guard info.kind == .directory else { found.append(path); continue }
            let inFolder = photos(in: walker.walk(path))
            found += inFolder.files
            passedOver += inFolder.passedOver
        }
        return (found, passedOver)
    }

    /// The photo and video files of one folder's walk, sorted by path, and what the walk passed over
    /// that concerns them, sorted by path.
    public static func photos(in listing: DirectoryWalker.Listing) -> (files: [String], passedOver: [Skipped]) {
        let files = listing.files.filter { isMediaName($0.name) }.map(\.path).sorted()
        var passedOver: [Skipped] = []
        for item in listing.passedOver {
            switch item {
            case .tooDeep(let path): passedOver.append(Skipped(path: path, reason: "folder more than \(maximumDepth) levels deep"))
            case .unreadable(let error): passedOver.append(Skipped(path: error.path, reason: "folder cannot be read: \(error.reason)"))
            case .linkToFolder(let path): passedOver.append(Skipped(path: path, reason: "symbolic link to a folder, not followed"))
            case let .linkToNothing(path, name) where isMediaName(name):
                passedOver.append(Skipped(path: path, reason: "symbolic link to nothing"))
            case let .nameNotUTF8(path, name) where isMediaName(name):
                // A path made of the name with its bad bytes replaced would name another file (or none).
                passedOver.append(Skipped(path: path, reason: "file name is not UTF-8: rename it to import it"))
            case .linkToNothing, .nameNotUTF8: break
            }
        }
        return (files, passedOver.sorted { $0.path < $1.path })
    }

    /// Whether a file's name ends in one of ``MediaReader/extensions``.
    static func isMediaName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return MediaReader.extensions.contains(name[name.index(after: dot)...].lowercased())
    }

    /// Reads every file into sightings.
    /// - Parameters:
    ///   - files: the files, as ``files(_:)`` lists them.
    ///   - days: only photos taken on these local days (days since 1970) are kept; `nil` keeps all.
    ///   - progress: called with the number of files read so far.
    ///   - contents: the bytes of inputs that can be read only once (a pipe), by path; read from memory.
    public static func scan(_ files: [String], days: ClosedRange<Int>? = nil, contents: [String: [UInt8]] = [:],
                            progress: (Int) -> Void = { _ in }) -> PhotoScan {
        var scan = PhotoScan()
        for path in files {
            scan.add(path, days: days, bytes: contents[path])
            progress(scan.filesRead)
        }
        return scan
    }

    /// Reads one file.
    mutating func add(_ path: String, days: ClosedRange<Int>?, bytes: [UInt8]? = nil) {
        filesRead += 1
        do throws(MediaSkip) {
            let metadata: MediaMetadata
            if let bytes { metadata = try MediaReader.read(MemoryBytes(bytes)) } else { metadata = try MediaReader.read(path: path) }
            guard let position = metadata.position else { throw MediaSkip(Self.noPosition) }
            // A clock set wrong (year 10000, 31 February) skips this file alone, with its reason.
            if let problem = metadata.timeProblem { throw MediaSkip(problem) }
            guard let moment = metadata.moment else { throw MediaSkip("no date taken") }
            if let problem = Sighting.timeProblem(moment.date) { throw MediaSkip("date taken \(problem)") }
            let sighting = Sighting(latitude: position.latitude, longitude: position.longitude, start: moment.date,
                                    sourceItem: path, identity: Self.identity(position, moment.date),
                                    utcOffset: moment.utcOffset)
            if let days, !days.contains(sighting.localDay) { throw MediaSkip("taken outside the dates asked for") }
            sightings.append(sighting)
        } catch {
            skipped.append(Skipped(path: path, reason: error.reason))
        }
    }

    /// A photo's identity: its position (to 1e-7°, a centimetre) and time (to the second), hashed, so
    /// the same photo found again (moved, renamed, copied) is the same sighting.
    static func identity(_ position: (latitude: Double, longitude: Double), _ date: Date) -> String {
        let text = "\(Int((position.latitude * 1e7).rounded())),\(Int((position.longitude * 1e7).rounded())),\(Int64(date.timeIntervalSince1970.rounded(.down)))"
        return "photo:" + FNV1a.hex(text)
    }
}
