#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

extension Gazetteer {
    /// The sight (monument, museum, park, beach…) nearest to a point within a radius, or `nil`.
    /// Settlements, regions and airports are not sights; nor are Natural Earth's large features
    /// (seas, ranges, deserts), whose single point says little about where someone stood.
    /// - Complexity: the points of the one-degree grid cell holding the point and of those of its eight
    ///   neighbours that come within the radius (most points are further than a kilometre from every
    ///   edge of their cell, so `review` and `timeline` read one cell a place, not nine).
    public func nearestSight(latitude: Double, longitude: Double, withinKm radiusKm: Double) -> NearbyPlace? {
        guard latitude.isFinite, longitude.isFinite, radiusKm > 0, radiusKm < 50 else { return nil }
        let center = Gazetteer.cell(latitude: latitude, longitude: longitude)
        // Lower bounds on the distance to the cells beyond each edge: the latitude difference, and the
        // distance to the edge's meridian (a great circle), as `nearest` bounds them.
        let south = Double(center.row - 90), west = Double(center.column - 180)
        func toMeridian(_ degrees: Double) -> Double {
            guard degrees > 0 else { return 0 }
            let sine: Double = cos(latitude * .pi / 180) * sin(min(degrees, 90) * .pi / 180)
            return asin(min(1, sine)) * Geodesy.earthRadiusKm * 0.999_999
        }
        let reachesSouth = (latitude - south) * Geodesy.kmPerDegreeBelow <= radiusKm
        let reachesNorth = (south + 1 - latitude) * Geodesy.kmPerDegreeBelow <= radiusKm
        let reachesWest = toMeridian(longitude - west) <= radiusKm, reachesEast = toMeridian(west + 1 - longitude) <= radiusKm
        var best: (offset: Int, distance: Double)?
        for row in (center.row - 1)...(center.row + 1) where row >= 0 && row < 180 {
            if row < center.row && !reachesSouth || row > center.row && !reachesNorth { continue }
            for column in (center.column - 1)...(center.column + 1) {
                if column < center.column && !reachesWest || column > center.column && !reachesEast { continue }
                forEachPlace(row: row, column: column, keepsLatitude: { abs($0 - latitude) * Geodesy.kmPerDegreeBelow <= radiusKm }) { offset, lat, lon in
                    let d = Geodesy.distanceKm(fromLatitude: latitude, longitude: longitude, toLatitude: lat, longitude: lon)
                    guard d <= radiusKm, best == nil || d < best!.distance else { return }
                    guard let kind = GazetteerEntry.Kind(rawValue: kindText(at: offset)),
                          kind.isSight else { return }
                    best = (offset, d)
                }
            }
        }
        return best.map { NearbyPlace(entry: placeEntry(at: $0.offset), distanceKm: $0.distance) }
    }

    /// The kind column of the `places` line at `offset`.
    private func kindText(at offset: Int) -> String {
        let start = places.field(.kind, ofLineAt: offset)
        let end = places.fieldEnd(from: start)
        return String(decoding: UnsafeBufferPointer(start: places.base + start, count: max(0, end - start)), as: UTF8.self)
    }
}

/// Names places made from sightings: the source's own name, else the café, station or shop an added
/// region has there, else the sight they are at, else the region's address there, else "Near <town>".
public struct SightingNamer: Sendable {
    /// How close a sight must be to name a place after it: 250 m, about a large square's size.
    public static let sightRadiusKm = 0.25
    /// How close a region's point of interest must be: 40 m, a phone's GPS error in a street of shops.
    public static let regionPlaceRadiusKm = 0.04
    /// How close a region's address must be: 25 m, the front of a house.
    public static let regionAddressRadiusKm = 0.025

    /// The gazetteer names come from.
    public let gazetteer: Gazetteer

    /// Creates a namer reading `gazetteer`.
    public init(gazetteer: Gazetteer) { self.gazetteer = gazetteer }

    /// The name for a place: its sightings' own name, the sight within ``sightRadiusKm``, "Near <town>"
    /// for the nearest populated place, else the coordinates (far out at sea, on the ice).
    public func name(for place: SightingPlace) -> String {
        if let name = place.name?.trimmed, !name.isEmpty { return name }
        return name(latitude: place.latitude, longitude: place.longitude)
    }

    /// The gazetteer's name for a point (see ``name(for:)``).
    public func name(latitude: Double, longitude: Double) -> String {
        // As search does, the added regions first: they know the café, not only the square it is on.
        if let place = gazetteer.regionPlaces(withinKm: Self.regionPlaceRadiusKm, ofLatitude: latitude, longitude: longitude, limit: 1,
                                              keep: { ($0.kind == .poi || $0.kind == .square) && !$0.name.isEmpty }).first {
            return place.entry.name
        }
        if let sight = gazetteer.nearestSight(latitude: latitude, longitude: longitude, withinKm: Self.sightRadiusKm) {
            return sight.entry.name
        }
        // A friend's flat: the address, as the region writes it ("6 Rue Grimaldi").
        if let address = gazetteer.regionPlaces(withinKm: Self.regionAddressRadiusKm, ofLatitude: latitude, longitude: longitude, limit: 1,
                                                keep: { $0.kind == .address }).first {
            return address.entry.name
        }
        if let town = gazetteer.nearest(latitude: latitude, longitude: longitude).first, town.distanceKm < 100 {
            return "Near \(town.entry.name)"
        }
        return "Near \(CoordinateFormat.pair(latitude: latitude, longitude: longitude, decimals: 3))"
    }
}
