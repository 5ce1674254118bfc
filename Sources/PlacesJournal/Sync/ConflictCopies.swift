#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

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

    /// Reports each conflict copy and, when `fix` is set, merges them into the journal (each from
    /// the base found in the history, as `places merge` does) and moves each merged copy into
    /// ``mergedFolder(of:)``.
    ///
    /// Every copy is read once, from one open file, and merged from what was read; all of them are
    /// merged in one transaction, so one `places undo` puts back the journal as it was before. A copy
    /// whose merge meets conflicts, or would remove a place (which only `places merge` may do, asking),
    /// or that cannot be read, is left where it is. A merged copy is moved only while it is still the
    /// file read (device, inode, size and modification time): one replaced meanwhile is left for the
    /// next run.
    static func examine(_ store: JournalStore, fix: Bool) -> [JournalDoctor.Finding] {
        let copies = find(store)
        var findings = copies.map { JournalDoctor.Finding(severity: .warning, message: "conflict copy left by \($0.tool): \($0.path)") }
        // Each copy is opened once; with --fix it is read from that open file under the lock, one at
        // a time (a copy is as large as the journal), and only that file is ever moved.
        var opened: [(index: Int, file: PosixFile.OpenedFile)] = []
        for (index, copy) in copies.enumerated() {
            do {
                guard let file = try PosixFile.OpenedFile(copy.path) else {
                    throw JournalError.io(path: copy.path, operation: "open", reason: "the file does not exist")
                }
                if fix {
                    opened.append((index, file))
                } else {
                    let count = try JournalMerge.readCopy(file).contents.places.count
                    findings[index].message += " (\(counted(count, "place"))); `places doctor --fix` merges it into the journal"
                }
            } catch {
                findings[index].message += " cannot be read (\(ErrorText.message(of: error)))"
            }
        }
        guard fix, !opened.isEmpty else { return findings }

        var merged: [(index: Int, file: FileVersion, changes: [String], kept: Int)] = []
        var ran = false
        do {
            try store.transaction { places, members in
                ran = true
                merged = []
                let history = store.historyCandidates()
                for item in opened {
                    let path = copies[item.index].path
                    let contents: JournalContents, version: FileVersion
                    do {
                        (contents, version) = try JournalMerge.readCopy(item.file)
                    } catch {
                        findings[item.index].message += " cannot be read (\(ErrorText.message(of: error)))"
                        continue
                    }
                    let before = places
                    let base = store.findBase(ours: before, theirs: contents.places, theirsPath: path, history: history)
                    let result = JournalMerge.merge(base: base.places, ours: before, theirs: contents.places,
                                                    guessedBase: base.source.isGuess)
                    if !result.conflicts.isEmpty {
                        findings[item.index].message += ": merging it meets \(counted(result.conflicts.count, "conflict")); nothing was changed. See them with `places merge '\(path)'`, and decide them with --prefer"
                        continue
                    }
                    let kept = Set(result.places.map(\.id))
                    let removed = before.filter { !kept.contains($0.id) }
                    if !removed.isEmpty {
                        let names = removed.prefix(3).map { "\"\(TerminalText.visible($0.name))\"" }.joined(separator: ", ")
                            + (removed.count > 3 ? " and \(removed.count - 3) more" : "")
                        findings[item.index].message += ": it lacks \(names), removed on the other machine; doctor removes no place, so nothing was changed. Merge it with `places merge '\(path)'`, which shows what it removes"
                        continue
                    }
                    places = result.places
                    members = TripNames.mergingMembers(members, contents.members)
                    merged.append((item.index, version, JournalDiff.describe(from: before, to: result.places), result.keptUnproven.count))
                }
            }
        } catch {
            // Nothing was saved: the copies that were to be merged (all, when the body never ran) say why.
            for index in ran ? merged.map(\.index) : opened.map(\.index) {
                findings[index].message += ": could not be merged (\(ErrorText.message(of: error)))"
            }
            return findings
        }

        for item in merged {
            let copy = copies[item.index].path
            let what = "merged into the journal (\(item.changes.isEmpty ? "nothing new" : item.changes.joined(separator: "; "))"
                + (item.kept > 0 ? "; kept \(counted(item.kept, "place")) missing from it: with a guessed base, a removal there cannot be told from an addition here" : "") + ")"
            do {
                let folder = mergedFolder(of: store)
                try PosixFile.makeDirectories(folder, mode: 0o700)
                let moved = StorePath.join(folder, StorePath.lastComponent(of: copy))
                guard !PosixFile.exists(moved) else {
                    findings[item.index].message += ": \(what), but \(moved) already exists, so the copy was left where it is"
                    continue
                }
                guard PosixFile.version(copy) == item.file else {
                    findings[item.index].message += ": \(what) as it was read, but the file was replaced since, so it was left where it is; `places doctor --fix` again merges what it holds now"
                    continue
                }
                try PosixFile.rename(copy, moved)
                if PosixFile.version(moved) != item.file {
                    // Replaced in the instant between the check and the move: put it back, unless
                    // yet another file took its place.
                    if FileSystem.link(moved, to: copy) { FileSystem.removeIfPresent(moved) }
                    findings[item.index].message += ": \(what) as it was read, but the file was replaced since, so it was not moved; `places doctor --fix` again merges what it holds now"
                    continue
                }
                findings[item.index].fixed = "\(what) and moved to \(moved); delete it when you are content"
            } catch {
                findings[item.index].message += ": \(what), but it could not be moved (\(ErrorText.message(of: error)))"
            }
        }
        return findings
    }
}
