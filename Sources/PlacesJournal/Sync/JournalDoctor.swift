#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// Checks a journal's health and repairs what can be repaired without losing anything.
public enum JournalDoctor {
    /// One observation about the journal.
    public struct Finding: Sendable, Equatable {
        public enum Severity: String, Sendable { case ok, warning, problem }
        public var severity: Severity
        public var message: String
        /// What `--fix` did about it, when it did something.
        public var fixed: String?
    }

    /// Examines the journal and, when `fix` is set, repairs: restores an unreadable (or missing)
    /// journal from the newest readable earlier version (writing the restored journal first and
    /// keeping the unreadable one as a copy, so some journal exists at every instant), tightens
    /// permissions of the journal and of its backup and history copies, gives `.bak` a copy of its
    /// own, and removes temporary files left by a crash. It checks every history copy. Then it
    /// looks for conflict copies a synced folder left beside the journal (see ``ConflictCopies``)
    /// and, when fixing, merges them in.
    /// - Returns: the findings, in the order checked.
    public static func examine(_ store: JournalStore, fix: Bool) throws -> [Finding] {
        let findings = try examineJournal(store, fix: fix)
        // After the journal's own checks, whose lock is released by then: merging takes it again.
        return findings + ConflictCopies.examine(store, fix: fix)
    }

    private static func examineJournal(_ store: JournalStore, fix: Bool) throws -> [Finding] {
        var findings: [Finding] = []
        try store.checkJournalFile()
        let path = store.resolvedPath
        let directory = store.directory
        let hasEarlierVersions = !store.history.versions().isEmpty || PosixFile.exists(store.backupPath)
        guard PosixFile.exists(path) || hasEarlierVersions else {
            findings.append(Finding(severity: .ok, message: "no journal yet at \(path): the first `places add` creates it"))
            return findings
        }
        let lock = try JournalLock(path: store.lockPath, waitingUpTo: store.lockTimeout)
        defer { withExtendedLifetime(lock) {} }

        // 1. Leftovers of a crash, first, under the lock: incomplete copies of a write that never
        //    finished (the journal already holds everything reported saved), which must not stand in
        //    the way of a restore; or the snapshot of a version a killed write did replace, which
        //    belongs in the history for `undo`.
        for stray in store.strayTemporaryFiles() {
            var finding = Finding(severity: .warning, message: "temporary file left by an interrupted write: \(stray)")
            if fix {
                switch store.settleInterruptedWrites(only: stray) {
                case .adopted?: finding.fixed = "kept in the history: it is the version that write replaced, for `places undo`"
                case .removed?: finding.fixed = "removed (the journal holds every saved change)"
                case nil: break
                }
            }
            findings.append(finding)
        }
        // Listed under the lock: versions listed before it may have rotated away meanwhile.
        let versions = store.history.versions()

        // 2. Does it parse?
        var places: [Location]?
        if !PosixFile.exists(path) {
            var finding = Finding(severity: .problem, message: "\(path) is missing, but earlier versions of it are kept")
            if fix { finding.fixed = try restoreNewestReadableVersion(store) }
            findings.append(finding)
        } else {
            do {
                places = try JournalStore.decode(store.readJournal(path), path: path).places
                findings.append(Finding(severity: .ok, message: "\(path) parses: version \(JournalCodec.version(for: places!)), \(counted(places!.count, "place"))"))
            } catch let error as JournalError {
                switch error {
                case .unreadable:
                    var finding = Finding(severity: .problem, message: ErrorText.message(of: error))
                    if fix { finding.fixed = try restoreNewestReadableVersion(store) }
                    findings.append(finding)
                default:
                    findings.append(Finding(severity: .problem, message: "\(error)".replacing("\nhint: ", with: "; ")))
                }
            }
        }

        // 3. Are the records valid? (Coordinates out of range included: they are shown, never trapped on.)
        if let places {
            for place in places {
                do { _ = try place.validated() } catch {
                    findings.append(Finding(severity: .problem,
                                            message: "place \(place.idString) (\"\(place.name)\"): \(error); fix it with `places edit \(place.shortID)`"))
                }
            }
        }

        // 4. Private permissions. Only a file that parsed as a journal is touched: a journal link
        //    may point anywhere, and doctor must not change the mode of a file that is not its own.
        if places != nil, let mode = PosixFile.mode(path), mode & 0o077 != 0 {
            var finding = Finding(severity: .warning, message: "\(path) has mode \(String(mode, radix: 8)); a journal should be private (600)")
            if fix && chmod(path, 0o600) == 0 { finding.fixed = "set mode 600" }
            findings.append(finding)
        }
        if places != nil, let mode = PosixFile.mode(directory), mode & 0o077 != 0, StorePath.lastComponent(of: directory) == "places" {
            var finding = Finding(severity: .warning, message: "\(directory) has mode \(String(mode, radix: 8)); the data directory should be private (700)")
            if fix && chmod(directory, 0o700) == 0 { finding.fixed = "set mode 700" }
            findings.append(finding)
        }

        // 5. The backup and every history copy: private, readable, and independent of each other.
        let copies = (PosixFile.exists(store.backupPath) ? [store.backupPath] : []) + versions.map(\.path)
        for copy in copies {
            guard PosixFile.kind(copy) == S_IFREG, !PosixFile.isSymlink(copy) else {
                findings.append(Finding(severity: .warning, message: "\(copy) is not a regular file; `places undo` passes over it"))
                continue
            }
            if let mode = PosixFile.mode(copy), mode & 0o077 != 0 {
                var finding = Finding(severity: .warning, message: "\(copy) has mode \(String(mode, radix: 8)); copies of the journal should be private (600)")
                if fix && chmod(copy, 0o600) == 0 { finding.fixed = "set mode 600" }
                findings.append(finding)
            }
            do {
                _ = try JournalStore.decode(PosixFile.read(copy), path: copy)
            } catch {
                findings.append(Finding(severity: .warning,
                                        message: "\(copy) cannot be read (\(ErrorText.message(of: error))); `places undo` passes over it"))
            }
        }
        if let newest = versions.first, let backup = PosixFile.identity(store.backupPath),
           backup == PosixFile.identity(newest.path) {
            var finding = Finding(severity: .warning,
                                  message: "\(store.backupPath) and \(newest.path) are one file (a hard link): damage to one would be damage to both")
            if fix, let bytes = try? PosixFile.read(store.backupPath) {
                let temporary = "\(directory)/.\(StorePath.lastComponent(of: path)).tmp.\(FileSystem.processID).bak"
                if (try? PosixFile.writeNew(temporary, bytes, mode: 0o600)) != nil, (try? PosixFile.rename(temporary, store.backupPath)) != nil {
                    finding.fixed = "gave \(store.backupPath) a copy of its own"
                } else {
                    FileSystem.removeIfPresent(temporary)
                }
            }
            findings.append(finding)
        }

        findings.append(Finding(severity: .ok, message: "\(versions.count) earlier version\(versions.count == 1 ? "" : "s") kept for `places undo`"))
        return findings
    }

    /// Puts back the newest earlier version that parses. The restored journal is written and
    /// flushed first, the unreadable one is kept as a copy (a hard link), and only then does the
    /// restored file replace it by rename: at every instant there is a journal, and nothing is lost.
    private static func restoreNewestReadableVersion(_ store: JournalStore) throws -> String? {
        let path = store.resolvedPath
        // The backup is the version the last write replaced; then the history, newest first.
        var candidates = store.history.versions().map { ($0.path, $0.saved) }
        if PosixFile.exists(store.backupPath) { candidates.insert((store.backupPath, modificationDate(store.backupPath)), at: 0) }
        for (candidate, saved) in candidates {
            guard let contents = try? JournalStore.decode(PosixFile.read(candidate), path: candidate) else { continue }
            let temporary = StorePath.join(store.directory, ".\(StorePath.lastComponent(of: path)).tmp.\(FileSystem.processID).\(UInt32.random(in: 0...UInt32.max))")
            try PosixFile.writeNew(temporary, JournalStore.encode(contents.places, members: contents.members), mode: 0o600)
            var aside: String?
            if PosixFile.exists(path) {
                do {
                    aside = try keepAside(path)
                } catch {
                    FileSystem.removeIfPresent(temporary)
                    throw error
                }
            }
            do {
                try PosixFile.rename(temporary, path)
            } catch {
                FileSystem.removeIfPresent(temporary)
                throw error
            }
            try PosixFile.syncDirectory(store.directory)
            return "restored the version saved \(Timestamp.string(saved)) (\(counted(contents.places.count, "place"))) from \(candidate)"
                + (aside.map { "; the unreadable file was kept as \($0) (changes made after that version are only in it)" } ?? "")
        }
        return nil
    }

    /// Keeps the unreadable journal as `places.json.unreadable-<time>` (a hard link, or a copy where
    /// links are not possible). A doctor killed mid-restore may have linked it already: that link is
    /// used again; any other file of that name gets a numbered sibling instead.
    private static func keepAside(_ path: String) throws -> String {
        let stem = path + ".unreadable-" + Timestamp.string(Date()).replacing(":", with: "")
        let journal = PosixFile.identity(path)
        for attempt in 1...100 {
            let name = attempt == 1 ? stem : "\(stem)-\(attempt)"
            if FileSystem.link(path, to: name) { return name }
            if errno == EEXIST {
                if journal != nil, PosixFile.identity(name) == journal { return name }
                continue
            }
            // No hard links on this file system: copy the unreadable bytes instead.
            guard let bytes = try PosixFile.read(path, regularOnly: false) else {
                throw JournalError.io(path: path, operation: "read", reason: "it vanished")
            }
            try PosixFile.writeNew(name, bytes, mode: 0o600)
            return name
        }
        throw JournalError.io(path: stem, operation: "create", reason: "too many files of that name")
    }

    private static func modificationDate(_ path: String) -> Date {
        guard let info = FileSystem.info(path) else { return .distantPast }
        return Date(timeIntervalSince1970: Double(info.modifiedWholeSeconds))
    }
}
