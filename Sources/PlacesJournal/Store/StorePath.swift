#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// Where the journal lives.
///
/// In order of precedence: an explicit path (`--store PATH`), `PLACES_STORE`,
/// `$XDG_DATA_HOME/places/places.json` when `XDG_DATA_HOME` is set and absolute (the XDG Base
/// Directory rule: relative values are ignored), and `~/.local/share/places/places.json`.
public enum StorePath {
    /// The journal's file name inside the data directory.
    public static let fileName = "places.json"

    /// Resolves the journal path.
    /// - Parameters:
    ///   - explicit: the value of `--store`, if given.
    ///   - environment: the process environment (passed in so tests need not change the real one).
    /// - Returns: the path of the journal file (it may not exist yet).
    /// - Throws: ``JournalError/noHome`` when nothing says where the data directory is;
    ///   ``JournalError/io(path:operation:reason:)`` for an empty `explicit` path (which must not quietly
    ///   mean the default journal).
    public static func resolve(explicit: String?, environment: [String: String]) throws -> String {
        if let explicit {
            guard !explicit.isEmpty else {
                throw JournalError.io(path: explicit, operation: "use the journal", reason: "an empty path names no file")
            }
            return explicit
        }
        if let fromEnvironment = environment["PLACES_STORE"], !fromEnvironment.isEmpty { return fromEnvironment }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return join(xdg, "places", fileName)
        }
        guard let home = environment["HOME"], home.hasPrefix("/") else { throw JournalError.noHome }
        return join(home, ".local", "share", "places", fileName)
    }

    /// The file that keeps the journal at `journal`'s country and region answers between runs (see
    /// ``PlaceAreas``): in `$XDG_CACHE_HOME/places/` when `XDG_CACHE_HOME` is set and absolute, else in
    /// `~/.cache/places/`, named by the FNV-1a hash of the journal's absolute path. Never beside the journal:
    /// a command that only reads the journal writes nothing where it lives. Deleting it is always safe.
    /// - Returns: `nil` when nothing says where the cache folder is.
    public static func areaMemo(journal: String, environment: [String: String]) -> String? {
        let folder: String
        // A value that was not UTF-8 (its bytes replaced) would name another folder: no memo then.
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            if xdg.contains("\u{FFFD}") { return nil }
            folder = join(xdg, "places")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            folder = join(home, ".cache", "places")
        } else {
            return nil
        }
        return join(folder, FNV1a.hex(absolute(journal)) + ".areas")
    }

    /// `path` as an absolute path: with its links resolved when it exists, else joined to the working folder.
    static func absolute(_ path: String) -> String {
        if let resolved = realpath(path, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        if path.hasPrefix("/") { return path }
        guard let folder = getcwd(nil, 0) else { return path }
        defer { free(folder) }
        return join(String(cString: folder), path)
    }

    /// Joins path components with single slashes.
    public static func join(_ first: String, _ rest: String...) -> String {
        rest.reduce(first) { path, component in
            path.hasSuffix("/") ? path + component : path + "/" + component
        }
    }

    /// The directory part of a path (`.` for a bare file name).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// The last component of a path.
    public static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
