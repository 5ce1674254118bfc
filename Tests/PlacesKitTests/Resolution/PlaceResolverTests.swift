import Foundation
import Testing
import PlacesKit

/// Resolution against the bundled gazetteer and a small journal, without the binary.
@Suite struct PlaceResolverTests {
    static let dishoom = Location(name: "Dishoom", latitude: 51.5124, longitude: -0.1268)
    static let springfield = Location(name: "Springfield", latitude: 10.5, longitude: 20.5)
    static let journal = [dishoom, springfield, Location(name: "Grandma's house", latitude: 53.8, longitude: -1.55)]

    let resolver = PlaceResolver(gazetteer: .bundled, journal: PlaceResolverTests.journal)
    let gazetteerOnly = PlaceResolver(gazetteer: .bundled)

    @Test func aClearWinnerIsPinned() throws {
        let paris = try gazetteerOnly.pin("Paris").place
        #expect(paris.context == "Paris, Île-de-France, FR")
        #expect(paris.match == .exact)
        #expect(try gazetteerOnly.pin("Kraków").place.name == "Kraków")
    }

    @Test func aTieIsListedWithHints() throws {
        #expect(throws: PlaceResolutionError.self) { try gazetteerOnly.pin("Springfield") }
        do {
            _ = try gazetteerOnly.pin("Springfield").place
        } catch {
            guard case .ambiguous(let resolution, let hints) = error else {
                Issue.record("expected .ambiguous, got \(error)")
                return
            }
            #expect(resolution.query == "Springfield")
            #expect(resolution.candidates.count == PlaceResolver.candidateLimit)
            #expect(resolution.candidates.allSatisfy { $0.name == "Springfield" && $0.match == .exact })
            #expect(!resolution.hasClearWinner)
            // The qualified form is offered only because it resolves to the first candidate alone.
            #expect(hints == [.qualify("Springfield, Missouri"), .pick(count: resolution.candidates.count), .coordinates])
            let qualified = try gazetteerOnly.pin("Springfield, Missouri").place
            #expect(qualified.latitude == resolution.candidates[0].latitude)
        }
    }

    @Test func aPickChoosesFromTheSameList() throws {
        let list = gazetteerOnly.candidates(for: "Springfield").candidates
        let second = try gazetteerOnly.pin("Springfield", pick: 2).place
        #expect(second == list[1])
        #expect(second.context == "Springfield, Massachusetts, US")
        #expect(throws: PlaceResolutionError.pickOutOfRange(pick: 7, resolution: gazetteerOnly.candidates(for: "Springfield"))) {
            try gazetteerOnly.pin("Springfield", pick: 7).place
        }
    }

    @Test func aTypoIsOfferedNotPinned() throws {
        do {
            _ = try gazetteerOnly.pin("Lodnon").place
            Issue.record("a typo was pinned")
        } catch {
            guard case .noOutrightMatch(let resolution, let hints) = error else {
                Issue.record("expected .noOutrightMatch, got \(error)")
                return
            }
            #expect(resolution.candidates.first?.context == "London, England, GB")
            #expect(resolution.candidates.first?.match == .fuzzy)
            #expect(hints.contains(.qualify("London, England")))
        }
        // Looking is allowed to take the guess.
        #expect(try gazetteerOnly.best("Lodnon").place.context == "London, England, GB")
    }

    @Test func nothingAndEmptyAreErrors() {
        #expect(throws: PlaceResolutionError.noMatch(query: "Qxzqxzqxz")) { try resolver.pin("Qxzqxzqxz") }
        #expect(throws: PlaceResolutionError.noMatch(query: "Qxzqxzqxz")) { try resolver.best("Qxzqxzqxz") }
        #expect(throws: PlaceResolutionError.emptyQuery) { try resolver.pin("  ") }
        #expect(throws: PlaceResolutionError.emptyQuery) { try resolver.best("") }
    }

    @Test func coordinatesAreTheirOwnClearWinner() throws {
        let point = try resolver.pin("48.8566,2.3522").place
        #expect(point.match == .coordinates)
        #expect(point.latitude == 48.8566 && point.longitude == 2.3522)
        #expect(!point.isOwnPlace)
    }

    @Test func yourExactNameRanksFirstAheadOfTheGazetteer() throws {
        let resolution = resolver.candidates(for: "springfield")
        #expect(resolution.candidates.first?.journalID == Self.springfield.id)
        #expect(resolution.candidates.dropFirst().allSatisfy { !$0.isOwnPlace })
        #expect(resolution.candidates.count == PlaceResolver.candidateLimit)
        #expect(resolution.hasClearWinner)
        #expect(try resolver.pin("Springfield").place.journalID == Self.springfield.id)
        // The gazetteer towns stay in the list, so they can be picked.
        #expect(try resolver.pin("Springfield", pick: 2).place.context == "Springfield, Missouri, US")
    }

    @Test func aCountryLimitSearchesTheGazetteerOnly() throws {
        var inUS = resolver
        inUS.country = "US"
        #expect(try inUS.best("Springfield").place.context == "Springfield, Missouri, US")
    }

    @Test func twoOwnPlacesOfOneNameAreAskedAbout() throws {
        let branches = [Location(name: "Dishoom", latitude: 51.5124, longitude: -0.1268),
                        Location(name: "dishoom", latitude: 55.9533, longitude: -3.1883)]
        let twice = PlaceResolver(gazetteer: .bundled, journal: branches)
        #expect(throws: PlaceResolutionError.self) { try twice.pin("Dishoom") }
        #expect(try twice.pin("Dishoom", pick: 2).place.latitude == 55.9533)
        #expect(try twice.best("Dishoom").place.latitude == 51.5124)
        // The same spot saved twice is one place.
        let same = PlaceResolver(gazetteer: .bundled, journal: [branches[0], Location(name: "DISHOOM", latitude: 51.51241, longitude: -0.12681)])
        #expect(same.candidates(for: "Dishoom").candidates.count == 1)
        #expect(try same.pin("Dishoom").place.latitude == 51.5124)
    }

    @Test func alternativesAreTheRunnersUpOfTheSameKind() {
        let paris = gazetteerOnly.candidates(for: "Paris")
        #expect(!paris.alternatives.isEmpty)
        #expect(paris.alternatives.allSatisfy { $0.match.isOutright })
        #expect(resolver.candidates(for: "Dishoom").alternatives.isEmpty)
    }
}
