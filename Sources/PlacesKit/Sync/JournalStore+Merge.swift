#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the base of a merge came from.
public enum MergeBase: Sendable, Equatable {
    /// A file given by the person (`--base`).
    case file(String)
    /// The journal as it is: the other copy descends from it.
    case current
    /// A version from the journal's history.
    case history(sequence: Int, saved: Date)
    /// No version shares enough with the other copy: merged from nothing, so nothing is removed.
    case none
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
    public func merge(theirs: [Location], theirsPath: String? = nil, base: (places: [Location], source: MergeBase)? = nil,
                      prefer: JournalMerge.Preference? = nil, decisions: [String: Bool] = [:],
                      dryRun: Bool = false) throws -> MergeOutcome {
        try transaction { places in
            let ours = places
            let chosen = base ?? findBase(ours: ours, theirs: theirs, theirsPath: theirsPath)
            let result = JournalMerge.merge(base: chosen.places, ours: ours, theirs: theirs, prefer: prefer, decisions: decisions)
            let save = !dryRun && result.undecided.isEmpty
            if save { places = result.places }
            return MergeOutcome(before: ours, merged: result.places, conflicts: result.conflicts, base: chosen.source,
                                saved: save && !Self.samePlaces(ours, result.places))
        }
    }

    /// The base for merging `theirs` (the file at `theirsPath`) into `ours`, from the journal as it
    /// is and its readable history, and the history kept beside their file if any (see
    /// ``JournalMerge/chooseBase(ours:theirs:)``).
    func findBase(ours: [Location], theirs: [Location], theirsPath: String?) -> (places: [Location], source: MergeBase) {
        var candidates: [([Location], MergeBase)] = [(ours, .current)]
        for version in history.versions() {
            // A damaged snapshot cannot be a base; `doctor` reports it.
            if let places = try? version.places() {
                candidates.append((places, .history(sequence: version.sequence, saved: version.saved)))
            }
        }
        var theirVersions = [theirs]
        if let theirsPath {
            theirVersions += JournalStore(path: theirsPath).history.versions().compactMap { try? $0.places() }
        }
        guard let index = JournalMerge.chooseBase(ours: candidates.map(\.0), theirs: theirVersions) else { return ([], .none) }
        return candidates[index]
    }

    static func samePlaces(_ a: [Location], _ b: [Location]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.hasSameContent(as: $1) }
    }
}

extension JournalMerge {
    /// The places of a journal file that must exist (another copy, a base).
    /// - Throws: ``JournalError`` when it is missing or cannot be read.
    public static func readCopy(_ path: String) throws -> [Location] {
        // A pipe (`merge /dev/stdin`, `<(git show …)`) is read once, whole, within the import limit.
        if InterchangeFiles.isReadOnce(path) {
            let bytes = try PosixFile.read(path, regularOnly: false, limit: Importer.maximumFileSize) ?? []
            if bytes.isEmpty { throw JournalError.io(path: path, operation: "read", reason: "nothing was written to it") }
            return try JournalStore.decode(bytes, path: path).places
        }
        let store = JournalStore(path: path)
        guard store.exists else { throw JournalError.io(path: path, operation: "open", reason: "the file does not exist") }
        return try store.load()
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
        let result = merge(base: was.places, ours: mine.places, theirs: other.places, prefer: prefer)
        guard result.undecided.isEmpty else { return result }
        let bytes = try JournalStore.encode(result.places, members: mine.members)
        let temporary = StorePath.join(StorePath.directory(of: ours),
                                       ".\(StorePath.lastComponent(of: ours)).merge.\(getpid())")
        try PosixFile.writeNew(temporary, bytes, mode: 0o644)
        do { try PosixFile.rename(temporary, ours) } catch {
            unlink(temporary)
            throw error
        }
        return result
    }
}
