import Foundation
import Testing

/// `places map` end to end: the built binary, a journal in a temporary directory, and a real SVG
/// renderer (`rsvg-convert`, from librsvg2-bin) turning the output into a PNG.
@Suite struct MapCommandTests {
    /// The package root, found from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static func placesBinary() -> URL? {
        for configuration in ["debug", "release"] {
            let url = packageRoot.appendingPathComponent(".build/\(configuration)/places")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    static func run(_ executable: URL, _ arguments: [String], in directory: URL,
                    environment extra: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment["PLACES_STORE"] = directory.appendingPathComponent("journal.json").path
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Read both pipes before waiting, so a large output cannot block the child.
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    static func journalDirectory(_ binary: URL) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("places-map-cli-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let places: [[String]] = [
            ["add", "Louvre", "--at", "48.8606,2.3376", "--tag", "museums", "--on", "2024-05-01"],
            ["add", "Colosseum", "--at", "41.8902,12.4922", "--tag", "sights"],
            ["add", "Suva", "--at", "-18.1416,178.4419"],
        ]
        for arguments in places {
            let result = try run(binary, arguments, in: directory)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        return directory
    }

    /// Width and height from a PNG's IHDR chunk, which always comes first after the signature.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
              String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR" else { return nil }
        func be32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be32(16), be32(20))
    }

    @Test func writesAnSVGThatRendersToAPNGOfTheRightSize() throws {
        guard let binary = Self.placesBinary() else {
            Issue.record("build the places executable first (swift build)")
            return
        }
        let directory = try Self.journalDirectory(binary)
        defer { try? FileManager.default.removeItem(at: directory) }

        let result = try Self.run(binary, ["map", "-o", "x.svg", "--width", "800"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("3 places"))
        let svg = try String(contentsOf: directory.appendingPathComponent("x.svg"), encoding: .utf8)
        #expect(svg.contains("width=\"800\""))
        guard let heightText = svg.split(separator: "height=\"").dropFirst().first?.prefix(while: { $0 != "\"" }),
              let height = Int(heightText) else {
            Issue.record("no height in the SVG")
            return
        }

        let png = directory.appendingPathComponent("x.png")
        let renderer = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let renderer else {
            // rsvg-convert is not installed: CI installs it (librsvg2-bin); the SVG checks above still ran.
            return
        }
        let rendered = try Self.run(URL(fileURLWithPath: renderer), ["x.svg", "-o", "x.png"], in: directory)
        #expect(rendered.status == 0, "rsvg-convert: \(rendered.stderr)")
        #expect(rendered.stderr.isEmpty, "rsvg-convert warned: \(rendered.stderr)")
        let size = Self.pngSize(try Data(contentsOf: png))
        #expect(size?.width == 800)
        #expect(size?.height == height)
    }

    @Test func htmlAndTerminalAndFilters() throws {
        guard let binary = Self.placesBinary() else {
            Issue.record("build the places executable first (swift build)")
            return
        }
        let directory = try Self.journalDirectory(binary)
        defer { try? FileManager.default.removeItem(at: directory) }

        let html = try Self.run(binary, ["map", "-o", "page.html", "--visited"], in: directory)
        #expect(html.status == 0, "\(html.stderr)")
        let page = try String(contentsOf: directory.appendingPathComponent("page.html"), encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("48.8606, 2.3376") && !page.contains("Colosseum"))

        let terminal = try Self.run(binary, ["map", "--terminal", "--width", "50", "--around", "48.85,2.35", "--radius", "20km"],
                                    in: directory)
        #expect(terminal.status == 0, "\(terminal.stderr)")
        #expect(terminal.stdout.hasPrefix("1 place · within 20 km of 48.8500, 2.3500\n┌"))
        #expect(terminal.stdout.contains("● Louvre") || terminal.stdout.contains("Louvre ●"))

        let piped = try Self.run(binary, ["map", "--tag", "sights"], in: directory)
        #expect(piped.stdout.hasPrefix("<?xml") && piped.stdout.contains(">1 place</text>"))

        let bad = try Self.run(binary, ["map", "--around", "Paris"], in: directory)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--around \"Paris\""))
        let negative = try Self.run(binary, ["map", "--terminal", "--around", "-18.14,178.44", "--radius", "300km"], in: directory,
                                    environment: ["COLUMNS": "40"])
        #expect(negative.status == 0, "\(negative.stderr)")
        #expect(negative.stdout.split(separator: "\n")[1].count == 40)
    }
}
