import Foundation
import Testing
@testable import PlacesKit
import PlacesTestSupport

@Suite struct DirectoryWalkerTests {
    @Test func aWalkListsRegularFilesInNameOrderAndSaysWhatItPassedOver() throws {
        let top = try makeTestDirectory()
        defer { try? FileManager.default.removeItem(at: top) }
        let manager = FileManager.default
        try manager.createDirectory(at: top.appendingPathComponent("b/deeper"), withIntermediateDirectories: true)
        try manager.createDirectory(at: top.appendingPathComponent(".hidden"), withIntermediateDirectories: true)
        for name in ["z.txt", "a.txt", "b/deeper/c.txt", ".hidden/d.txt", ".dotfile"] {
            try Data("x".utf8).write(to: top.appendingPathComponent(name))
        }
        try manager.createSymbolicLink(atPath: top.appendingPathComponent("loop").path, withDestinationPath: top.path)
        try manager.createSymbolicLink(atPath: top.appendingPathComponent("gone.jpg").path, withDestinationPath: top.path + "/nothing")
        try manager.createSymbolicLink(atPath: top.appendingPathComponent("alias.txt").path, withDestinationPath: top.path + "/a.txt")

        let listing = DirectoryWalker().walk(top.path)
        #expect(listing.files.map(\.path) == ["a.txt", "alias.txt", "b/deeper/c.txt", "z.txt"].map { top.path + "/" + $0 })
        #expect(listing.files.map(\.depth) == [0, 0, 2, 0])
        #expect(listing.passedOver == [.linkToNothing(path: top.path + "/gone.jpg", name: "gone.jpg"),
                                       .linkToFolder(path: top.path + "/loop")])

        let shallow = DirectoryWalker(maximumDepth: 2).walk(top.path)
        #expect(shallow.files.map(\.name) == ["a.txt", "alias.txt", "z.txt"])
        #expect(shallow.passedOver.contains(.tooDeep(path: top.path + "/b/deeper")))
    }

    @Test func aFolderThatCannotBeReadIsPassedOverWithItsError() {
        let listing = DirectoryWalker().walk("/nonexistent-places-folder")
        #expect(listing.files.isEmpty)
        #expect(listing.passedOver == [.unreadable(FileError(path: "/nonexistent-places-folder", operation: .openDirectory,
                                                             problem: .system(ENOENT)))])
    }
}
