#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// Where the base of a merge came from.
public enum MergeBase: Sendable, Equatable {
    /// A file given by the person (`--base`).
    case file(String)
    /// The journal as it is: the other copy descends from it.
    case current
    /// A version from the journal's history.
    case history(sequence: Int, saved: Date)
    /// No version is also one of the other copy's, so this one was guessed (the history version,
    /// or `nil`: the journal as it is): merged from it, nothing the other copy lacks is removed.
    case guessed(sequence: Int?, saved: Date?)
    /// No version shares enough with the other copy: merged from nothing, so nothing is removed.
    case none

    /// Whether the base is a guess, so that a place missing from the other copy must be kept.
    public var isGuess: Bool {
        if case .guessed = self { return true }
        return false
    }
}

/// What a merge into the journal did (or, for a dry run or with conflicts, would do).
public struct MergeOutcome: Sendable {
    /// The journal before and after (equal when nothing was saved).
    public var before: [Location]
    public var merged: [Location]
    public var conflicts: [JournalMerge.Conflict]
    /// The conflicts left undecided (then nothing was saved).
    public var undecided: [JournalMerge.Conflict] { conflicts.filter { !$0.decided } }
    public var base: MergeBase
    /// Whether the merged journal was saved.
    public var saved: Bool
    /// Places the other copy lacks, kept because the base was guessed (see ``JournalMerge/Result/keptUnproven``).
    public var keptUnproven: [Location] = []
}

extension JournalStore {
    /// Merges another copy of the journal into this one, as one transaction (lock, history, undo).
    ///
    /// Nothing is saved for a dry run, nor when a conflict is left undecided.
    /// - Parameters:
    ///   - theirs: the other copy's places.
    ///   - theirsPath: the other copy's file, whose history (if kept beside it) helps find the base.
    ///   - base: the version both copies started from; `nil` to find it with
    ///     ``JournalMerge/chooseBase(ours:theirs:)`` among the journal as it is and its history
    ///     (newest first).
    ///   - prefer: how conflicts are decided.
    ///   - decisions: conflicts decided one by one (see ``JournalMerge/merge(base:ours:theirs:prefer:decisions:)``).
    /// - Throws: ``JournalError`` or ``LocationValidationError`` (and nothing is written).
    ///   - theirMembers: the other copy's top-level members this version does not know; those the
    ///     journal lacks are kept in it.
    public func merge(theirs: [Location], theirsPath: String? = nil, base: (places: [Location], source: MergeBase)? = nil,
                      prefer: JournalMerge.Preference? = nil, decisions: [String: Bool] = [:],
                      theirMembers: [String: JSONFragment] = [:], dryRun: Bool = false) throws -> MergeOutcome {
        try transaction { places, members in
            let ours = places
            let chosen = base ?? findBase(ours: ours, theirs: theirs, theirsPath: theirsPath, history: historyCandidates())
            let result = JournalMerge.merge(base: chosen.places, ours: ours, theirs: theirs, prefer: prefer, decisions: decisions,
                                            guessedBase: chosen.source.isGuess)
            let save = !dryRun && result.undecided.isEmpty
            let mergedMembers = TripNames.mergingMembers(members, theirMembers)
            let newMembers = mergedMembers != members
            if save {
                places = result.places
                members = mergedMembers
            }
            return MergeOutcome(before: ours, merged: result.places, conflicts: result.conflicts, base: chosen.source,
                                saved: save && (newMembers || !ours.hasSameContent(as: result.places)), keptUnproven: result.keptUnproven)
        }
    }

    /// The journal's readable history versions as merge bases, newest first. A damaged snapshot
    /// cannot be a base; `doctor` reports it.
    func historyCandidates() -> [([Location], MergeBase)] {
        history.versions().compactMap { version in
            (try? version.places()).map { ($0, .history(sequence: version.sequence, saved: version.saved)) }
        }
    }

    /// The base for merging `theirs` (the file at `theirsPath`) into `ours`, from the journal as it
    /// is and its readable history, and the history kept beside their file if any (see
    /// ``JournalMerge/chooseBase(ours:theirs:)``).
    func findBase(ours: [Location], theirs: [Location], theirsPath: String?,
                  history: [([Location], MergeBase)]) -> (places: [Location], source: MergeBase) {
        let candidates: [([Location], MergeBase)] = [(ours, .current)] + history
        var theirVersions = [theirs]
        if let theirsPath {
            theirVersions += JournalStore(path: theirsPath).history.versions().compactMap { try? $0.places() }
        }
        guard let chosen = JournalMerge.chooseBase(ours: candidates.map(\.0), theirs: theirVersions) else { return ([], .none) }
        let (places, source) = candidates[chosen.index]
        guard !chosen.proven else { return (places, source) }
        if case let .history(sequence, saved) = source { return (places, .guessed(sequence: sequence, saved: saved)) }
        return (places, .guessed(sequence: nil, saved: nil))
    }
}

extension JournalMerge {
    /// The places of a journal file that must exist (another copy, a base).
    /// - Throws: ``JournalError`` when it is missing or cannot be read.
    public static func readCopy(_ path: String) throws -> [Location] {
        if FileSystem.isReadOnce(path) { return try readOnce(path).places }
        guard let (bytes, _) = try PosixFile.readWithVersion(path) else {
            throw JournalError.io(path: path, operation: "open", reason: "the file does not exist")
        }
        return try JournalStore.decode(bytes, path: path).places
    }

    /// A copy that can be read only once (`merge /dev/stdin`, `<(git show …)`): read whole, within the
    /// import limit, every place checked.
    static func readOnce(_ path: String) throws -> JournalContents {
        let bytes = try PosixFile.read(path, regularOnly: false, limit: FileSystem.maximumInputSize) ?? []
        if bytes.isEmpty { throw JournalError.io(path: path, operation: "read", reason: "nothing was written to it") }
        let contents = try JournalStore.decode(bytes, path: path)
        try checkPlaces(contents.places, path: path)
        return contents
    }

    /// Another copy of the journal, read once from one open file: its contents, every place
    /// checked (a merge must not carry an invalid record into the journal), and which file it was.
    /// - Throws: ``JournalError`` when it is missing or cannot be read, or
    ///   ``JournalError/invalidPlace(path:id:name:reason:)`` for a place that is not valid.
    public static func openCopy(_ path: String) throws -> (contents: JournalContents, file: FileVersion) {
        if FileSystem.isReadOnce(path) {
            let info: FileInfo
            do throws(FileError) { info = try FileSystem.examine(path) } catch {
                throw JournalError.io(path: path, operation: "open", reason: error.reason)
            }
            return (try readOnce(path), info.version)
        }
        guard let file = try PosixFile.OpenedFile(path) else {
            throw JournalError.io(path: path, operation: "open", reason: "the file does not exist")
        }
        return try readCopy(file)
    }

    /// ``openCopy(_:)`` from a file already open.
    static func readCopy(_ file: PosixFile.OpenedFile) throws -> (contents: JournalContents, file: FileVersion) {
        let (bytes, version) = try file.readAll()
        let contents = try JournalStore.decode(bytes, path: file.path)
        try checkPlaces(contents.places, path: file.path)
        return (contents, version)
    }

    /// Refuses a copy holding a place that is not valid, naming the file and the place.
    static func checkPlaces(_ places: [Location], path: String) throws {
        for place in places {
            do { _ = try place.validated() } catch {
                throw JournalError.invalidPlace(path: path, id: place.idString, name: place.name, reason: "\(error)")
            }
        }
    }

    /// The git merge driver's work: merges the journal files `theirs` into `ours` from `base`
    /// (git's `%O %A %B`) and, when nothing is left undecided, replaces `ours` with the result
    /// (atomically: a temporary file renamed over it). With undecided conflicts `ours` is left as
    /// it was.
    ///
    /// An empty or missing base file (git's for a file added on both branches) means no base.
    /// - Returns: the merge; its `places` were written when the conflicts are empty or `prefer` is given.
    /// - Throws: ``JournalError`` when a file cannot be read or written.
    public static func mergeFiles(base: String, ours: String, theirs: String, prefer: Preference?) throws -> Result {
        func contents(_ path: String, allowEmpty: Bool = false) throws -> JournalContents {
            var bytes = try PosixFile.read(path)
            if allowEmpty, let read = bytes, read.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { bytes = nil }
            if !allowEmpty && bytes == nil {
                throw JournalError.io(path: path, operation: "open", reason: "the file does not exist")
            }
            return try JournalStore.decode(bytes, path: path)
        }
        let (was, mine, other) = (try contents(base, allowEmpty: true), try contents(ours), try contents(theirs))
        try checkPlaces(other.places, path: theirs)
        let result = merge(base: was.places, ours: mine.places, theirs: other.places, prefer: prefer)
        guard result.undecided.isEmpty else { return result }
        let bytes = try JournalStore.encode(result.places, members: TripNames.mergingMembers(mine.members, other.members))
        let temporary = StorePath.join(StorePath.directory(of: ours),
                                       ".\(StorePath.lastComponent(of: ours)).merge.\(FileSystem.processID)")
        try PosixFile.writeNew(temporary, bytes, mode: 0o644)
        do { try PosixFile.rename(temporary, ours) } catch {
            FileSystem.removeIfPresent(temporary)
            throw error
        }
        return result
    }
}
