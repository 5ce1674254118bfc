import Foundation

/// Outside programs the tests check output with (xmllint, ogrinfo, rsvg-convert, zsh, fish, groff,
/// script, python3): found once, run with captured output.
///
/// A test that needs one declares it with `.enabled(if: ExternalTool.available("xmllint"))`, so a
/// missing tool shows as a skipped test, never as a silent pass. CI installs every tool and sets
/// `PLACES_REQUIRE_VALIDATORS=1`: then `available` is always true and a missing tool fails the test.
public enum ExternalTool {
    /// Whether CI asked for every tool to be present.
    public static let required = ProcessInfo.processInfo.environment["PLACES_REQUIRE_VALIDATORS"] == "1"

    /// The absolute path of an executable on `PATH` (or the usual system folders), or `nil`.
    public static func find(_ name: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "") + ":/usr/bin:/bin:/usr/local/bin"
        for directory in path.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// For `.enabled(if:)`: the tool is installed, or CI requires it (and the test fails without it).
    public static func available(_ name: String) -> Bool { required || find(name) != nil }

    /// The tool's path; a recorded failure when it is missing (reached only when CI requires it).
    public static func require(_ name: String) throws -> String {
        guard let path = find(name) else { throw Missing(name: name) }
        return path
    }

    /// A tool a test needs is not installed.
    public struct Missing: Error, CustomStringConvertible {
        public var name: String
        public var description: String { "\(name) is not installed" }
    }

    /// What a tool printed and how it ended.
    public struct Result {
        public var status: Int32
        public var stdout: String
        public var stderr: String
        /// Both outputs, for failure messages.
        public var output: String { stdout + stderr }
    }

    /// Runs a tool to the end and returns its exit status, standard output and standard error.
    public static func run(_ executable: String, _ arguments: [String], stdin: String? = nil,
                           environment: [String: String]? = nil, directory: URL? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        // The input is written on its own queue while both outputs are drained: a tool that answers as it
        // reads (a batch of thousands of queries) would otherwise fill its output pipe while we still write,
        // and both sides would wait for ever.
        let writing = DispatchSemaphore(value: 0)
        let writer = input.fileHandleForWriting
        DispatchQueue.global().async {
            if let stdin { writer.write(Data(stdin.utf8)) }
            try? writer.close()
            writing.signal()
        }
        // Both pipes drained concurrently, so a chatty tool never blocks on a full pipe.
        let errorBox = OutputBox()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorBox.data = err.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        writing.wait()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
                      stderr: String(decoding: errorBox.data, as: UTF8.self))
    }

    /// Whether the tests run as root (root ignores file permissions, so permission tests cannot fail for it).
    public static var isRoot: Bool { getuid() == 0 }
}

/// A fresh, empty temporary directory for one test.
public func makeTestDirectory(_ prefix: String = "places-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

final class OutputBox: @unchecked Sendable {
    var data = Data()
}
