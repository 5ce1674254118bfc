#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// The copies of the journal that synced folders leave beside it when two machines changed it at
/// once, found by name, and merged into the journal by `places doctor --fix`.
///
/// For a journal `places.json` they are named:
/// - Syncthing: `places.sync-conflict-20261130-133700-ABCDEFG.json`
/// - Dropbox: `places (conflicted copy).json`, `places (Alice's conflicted copy 2026-11-30).json`
/// - Nextcloud: `places (conflicted copy 2026-11-30 133700).json`; ownCloud and older Nextcloud
///   clients: `places_conflict-20261130-133700.json`
/// - iCloud Drive: `places 2.json`
public enum ConflictCopies {
    /// A conflict copy beside the journal.
    public struct Copy: Sendable, Equatable {
        /// The file.
        public var path: String
        /// The sync tool whose naming it follows.
        public var tool: String
    }

    /// The folder, beside the journal, that merged copies are moved into for the person to delete.
    public static func mergedFolder(of store: JournalStore) -> String {
        store.resolvedPath + ".merged-copies"
    }

    /// The sync tool whose conflict-copy naming `name` follows for the journal file `journalName`,
    /// or `nil` when it is not a conflict copy of it.
    public static func tool(naming name: String, journalName: String) -> String? {
        let (stem, ext): (Substring, Substring) = {
            guard let dot = journalName.lastIndex(of: "."), dot != journalName.startIndex else { return (journalName[...], "") }
            return (journalName[..<dot], journalName[dot...])
        }()
        guard name != journalName, name.hasPrefix(stem), name.hasSuffix(ext), name.count > stem.count + ext.count else { return nil }
        let middle = name.dropFirst(stem.count).dropLast(ext.count)
        if middle.hasPrefix(".sync-conflict-") { return "Syncthing" }
        if middle.hasPrefix(" ("), middle.hasSuffix(")"), middle.contains("conflicted copy") {
            // Dropbox always names the person or machine ("Alice's conflicted copy"); Nextcloud a date only.
            return middle.contains("'s conflicted copy") || middle == " (conflicted copy)" ? "Dropbox" : "Nextcloud"
        }
        if middle.hasPrefix("_conflict-") { return "Nextcloud" }
        if middle.count > 1, middle.first == " ", middle.dropFirst().allSatisfy(\.isASCII), middle.dropFirst().allSatisfy(\.isNumber) {
            return "iCloud Drive"
        }
        return nil
    }

    /// The conflict copies beside the journal, by name.
    public static func find(_ store: JournalStore) -> [Copy] {
        let directory = store.directory
        let journalName = StorePath.lastComponent(of: store.resolvedPath)
        return PosixFile.list(directory).sorted().compactMap { name in
            tool(naming: name, journalName: journalName).map { Copy(path: StorePath.join(directory, name), tool: $0) }
        }.filter { PosixFile.kind($0.path) == S_IFREG }
    }

    /// Reports each conflict copy and, when `fix` is set, merges it into the journal (the base
    /// found in the history, as `places merge` does) and moves it into ``mergedFolder(of:)``. A
    /// copy whose merge meets conflicts, or that cannot be read, is left where it is.
    static func examine(_ store: JournalStore, fix: Bool) -> [JournalDoctor.Finding] {
        find(store).map { copy in
            var finding = JournalDoctor.Finding(severity: .warning, message: "conflict copy left by \(copy.tool): \(copy.path)")
            let theirs: [Location]
            do {
                theirs = try JournalMerge.readCopy(copy.path)
            } catch {
                finding.message += " cannot be read (\("\(error)".components(separatedBy: "\nhint:")[0]))"
                return finding
            }
            guard fix else {
                finding.message += " (\(counted(theirs.count, "place"))); `places doctor --fix` merges it into the journal"
                return finding
            }
            do {
                let outcome = try store.merge(theirs: theirs, theirsPath: copy.path)
                guard outcome.conflicts.isEmpty else {
                    finding.message += ": merging it meets \(counted(outcome.conflicts.count, "conflict")); nothing was changed. See them with `places merge '\(copy.path)'`, and decide them with --prefer"
                    return finding
                }
                let folder = mergedFolder(of: store)
                try PosixFile.makeDirectories(folder, mode: 0o700)
                let moved = StorePath.join(folder, StorePath.lastComponent(of: copy.path))
                guard !PosixFile.exists(moved) else {
                    finding.message += ": merged, but \(moved) already exists, so the copy was left where it is"
                    return finding
                }
                try PosixFile.rename(copy.path, moved)
                let changes = JournalDiff.describe(from: outcome.before, to: outcome.merged)
                finding.fixed = "merged into the journal (\(changes.isEmpty ? "nothing new" : changes.joined(separator: "; "))) and moved to \(moved); delete it when you are content"
            } catch {
                finding.message += ": could not be merged (\("\(error)".components(separatedBy: "\nhint:")[0]))"
            }
            return finding
        }
    }
}
