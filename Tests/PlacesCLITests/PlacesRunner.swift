import Foundation
import Testing

/// Runs the real `places` binary, as a person or a script would, against a journal in a fresh
/// temporary directory. Tests never change their own environment or working directory: all of it
/// is passed to the child process.
struct PlacesRunner {
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The built `places`, beside this test bundle in the build products directory.
    static let executable: URL = {
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
    let directory: URL
    /// The journal path passed as `PLACES_STORE`.
    var journal: URL { directory.appendingPathComponent("data/places.json") }
    /// Extra environment for every run.
    var environment: [String: String] = [:]

    init() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("places-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Runs `places` with `arguments`; `stdin` is fed to it (empty and closed when `nil`).
    @discardableResult
    func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:],
             executable: URL = PlacesRunner.executable) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var env = ["PLACES_STORE": journal.path, "HOME": directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        env.merge(environment) { $1 }
        env.merge(extra) { $1 }
        process.environment = env
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes before waiting, so a chatty child never blocks on a full pipe.
        let errorBox = DataBox()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            errorBox.data = err.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        let outBytes = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        let errBytes = errorBox.data
        process.waitUntilExit()
        return Result(stdout: String(decoding: outBytes, as: UTF8.self),
                      stderr: String(decoding: errBytes, as: UTF8.self),
                      status: process.terminationStatus)
    }

    /// Adds a place and returns its full id.
    func add(_ name: String, _ coordinates: String, _ extra: [String] = []) throws -> String {
        let result = try run(["add", name, "--at", coordinates, "--json"] + extra)
        #expect(result.status == 0, "add failed: \(result.stderr)")
        let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        return object?["id"] as? String ?? ""
    }

    /// The journal's places as JSON objects.
    func journalPlaces() throws -> [[String: Any]] {
        let data = try Data(contentsOf: journal)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return object?["places"] as? [[String: Any]] ?? []
    }

    func removeAll() { try? FileManager.default.removeItem(at: directory) }
}

private final class DataBox: @unchecked Sendable {
    var data = Data()
}
