import Foundation
import Testing
@testable import PlacesKit
@testable import PlacesTravels

/// The journal's `tripNames` member: read, kept, merged.
@Suite struct TripNamesTests {
    static let japan = #"{"date":"2023-04-02","name":"Japan 2023","place":"00000000-0000-4000-8000-000000000006"}"#
    static let rome = #"{"date":"2023-03-11","name":"Rome","place":"00000000-0000-4000-8000-000000000005"}"#
    static let romeTheirs = #"{"date":"2023-03-11","name":"Roma","place":"00000000-0000-4000-8000-000000000005"}"#
    static let strange = #"{"date":"2023-03-11","name":"Rome","place":"x","colour":"red"}"#

    static func members(_ elements: [String]) throws -> [String: JSONFragment] {
        [TripNames.member: try JSONFragment(json: "[" + elements.joined(separator: ",") + "]")]
    }

    @Test func aJournalWithoutNamesHasNoMember() throws {
        let names = try #require(TripNames(members: [:]))
        #expect(names.names.isEmpty && names.fragment == nil)
    }

    @Test func elementsNotUnderstoodAreKeptAsWritten() throws {
        let names = try #require(TripNames(members: try Self.members([Self.japan, Self.strange])))
        #expect(names.names.map(\.name) == ["Japan 2023"])
        #expect(names.unknown.map(\.text) == [Self.strange])
        #expect(names.fragment?.text == "[" + Self.japan + "," + Self.strange + "]")
        #expect(TripNames(members: [TripNames.member: try JSONFragment(json: #"{"a":1}"#)]) == nil, "not a list: refused, kept by the store")
    }

    @Test func mergingJoinsBothSetsAndOursWins() throws {
        let ours = try Self.members([Self.japan, Self.rome])
        let theirs = try Self.members([Self.romeTheirs, Self.strange])
        let merged = try #require(TripNames(members: TripNames.mergingMembers(ours, theirs)))
        #expect(merged.names.map(\.name) == ["Japan 2023", "Rome"])
        #expect(merged.unknown.map(\.text) == [Self.strange])
        // Only one copy has names: kept as they are.
        #expect(TripNames.mergingMembers([:], theirs) == theirs)
        #expect(TripNames.mergingMembers(ours, [:]) == ours)
        // Other unknown members: ours win, theirs added.
        let other = ["colour": try JSONFragment(json: "\"red\"")]
        #expect(TripNames.mergingMembers(ours, other)["colour"]?.text == "\"red\"")
    }

    @Test func visitDatesCoverTheirDays() {
        #expect(VisitDate.year(2020).days.count == 366)
        #expect(VisitDate.month(year: 2019, month: 2).days.count == 28)
        #expect(VisitDate.instant(Date(timeIntervalSince1970: 86_400 * 3 + 86_399)).days == 3...3)
        let may = DaySpan(from: .month(year: 2019, month: 5), to: .month(year: 2019, month: 5))
        #expect(may.contains(.day(year: 2019, month: 5, day: 31)) && may.contains(.month(year: 2019, month: 5)))
        #expect(!may.contains(.year(2019)))
        #expect(!DaySpan(from: .day(year: 2019, month: 5, day: 2)).contains(.month(year: 2019, month: 5)))
    }
}
