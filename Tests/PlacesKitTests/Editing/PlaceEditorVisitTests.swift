import Foundation
import Testing
@testable import PlacesKit

/// The editor form's visit lines, its orientation line and its all-at-once problems.
@Suite struct PlaceEditorVisitTests {
    /// Wednesday 15 May 2024 in UTC.
    static let dates = VisitDateReader(now: Date(timeIntervalSince1970: 1_715_767_200), zone: .gmt)

    static func place() -> Location {
        var place = Location.example
        place.visits = [
            Visit(date: .year(2019)),
            Visit(date: .month(year: 2024, month: 5), note: "with Sam", source: "photos:2024-05"),
            Visit(date: .day(year: 2023, month: 8, day: 14), extraFields: ["weather": try! JSONFragment(json: #""rain""#)]),
        ]
        return place
    }

    @Test func visitsAreShownAsTypedOnePerLine() {
        let text = PlaceEditorText.render(Self.place(), whereabouts: "Near Westminster, England, GB (0.4 km); in United Kingdom (GB)")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("visit:") } == ["visit: 2019", "visit: 2023-08-14", "visit: 2024-05  with Sam"])
        #expect(lines.contains("# Near Westminster, England, GB (0.4 km); in United Kingdom (GB)"))
        #expect(!text.contains("visited:") && !text.contains("T00:00:00Z"))
    }

    @Test func unchangedLinesKeepTheirVisitsWholeAndEditsApply() throws {
        let original = Self.place()
        let same = try PlaceEditorText.parse(PlaceEditorText.render(original), original: original, dates: Self.dates)
        #expect(same.hasSameContent(as: original))
        let text = PlaceEditorText.render(original)
            .replacingOccurrences(of: "visit: 2019\n", with: "")
            .replacingOccurrences(of: "description:", with: "visit: last friday birthday dinner\nvisit: May 2020  rain, then sun\ndescription:")
        let edited = try PlaceEditorText.parse(text, original: original, dates: Self.dates)
        #expect(edited.visits.map(\.date.journalText) == ["2020-05", "2023-08-14", "2024-05", "2024-05-10"])
        #expect(edited.visits.map(\.note) == ["rain, then sun", nil, "with Sam", "birthday dinner"])
        #expect(edited.visits[2].source == "photos:2024-05")
        #expect(edited.visits[1].extraFields["weather"]?.text == #""rain""#)
    }

    @Test func theEarlierVisitedLineIsStillRead() throws {
        let original = Self.place()
        let keep = PlaceEditorText.render(original).split(separator: "\n").filter { !$0.hasPrefix("visit:") }.joined(separator: "\n")
        let none = try PlaceEditorText.parse(keep.replacingOccurrences(of: "description:", with: "visited: no\ndescription:"),
                                             original: original, dates: Self.dates)
        #expect(none.visits.isEmpty)
        let one = try PlaceEditorText.parse(keep.replacingOccurrences(of: "description:", with: "visited: yesterday\ndescription:"),
                                            original: Location.example, dates: Self.dates)
        #expect(one.visits == [Visit(date: .day(year: 2024, month: 5, day: 14))])
    }

    @Test func everyProblemIsReportedAtOnceWithItsLine() {
        let text = """
            name: x\u{7}
            latitude: 95
            longitude: 10
            tags: ok, \(String(repeating: "t", count: 70))
            visit: someday  maybe
            visit: 2024-05-01  fine
            visit: 2023-02-29
            description:
            """
        #expect {
            _ = try PlaceEditorText.parse(text, original: Location.example, dates: Self.dates)
        } throws: { error in
            let messages = (error as? PlaceEditorText.Problems)?.messages ?? []
            #expect(messages.count == 5, "\(messages)")
            #expect(messages.contains { $0.hasPrefix("line 1: name ") && $0.contains("U+0007") })
            #expect(messages.contains { $0.hasPrefix("line 2: latitude 95 is out of range") })
            #expect(messages.contains { $0.hasPrefix("line 4: tag ") && $0.contains("too long") })
            #expect(messages.contains("line 5: visit \"someday\" is not a date: use \(VisitDateReader.acceptedForms)"))
            #expect(messages.contains("line 7: visit \"2023-02-29\" is not a date that exists"))
            return true
        }
    }

    @Test func aDescriptionProblemNamesItsLine() {
        let text = "name: A\nlatitude: 1\nlongitude: 2\ndescription:\n" + String(repeating: "x", count: Location.maximumDescriptionLength + 1)
        #expect {
            _ = try PlaceEditorText.parse(text, original: Location.example, dates: Self.dates)
        } throws: { error in
            (error as? PlaceEditorText.Problems)?.messages.first?.hasPrefix("line 4: description of 20001 characters is too long") == true
        }
    }

    @Test func whereaboutsNameTheNearestTownAndTheCountry() {
        let london = ReverseGeocoder().locate(latitude: 51.501, longitude: -0.141).whereabouts
        #expect(london.hasPrefix("Near ") && london.hasSuffix("; in United Kingdom (GB)"), "\(london)")
        let nemo = ReverseGeocoder().locate(latitude: -48.8767, longitude: -123.3933).whereabouts
        #expect(nemo.hasSuffix("at sea, in no country"), "\(nemo)")
    }
}
