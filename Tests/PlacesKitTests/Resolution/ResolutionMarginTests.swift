import Foundation
import Testing
@testable import PlacesKit

/// The one rule deciding whether `add` may pin a name without asking.
@Suite struct ResolutionMarginTests {
    static func town(_ match: PlaceCandidate.Match, score: Double?, name: String = "Town") -> PlaceCandidate {
        let entry = GazetteerEntry(name: name, countryCode: "US", latitude: 1, longitude: 2)
        return PlaceCandidate(source: .gazetteer(GazetteerMatch(entry: entry, quality: .exact, matchedKey: name.lowercased())),
                              match: match, name: name, context: name + ", US", latitude: 1, longitude: 2, score: score)
    }

    static func own(_ match: PlaceCandidate.Match, latitude: Double = 10) -> PlaceCandidate {
        PlaceCandidate(source: .journal(id: UUID()), match: match, name: "Mine", context: "Mine",
                       latitude: latitude, longitude: 0)
    }

    @Test func aPrefixOrATypoIsNeverPinned() {
        #expect(!ResolutionMargin.isClearWinner(Self.town(.prefix, score: 99), over: nil))
        #expect(!ResolutionMargin.isClearWinner(Self.town(.fuzzy, score: 99), over: nil))
        #expect(!ResolutionMargin.isClearWinner(Self.own(.prefix), over: nil))
    }

    @Test func anOutrightMatchAloneWins() {
        #expect(ResolutionMargin.isClearWinner(Self.town(.exact, score: 40), over: nil))
        #expect(ResolutionMargin.isClearWinner(Self.town(.alias, score: 40), over: nil))
        #expect(ResolutionMargin.isClearWinner(Self.own(.exact), over: nil))
        let point = PlaceCandidate(source: .coordinates, match: .coordinates, name: "1, 2", context: "1, 2", latitude: 1, longitude: 2)
        #expect(ResolutionMargin.isClearWinner(point, over: Self.town(.exact, score: 99)))
    }

    @Test(arguments: [(150.0, 149.7, false), (150.0, 142.0, true), (150.0, 141.9, true), (150.0, 142.1, false),
                      (150.0, 150.0, false), (150.0, 90.0, true), (150.0, 160.0, false)])
    func gazetteerCandidatesNeedTheLead(_ row: (Double, Double, Bool)) {
        let (best, runnerUp, clear) = row
        #expect(ResolutionMargin.isClearWinner(Self.town(.exact, score: best), over: Self.town(.exact, score: runnerUp)) == clear)
        #expect(ResolutionMargin.isClearWinner(Self.town(.alias, score: best), over: Self.town(.fuzzy, score: runnerUp)) == clear)
    }

    @Test func aCandidateWithoutAScoreIsNotAClearWinner() {
        #expect(!ResolutionMargin.isClearWinner(Self.town(.exact, score: nil), over: Self.town(.exact, score: 1)))
        #expect(!ResolutionMargin.isClearWinner(Self.town(.exact, score: 50), over: Self.town(.exact, score: nil)))
    }

    @Test func yourOwnExactNameBeatsTheGazetteerButNotAnotherOwnPlace() {
        #expect(ResolutionMargin.isClearWinner(Self.own(.exact), over: Self.town(.exact, score: 99)))
        #expect(!ResolutionMargin.isClearWinner(Self.own(.exact), over: Self.own(.exact, latitude: 20)))
        #expect(ResolutionMargin.isClearWinner(Self.own(.exact), over: Self.own(.prefix)))
        #expect(ResolutionMargin.isClearWinner(Self.town(.exact, score: 40), over: Self.own(.prefix)))
    }

    @Test func hasClearWinnerComparesTheBestWithItsRunnerUp() {
        #expect(!ResolutionMargin.hasClearWinner([]))
        #expect(ResolutionMargin.hasClearWinner([Self.town(.exact, score: 150), Self.town(.exact, score: 140), Self.town(.exact, score: 139)]))
        #expect(!ResolutionMargin.hasClearWinner([Self.town(.exact, score: 150), Self.town(.exact, score: 145)]))
        // Your place that only begins with the query does not hide a close second town.
        #expect(!ResolutionMargin.hasClearWinner([Self.town(.exact, score: 150), Self.own(.prefix), Self.town(.fuzzy, score: 145)]))
        #expect(ResolutionMargin.hasClearWinner([Self.town(.exact, score: 150), Self.own(.prefix), Self.town(.fuzzy, score: 120)]))
        #expect(ResolutionMargin.hasClearWinner([Self.own(.exact), Self.town(.exact, score: 200)]))
    }

    static func place(_ name: String, _ match: PlaceCandidate.Match, score: Double, kind: GazetteerEntry.Kind = .city,
                      population: Int = 0, country: String = "US", admin1Code: String = "", key: String? = nil) -> PlaceCandidate {
        let entry = GazetteerEntry(name: name, admin1Code: admin1Code, countryCode: country, latitude: 1, longitude: 2,
                                   population: population, kind: kind)
        let quality: GazetteerMatch.Quality = match == .alias ? .alias : .exact
        return PlaceCandidate(source: .gazetteer(GazetteerMatch(entry: entry, quality: quality, matchedKey: key ?? name.lowercased())),
                              match: match, name: name, context: name, latitude: 1, longitude: 2, score: score)
    }

    @Test func anAliasOrAFeatureWithoutPeopleNeedsMoreThanATenfoldOverATownOfTheName() {
        // Victoria: Hong Kong by an alias, 9 ahead of the town called Victoria.
        let town = Self.place("Victoria", .exact, score: 147.8, population: 956_800, country: "HK", admin1Code: "A")
        #expect(!ResolutionMargin.hasClearWinner([Self.place("Hong Kong", .alias, score: 157.0, population: 7_396_076, country: "HK", key: "victoria"), town]))
        // The Columbia river, 9 ahead of Columbia, South Carolina; Central Park, 31 ahead of a hamlet.
        let columbia = Self.place("Columbia", .exact, score: 141.2, population: 142_416)
        #expect(!ResolutionMargin.hasClearWinner([Self.place("Columbia", .exact, score: 150, kind: .river), columbia]))
        #expect(ResolutionMargin.hasClearWinner([Self.place("Central Park", .exact, score: 158, kind: .park),
                                                 Self.place("Central Park", .exact, score: 127.4, population: 2_685)]))
        // A town further down the list counts too.
        #expect(!ResolutionMargin.hasClearWinner([Self.place("Troy", .exact, score: 150, kind: .ruins),
                                                  Self.place("Troy Falls", .alias, score: 139, kind: .waterfall),
                                                  Self.place("Troy", .exact, score: 139.4, population: 83_280)]))
    }

    @Test func anExactNameIsWorthNothingOverAnotherPlaceOfThatAliasElsewhere() {
        // NoMa (20,700) against Nome (3,806), which is also called Noma: 5 times bigger is not a tenfold.
        #expect(!ResolutionMargin.hasClearWinner([Self.place("NoMa", .exact, score: 134.5, population: 20_700, admin1Code: "DC"),
                                                  Self.place("Nome", .alias, score: 124.6, population: 3_806, admin1Code: "AK", key: "noma")]))
        // The region a city is in is not a rival (Hamburg, the state).
        #expect(ResolutionMargin.hasClearWinner([Self.place("Hamburg", .exact, score: 150.4, population: 1_973_896, country: "DE", admin1Code: "04"),
                                                 Self.place("Hamburg", .alias, score: 141.9, kind: .region, population: 5_495_385, country: "DE", admin1Code: "04")]))
    }

    @Test func aPlaceAbroadWithAsManyPeopleIsNotOutrankedByItsKind() {
        #expect(!ResolutionMargin.hasClearWinner([Self.place("Georgia", .exact, score: 152.5, kind: .country, population: 3_704_500, country: "GE"),
                                                  Self.place("Georgia", .exact, score: 141.5, kind: .region, population: 4_835_606, admin1Code: "GA")]))
    }

    @Test func theLeadIsOneTenfoldOfPopulation() {
        // On the gazetteer's scale, ten times the people is the margin: a town of 200,000 clearly leads
        // one of 20,000 named alike, and not one of 21,000.
        let lead = GazetteerScore.importance(kind: .city, population: 200_000) - GazetteerScore.importance(kind: .city, population: 20_000)
        #expect(abs(lead - ResolutionMargin.minimumLead) < 1e-9)
        let close = GazetteerScore.importance(kind: .city, population: 200_000) - GazetteerScore.importance(kind: .city, population: 21_000)
        #expect(close < ResolutionMargin.minimumLead)
    }
}
