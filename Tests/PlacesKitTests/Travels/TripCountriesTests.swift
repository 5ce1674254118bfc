import Testing

@testable import PlacesKit
@testable import PlacesTravels

@Suite struct TripCountriesTests {
    static func trip(_ codes: [String?]) -> Trip {
        let stops = codes.enumerated().map { index, code in
            Trip.Stop(entry: TravelLog.Entry(place: index, visit: 0, date: .day(year: 2024, month: 5, day: 1), days: 0...0, note: -1),
                      country: code)
        }
        return Trip(number: 1, stops: stops, home: TravelHome.Period(from: .min, coordinate: Coordinate(latitude: 0, longitude: 0), name: nil),
                    name: nil)
    }

    /// The countries in the order first reached, as comparing the strings gives them.
    static func expected(_ codes: [String?]) -> [String] {
        var seen: [String] = []
        for code in codes.compactMap({ $0 }) where !seen.contains(code) { seen.append(code) }
        return seen
    }

    @Test(arguments: [
        ["FR", "FR", nil, "IT", "FR", "CH", "IT", "DE"],
        ["JP"],
        // One country throughout, and one country then another only at the end.
        [nil, "FR", nil, "FR", "FR"],
        ["FR", "FR", "FR", "\u{212A}"],
        ["FR", "FR", "FR", "IT"],
        [nil, nil],
        // Codes of other lengths, a NUL byte that must not make "A" and "\0A" one code.
        ["A", "\u{0}A", "A", "ABCDEFG", "ABCDEFGH", "ABCDEFGH", ""],
        // A Kelvin sign is a K as a string: after it, "K" is not a new country, nor the reverse.
        ["\u{212A}", "K", "FR"],
        ["K", "FR", "\u{212A}", "K"],
    ] as [[String?]])
    func countriesInTheOrderFirstReached(codes: [String?]) {
        #expect(Self.trip(codes).countries == Self.expected(codes))
    }

    /// Random trips over codes that are ASCII, not ASCII, equal as strings but not as bytes, or none.
    @Test(arguments: 1...8 as ClosedRange<UInt64>)
    func randomTripsListTheirCountriesAsStringsDo(seed: UInt64) {
        var random = SplitMix(seed: seed)
        let codes: [String?] = [nil, "FR", "IT", "K", "\u{212A}", "JP", "É", "E\u{301}", ""]
        for _ in 0..<200 {
            let trip = (0..<Int.random(in: 1...12, using: &random)).map { _ in codes[Int.random(in: 0..<codes.count, using: &random)] }
            #expect(Self.trip(trip).countries == Self.expected(trip), "\(trip)")
        }
    }
}
