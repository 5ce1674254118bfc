import Foundation
import Testing

@testable import PlacesKit

/// The two byte scans of the travel commands give what the slower reads they replace give: a region
/// cell's lines (``RegionCells/CellReader``) and the places that may hold a day (`today`).
@Suite struct CellAndDayScanTests {
    /// One line as the table's own readers give it (``Gazetteer/forEachLine(row:column:keepsLatitude:searched:_:)``
    /// and ``Gazetteer/isSettlementLine(afterLongitude:)``): offset, latitude and longitude bits, settlement.
    static func reference(_ places: SortedTable, cell: Int) -> [[UInt64]] {
        var digits = Array(String(cell).utf8)
        while digits.count < 5 { digits.insert(48, at: 0) }
        var result: [[UInt64]] = []
        var offset = places.lowerBound(digits)
        while offset < places.count, places.keyHasPrefix(at: offset, digits), places.base[offset + 5] == 9 {
            let latitude = places.number(at: places.field(.latitude, ofLineAt: offset))
            let longitude = places.number(at: places.fieldEnd(from: latitude.end) + 1)
            let kind = places.field(5, ofLineAt: places.fieldEnd(from: longitude.end))
            result.append([UInt64(offset), latitude.value.bitPattern, longitude.value.bitPattern,
                           places.keyHasPrefix(at: kind, Gazetteer.cityKind) ? 1 : 0])
            offset = places.nextLine(after: latitude.end)
        }
        return result
    }

    static func read(_ places: SortedTable, cell: Int) -> [[UInt64]] {
        var result: [[UInt64]] = []
        RegionCells.CellReader(places).forEachLine(cell: cell) { offset, latitude, longitude, isSettlement in
            result.append([UInt64(offset), latitude.bitPattern, longitude.bitPattern, isSettlement ? 1 : 0])
        }
        return result
    }

    @Test func busyCellsReadAsTheTableReadsThem() {
        let gazetteer = Gazetteer.bundled
        var lines = 0
        // Cities of every hemisphere, and the cells around them (the region lookups read those too).
        for (latitude, longitude) in [(52.52, 13.405), (48.86, 2.35), (35.68, 139.77), (-34.6, -58.38), (-33.87, 151.21),
                                      (64.15, -21.94), (40.71, -74.0), (19.43, -99.13), (1.29, 103.85), (-41.29, 174.78)] {
            let center = Gazetteer.cell(latitude: latitude, longitude: longitude)
            for row in center.row - 1...center.row + 1 {
                for column in center.column - 1...center.column + 1 {
                    let cell = row * 360 + (column % 360 + 360) % 360
                    let expected = Self.reference(gazetteer.places, cell: cell)
                    #expect(Self.read(gazetteer.places, cell: cell) == expected, "cell \(cell)")
                    lines += expected.count
                }
            }
        }
        #expect(lines > 2_000, "\(lines) lines")
    }

    /// Lines the byte pass does not take as plain go through the table's readers: signs, exponents, more
    /// than 18 digits, a space, missing fields, a kind that only starts with `city`, a last line with no
    /// newline.
    @Test func unusualLinesReadAsTheTableReadsThem() {
        let text = """
            12345\tPlain\t48.85341\t2.3488\tFR\t11\t75\t2138551\tcity\t-\t\t\t\t
            12345\tSigned\t+48.5\t-2.25\tFR\t11\t\t0\tmountain\t-\t3\t\t\t
            12345\tExponent\t1.5e-05\t2\tFR\t\t\t0\tcity\t
            12345\tLong\t48.1234567890123456789\t2.5\tFR\t11\t\t10\tcity\t
            12345\tShort\t48.5\t2.5\tFR
            12345\tBare\t-.5\t7.\tFR\t\t\t\tcityhall\t
            12345\tSpace\t 48.5\t2.5\tFR\t\t\t\tcity\t
            12345\tNo number\t\t\tFR\t\t\t\tcity\t
            12346\tNext cell\t1\t2\tXX\t\t\t\tcity\t
            12347\tLast\t1.25\t-2.5\tFR\t\t\t\tcity\t
            """
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let places = SortedTable(base: buffer.baseAddress!, count: buffer.count)
            for cell in [12345, 12346, 12347, 12344, 12348] {
                #expect(Self.read(places, cell: cell) == Self.reference(places, cell: cell), "cell \(cell)")
            }
            #expect(Self.read(places, cell: 12345).count == 8)
            #expect(Self.read(places, cell: 12345).map { $0[3] } == [1, 0, 1, 1, 0, 0, 1, 1])
        }
    }

    // MARK: The day's places

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
