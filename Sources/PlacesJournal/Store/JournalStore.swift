#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// The journal file: a JSON document of places that is read whole and replaced whole.
///
/// Every change is one transaction: take the lock (see ``JournalLock``), read the journal, apply the
/// change to a copy, validate it, write a temporary file beside the journal and fsync it, keep the
/// previous version as `places.json.bak` (a copy) and in the history (a link), rename the new file
/// over the journal, and fsync the directory. A crash
/// at any instant leaves either the old or the new journal, never a torn one; a change reported as
/// saved has reached the disk.
///
/// A journal that does not parse is never overwritten and never taken for an empty one: every
/// operation refuses with ``JournalError/unreadable(path:reason:backup:)``.
public struct JournalStore: Sendable {
    /// The newest journal format version this code reads and writes.
    ///
    /// Version 2 added a place's `visits` list. A journal is written as version 1 whenever no place
    /// needs that list (``Location/needsVisitList``: every place has at most one visit, on a day or
    /// an instant, without a note), so such a journal stays readable by a `places` that knows only
    /// version 1; as soon as one place has more, it is written as version 2, which such a `places`
    /// refuses with its version message instead of opening it and losing visits on its next save.
    public static let currentVersion = 2

    /// Every journal format version this code reads.
    public static let readableVersions = 1...currentVersion

    /// The journal path as given (it may be a symlink; see ``resolvedPath``).
    public let path: String
    /// How long a change waits for another `places` to finish before giving up, in seconds.
    public var lockTimeout: Double

    /// - Parameters:
    ///   - path: the journal file, e.g. from ``StorePath/resolve(explicit:environment:)``.
    ///   - lockTimeout: seconds to wait for the lock held by another process.
    public init(path: String, lockTimeout: Double = 10) {
        self.path = path
        self.lockTimeout = lockTimeout
    }

    /// The file actually written: the target of a symlinked journal (so a journal kept in a synced
    /// folder stays a link), otherwise ``path``.
    public var resolvedPath: String { PosixFile.resolvingSymlinks(path) }
    /// The directory holding the journal, its backup, its lock and (later) other data files.
    public var directory: String { StorePath.directory(of: resolvedPath) }
    /// The previous version of the journal, kept by every write.
    public var backupPath: String { resolvedPath + ".bak" }
    /// The lock file that serialises writers.
    public var lockPath: String { resolvedPath + ".lock" }

    /// The journal's earlier versions.
    public var history: JournalHistory { JournalHistory(journalPath: resolvedPath) }

    /// Whether the journal file exists yet.
    public var exists: Bool { PosixFile.exists(resolvedPath) }

    // MARK: Reading

    /// The places in the journal; an empty list when the journal does not exist yet.
    /// - Throws: ``JournalError`` when the file cannot be read or parsed.
    public func load() throws -> [Location] {
        try checkJournalFile()
        return try Self.decode(mapJournal(resolvedPath), path: resolvedPath, backupPath: backupPath).places
    }

    /// The places without their descriptions (each is `""`), for listings that never show them: a
    /// large journal's descriptions are most of its bytes. Never save what this returns.
    public func loadWithoutDescriptions() throws -> [Location] {
        try checkJournalFile()
        return try Self.decode(mapJournal(resolvedPath), path: resolvedPath, backupPath: backupPath, descriptions: false).places
    }

    /// Decodes journal bytes: the versioned document, or the bare array of places written by the
    /// bucket-list app this journal descends from.
    /// - Returns: the places, whether the bytes were in the legacy bare-array form, and the
    ///   top-level members this version does not know.
    public static func decode(_ bytes: [UInt8]?, path: String, backupPath: String? = nil,
                              descriptions: Bool = true) throws -> JournalContents {
        guard let bytes else { return JournalContents(places: [], legacy: false, members: [:]) }
        return try bytes.withUnsafeBufferPointer { try decode($0, path: path, backupPath: backupPath, descriptions: descriptions) }
    }

    /// ``decode(_:path:backupPath:descriptions:)`` of a mapped journal; `placeSpans` as
    /// ``JournalCodec/decode(_:descriptions:placeSpans:)`` takes it.
    package static func decode(_ file: MappedFile?, path: String, backupPath: String? = nil, descriptions: Bool = true,
                       placeSpans: Bool = false) throws -> JournalContents {
        guard let file else { return JournalContents(places: [], legacy: false, members: [:]) }
        return try file.withBuffer {
            try decode($0, path: path, backupPath: backupPath, descriptions: descriptions, placeSpans: placeSpans)
        }
    }

    /// ``decode(_:path:backupPath:descriptions:)`` of bytes in memory.
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>?, path: String, backupPath: String? = nil,
                       descriptions: Bool = true, placeSpans: Bool = false) throws -> JournalContents {
        guard let bytes else { return JournalContents(places: [], legacy: false, members: [:]) }
        let backup = backupPath.flatMap { PosixFile.exists($0) ? $0 : nil }
        func unreadable(_ reason: String) -> JournalError { .unreadable(path: path, reason: reason, backup: backup) }

        guard bytes.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw unreadable("the file is empty (a journal with no places is {\"version\": 1, \"places\": []})")
        }
        guard let contents = JournalCodec.decode(bytes, descriptions: descriptions, placeSpans: placeSpans) else {
            // The careful path: slower, but it says what is wrong and where.
            switch JournalProblem.find(in: Array(bytes)) {
            case .newerVersion(let version):
                throw JournalError.newerVersion(path: path, version: version, supported: currentVersion)
            case .unreadable(let reason):
                throw unreadable(reason)
            }
        }
        var seen = Set<UUID>(minimumCapacity: contents.places.count)
        // By index: a `for place in` loop copies (and releases) every place to read its id.
        for index in contents.places.indices where !seen.insert(contents.places[index].id).inserted {
            throw JournalError.duplicateID(path: path, id: contents.places[index].idString)
        }
        return contents
    }

    /// The journal's text for a list of places: pretty-printed, keys sorted, so that diffs and
    /// hand edits stay readable.
    public static func encode(_ places: [Location], members: [String: JSONFragment] = [:]) throws -> [UInt8] {
        JournalCodec.encode(places, members: members)
    }

    // MARK: Changing

    /// The check every command makes before touching the journal (reading, changing, undoing,
    /// repairing): a journal that is a symlink into a folder that has gone (an unmounted drive, a
    /// sync folder not there yet) must not be taken for an empty journal, nor be recreated behind
    /// the person's back; and a journal that is not a regular file (a FIFO, a device) is refused at
    /// once, before the lock, instead of hanging on a read.
    /// - Throws: ``JournalError/io(path:operation:reason:)`` or ``JournalError/unreadable(path:reason:backup:)``.
    public func checkJournalFile() throws {
        let target = resolvedPath
        if PosixFile.isSymlink(path) {
            let targetDirectory = StorePath.directory(of: target)
            if FileSystem.info(targetDirectory) == nil {
                throw JournalError.io(path: path, operation: "use the journal",
                                      reason: "it is a link to \(target), and the folder \(targetDirectory) does not exist (is the drive mounted?)")
            }
        }
        if let kind = PosixFile.kind(target), kind != S_IFREG {
            throw JournalError.unreadable(path: target, reason: "it is \(PosixFile.describe(kind)), not a regular file", backup: nil)
        }
    }

    /// Reads journal bytes, turning "not a regular file" found at read time into an unreadable journal.
    func readJournal(_ file: String) throws -> [UInt8]? {
        try refuseIrregular(file)
        return try PosixFile.read(file)
    }

    /// The journal's bytes mapped into memory (``MappedFile``), for reading without changing: a large
    /// journal maps in a tenth of the time it takes to read.
    package func mapJournal(_ file: String) throws -> MappedFile? {
        try refuseIrregular(file)
        return try MappedFile.map(file)
    }

    private func refuseIrregular(_ file: String) throws {
        if let kind = PosixFile.kind(file), kind != S_IFREG {
            throw JournalError.unreadable(path: file, reason: "it is \(PosixFile.describe(kind)), not a regular file", backup: nil)
        }
    }

    /// Runs one change as a transaction: under the lock, `body` receives the current places and
    /// may change them; if it returns without throwing and anything changed, every place is
    /// validated and the journal is replaced atomically.
    /// - Returns: whatever `body` returns.
    /// - Throws: ``JournalError`` or ``LocationValidationError`` (and nothing is written), or
    ///   whatever `body` throws (and nothing is written).
    @discardableResult
    public func transaction<T>(_ body: (inout [Location]) throws -> T) throws -> T {
        try transaction { places, _ in try body(&places) }
    }

    /// ``transaction(_:)`` whose `body` may also change the top-level members this version does
    /// not know (a merge keeps the other copy's).
    @discardableResult
    package func transaction<T>(_ body: (inout [Location], inout [String: JSONFragment]) throws -> T) throws -> T {
        try checkJournalFile()
        let target = resolvedPath
        let directory = StorePath.directory(of: target)
        try PosixFile.makeDirectories(directory, mode: 0o700)
        let lock = try JournalLock(path: target + ".lock", waitingUpTo: lockTimeout)
        defer { withExtendedLifetime(lock) {} }

        settleInterruptedWrites()
        let existed = PosixFile.exists(target)
        let result: T, bytes: [UInt8]
        do {
            // The journal's bytes stay mapped until the new text is made (to the end of this block): a
            // place the change touched is compared with its old version read again from them, so no
            // copy of every place is kept, and a place it did not touch is written as its text there.
            let mapping = try mapJournal(target)
            var contents = try Self.decode(mapping, path: target, backupPath: target + ".bak", placeSpans: true)
            var (places, members) = (contents.places, contents.members)
            contents.places = []
            let before = PlacesAsRead(places, contents: contents, mapping: mapping)
            result = try body(&places, &members)
            let changed = try before.validateChanges(in: &places, path: target)
            if !changed && members == contents.members && !contents.legacy && existed { return result }
            bytes = before.encode(places, members: members)
        }
        try write(bytes, to: target, replacing: existed)
        return result
    }

    /// Adds a place (validated, with `created` and `updated` set to now when missing).
    /// - Parameters:
    ///   - position: when given, decides the place's coordinates from the journal's current places
    ///     (pinning it at one of them by name), under the same lock and read as the save; what it
    ///     throws cancels the add.
    ///   - refusingDuplicates: throw ``DuplicatePlaceError`` instead of adding a place with the name of
    ///     one already within ``PlaceDuplicates/radiusKm`` (checked in the same read as the save).
    /// - Returns: the place as saved.
    @discardableResult
    public func add(_ place: Location, now: Date = Date(), refusingDuplicates: Bool = false,
                    positionedBy position: (([Location]) throws -> (latitude: Double, longitude: Double))? = nil) throws -> Location {
        let now = Timestamp.wholeSeconds(now)
        return try transaction { places in
            var new = place
            if let position { (new.latitude, new.longitude) = try position(places) }
            new = try new.validated()
            if refusingDuplicates, let duplicate = PlaceDuplicates.existing(new, in: places) { throw duplicate }
            new.created = new.created ?? now
            new.updated = new.updated ?? now
            places.append(new)
            return new
        }
    }

    /// The edit-and-save flow: takes a copy of the place with `id`, lets `change` edit it, then
    /// validates and saves it, stamping `updated`. The id cannot be changed.
    /// - Returns: the place as saved.
    /// - Throws: ``PlaceLookupError/notFound(_:)`` when no place has that id.
    @discardableResult
    public func update(_ id: UUID, now: Date = Date(), _ change: (inout Location) throws -> Void) throws -> Location {
        let now = Timestamp.wholeSeconds(now)
        return try transaction { places in
            guard let index = places.firstIndex(where: { $0.id == id }) else {
                throw PlaceLookupError.notFound(Location.lowercaseText(of: id))
            }
            var copy = places[index]
            try change(&copy)
            copy.id = id
            copy = try copy.validated()
            if !copy.hasSameContent(as: places[index]) {
                copy.updated = now
                places[index] = copy
            }
            return places[index]
        }
    }

    /// The edit-and-save flow for an id as a person typed it (a full id or a unique prefix):
    /// resolves it and applies the change under one lock and one read of the journal.
    /// - Returns: the place before and after the change.
    /// - Throws: ``PlaceLookupError`` when the id does not pick out exactly one place.
    @discardableResult
    public func update(matching typedID: String, now: Date = Date(),
                       _ change: (inout Location) throws -> Void) throws -> (before: Location, after: Location) {
        let now = Timestamp.wholeSeconds(now)
        return try transaction { places in
            let before = try PlaceLookup.find(typedID, in: places)
            let index = places.firstIndex { $0.id == before.id }!
            var copy = before
            try change(&copy)
            copy.id = before.id
            copy = try copy.validated()
            if !copy.hasSameContent(as: before) {
                copy.updated = now
                places[index] = copy
            }
            return (before, places[index])
        }
    }

    /// Removes the places that ids as a person typed them pick out, under one lock and one read.
    /// - Returns: the removed places.
    /// - Throws: ``PlaceLookupError`` when an id does not pick out exactly one place (nothing is removed).
    @discardableResult
    public func remove(matching typedIDs: [String]) throws -> [Location] {
        try transaction { places in
            let ids = Set(try typedIDs.map { try PlaceLookup.find($0, in: places).id })
            let removed = places.filter { ids.contains($0.id) }
            places.removeAll { ids.contains($0.id) }
            return removed
        }
    }

    /// Removes the places with these ids.
    /// - Returns: the removed places.
    @discardableResult
    public func remove(_ ids: Set<UUID>) throws -> [Location] {
        try transaction { places in
            let removed = places.filter { ids.contains($0.id) }
            places.removeAll { ids.contains($0.id) }
            return removed
        }
    }

    /// What `undo` did.
    public struct Undone: Sendable {
        /// The version put back.
        public var version: JournalHistory.Version
        /// The places before and after.
        public var undone: [Location]
        public var restored: [Location]
        /// Newer copies that could not be read and were passed over (they are kept; `doctor` reports them).
        public var skipped: [(version: JournalHistory.Version, reason: String)]
    }

    /// Puts back the newest readable earlier version (the one the last change replaced) and drops
    /// it from the history, so that undoing again goes one step further back. A damaged copy is
    /// passed over (and reported in ``Undone/skipped``) rather than blocking undo for good. The
    /// version undone is kept as `places.json.bak`. A version equal to the journal as it is (left by
    /// an undo killed after its rename) would undo nothing: it is dropped and passed over.
    /// - Returns: what was done, or `nil` when there is no history (or no readable copy in it).
    public func undo() throws -> Undone? {
        try checkJournalFile()
        let target = resolvedPath
        // No folder means no journal and no history: nothing to undo, and nothing to create.
        guard PosixFile.kind(StorePath.directory(of: target)) == S_IFDIR else { return nil }
        let lock = try JournalLock(path: target + ".lock", waitingUpTo: lockTimeout)
        defer { withExtendedLifetime(lock) {} }
        // A change killed between its rename and keeping its snapshot is the one to undo.
        settleInterruptedWrites()
        let history = JournalHistory(journalPath: target)
        let existed = PosixFile.exists(target)
        let contents = try Self.decode(mapJournal(target), path: target, backupPath: target + ".bak")
        let (current, currentMembers) = (contents.places, contents.members)
        var skipped: [(version: JournalHistory.Version, reason: String)] = []
        for version in history.versions() {
            let restored: JournalContents
            do {
                restored = try Self.decode(readJournal(version.path), path: version.path)
            } catch {
                skipped.append((version, ErrorText.message(of: error)))
                continue
            }
            // The journal itself: left by an undo killed after restoring it, before dropping it.
            if restored.places.hasSameContent(as: current) && restored.members == currentMembers {
                history.discard(version)
                continue
            }
            try write(Self.encode(restored.places, members: restored.members), to: target, replacing: existed, recordHistory: false)
            history.discard(version)
            return Undone(version: version, undone: current, restored: restored.places, skipped: skipped)
        }
        return nil
    }

    /// Replaces the journal with `bytes` (a journal's text, from ``encode(_:members:)``).
    /// The version replaced (when `replacing`: the file read under the lock, which no `places` has
    /// changed since) goes into the history as a hard link, and into `places.json.bak` as a copy of
    /// its own: were `.bak` a link too, damage to one would be damage to both.
    private func write(_ bytes: [UInt8], to target: String, replacing: Bool, recordHistory: Bool = true) throws {
        let directory = StorePath.directory(of: target)
        let name = StorePath.lastComponent(of: target)
        let temporary = StorePath.join(directory, ".\(name).tmp.\(FileSystem.processID).\(UInt32.random(in: 0...UInt32.max))")
        try PosixFile.writeNew(temporary, bytes, mode: 0o600)
        let history = JournalHistory(journalPath: target)
        let snapshot = temporary + ".history"
        do {
            if replacing {
                if recordHistory { try history.stage(target, as: snapshot) }
                // Not fsynced: the same version is already durable, as the journal it was and as
                // its history link; a power cut can at worst cost this spare copy.
                let backupTemporary = temporary + ".bak"
                try PosixFile.copyNew(target, to: backupTemporary, mode: 0o600, sync: false)
                try PosixFile.rename(backupTemporary, target + ".bak")
            }
            try PosixFile.rename(temporary, target)
        } catch {
            FileSystem.removeIfPresent(temporary)
            FileSystem.removeIfPresent(temporary + ".bak")
            FileSystem.removeIfPresent(snapshot)
            throw error
        }
        try PosixFile.syncDirectory(directory)
        // The change is saved; a failure to keep the old version for undo must not report otherwise.
        if (try? history.adopt(snapshot)) != nil { try? PosixFile.syncDirectory(history.directory) } else { FileSystem.removeIfPresent(snapshot) }
    }

    /// Temporary files left by a `places` that was killed mid-write. Only ever called under the
    /// lock, when no other writer can own one.
    public func strayTemporaryFiles() -> [String] {
        let target = resolvedPath
        let prefix = "." + StorePath.lastComponent(of: target) + ".tmp."
        // `places.json.restoring` was the temporary name of restores by earlier versions.
        let restoring = StorePath.lastComponent(of: target) + ".restoring"
        return PosixFile.list(StorePath.directory(of: target)).filter { $0.hasPrefix(prefix) || $0 == restoring }
            .map { StorePath.join(StorePath.directory(of: target), $0) }
    }

    /// What ``settleInterruptedWrites()`` did with one file left by a killed write.
    public enum Settled: Sendable, Equatable {
        /// A temporary file of a write that never finished: removed.
        case removed(String)
        /// The snapshot of a version that a killed write did replace (the new journal is in place):
        /// kept in the history as the newest version, so `undo` reverts that write alone.
        case adopted(String)
    }

    /// Clears what writes killed part-way left beside the journal; only ever called under the lock.
    ///
    /// A write stages the version it replaces as `….tmp.<pid>.<n>.history`, renames the new journal
    /// into place, then moves the snapshot into the history. Killed between the two, the snapshot is
    /// the only copy of the version before that change: it is adopted into the history. Killed before
    /// the rename, it is the journal itself (the same file, or the same bytes): it is removed.
    @discardableResult
    public func settleInterruptedWrites() -> [Settled] {
        let strays = strayTemporaryFiles()
        // Snapshots first, while nothing else has changed the folder.
        return (strays.filter { $0.hasSuffix(".history") } + strays.filter { !$0.hasSuffix(".history") })
            .compactMap { settleInterruptedWrites(only: $0) }
    }

    /// ``settleInterruptedWrites()`` for one of ``strayTemporaryFiles()``; `nil` when it could not be removed.
    public func settleInterruptedWrites(only stray: String) -> Settled? {
        if stray.hasSuffix(".history"), isSnapshotOfReplacedVersion(stray, journal: resolvedPath),
           (try? history.adopt(stray)) != nil {
            try? PosixFile.syncDirectory(history.directory)
            return .adopted(stray)
        }
        return FileSystem.removeIfPresent(stray) ? .removed(stray) : nil
    }

    /// Whether a staged snapshot holds a version the journal no longer is: a journal file other than
    /// the snapshot's, with other bytes. A snapshot that does not parse is never adopted.
    private func isSnapshotOfReplacedVersion(_ snapshot: String, journal: String) -> Bool {
        guard let snapshotIdentity = PosixFile.identity(snapshot), PosixFile.kind(snapshot) == S_IFREG,
              PosixFile.identity(journal) != snapshotIdentity,
              let bytes = try? PosixFile.read(snapshot), (try? Self.decode(bytes, path: snapshot)) != nil else { return false }
        return (try? PosixFile.read(journal)) != bytes
    }
}
