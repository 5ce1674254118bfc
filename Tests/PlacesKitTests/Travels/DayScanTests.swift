import Foundation
import Testing

@testable import PlacesKit
@testable import PlacesTravels

/// `today`'s scan gives what the slower read it replaces gives: the places that may hold a day.
@Suite struct DayScanTests {
    /// The places `today` decodes, as a scan of every byte finds them (the scan before memchr).
    static func bytewiseCandidates(on day: VisitDate, in index: JournalIndex) -> [Int] {
        let first = day.days.lowerBound
        let wanted = Set((-2...2).map { VisitDate.civilDay(first + $0) }.map { $0.month * 100 + $0.day })
        let bytes = index.bytes, count = bytes.count, entries = index.entries
        func digits(_ at: Int) -> Int {
            let high = Int(bytes[at]) - 48, low = Int(bytes[at + 1]) - 48
            return (0...9).contains(high) && (0...9).contains(low) ? high * 10 + low : -1
        }
        var chosen: [Int] = []
        for place in entries.indices {
            let end = place + 1 < entries.count ? entries[place + 1].offset : count
            for p in entries[place].offset..<end {
                let dash = bytes[p] == UInt8(ascii: "-") && p + 6 <= count && bytes[p + 3] == UInt8(ascii: "-")
                    && digits(p + 1) >= 0 && digits(p + 4) >= 0 && wanted.contains(digits(p + 1) * 100 + digits(p + 4))
                let escape = bytes[p] == UInt8(ascii: "\\") && p + 1 < count && bytes[p + 1] == UInt8(ascii: "u")
                if dash || escape { chosen.append(place); break }
            }
        }
        return chosen
    }

    @Test func theDaysPlacesAreTheOnesABytewiseScanFinds() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("today-scan-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("places.json").path
        func place(_ n: Int, _ name: String, visits: [String], note: String = "") -> String {
            let id = String(format: "BEEF%04X-0000-0000-0000-000000000000", n)
            let list = visits.map { "{\"date\": \"\($0)\"\(note.isEmpty ? "" : ", \"note\": \"\(note)\"")}" }.joined(separator: ", ")
            return "{\"id\": \"\(id)\", \"name\": \"\(name)\", \"latitude\": 1, \"longitude\": 2, \"visits\": [\(list)]}"
        }
        let places = [
            place(1, "On the day", visits: ["2019-04-02"]),
            place(2, "Two days after", visits: ["2020-04-04"]),
            place(3, "Three days after", visits: ["2020-04-05"]),
            place(4, "Escaped note", visits: ["2021-01-01"], note: "caf\\u00e9"),
            place(5, "Month only", visits: ["2018-04"]),
            place(6, "Day in the name -04-01-", visits: ["2017-07-07"]),
            place(7, "Dashes -4-02 --- -0a-02", visits: ["2016-12-31"]),
            place(8, "Last, on the day", visits: ["2010-03-30", "2015-04-02"]),
        ]
        try ("{\"version\": 2, \"places\": [" + places.joined(separator: ",\n") + "]}").write(toFile: path, atomically: true, encoding: .utf8)
        let index = try JournalStore(path: path).index()
        let day = try #require(VisitDate(journalText: "2026-04-02"))
        let found = try #require(OnThisDay.candidatePlaces(on: day, in: index)).map(\.name)
        #expect(found == Self.bytewiseCandidates(on: day, in: index).map { index.place($0)!.name })
        #expect(found == ["On the day", "Two days after", "Escaped note", "Day in the name -04-01-", "Last, on the day"])
    }
}
