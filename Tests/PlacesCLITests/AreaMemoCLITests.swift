import Foundation
import PlacesKit
import Testing

/// The memo of each place's country and region in the cache folder, through the real binary: the outputs
/// are the same without it, with a fresh one, and with one that cannot be used (another program's or
/// gazetteer's, damaged, in a folder that cannot be written); it is written only when a run found
/// something new, and never touches the journal.
@Suite struct AreaMemoCLITests {
    /// Commands that look up countries and regions, and one that looks up none (`today`).
    static let commands: [[String]] = [
        ["timeline"], ["timeline", "--year", "2020", "--json"], ["trips"], ["trips", "show", "3"], ["review", "2023"],
        ["review", "2020", "--json"], ["today", "--on", "2026-04-02"], ["stats"], ["stats", "--json"],
        ["list", "--country", "AT"], ["list", "--region", "Kyoto"], ["find", "japan"],
        ["export", "--country", "JP", "--format", "geojson"], ["map", "--scratch", "--format", "svg"],
    ]

    /// Every command's output, exit status and standard error, with `environment`.
    static func outputs(_ places: PlacesRunner, _ environment: [String: String]) throws -> [String] {
        try commands.map { command in
            let result = try places.run(command, environment: environment)
            return "\(command) \(result.status)\n\(result.stdout)\n\(result.stderr)"
        }
    }

    /// The memo files in a cache folder.
    static func memos(_ cache: URL) -> [URL] {
        let folder = cache.appendingPathComponent("places")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().map { folder.appendingPathComponent($0) }
    }

    /// A cache folder where none can be made: `XDG_CACHE_HOME/places` is a file.
    static func blockedCache(_ places: PlacesRunner) throws -> [String: String] {
        let blocked = places.directory.appendingPathComponent("blocked")
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: blocked.appendingPathComponent("places"))
        return ["XDG_CACHE_HOME": blocked.path]
    }

    @Test func outputsAreTheSameWithAnyMemoAndTheJournalIsUntouched() throws {
        try TravelsCLITests.withJournal { places in
            let journal = try Data(contentsOf: places.journal)
            let blocked = try Self.blockedCache(places)
            let expected = try Self.outputs(places, blocked)
            #expect(try Data(contentsOf: places.directory.appendingPathComponent("blocked/places")) == Data("not a folder".utf8))
            #expect(expected[0].contains("Kyoto, JP") && expected[7].contains("Share of the world"), "\(expected[0])")

            let cache = places.directory.appendingPathComponent("cache")
            let environment = ["XDG_CACHE_HOME": cache.path]
            // Each command on its own with no memo, then again with the memo it wrote.
            for (index, command) in Self.commands.enumerated() {
                try? FileManager.default.removeItem(at: cache)
                let first = try places.run(command, environment: environment)
                #expect("\(command) \(first.status)\n\(first.stdout)\n\(first.stderr)" == expected[index])
                // `today` names no country or region.
                #expect(Self.memos(cache).count == (command[0] == "today" ? 0 : 1), "\(command) wrote its memo: \(first.stdout)")
                let second = try places.run(command, environment: environment)
                #expect("\(command) \(second.status)\n\(second.stdout)\n\(second.stderr)" == expected[index])
            }
            // All of them after one another, with the memo they share.
            try? FileManager.default.removeItem(at: cache)
            #expect(try Self.outputs(places, environment) == expected)
            #expect(try Self.outputs(places, environment) == expected)
            let memo = try #require(Self.memos(cache).first)
            let good = try Data(contentsOf: memo)

            // Damaged memos: cut short, garbage, another header, another program (its identity changed and
            // the hash made right again), empty, a folder in its place.
            var otherProgram = [UInt8](good)
            let identityStart = Array("places-areas\n".utf8).count + 8
            otherProgram[identityStart + 9] ^= 1
            otherProgram.removeLast(8)
            // The file's hash, FNV-1a of 64 bits.
            let sum = otherProgram.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
            for shift in stride(from: 0, to: 64, by: 8) { otherProgram.append(UInt8(truncatingIfNeeded: sum >> UInt64(shift))) }
            let damaged: [Data] = [good.prefix(good.count / 2), good.dropLast(1), Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 7_919) }),
                                   Data("places-areas\nsomething else entirely".utf8), Data(otherProgram), Data()]
            for bytes in damaged {
                try bytes.write(to: memo)
                #expect(try Self.outputs(places, environment) == expected)
                // Replaced by a whole memo (the same answers, though not the same bytes: the points are
                // written in no set order): the next runs find nothing new, and leave it as it is.
                let replaced = try Data(contentsOf: memo)
                #expect(replaced != bytes && replaced.count == good.count)
                #expect(try Self.outputs(places, environment) == expected)
                #expect(try Data(contentsOf: memo) == replaced)
            }
            try FileManager.default.removeItem(at: memo)
            try FileManager.default.createDirectory(at: memo, withIntermediateDirectories: true)
            #expect(try Self.outputs(places, environment) == expected)
            #expect(try Data(contentsOf: places.journal) == journal, "the journal is byte for byte as it was")
        }
    }

    @Test func theMemoIsWrittenOnlyWhenSomethingNewWasFound() throws {
        try TravelsCLITests.withJournal { places in
            let cache = places.directory.appendingPathComponent("cache")
            let environment = ["XDG_CACHE_HOME": cache.path]
            // No lookup, no memo.
            #expect(try places.run(["list"], environment: environment).status == 0)
            #expect(try places.run(["search", "Paris"], environment: environment).status == 0)
            #expect(try places.run(["where", "48.85,2.35"], environment: environment).status == 0)
            #expect(Self.memos(cache).isEmpty)
            // Countries only, then regions too: written each time; then nothing new, not written.
            #expect(try places.run(["trips"], environment: environment).status == 0)
            let memo = try #require(Self.memos(cache).first)
            let countries = try FileManager.default.attributesOfItem(atPath: memo.path)[.systemFileNumber] as? Int
            #expect(try places.run(["timeline"], environment: environment).status == 0)
            var regions = try FileManager.default.attributesOfItem(atPath: memo.path)[.systemFileNumber] as? Int
            #expect(regions != countries, "the regions found were written (a new file renamed over the old)")
            // `stats` asks for the country of the place never visited too.
            #expect(try places.run(["stats"], environment: environment).status == 0)
            regions = try FileManager.default.attributesOfItem(atPath: memo.path)[.systemFileNumber] as? Int
            let written = try Data(contentsOf: memo)
            for command in [["timeline"], ["trips"], ["review", "2023"], ["stats"], ["today", "--on", "2026-04-02"]] {
                #expect(try places.run(command, environment: environment).status == 0)
            }
            #expect(try FileManager.default.attributesOfItem(atPath: memo.path)[.systemFileNumber] as? Int == regions)
            #expect(try Data(contentsOf: memo) == written)
            #expect(Self.memos(cache).count == 1, "no temporary file is left: \(Self.memos(cache))")
            // The file is not readable by others, and the memo is not beside the journal.
            #expect(try FileManager.default.attributesOfItem(atPath: memo.path)[.posixPermissions] as? Int == 0o600)
            #expect(try FileManager.default.contentsOfDirectory(atPath: places.journal.deletingLastPathComponent().path) == ["places.json"])
            // Without XDG_CACHE_HOME, in ~/.cache/places.
            #expect(try places.run(["trips"]).status == 0)
            #expect(Self.memos(places.directory.appendingPathComponent(".cache")).count == 1)
        }
    }

    @Test func aMovedPlaceGetsItsNewAnswer() throws {
        try TravelsCLITests.withJournal { places in
            let environment = ["XDG_CACHE_HOME": places.directory.appendingPathComponent("cache").path]
            let before = try places.run(["timeline", "--year", "2023"], environment: environment)
            #expect(before.stdout.contains("Kyoto, JP"), "\(before.stdout)")
            // Fushimi Inari moved to Osaka by hand.
            let text = try String(contentsOf: places.journal, encoding: .utf8)
            try text.replacingOccurrences(of: "34.9671", with: "34.6937").replacingOccurrences(of: "135.7727", with: "135.5023")
                .write(to: places.journal, atomically: true, encoding: .utf8)
            let moved = try places.run(["timeline", "--year", "2023"], environment: environment)
            let fresh = try places.run(["timeline", "--year", "2023"], environment: try Self.blockedCache(places))
            #expect(moved.stdout.contains("Osaka, JP") && !moved.stdout.contains("Kyoto, JP"), "\(moved.stdout)")
            #expect(moved.stdout == fresh.stdout)
        }
    }

    @Test(.enabled(if: !ExternalTool.isRoot, "root writes into a read-only folder"))
    func aReadOnlyCacheFolderIsNoError() throws {
        try TravelsCLITests.withJournal { places in
            let cache = places.directory.appendingPathComponent("cache")
            let folder = cache.appendingPathComponent("places")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let expected = try Self.outputs(places, try Self.blockedCache(places))
            chmod(folder.path, 0o500)
            defer { chmod(folder.path, 0o700) }
            #expect(try Self.outputs(places, ["XDG_CACHE_HOME": cache.path]) == expected)
            #expect(Self.memos(cache).isEmpty)
        }
    }
}
