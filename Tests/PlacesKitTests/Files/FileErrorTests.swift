import Foundation
import Glibc
import Testing
@testable import PlacesKit
import PlacesTestSupport
@testable import PlacesJournal

/// The file layer's errors are data: which file, which operation, and the system's error number or
/// the kind of file found; and the journal words them exactly as before.
@Suite struct FileErrorTests {
    @Test func aMissingFileIsAnOpenErrorWithENOENT() throws {
        let folder = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("absent.gpx").path
        #expect(throws: FileError(path: path, operation: .open, problem: .system(ENOENT))) { try ReadableFile(path) }
        do {
            _ = try ReadableFile(path)
            Issue.record("a missing file opened")
        } catch {
            #expect(error.isMissing && error.code == ENOENT)
            #expect(error.description == "cannot open \(path): No such file or directory")
        }
        #expect(try ReadableFile.ifPresent(path) == nil)
        // A rename names the file it would have replaced, as the journal's errors always did.
        #expect(throws: FileError(path: path + ".new", operation: .replace, problem: .system(ENOENT))) {
            try FileSystem.rename(path, to: path + ".new")
        }
        #expect(throws: FileError(path: path, operation: .openDirectory, problem: .system(ENOENT))) {
            try FileSystem.entries(path)
        }
    }

    @Test func aDirectoryWhereAFileIsExpectedSaysSo() throws {
        let folder = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let expected = FileError(path: folder.path, operation: .read, problem: .wrongKind(found: .directory))
        #expect(throws: expected) { try ReadableFile(folder.path) }
        #expect(throws: expected) { try ReadableFile(folder.path, accepting: .anythingButDirectories) }
        #expect(expected.reason == "it is a directory, not a file")
        // Where a folder may be opened, it is, and says what it is.
        #expect(try ReadableFile(folder.path, accepting: .anything).info.kind == .directory)
        // The journal's words for the same error are the ones it always used.
        #expect(JournalError(expected) == .io(path: folder.path, operation: "read", reason: "it is a directory, not a file"))
        #expect(throws: JournalError.io(path: folder.path, operation: "read", reason: "it is a directory, not a file")) {
            try PosixFile.read(folder.path)
        }
    }

    @Test(.enabled(if: getuid() != 0, "root may read any file"))
    func permissionDeniedCarriesEACCES() throws {
        let folder = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("private.json").path
        try FileSystem.writeNew(path, Array("{}".utf8), mode: 0o000)
        #expect(throws: FileError(path: path, operation: .open, problem: .system(EACCES))) { try ReadableFile(path) }
        #expect(throws: JournalError.io(path: path, operation: "open", reason: "Permission denied")) { try PosixFile.read(path) }
    }

    @Test func writingANewFileOverAnOldOneIsRefusedAndLeavesItAlone() throws {
        let folder = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("kept.txt").path
        try FileSystem.writeNew(path, Array("first".utf8), mode: 0o600)
        #expect(FileSystem.info(path)?.permissions == 0o600)
        #expect(throws: FileError(path: path, operation: .create, problem: .system(EEXIST))) {
            try FileSystem.writeNew(path, Array("second".utf8), mode: 0o600)
        }
        #expect(try ReadableFile(path).readToEnd() == Array("first".utf8))
    }

    @Test func readsBeyondTheLimitAreRefusedAsTooLarge() throws {
        let folder = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("big.csv").path
        try FileSystem.writeNew(path, [UInt8](repeating: 0x41, count: 3 << 20), mode: 0o644, sync: false)
        #expect(throws: FileError(path: path, operation: .read, problem: .tooLarge(limit: 1 << 20))) {
            try ReadableFile(path).readToEnd(limit: 1 << 20)
        }
        #expect(JournalError(FileError(path: path, operation: .read, problem: .tooLarge(limit: 1 << 20)))
                == .tooLarge(path: path, limit: 1 << 20))
        #expect(try ReadableFile(path).readToEnd(limit: 3 << 20).count == 3 << 20)
    }

    @Test func linesAreSplitAcrossReadsAndTheLastNeedsNoLineFeed() throws {
        let folder = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("lines.tsv").path
        // A line longer than one read (1 MiB), so it straddles reads.
        let long = String(repeating: "x", count: (1 << 20) + 5)
        try FileSystem.writeNew(path, Array("a\n\n\(long)\nlast".utf8), mode: 0o644, sync: false)
        var lines: [String] = []
        try ReadableFile(path).forEachLine { lines.append(String(decoding: $0, as: UTF8.self)) }
        #expect(lines == ["a", "", long, "last"])
    }
}
