import Foundation
import Testing

/// Nothing in a journal is silently rewritten: what this version does not understand is written
/// back exactly as it was, and dates mean the day they say. Through the real binary.
@Suite struct JournalPreservationTests {
    static let journal = #"""
    {"app": {"theme": "dark", "since": 1.0}, "version": 1, "places": [
      {"id": "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b", "name": "Kept", "latitude": 51.5, "longitude": -0.12,
       "big": 12345678901234567891, "one": 1.0, "lone": "\ud800 half", "huge": 1e400, "nested": {"z": 2.50, "a": [1E+2]}}
    ], "zzz": -0.0}
    """#

    @Test func unknownMembersAndValuesSurviveAChange() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        try FileManager.default.createDirectory(at: runner.journal.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.journal.write(to: runner.journal, atomically: false, encoding: .utf8)

        // Reading works: a lone surrogate or 1e400 in a field nobody reads does not make the journal unreadable.
        let list = try runner.run(["list", "--format", "json"])
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains(#""big" : 12345678901234567891"#))
        let show = try runner.run(["show", "5a3b", "--json"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains(#""one" : 1.0"#) && show.stdout.contains(#""huge" : 1e400"#), "\(show.stdout)")

        // A change rewrites the journal: everything unknown comes back as it was written.
        let added = try runner.run(["add", "New", "--at", "1,2"])
        #expect(added.status == 0, "\(added.stderr)")
        let edited = try runner.run(["edit", "5a3b", "--name", "Kept, renamed"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let text = try String(contentsOf: runner.journal, encoding: .utf8)
        for kept in [#""big" : 12345678901234567891"#, #""one" : 1.0"#, #""lone" : "\ud800 half""#, #""huge" : 1e400"#,
                     #""z" : 2.50"#, #"1E+2"#, #""app" : {"#, #""theme" : "dark""#, #""since" : 1.0"#, #""zzz" : -0.0"#] {
            #expect(text.contains(kept), "\(kept) was rewritten:\n\(text)")
        }
        // Member order inside a kept value is the file's, not sorted.
        let z = try #require(text.range(of: #""z" : 2.50"#)), a = try #require(text.range(of: #""a" : ["#))
        #expect(z.lowerBound < a.lowerBound)
        #expect(text.contains(#""name" : "Kept, renamed""#))
        // And the file is still one the program reads.
        #expect(try runner.run(["list", "--format", "json"]).status == 0)
    }

    /// Plain dates before the Gregorian reform (1582) used to move by days.
    @Test(arguments: ["1500-03-01", "1066-10-14", "0800-12-25", "1582-10-10", "2024-02-29"])
    func plainDatesMeanTheDayTheySay(_ day: String) throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let added = try runner.run(["add", "Then", "--at", "1,2", "--on", day, "--json"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains(#""visited" : "\#(day)T00:00:00Z""#), "\(added.stdout)")
        let journal = try String(contentsOf: runner.journal, encoding: .utf8)
        #expect(journal.contains(#""visited" : "\#(day)T00:00:00Z""#))
    }
}
