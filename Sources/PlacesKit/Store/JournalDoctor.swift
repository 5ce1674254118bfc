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

    /// Examines the journal and, when `fix` is set, repairs: restores an unreadable journal from the
    /// newest readable earlier version (moving the unreadable file aside, never deleting it),
    /// tightens permissions, and removes temporary files left by a crash.
    /// - Returns: the findings, in the order checked.
    public static func examine(_ store: JournalStore, fix: Bool) throws -> [Finding] {
        var findings: [Finding] = []
        let path = store.resolvedPath
        let directory = store.directory
        guard PosixFile.exists(path) else {
            findings.append(Finding(severity: .ok, message: "no journal yet at \(path): the first `places add` creates it"))
            return findings
        }
        let lock = try JournalLock(path: store.lockPath, waitingUpTo: store.lockTimeout)
        defer { withExtendedLifetime(lock) {} }

        // 1. Does it parse?
        var places: [Location]?
        do {
            places = try JournalStore.decode(PosixFile.read(path), path: path).places
            findings.append(Finding(severity: .ok, message: "\(path) parses: version \(JournalStore.currentVersion), \(counted(places!.count, "place"))"))
        } catch let error as JournalError {
            switch error {
            case .unreadable:
                var finding = Finding(severity: .problem, message: "\(error)".components(separatedBy: "\nhint:")[0])
                if fix { finding.fixed = try restoreNewestReadableVersion(store) }
                findings.append(finding)
            default:
                findings.append(Finding(severity: .problem, message: "\(error)".replacing("\nhint: ", with: "; ")))
            }
        }

        // 2. Are the records valid?
        if let places {
            for place in places {
                do { _ = try place.validated() } catch {
                    findings.append(Finding(severity: .problem,
                                            message: "place \(place.idString) (\"\(place.name)\"): \(error); fix it with `places edit \(place.shortID)`"))
                }
            }
        }

        // 3. Private permissions.
        if let mode = PosixFile.mode(path), mode & 0o077 != 0 {
            var finding = Finding(severity: .warning, message: "\(path) has mode \(String(mode, radix: 8)); a journal should be private (600)")
            if fix && chmod(path, 0o600) == 0 { finding.fixed = "set mode 600" }
            findings.append(finding)
        }
        if let mode = PosixFile.mode(directory), mode & 0o077 != 0, StorePath.lastComponent(of: directory) == "places" {
            var finding = Finding(severity: .warning, message: "\(directory) has mode \(String(mode, radix: 8)); the data directory should be private (700)")
            if fix && chmod(directory, 0o700) == 0 { finding.fixed = "set mode 700" }
            findings.append(finding)
        }

        // 4. Leftovers of a crash. They are incomplete copies of a write that never finished: the
        //    journal already holds everything that was reported saved.
        for stray in store.strayTemporaryFiles() {
            var finding = Finding(severity: .warning, message: "temporary file left by an interrupted write: \(stray)")
            if fix && unlink(stray) == 0 { finding.fixed = "removed (the journal holds every saved change)" }
            findings.append(finding)
        }

        let versions = store.history.versions()
        findings.append(Finding(severity: .ok, message: "\(versions.count) earlier version\(versions.count == 1 ? "" : "s") kept for `places undo`"))
        return findings
    }

    /// Moves the unreadable journal aside and puts back the newest earlier version that parses.
    private static func restoreNewestReadableVersion(_ store: JournalStore) throws -> String? {
        let path = store.resolvedPath
        // The backup is the version the last write replaced; then the history, newest first.
        var candidates = store.history.versions().map { ($0.path, $0.saved) }
        if PosixFile.exists(store.backupPath) { candidates.insert((store.backupPath, modificationDate(store.backupPath)), at: 0) }
        for (candidate, saved) in candidates {
            guard let contents = try? JournalStore.decode(PosixFile.read(candidate), path: candidate) else { continue }
            let aside = path + ".unreadable-" + Timestamp.string(Date()).replacing(":", with: "")
            try PosixFile.rename(path, aside)
            try PosixFile.writeNew(path + ".restoring", JournalStore.encode(contents.places, members: contents.members), mode: 0o600)
            try PosixFile.rename(path + ".restoring", path)
            try PosixFile.syncDirectory(store.directory)
            return "restored the version saved \(Timestamp.string(saved)) (\(counted(contents.places.count, "place"))) from \(candidate); the unreadable file was kept as \(aside) (changes made after that version are only in it)"
        }
        return nil
    }

    private static func modificationDate(_ path: String) -> Date {
        var info = stat()
        guard stat(path, &info) == 0 else { return .distantPast }
        return Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec))
    }
}
