#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// Errors opening or importing a user gazetteer: what went wrong (``message``) and, as data, what can be
/// done about it (``remedy``), which the executable words with its own commands.
public enum GazetteerError: ExplainedError, Equatable {
    /// A file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// A line of a GeoNames dump is not in the GeoNames tab-separated format.
    case malformed(path: String, line: Int, reason: String)
    /// The dump holds no populated places.
    case empty(path: String)
    /// The dump's places take more than `limit` bytes, more than the key table can point into.
    case tooLarge(path: String, places: Int, limit: Int)
    /// The gazetteer could not be written.
    case unwritable(path: String, reason: String)
    /// An imported gazetteer is in a table format this version does not read (written by another version).
    case incompatibleFormat(path: String, found: String, expected: Int)
    /// A folder where the imported gazetteer belongs that `places` did not write: it is never removed.
    case notOurs(path: String)

    /// What the person can do about an error.
    public enum Remedy: Sendable, Equatable {
        /// Import the GeoNames dump again, or return to the bundled gazetteer.
        case importAgainOrReset
        /// Import a smaller dump (a country's file, or cities500), or return to the bundled gazetteer.
        case importSmaller
        /// Move the folder elsewhere: `places` only removes a gazetteer it imported.
        case moveFolderAway
    }

    /// What can be done about this error, or `nil` when the message says it all.
    public var remedy: Remedy? {
        switch self {
        case .incompatibleFormat: .importAgainOrReset
        case .tooLarge: .importSmaller
        case .notOurs: .moveFolderAway
        case .unreadable, .malformed, .empty, .unwritable: nil
        }
    }

    /// The file, the line where it applies, what is wrong and what was expected.
    public var message: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
        case .malformed(let path, let line, let reason):
            return "\(path):\(line): \(reason); expected a GeoNames dump (cities500.txt, allCountries.txt: 19 tab-separated columns)"
        case .empty(let path): return "\(path) holds no populated places (GeoNames feature class P)"
        case .tooLarge(let path, let places, let limit):
            return "\(path) holds too many populated places for one gazetteer: its \(places) places take more than the "
                + "\(limit / (1 << 20)) MiB the name index can point into"
        case .unwritable(let path, let reason): return "cannot write \(path): \(reason)"
        case .incompatibleFormat(let path, let found, let expected):
            return "the imported gazetteer in \(path) is in table format \(found.isEmpty ? "1" : found), but this version of places "
                + "reads format \(expected)"
        case .notOurs(let path):
            return "refusing to remove \(path): places did not make it (it has no \(GazetteerImporter.markerName) file, or holds other files)"
        }
    }

    /// The remedy in words that name no command.
    public var hint: String? {
        switch remedy {
        case .importAgainOrReset: "import the GeoNames dump again, or return to the bundled gazetteer"
        case .importSmaller: "import a country's dump or cities500.txt, or return to the bundled gazetteer"
        case .moveFolderAway: "move the folder elsewhere; places only ever removes a gazetteer it imported"
        case nil: nil
        }
    }
}

extension Gazetteer {
    /// The folder, inside the journal's data directory, where an imported gazetteer lives.
    public static func userDirectory(dataDirectory: String) -> String {
        dataDirectory.hasSuffix("/") ? dataDirectory + "gazetteer" : dataDirectory + "/gazetteer"
    }

    /// The gazetteer in use for a data directory: the imported one when there is one, else the bundled one.
    /// - Throws: ``GazetteerError/unreadable(path:reason:)`` when an imported gazetteer exists but cannot be read,
    ///   ``GazetteerError/incompatibleFormat(path:found:expected:)`` when it was written in another table format.
    /// The region packs added to the data directory are searched with it (``regionPacks``); one that cannot
    /// be opened is left out, and said why in ``unreadableRegions``.
    public static func current(dataDirectory: String) throws -> Gazetteer {
        let directory = userDirectory(dataDirectory: dataDirectory)
        let imported = [GazetteerImporter.keyTableName, GazetteerImporter.textKeyTableName].contains { FileSystem.info(directory + "/" + $0) != nil }
        var gazetteer = imported ? try Gazetteer(userDirectory: directory) : .bundled
        (gazetteer.regionPacks, gazetteer.unreadableRegions) = RegionStore.installed(dataDirectory: dataDirectory)
        return gazetteer
    }

    /// Opens an imported gazetteer: its tables are mapped into memory, not parsed.
    /// - Throws: ``GazetteerError/incompatibleFormat(path:found:expected:)`` unless its `info.tsv` says
    ///   `format` ``GazetteerSchema/formatVersion``; ``GazetteerError/unreadable(path:reason:)`` for a missing table.
    public init(userDirectory directory: String) throws {
        let info = (try? Gazetteer.map(directory + "/info.tsv")).map(Gazetteer.parseInfo) ?? [:]
        // Older imports lack the format line (their columns differ) or hold their keys as text lines (format
        // 2): reading them would give wrong places, so they are asked for again.
        guard info["format"] == String(GazetteerSchema.formatVersion) else {
            throw GazetteerError.incompatibleFormat(path: directory, found: info["format"] ?? "",
                                                    expected: GazetteerSchema.formatVersion)
        }
        let keyFile = try Gazetteer.map(directory + "/" + GazetteerImporter.keyTableName)
        let keys = KeyTable(base: keyFile.base, count: keyFile.count)
        guard keys.isWellFormed else {
            throw GazetteerError.unreadable(path: directory + "/" + GazetteerImporter.keyTableName, reason: "not a key table")
        }
        let places = try Gazetteer.map(directory + "/places.tsv")
        let occupancy = try? Gazetteer.map(directory + "/cells.txt")
        self.init(keys: keys, places: places, occupancy: occupancy?.count == 64_800 ? occupancy : nil,
                  source: .user(directory: directory), info: info)
    }

    /// Maps a file read-only for the life of the process.
    static func map(_ path: String) throws -> SortedTable {
        let mapping: UnsafeRawBufferPointer
        do throws(FileError) { mapping = try FileSystem.mapForever(path) } catch {
            throw GazetteerError.unreadable(path: path, reason: error.reason)
        }
        return SortedTable(base: mapping.baseAddress!.assumingMemoryBound(to: UInt8.self), count: mapping.count)
    }
}
