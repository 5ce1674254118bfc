import Foundation
import Testing

/// Runs the real `places` binary, as a person or a script would, against a journal in a fresh
/// temporary directory. Tests never change their own environment or working directory: all of it
/// is passed to the child process.
public struct PlacesRunner: Sendable {
    public struct Result: Sendable {
        public var stdout: String
        public var stderr: String
        public var status: Int32

        public init(stdout: String, stderr: String, status: Int32) {
            self.stdout = stdout
            self.stderr = stderr
            self.status = status
        }
    }

    /// The built `places`, beside this test bundle in the build products directory.
    public static let executable: URL = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        // The test binary may sit inside a `.xctest` bundle directory on some layouts.
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("places").path),
              directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("places")
    }()

    /// A fresh temporary directory holding the journal.
    public let directory: URL
    /// The journal path passed as `PLACES_STORE`.
    public var journal: URL { directory.appendingPathComponent("data/places.json") }
    /// Extra environment for every run.
    public var environment: [String: String] = [:]

    public init() throws {
        directory = try makeTestDirectory()
    }

    /// Runs `places` with `arguments`; `stdin` is fed to it (empty and closed when `nil`).
    @discardableResult
    public func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:],
             executable: URL = PlacesRunner.executable) throws -> Result {
        var env = ["PLACES_STORE": journal.path, "HOME": directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        env.merge(environment) { $1 }
        env.merge(extra) { $1 }
        let result = try ExternalTool.run(executable.path, arguments, stdin: stdin, environment: env)
        return Result(stdout: result.stdout, stderr: result.stderr, status: result.status)
    }

    /// Adds a place and returns its full id.
    public func add(_ name: String, _ coordinates: String, _ extra: [String] = []) throws -> String {
        let result = try run(["add", name, "--at", coordinates, "--json"] + extra)
        #expect(result.status == 0, "add failed: \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return object?["id"] as? String ?? ""
    }

    /// The journal's places as JSON objects.
    public func journalPlaces() throws -> [[String: Any]] {
        let data = try Data(contentsOf: journal)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return object?["places"] as? [[String: Any]] ?? []
    }

    public func removeAll() { try? FileManager.default.removeItem(at: directory) }
}
