import Foundation
import Testing
@testable import PlacesGeo
@testable import PlacesKit

@Suite struct SightingGrouperTests {
    /// 2024-05-01 10:00 UTC, noon in Paris.
    static let noon = Date(timeIntervalSince1970: 1_714_557_600)

    static func sighting(_ latitude: Double, _ longitude: Double, hours: Double = 0, id: String? = nil,
                         offset: Int? = 7200, name: String? = nil) -> Sighting {
        let start = noon.addingTimeInterval(hours * 3600)
        return Sighting(latitude: latitude, longitude: longitude, start: start, name: name, sourcePlaceID: id,
                        sourceItem: "IMG_\(Int(hours * 100)).jpg", identity: "t:\(latitude),\(longitude),\(hours)", utcOffset: offset)
    }

    @Test func nearbySightingsOnOneDayAreOnePlaceWithOneVisit() {
        // About 60 m and 110 m from the first.
        let places = SightingGrouper().group([Self.sighting(48.8584, 2.2945), Self.sighting(48.8589, 2.2945, hours: 1),
                                              Self.sighting(48.8584, 2.2960, hours: 2)])
        #expect(places.count == 1)
        #expect(places[0].visits.count == 1)
        #expect(places[0].visits[0].sightings.count == 3)
        #expect(places[0].visits[0].dayText == "2024-05-01")
        #expect(places[0].visits[0].end == Self.noon.addingTimeInterval(7200))
    }

    @Test func theSameSpotOnAnotherDayIsAnotherVisitOfThePlace() {
        let places = SightingGrouper().group([Self.sighting(48.8584, 2.2945), Self.sighting(48.8585, 2.2946, hours: 24 * 30)])
        #expect(places.count == 1)
        #expect(places[0].visits.map(\.dayText) == ["2024-05-01", "2024-05-31"])
    }

    @Test func sightingsFartherApartThanTheRadiusArePlacesOfTheirOwn() {
        let pair = [Self.sighting(48.8584, 2.2945), Self.sighting(48.8674, 2.2945, hours: 1)]  // 1 km north
        #expect(SightingGrouper().group(pair).count == 2)
        #expect(SightingGrouper(radiusKm: 2).group(pair).count == 1)
    }

    @Test func theLocalDayDecidesTheVisitNotTheUTCDay() {
        // 23:30 and 00:30 in Paris are two days; 01:30 and 02:30 UTC+2 straddle no UTC midnight but
        // 23:30 UTC and 00:30 UTC the next day are both 1–2 am local on one day.
        let lateAndEarly = [Self.sighting(48.8584, 2.2945, hours: 11.5), Self.sighting(48.8584, 2.2945, hours: 12.5)]
        #expect(SightingGrouper().group(lateAndEarly)[0].visits.map(\.dayText) == ["2024-05-01", "2024-05-02"])
        let acrossUTCMidnight = [Self.sighting(48.8584, 2.2945, hours: 13.5), Self.sighting(48.8584, 2.2945, hours: 14.5)]
        #expect(SightingGrouper().group(acrossUTCMidnight)[0].visits.map(\.dayText) == ["2024-05-02"])
        // Without a recorded offset the longitude's estimate is used: Tokyo is UTC+9.
        let tokyo = Self.sighting(35.6586, 139.7454, hours: 7, offset: nil)  // 17:00 UTC
        #expect(SightingGrouper().group([tokyo])[0].visits[0].dayText == "2024-05-02")
    }

    @Test func aSourcePlaceIDMakesOnePlaceAndKeepsNeighboursApart() {
        let cafe = [Self.sighting(48.8584, 2.2945, id: "A"), Self.sighting(48.8620, 2.2945, hours: 1, id: "A")]  // 400 m apart
        #expect(SightingGrouper().group(cafe).count == 1)
        let nextDoor = [Self.sighting(48.8584, 2.2945, id: "A"), Self.sighting(48.8585, 2.2945, hours: 1, id: "B")]
        let places = SightingGrouper().group(nextDoor)
        #expect(places.count == 2)
        #expect(Set(places.compactMap(\.sourcePlaceID)) == ["A", "B"])
    }

    @Test func sightingsJoinAnExistingPlacePreferringOnesWithTheSourceTag() {
        let tagged = Location(name: "Tour Eiffel", latitude: 48.8583, longitude: 2.2944, tags: ["photos"])
        let other = Location(name: "Champ de Mars", latitude: 48.8584, longitude: 2.2945, tags: ["walks"])
        let places = SightingGrouper().group([Self.sighting(48.8584, 2.2945)], existing: [other, tagged], sourceTag: "photos")
        #expect(places.count == 1)
        #expect(places[0].existingPlaceID == tagged.id)
        #expect(places[0].latitude == tagged.latitude)
        // A place you saved yourself is joined too: a photo beside it is a visit, not a second place.
        let untagged = SightingGrouper().group([Self.sighting(48.8584, 2.2945)], existing: [other], sourceTag: "photos")
        #expect(untagged[0].existingPlaceID == other.id)
        #expect(SightingGrouper().group([Self.sighting(48.8584, 2.2945)], existing: [other], sourceTag: nil)[0].existingPlaceID == nil)
    }

    /// What makes a weekly re-import add nothing: grouping the same sightings again, with the places
    /// the first grouping made in the journal, puts every sighting in the same place.
    @Test func groupingAgainWithThePlacesMadeBeforeGivesTheSamePlaces() throws {
        var generator = SplitMix(seed: 3)
        // A street of sightings 150 m apart, each within the radius of its neighbours, at mixed times.
        let sightings: [Sighting] = (0..<80).map { (index: Int) -> Sighting in
            let latitude: Double = 48.85 + Double(index % 20) * 0.00135
            let longitude: Double = 2.29 + Double(index % 3) * 0.0005
            return Self.sighting(latitude, longitude, hours: Double((index * 37) % 80) * 5)
        }
        let first = SightingGrouper().group(sightings)
        #expect(first.count > 3)
        let journal = first.map { Location(name: "x", latitude: $0.latitude, longitude: $0.longitude, tags: ["photos"]) }
        let again = SightingGrouper().group(sightings.shuffled(using: &generator), existing: journal, sourceTag: "photos")
        #expect(again.count == first.count)
        for place in again {
            let index = try #require(journal.firstIndex { $0.id == place.existingPlaceID })
            let identities: Set<String> = Set(place.sightings.map { $0.identity })
            #expect(identities == Set(first[index].sightings.map { $0.identity }))
        }
    }

    @Test func placesEitherSideOfTheAntimeridianMeet() {
        let places = SightingGrouper().group([Self.sighting(-16.5, 179.9999, offset: 43_200), Self.sighting(-16.5, -179.9999, hours: 1, offset: 43_200)])
        #expect(places.count == 1)
        #expect(places[0].longitude == 179.9999)
    }

    @Test func positionsThatAreNotOnTheGlobeAreLeftOut() {
        let bad = [Self.sighting(.nan, 2), Self.sighting(0, 0), Self.sighting(91, 2), Self.sighting(48, 181)]
        #expect(SightingGrouper().group(bad).isEmpty)
    }

    @Test func theOrderOfTheSightingsDoesNotMatter() {
        var generator = SplitMix(seed: 7)
        let sightings: [Sighting] = (0..<300).map { (index: Int) -> Sighting in
            let latitude: Double = 48.85 + Double(index % 17) * 0.0013
            let longitude: Double = 2.29 + Double(index % 11) * 0.0021
            return Self.sighting(latitude, longitude, hours: Double(index % 40) * 7)
        }
        func summary(_ places: [SightingPlace]) -> [String] {
            places.map { "\($0.latitude),\($0.longitude):" + $0.visits.map { "\($0.day)x\($0.sightings.count)" }.joined(separator: ",") }.sorted()
        }
        let expected = summary(SightingGrouper().group(sightings))
        #expect(summary(SightingGrouper().group(sightings.shuffled(using: &generator))) == expected)
        #expect(SightingGrouper().group(sightings).reduce(0) { $0 + $1.sightings.count } == 300)
    }

    @Test func placesAreNamedAfterTheSightTheyAreAtElseTheTown() {
        let namer = SightingNamer(gazetteer: .bundled)
        #expect(namer.name(latitude: 48.8584, longitude: 2.2945) == "Eiffel Tower")
        #expect(namer.name(latitude: -33.8568, longitude: 151.2153) == "Sydney Opera House")
        // A street in Reims, far from any listed sight.
        #expect(namer.name(latitude: 49.2450, longitude: 4.0400).hasPrefix("Near "))
        let named = SightingPlace(latitude: 48.8584, longitude: 2.2945, name: "Café de l'Homme", visits: [])
        #expect(namer.name(for: named) == "Café de l'Homme")
    }

    @Test func aVisitIsDatedItsLocalDay() {
        let places = SightingGrouper().group([Self.sighting(48.8584, 2.2945, hours: 12.5)])  // 00:30 in Paris
        #expect(places[0].visits[0].date == .day(year: 2024, month: 5, day: 2))
    }
}
