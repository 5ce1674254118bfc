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

    @Test(arguments: [(45.0, 44.5, false), (45.0, 44.0, true), (45.0, 43.9, true), (45.0, 45.0, false), (45.0, 25.0, true)])
    func gazetteerCandidatesNeedTheLead(_ row: (Double, Double, Bool)) {
        let (best, runnerUp, clear) = row
        #expect(ResolutionMargin.isClearWinner(Self.town(.exact, score: best), over: Self.town(.exact, score: runnerUp)) == clear)
        #expect(ResolutionMargin.isClearWinner(Self.town(.exact, score: best), over: Self.town(.prefix, score: runnerUp)) == clear)
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

    @Test func hasClearWinnerLooksAtTheFirstTwo() {
        #expect(!ResolutionMargin.hasClearWinner([]))
        #expect(ResolutionMargin.hasClearWinner([Self.town(.exact, score: 47), Self.town(.exact, score: 45), Self.town(.exact, score: 46.9)]))
        #expect(!ResolutionMargin.hasClearWinner([Self.town(.exact, score: 47), Self.town(.exact, score: 46.5)]))
    }

    @Test func scoresPutTheKindOfMatchBeforeImportance() {
        func match(_ quality: GazetteerMatch.Quality, population: Int, capital: Bool = false, kind: GazetteerEntry.Kind = .city,
                   key: String = "x") -> GazetteerMatch {
            GazetteerMatch(entry: GazetteerEntry(name: "X", countryCode: "US", latitude: 0, longitude: 0, population: population,
                                                 kind: kind, isCapital: capital), quality: quality, matchedKey: key)
        }
        // An exact hamlet outscores the prefix of a metropolis; a prefix outscores a typo.
        #expect(PlaceResolver.score(of: match(.exact, population: 50)) > PlaceResolver.score(of: match(.prefix, population: 20_000_000)))
        #expect(PlaceResolver.score(of: match(.prefix, population: 50)) > PlaceResolver.score(of: match(.fuzzy, population: 20_000_000)))
        // Ten times the population is one point; a capital counts three times; a main name five times an alias.
        let small = PlaceResolver.score(of: match(.exact, population: 10_000))
        #expect(abs(PlaceResolver.score(of: match(.exact, population: 100_000)) - small - 1) < 1e-9)
        #expect(abs(PlaceResolver.score(of: match(.exact, population: 10_000, capital: true)) - small - log10(3)) < 1e-9)
        #expect(abs(PlaceResolver.score(of: match(.exact, population: 10_000, key: "y")) - small + log10(5)) < 1e-9)
    }
}
