import Foundation
import Testing
@testable import PlacesCore
@testable import PlacesKit

/// The one reader of typed dates, with "now" and the zone injected: the machine's own never matter.
@Suite struct VisitDateReaderTests {
    /// Wednesday 15 May 2024, 10:00 UTC.
    static let wednesday = Date(timeIntervalSince1970: 1_715_767_200)
    static let utc = VisitDateReader(now: wednesday, zone: .gmt)

    static func day(_ year: Int, _ month: Int, _ day: Int) -> VisitDate { .day(year: year, month: month, day: day) }

    @Test(arguments: [
        ("today", day(2024, 5, 15)), ("Yesterday", day(2024, 5, 14)),
        ("friday", day(2024, 5, 10)), ("Wednesday", day(2024, 5, 15)), ("wed", day(2024, 5, 15)), ("thurs", day(2024, 5, 9)),
        ("last friday", day(2024, 5, 10)), ("last wednesday", day(2024, 5, 8)), ("last sun", day(2024, 5, 12)),
        ("3 days ago", day(2024, 5, 12)), ("1 day ago", day(2024, 5, 14)), ("a week ago", day(2024, 5, 8)),
        ("2 weeks ago", day(2024, 5, 1)), ("0 days ago", day(2024, 5, 15)), ("20 days ago", day(2024, 4, 25)),
        ("2 months ago", .month(year: 2024, month: 3)), ("5 months ago", .month(year: 2023, month: 12)),
        ("last month", .month(year: 2024, month: 4)), ("this month", .month(year: 2024, month: 5)),
        ("last year", .year(2023)), ("1 year ago", .year(2023)), ("this year", .year(2024)),
        ("2024-05-01", day(2024, 5, 1)), ("2024-02-29", day(2024, 2, 29)), ("1 May 2024", day(2024, 5, 1)),
        ("May 1, 2024", day(2024, 5, 1)), ("may 1 2024", day(2024, 5, 1)), ("  2024-05  ", .month(year: 2024, month: 5)),
        ("May 2024", .month(year: 2024, month: 5)), ("Sept 2023", .month(year: 2023, month: 9)), ("dec. 2019", .month(year: 2019, month: 12)),
        ("2024 May", .month(year: 2024, month: 5)), ("2019", .year(2019)),
        ("2024-05-01T18:30:00Z", .instant(Date(timeIntervalSince1970: 1_714_588_200))),
        ("2024-05-01T18:30", .instant(Date(timeIntervalSince1970: 1_714_588_200))),
        ("2024-05-01 18:30:15", .instant(Date(timeIntervalSince1970: 1_714_588_215))),
        ("now", .instant(wednesday)),
    ] as [(String, VisitDate)])
    func eachFormReadsAsPreciselyAsItWasGiven(text: String, expected: VisitDate) throws {
        #expect(try Self.utc.read(text) == expected)
    }

    @Test func wordsAreReadInTheZoneGiven() throws {
        // 23:30 UTC on Wednesday is already Thursday morning in Tokyo, still Wednesday afternoon in New York.
        let late = Date(timeIntervalSince1970: 1_715_815_800)
        let tokyo = VisitDateReader(now: late, zone: try #require(TimeZone(identifier: "Asia/Tokyo")))
        let newYork = VisitDateReader(now: late, zone: try #require(TimeZone(identifier: "America/New_York")))
        #expect(try tokyo.read("today") == Self.day(2024, 5, 16))
        #expect(try newYork.read("today") == Self.day(2024, 5, 15))
        #expect(try tokyo.read("yesterday") == Self.day(2024, 5, 15))
        #expect(try tokyo.read("thursday") == Self.day(2024, 5, 16))
        #expect(try newYork.read("thursday") == Self.day(2024, 5, 9))
        // A local time is a moment in the zone: 18:30 in Tokyo (UTC+9) is 09:30 UTC; in New York (EDT, UTC-4) 22:30 UTC.
        #expect(try tokyo.read("2024-05-01T18:30") == .instant(Date(timeIntervalSince1970: 1_714_555_800)))
        #expect(try newYork.read("2024-05-01 18:30") == .instant(Date(timeIntervalSince1970: 1_714_602_600)))
        // In January New York is on EST, UTC-5.
        #expect(try newYork.read("2024-01-10 12:00") == .instant(Date(timeIntervalSince1970: 1_704_906_000)))
        // Dates without words do not depend on the zone.
        #expect(try tokyo.read("2024-05") == newYork.read("May 2024"))
    }

    @Test(arguments: ["", "soon", "tomorrow", "next friday", "3 fortnights ago", "-3 days ago", "friday the 13th", "05/01/2024",
                      "2024-5-1", "May", "1 2 2024", "2024-05-01T18", "24-05"])
    func otherTextIsRefusedNamingTheFormsAccepted(text: String) {
        #expect(throws: VisitDateError(text: text, reason: .unknownForm)) { try Self.utc.read(text) }
        #expect(VisitDateError(text: text, reason: .unknownForm).description
                == "\"\(text)\" is not a date: use \(VisitDateReader.acceptedForms)")
    }

    @Test(arguments: ["2023-02-29", "2024-13", "2024-00", "31 April 2024", "Feb 30 2024", "2024-05-01T25:00"])
    func datesThatDoNotExistAreRefusedAsSuch(text: String) {
        #expect(throws: VisitDateError(text: text, reason: .noSuchDate)) { try Self.utc.read(text) }
    }

    @Test func farPastsAreOutOfRange() {
        #expect(throws: VisitDateError(text: "3000 years ago", reason: .outOfRange)) { try Self.utc.read("3000 years ago") }
        #expect(VisitDateError(text: "x", reason: .outOfRange).description == "\"x\" is outside the years 1 to 9999")
    }
}
