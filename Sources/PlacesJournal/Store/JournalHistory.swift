#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// The last versions of the journal, kept beside it in `places.json.history/` for `places undo`.
///
/// Each write hard-links the version it is about to replace under a temporary name, and moves that
/// link into the history directory once the new journal is in place: an instant, complete snapshot
/// that costs no copying, because the journal is only ever replaced by rename, never changed in
/// place. The oldest snapshots beyond ``capacity`` are removed. A write killed between the two
/// leaves its snapshot staged; the next locked change, `undo` or `doctor --fix` moves it in
/// (``JournalStore/settleInterruptedWrites()``).
public struct JournalHistory: Sendable {
    /// How many earlier versions are kept.
    public static let capacity = 20

    /// One earlier version of the journal.
    public struct Version: Sendable {
        /// Increases with every write; the newest version has the highest.
        public var sequence: Int
        /// The snapshot file.
        public var path: String
        /// When this version was saved (the snapshot's modification time).
        public var saved: Date

        /// The places in this version.
        /// - Throws: ``JournalError`` when the snapshot cannot be read.
        public func places() throws -> [Location] {
            try JournalStore.decode(PosixFile.read(path), path: path).places
        }
    }

    /// The history directory.
    public let directory: String

    init(journalPath: String) {
        directory = journalPath + ".history"
    }

    /// The kept versions, newest first.
    public func versions() -> [Version] {
        PosixFile.list(directory).compactMap { name -> Version? in
            guard name.hasSuffix(".json"), let sequence = Int(name.dropLast(5)) else { return nil }
            let path = StorePath.join(directory, name)
            guard let info = FileSystem.info(path) else { return nil }
            let saved = Date(timeIntervalSince1970: info.modifiedSeconds)
            return Version(sequence: sequence, path: path, saved: saved)
        }.sorted { $0.sequence > $1.sequence }
    }

    /// Takes a snapshot of the journal file at `journalPath`, before it is replaced, as `staging`
    /// (a temporary name beside the journal that a later write clears away if this one is killed).
    ///
    /// The snapshot enters the history only through ``adopt(_:)``, after the journal was replaced:
    /// were it linked into the history first, a write killed before the replace would leave a
    /// history copy that is the live journal's own file, and a hand edit of the journal would
    /// damage both.
    func stage(_ journalPath: String, as staging: String) throws {
        if FileSystem.link(journalPath, to: staging) {
            // The linked file is the journal about to be replaced: a copy kept for weeks must be as
            // private as a journal, whatever mode a hand edit left on it.
            chmod(staging, 0o600)
        } else if PosixFile.exists(journalPath) {
            try PosixFile.copyNew(journalPath, to: staging, mode: 0o600)
        }
    }

    /// Moves a staged snapshot into the history as the newest version, then prunes the oldest.
    func adopt(_ staging: String) throws {
        guard PosixFile.exists(staging) else { return }
        try PosixFile.makeDirectories(directory, mode: 0o700)
        let next = (versions().first?.sequence ?? 0) + 1
        let name = String(repeating: "0", count: max(0, 10 - String(next).count)) + String(next) + ".json"
        try PosixFile.rename(staging, StorePath.join(directory, name))
        for old in versions().dropFirst(Self.capacity) { FileSystem.removeIfPresent(old.path) }
    }

    /// Removes one version (after `undo` restored it).
    func discard(_ version: Version) {
        FileSystem.removeIfPresent(version.path)
    }
}
