import Foundation
@testable import PlacesKit
import Testing
@testable import PlacesInterchange

@Suite struct LocationHistoryReaderTests {
    typealias F = HistoryFixtures

    @Test func semanticVisitsAreReadAndActivitySegmentsIgnored() throws {
        let text = F.semantic([
            F.placeVisit(latE7: 488583701, lonE7: 22944813, placeId: "ChIJEiffel", name: "Eiffel Tower",
                         start: "2019-01-05T10:00:00.123Z", end: "2019-01-05T11:30:00Z"),
            F.activitySegment,
            F.placeVisit(latE7: 488583000, lonE7: 22945000, placeId: "ChIJEiffel", name: "Eiffel Tower",
                         start: "2019-01-09T09:00:00Z", end: "2019-01-09T10:00:00Z"),
            F.placeVisit(latE7: 515007000, lonE7: -1246000, placeId: nil, name: nil, address: "Westminster, London SW1A 0AA\\nUK",
                         start: "2019-01-20T09:00:00Z", end: "2019-01-20T10:00:00Z"),
        ])
        let (sightings, summary) = try F.read(text, name: "2019_JANUARY.json")
        #expect(summary.shape == .semantic)
        #expect(summary.entries == 4)
        #expect(summary.visits == 3)
        #expect(summary.ignored == [.activitySegment: 1])
        #expect(summary.skipped.isEmpty)
        #expect(sightings.count == 3)
        let eiffel = sightings[0]
        #expect(eiffel.latitude == 48.8583701 && eiffel.longitude == 2.2944813)
        #expect(eiffel.name == "Eiffel Tower" && eiffel.sourcePlaceID == "ChIJEiffel")
        #expect(eiffel.start == F.date("2019-01-05T10:00:00.123Z"))
        #expect(eiffel.end == F.date("2019-01-05T11:30:00Z"))
        #expect(eiffel.sourceItem == "2019_JANUARY.json: timelineObjects entry 1")
        // Repeated visits to one place id stay two sightings sharing the id; their identities differ.
        #expect(sightings[1].sourcePlaceID == "ChIJEiffel" && sightings[1].identity != eiffel.identity)
        // Without a name, the address's first line names the place.
        #expect(sightings[2].name == "Westminster, London SW1A 0AA" && sightings[2].sourcePlaceID == nil)
        #expect(sightings[2].longitude == -0.1246)
    }

    @Test func olderMillisecondTimestampsAreRead() throws {
        let text = F.semantic(["""
            {"placeVisit": {"location": {"latitudeE7": 100000000, "longitudeE7": 200000000, "placeId": "p", "name": "Old"},
              "duration": {"startTimestampMs": "1546682400000", "endTimestampMs": "1546686000000"}}}
            """])
        let (sightings, _) = try F.read(text)
        #expect(sightings.first?.start == Date(timeIntervalSince1970: 1_546_682_400))
        #expect(sightings.first?.end == Date(timeIntervalSince1970: 1_546_686_000))
    }

    @Test func timelineVisitsReadLatLngAndIgnorePathsAndActivities() throws {
        let text = F.timeline([
            F.segment(latLng: "48.8584°, 2.2945°", placeId: "ChIJEiffel", start: "2024-03-01T10:00:00.000+01:00",
                      end: "2024-03-01T10:50:00.000+01:00", offsetMinutes: 60),
            F.activityEntry,
            F.pathSegment,
            F.segment(latLng: "-33.8568°, 151.2153°", placeId: nil, start: "2024-03-05T08:00:00.000+11:00",
                      end: "2024-03-05T09:00:00.000+11:00"),
        ])
        let (sightings, summary) = try F.read(text, name: "Timeline.json")
        #expect(summary.shape == .timeline)
        #expect(summary.visits == 2)
        #expect(summary.ignored == [.activitySegment: 1, .path: 1])
        #expect(sightings.map(\.latitude) == [48.8584, -33.8568])
        #expect(sightings.map(\.longitude) == [2.2945, 151.2153])
        #expect(sightings.allSatisfy { $0.name == nil })
        #expect(sightings[0].start == F.date("2024-03-01T09:00:00Z"))
        #expect(sightings[0].sourcePlaceID == "ChIJEiffel")
        #expect(sightings[1].start == F.date("2024-03-04T21:00:00Z"))
        // The local day is the segment's: its offset field (60 minutes), else its timestamp's (+11:00).
        #expect(sightings.map(\.utcOffset) == [3600, 39600])
        #expect(sightings[1].localDay == 19_787)  // 2024-03-05, not the 4th as in UTC
    }

    @Test func thePhonesArrayExportIsReadToo() throws {
        let text = """
        [{"startTime": "2024-03-01T10:00:00.000+01:00", "endTime": "2024-03-01T11:00:00.000+01:00",
          "visit": {"hierarchyLevel": "0", "topCandidate": {"placeID": "ChIJx", "placeLocation": "geo:48.858400,2.294500"}}},
         {"startTime": "2024-03-01T11:00:00.000+01:00", "endTime": "2024-03-01T11:30:00.000+01:00",
          "activity": {"start": "geo:48.8584,2.2945", "end": "geo:48.86,2.30"}}]
        """
        let (sightings, summary) = try F.read(text)
        #expect(summary.shape == .timeline)
        #expect(sightings.count == 1)
        #expect(sightings.first?.latitude == 48.8584 && sightings.first?.sourcePlaceID == "ChIJx")
        #expect(summary.ignored == [.activitySegment: 1])
    }

    @Test func recordsStaysOfFifteenMinutesBecomeSightings() throws {
        let start = F.date("2020-06-01T08:00:00Z")
        var points = F.dwell(latE7: 515007000, lonE7: -1246000, from: start, minutes: 30)
        // Walking away: points 300 m apart.
        for step in 1...5 {
            points.append(F.point(latE7: 515007000 + step * 27000, lonE7: -1246000, time: start.addingTimeInterval(Double(1800 + step * 120))))
        }
        // Ten minutes at a café: too short to be a visit.
        let cafe = start.addingTimeInterval(2520)
        points += F.dwell(latE7: 516500000, lonE7: -1246000, from: cafe, minutes: 10)
        // A jump away, then twenty minutes at a museum.
        let museum = cafe.addingTimeInterval(900)
        points += F.dwell(latE7: 515194000, lonE7: -1270000, from: museum, minutes: 20)
        let (sightings, summary) = try F.read(F.records(points), name: "Records.json")
        #expect(summary.shape == .records)
        #expect(summary.entries == points.count)
        #expect(summary.stays == 2)
        #expect(sightings.count == 2)
        #expect(sightings[0].start == start && sightings[0].end == start.addingTimeInterval(1800))
        #expect(abs(sightings[0].latitude - 51.5007) < 0.0002 && abs(sightings[0].longitude - -0.1246) < 0.0002)
        #expect(sightings[1].start == museum && sightings[1].end == museum.addingTimeInterval(1200))
        #expect(sightings.allSatisfy { $0.name == nil && $0.sourcePlaceID == nil })
    }

    @Test func inaccuratePointsDoNotBreakAStay() throws {
        let start = F.date("2020-06-01T08:00:00Z")
        var points = F.dwell(latE7: 100000000, lonE7: 100000000, from: start, minutes: 10)
        points.append(F.point(latE7: 101000000, lonE7: 100000000, time: start.addingTimeInterval(660), accuracy: 2500))
        points += F.dwell(latE7: 100000000, lonE7: 100000000, from: start.addingTimeInterval(720), minutes: 10)
        let (sightings, summary) = try F.read(F.records(points))
        #expect(sightings.count == 1)
        #expect(sightings.first?.end == start.addingTimeInterval(1320))
        #expect(summary.ignored == [.inaccuratePoint: 1])
    }

    @Test func e7EdgeValuesAreReadOrRefusedWithTheirReason() throws {
        let text = F.semantic([
            F.placeVisit(latE7: 900000000, lonE7: -1800000000, placeId: "pole", name: "Pole", start: "2019-01-01T00:00:00Z", end: "2019-01-01T01:00:00Z"),
            F.placeVisit(latE7: 900000001, lonE7: 0, placeId: "bad", name: "Beyond", start: "2019-01-02T00:00:00Z", end: "2019-01-02T01:00:00Z"),
            // A latitude of −10° as a 32-bit overflow wrote it.
            F.placeVisit(latE7: 4294967296 - 100000000, lonE7: 1800000000, placeId: "wrap", name: "Wrapped", start: "2019-01-03T00:00:00Z", end: "2019-01-03T01:00:00Z"),
            F.placeVisit(latE7: 0, lonE7: 0, placeId: "null", name: "Null Island", start: "not a time", end: "2019-01-04T01:00:00Z"),
        ])
        let (sightings, summary) = try F.read(text)
        #expect(sightings.map(\.latitude) == [90, -10])
        #expect(sightings.map(\.longitude) == [-180, 180])
        #expect(summary.skippedCount == 2)
        #expect(summary.skippedExamples.map(\.description) == [
            "history.json: timelineObjects entry 2: latitudeE7 900000001 is out of range: at most ±90 degrees (±900000000)",
            "history.json: timelineObjects entry 4: startTimestamp \"not a time\" is not an ISO 8601 time",
        ])
    }

    @Test func daysOutsideTheRangeAreCountedNotKept() throws {
        let text = F.semantic([
            F.placeVisit(latE7: 1, lonE7: 1, placeId: "a", name: "A", start: "2019-01-01T10:00:00Z", end: "2019-01-01T11:00:00Z"),
            F.placeVisit(latE7: 1, lonE7: 1, placeId: "a", name: "A", start: "2019-02-01T10:00:00Z", end: "2019-02-01T11:00:00Z"),
            F.placeVisit(latE7: 1, lonE7: 1, placeId: "a", name: "A", start: "2019-03-01T10:00:00Z", end: "2019-03-01T11:00:00Z"),
        ])
        // Days since 1970: 2019-01-15 is day 17,911; 2019-02-28 is day 17,955 (the last kept).
        let (sightings, summary) = try F.read(text, days: 17_911...17_955)
        #expect(sightings.map(\.start) == [F.date("2019-02-01T10:00:00Z")])
        #expect(summary.outsideDates == 2)
    }

    @Test func theSameVisitHasOneIdentityInTakeoutAndTimeline() throws {
        let takeout = try F.read(F.semantic([F.placeVisit(latE7: 488584000, lonE7: 22945000, placeId: "ChIJEiffel", name: "Eiffel Tower",
                                                          start: "2024-03-01T09:00:00Z", end: "2024-03-01T10:00:00Z")])).sightings
        let timeline = try F.read(F.timeline([F.segment(latLng: "48.8584°, 2.2945°", placeId: "ChIJEiffel",
                                                        start: "2024-03-01T10:00:00.000+01:00", end: "2024-03-01T11:00:00.000+01:00")])).sightings
        #expect(takeout.map(\.identity) == timeline.map(\.identity))
        // The journal keeps the identity as the visit's source: it must not carry the place id or the time.
        #expect(takeout.count == 1 && !takeout[0].identity.contains("ChIJ") && !takeout[0].identity.contains("1709283600"))
        #expect(takeout[0].identity.hasPrefix("location-history:") && takeout[0].identity.count == 33)
    }

    @Test func filesLargerThanTheBufferStreamAcrossChunks() throws {
        // About 3.4 MB: entries straddle the 1 MB chunk boundaries, read from a file on disk.
        let start = F.date("2021-01-01T00:00:00Z")
        var points: [String] = []
        for stop in 0..<100 {
            points += F.dwell(latE7: 400000000 + stop * 1_000_000, lonE7: 100000000, from: start.addingTimeInterval(Double(stop) * 7200), minutes: 60, step: 20)
        }
        let text = F.records(points)
        #expect(text.utf8.count > 3 * ByteStream.chunkSize / 2)
        let directory = try F.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("Records.json")
        try Data(text.utf8).write(to: file)
        var sightings: [Sighting] = []
        var progress: [Int] = []
        let summary = try LocationHistoryReader.read(path: file.path, name: "Records.json", progress: { progress.append($0) }) { sightings.append($0) }
        #expect(summary.entries == points.count)
        #expect(sightings.count == 100)
        #expect(summary.bytes == text.utf8.count)
        #expect(progress.last == text.utf8.count && progress.count >= 2)
    }
}
