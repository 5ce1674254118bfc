import Foundation
import Testing
@testable import PlacesInterchange
@testable import PlacesKit
@testable import PlacesMap

@Suite struct VisitDateTests {
    @Test(arguments: [
        ("2024", VisitDate.year(2024)),
        ("0999", .year(999)),
        ("2024-05", .month(year: 2024, month: 5)),
        ("2024-02-29", .day(year: 2024, month: 2, day: 29)),
        ("2024-05-01T12:34:56Z", .instant(Date(timeIntervalSince1970: 1_714_566_896))),
        ("2024-05-01T14:34:56+02:00", .instant(Date(timeIntervalSince1970: 1_714_566_896))),
        ("2024-05-01T12:34:56.9Z", .instant(Date(timeIntervalSince1970: 1_714_566_896))),
    ])
    func journalTextReadsEachPrecision(text: String, expected: VisitDate) {
        #expect(VisitDate(journalText: text) == expected)
    }

    @Test(arguments: ["", "24", "20245", "2024-13", "2024-00", "2023-02-29", "2024-04-31", "0000", "2024-5", "2024/05",
                      "2024-05-01T25:00:00Z", "May 2024", " 2024", "2024-05-01 12:00"])
    func journalTextRefusesWhatIsNotADate(text: String) {
        #expect(VisitDate(journalText: text) == nil)
    }

    @Test(arguments: [VisitDate.year(2019), .month(year: 2024, month: 12), .day(year: 1500, month: 3, day: 1),
                      .instant(Date(timeIntervalSince1970: -1_234_567))])
    func journalTextRoundTrips(date: VisitDate) {
        #expect(VisitDate(journalText: date.journalText) == date)
    }

    @Test func partialDatesSortByTheirStartCoarserFirst() {
        let dates: [VisitDate] = [
            .instant(Date(timeIntervalSince1970: 1_714_566_896)), // 2024-05-01T12:34:56Z
            .day(year: 2024, month: 5, day: 1),
            .month(year: 2024, month: 5),
            .year(2024),
            .day(year: 2023, month: 12, day: 31),
            .month(year: 2024, month: 4),
        ]
        #expect(dates.sorted().map(\.journalText) == [
            "2023-12-31", "2024", "2024-04", "2024-05", "2024-05-01", "2024-05-01T12:34:56Z",
        ])
        #expect(VisitDate.month(year: 2024, month: 5).start == Timestamp.date(from: "2024-05-01T00:00:00Z"))
        #expect(VisitDate.year(2024) < .day(year: 2024, month: 1, day: 1))
        #expect(!(VisitDate.day(year: 2024, month: 1, day: 1) < .year(2024)))
    }

    @Test func aTimestampAtMidnightUTCIsTheDayItWasTypedAs() {
        #expect(VisitDate(Timestamp.date(from: "2024-05-01T00:00:00Z")!) == .day(year: 2024, month: 5, day: 1))
        #expect(VisitDate(Timestamp.date(from: "2024-05-01T00:00:01Z")!) == .instant(Timestamp.date(from: "2024-05-01T00:00:01Z")!))
        #expect(VisitDate(Date(timeIntervalSince1970: 3600.75)) == .instant(Date(timeIntervalSince1970: 3600)))
    }

    @Test func theDayOfAMomentDependsOnTheZone() throws {
        let moment = try #require(Timestamp.date(from: "2024-05-01T23:30:00Z"))
        #expect(VisitDate.day(of: moment, in: .gmt) == .day(year: 2024, month: 5, day: 1))
        #expect(VisitDate.day(of: moment, in: try #require(TimeZone(identifier: "Asia/Tokyo"))) == .day(year: 2024, month: 5, day: 2))
        #expect(VisitDate.day(of: moment, in: try #require(TimeZone(secondsFromGMT: -5 * 3600))) == .day(year: 2024, month: 5, day: 1))
    }

    @Test func validityChecksTheCalendar() {
        #expect(VisitDate.day(year: 2024, month: 2, day: 29).isValid)
        #expect(!VisitDate.day(year: 2023, month: 2, day: 29).isValid)
        #expect(!VisitDate.month(year: 2024, month: 13).isValid)
        #expect(!VisitDate.year(0).isValid)
        #expect(!VisitDate.year(10_000).isValid)
    }
}

@Suite struct LocationVisitTests {
    static let may = Visit(date: .month(year: 2024, month: 5), note: "spring")
    static let day = Visit(date: .day(year: 2023, month: 8, day: 14))
    static let photo = Visit(date: .day(year: 2024, month: 6, day: 2), source: "photos:2024-06-02")

    @Test func visitsStayInDateOrderAndVisitedIsTheLatest() {
        var place = Location(name: "Café", latitude: 1, longitude: 2)
        #expect(place.visited == nil && !place.isVisited)
        let result1 = place.addVisit(Self.may)
        #expect(result1)
        let result2 = place.addVisit(Self.day)
        #expect(result2)
        let result3 = place.addVisit(Self.photo)
        #expect(result3)
        #expect(place.visits.map(\.date.journalText) == ["2023-08-14", "2024-05", "2024-06-02"])
        #expect(place.visited == Timestamp.date(from: "2024-06-02"))
        #expect(place.latestVisit == Self.photo)
        place.visits.append(Visit(date: .year(2000)))
        #expect(place.visits.first?.date == .year(2000))
    }

    @Test func addingTheSameVisitTwiceAddsNothing() {
        var place = Location(name: "Café", latitude: 1, longitude: 2, visits: [Self.may, Self.photo])
        let result4 = place.addVisit(Self.may)
        #expect(!result4)
        // The same source is the same visit, whatever its date says now.
        let result5 = place.addVisit(Visit(date: .year(1999), source: "photos:2024-06-02"))
        #expect(!result5)
        // The same date with another note is another visit.
        let result6 = place.addVisit(Visit(date: .month(year: 2024, month: 5), note: "autumn?"))
        #expect(result6)
        let result7 = place.mergeVisits([Self.may, Self.day, Self.day])
        #expect(result7 == 1)
        #expect(place.visits.count == 4)
    }

    @Test func equalDatesKeepTheOrderTheyWereAddedIn() {
        var place = Location(name: "Café", latitude: 1, longitude: 2)
        for note in ["first", "second", "third"] { place.addVisit(Visit(date: .day(year: 2024, month: 1, day: 1), note: note)) }
        place.addVisit(Visit(date: .year(2023)))
        #expect(place.visits.map { $0.note ?? "-" } == ["-", "first", "second", "third"])
    }

    @Test func settingVisitedIsTheOneDateViewOfTheVisits() throws {
        var place = Location(name: "Café", latitude: 1, longitude: 2, visits: [Self.day, Self.may])
        let may = try #require(place.visited)
        place.visited = may // the latest visit's own start: nothing changes, May stays a month
        #expect(place.visits == [Self.day, Self.may])
        place.visited = Timestamp.date(from: "2024-07-09")
        #expect(place.visits.map(\.date) == [Self.day.date, .day(year: 2024, month: 7, day: 9)])
        #expect(place.visits.last?.note == "spring")
        place.visited = nil
        #expect(place.visits.isEmpty)
        place.visited = Timestamp.date(from: "2024-07-09T10:00:00Z")
        #expect(place.visits == [Visit(date: .instant(Timestamp.date(from: "2024-07-09T10:00:00Z")!))])
    }

    @Test func onlyVisitsThatVisitedCannotSayNeedTheirOwnList() {
        func needs(_ visits: [Visit]) -> Bool { Location(name: "A", latitude: 0, longitude: 0, visits: visits).needsVisitList }
        #expect(!needs([]))
        #expect(!needs([Self.day]))
        #expect(!needs([Visit(date: .instant(Date(timeIntervalSince1970: 1_714_566_896)))]))
        #expect(needs([Visit(date: .instant(Date(timeIntervalSince1970: 1_714_521_600)))])) // midnight UTC
        #expect(needs([Self.may]))
        #expect(needs([Visit(date: .year(2020))]))
        #expect(needs([Self.photo]))
        #expect(needs([Self.day, Visit(date: .day(year: 2024, month: 1, day: 1))]))
    }

    @Test func validationTidiesNotesAndRefusesBadVisits() throws {
        let place = try Location(name: "A", latitude: 0, longitude: 0, visits: [
            Visit(date: .instant(Date(timeIntervalSince1970: 10.5)), note: "  lunch "), Visit(date: .year(2020), note: "   "),
        ]).validated()
        #expect(place.visits.map(\.note) == ["lunch", nil])
        #expect(place.visits.first?.date == .instant(Date(timeIntervalSince1970: 10)))
        for (visit, rule) in [(Visit(date: .day(year: 2023, month: 2, day: 29)), "visit date \"2023-02-29\" is not a date that exists"),
                              (Visit(date: .year(2020), note: "two\nlines"), "visit note \"twoU+000Alines\" contains the control character U+000A"),
                              (Visit(date: .year(2020), note: String(repeating: "x", count: 501)), "visit note of 501 characters is too long"),
                              (Visit(date: .year(2020), source: ""), "visit source \"\" must be 1 to 500 characters")] {
            #expect { try Location(name: "A", latitude: 0, longitude: 0, visits: [visit]).validated() } throws: {
                "\($0)".hasPrefix(rule)
            }
        }
    }
}

@Suite struct VisitJournalTests {
    static let id = "5a3b1f0e-7c2d-4e8a-9b6f-1d2c3e4f5a6b"

    /// Reads a journal's text with the fast reader and with `JSONDecoder`, which must agree.
    static func read(_ text: String) throws -> Location {
        let fast = try #require(JournalCodec.decode(Array(text.utf8))).places
        try #require(fast.count == 1)
        let careful = try JSONDecoder().decode(JournalShape.self, from: Data(text.utf8)).places
        try expectSamePlaces(fast, careful)
        return fast[0]
    }

    struct JournalShape: Decodable { var places: [Location] }

    @Test func anOldJournalWithOnlyVisitedReadsAsOneVisit() throws {
        let text = #"{"version": 1, "places": [{"id": "\#(Self.id)", "name": "A", "latitude": 1, "longitude": 2, "visited": "2024-05-01T00:00:00Z"}]}"#
        let place = try Self.read(text)
        #expect(place.visits == [Visit(date: .day(year: 2024, month: 5, day: 1))])
        #expect(place.visited == Timestamp.date(from: "2024-05-01"))
        // Written back unchanged in meaning and still version 1: a places that reads only version 1 opens it.
        let written = String(decoding: JournalCodec.encode([place]), as: UTF8.self)
        #expect(written.contains(#""version" : 1"#))
        #expect(written.contains(#""visited" : "2024-05-01T00:00:00Z""#))
        #expect(!written.contains("visits"))
        let instant = #"{"version": 1, "places": [{"id": "\#(Self.id)", "name": "A", "latitude": 1, "longitude": 2, "visited": "2024-05-01T09:15:00Z"}]}"#
        #expect(try Self.read(instant).visits == [Visit(date: .instant(Timestamp.date(from: "2024-05-01T09:15:00Z")!))])
    }

    @Test func visitsAreWrittenAsVersionTwoWithVisitedAsTheLatest() throws {
        var place = Location(id: UUID(uuidString: Self.id)!, name: "A", latitude: 1, longitude: 2)
        place.addVisit(Visit(date: .month(year: 2024, month: 5), note: "with Sam"))
        place.addVisit(Visit(date: .year(2019), source: "photos:2019"))
        let written = String(decoding: JournalCodec.encode([place]), as: UTF8.self)
        #expect(written.contains(#""version" : 2"#))
        #expect(written.contains(#""visited" : "2024-05-01T00:00:00Z""#))
        #expect(written.contains("""
              "visits" : [
                {
                  "date" : "2019",
                  "source" : "photos:2019"
                },
                {
                  "date" : "2024-05",
                  "note" : "with Sam"
                }
              ]
        """))
        let back = try Self.read(written)
        #expect(back.visits == place.visits)
    }

    @Test func unknownKeysOfAVisitAreKeptAsWritten() throws {
        let text = #"{"version": 2, "places": [{"id": "\#(Self.id)", "name": "A", "latitude": 1, "longitude": 2, "visited": null, "visits": [{"date": "2024-05", "weather": {"mm": 1.5, "sky": "grey"}, "note": null}, {"zz": [1], "date": "2023"}]}]}"#
        let place = try Self.read(text)
        #expect(place.visits.map(\.date) == [.year(2023), .month(year: 2024, month: 5)])
        #expect(place.visits[1].extraFields["weather"]?.text == #"{"mm":1.5,"sky":"grey"}"#)
        #expect(place.visits[0].extraFields["zz"]?.text == "[1]")
        #expect(place.visits[1].note == nil)
        // `visits` is the record; the `visited` written beside it is its summary.
        #expect(place.visited == Timestamp.date(from: "2024-05-01"))
        let again = try Self.read(String(decoding: JournalCodec.encode([place]), as: UTF8.self))
        #expect(again.visits == place.visits)
    }

    @Test(arguments: [
        (#""visits": [{"note": "x"}]"#, #"places[0].visits[0] has no "date""#),
        (#""visits": [{"date": "2024-13"}]"#,
         #"places[0].visits[0].date "2024-13" is not a visit date such as 2024, 2024-05, 2024-05-01 or 2024-05-01T12:00:00Z"#),
        (#""visits": [{"date": "2024", "note": 5}]"#, "places[0].visits[0].note is not a string"),
        (#""visits": {"date": "2024"}"#, "places[0].visits is not a list of visits"),
        (#""visits": [{"date": "2024", "date": "2025"}]"#, #"places[0].visits[0] has "date" twice"#),
    ])
    func aBrokenVisitIsNamedByTheCarefulPath(member: String, reason: String) {
        let text = #"{"version": 2, "places": [{"id": "\#(Self.id)", "name": "A", "latitude": 1, "longitude": 2, \#(member)}]}"#
        #expect(JournalCodec.decode(Array(text.utf8)) == nil)
        #expect { try JournalStore.decode(Array(text.utf8), path: "j.json") } throws: { error in
            guard case .unreadable(_, let actual, _) = error as? JournalError else { return false }
            #expect(actual == reason)
            return true
        }
    }

    @Test func visitsSurviveTheThreeWayMerge() {
        let base = Location(name: "A", latitude: 1, longitude: 2, visits: [Visit(date: .year(2020)), Visit(date: .year(2021))])
        var ours = base, theirs = base
        ours.addVisit(Visit(date: .year(2022), note: "ours"))
        theirs.addVisit(Visit(date: .year(2023), note: "theirs"))
        theirs.visits.removeAll { $0.date == .year(2020) }
        let (merged, conflicts) = PlaceMerge.threeWay(base: base, ours: ours, theirs: theirs)
        #expect(conflicts.isEmpty)
        #expect(merged.visits.map(\.date.journalText) == ["2021", "2022", "2023"])
        #expect(PlaceMerge.changedFields(from: base, to: ours) == ["visits"])
    }
}

@Suite struct VisitUseTests {
    static func place(_ name: String, _ visits: [VisitDate], latitude: Double = 0) -> Location {
        Location(name: name, latitude: latitude, longitude: 0, visits: visits.map { Visit(date: $0) })
    }

    @Test func listingByVisitedPutsTheLatestFirstAndWantToGoLast() {
        let places = [
            Self.place("never", []),
            Self.place("may", [.year(2010), .month(year: 2024, month: 5)]),
            Self.place("day in may", [.day(year: 2024, month: 5, day: 1)]),
            Self.place("Also never", []),
            Self.place("june", [.day(year: 2024, month: 6, day: 2)]),
        ]
        let sorted = PlaceQuery(order: .visited).apply(to: places).map(\.name)
        #expect(sorted == ["june", "day in may", "may", "Also never", "never"])
    }

    @Test func statsCountNewPlacesCountriesAndVisitsByYear() {
        let places = [
            Self.place("A", [.day(year: 2023, month: 3, day: 1), .month(year: 2024, month: 5)], latitude: 1),
            Self.place("B", [.year(2024)], latitude: 2),
            Self.place("C", [.instant(Date(timeIntervalSince1970: 1_704_067_200 + 3600)), .day(year: 2024, month: 9, day: 9)], latitude: 2),
            Self.place("D", [.year(2024)], latitude: 3),
            Self.place("E", [], latitude: 1),
        ]
        let countries = [1.0: ("GB", "United Kingdom"), 2.0: ("FR", "France")]
        let stats = TravelStats.compute(places) { latitude, _ in countries[latitude].map { (code: $0.0, name: $0.1) } }
        #expect(stats.years == [
            TravelStats.Year(year: 2024, newPlaces: 3, newCountries: 1, visits: 5),
            TravelStats.Year(year: 2023, newPlaces: 1, newCountries: 1, visits: 1),
        ])
        #expect(stats.mostRecentVisit?.place.name == "C" && stats.mostRecentVisit?.date == .day(year: 2024, month: 9, day: 9))
    }

    @Test func anUpdatingImportOfTheLatestDateKeepsEveryVisit() throws {
        var current = Self.place("Café", [.year(2019), .month(year: 2024, month: 5)])
        current.created = Date(timeIntervalSince1970: 0)
        current.updated = Date(timeIntervalSince1970: 0)
        // What a CSV or GPX export says of it: one `visited`, the latest visit's start.
        var exported = current
        exported.visits = [Visit(date: VisitDate(current.visited!))]
        let file = ImportedFile(fileName: "f.csv", format: .csv, places: [ImportedPlace(location: exported, hasOwnID: true, origin: "row 2")])
        let plan = try ImportPlanner.plan(existing: [current], files: [file], options: ImportOptions(updateExisting: true))
        #expect(plan.updated.isEmpty && plan.places[0].visits == current.visits)
        // A file with another visit adds it to those the journal has.
        exported.visits = [Visit(date: .day(year: 2025, month: 1, day: 2), note: "new")]
        let newer = ImportedFile(fileName: "f.csv", format: .csv, places: [ImportedPlace(location: exported, hasOwnID: true, origin: "row 2")])
        let updated = try ImportPlanner.plan(existing: [current], files: [newer], options: ImportOptions(updateExisting: true))
        #expect(updated.places[0].visits.map(\.date.journalText) == ["2019", "2024-05", "2025-01-02"])
    }

    @Test func geoJSONCarriesTheVisitsBothWays() throws {
        let place = Self.place("Café", [.year(2019), .month(year: 2024, month: 5)])
        let text = GeoJSONExporter.export([place])
        #expect(text.contains(#""visited":"2024-05-01T00:00:00Z","visits":[{"date":"2019"},{"date":"2024-05"}]"#))
        let back = try JSONPlacesReader.read(bytes: Array(text.utf8), fileName: "p.geojson", format: nil)
        #expect(back.places.first?.location.visits == place.visits)
        // A place with one plain date is written as before.
        #expect(!GeoJSONExporter.export([Self.place("B", [.day(year: 2024, month: 1, day: 1)])]).contains("visits"))
    }
}

@Suite struct VisitImportTests {
    @Test func importingAJournalFileKeepsItsVisits() throws {
        var place = Location(name: "Café", latitude: 1, longitude: 2)
        place.addVisit(Visit(date: .year(2019), note: "first"))
        place.addVisit(Visit(date: .day(year: 2024, month: 5, day: 1), source: "photos:2024-05-01"))
        let bytes = JournalCodec.encode([place])
        let file = try JSONPlacesReader.read(bytes: bytes, fileName: "places.json", format: nil)
        #expect(file.places.first?.location.visits == place.visits)
    }
}
