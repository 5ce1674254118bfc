#if canImport(Glibc)
import Glibc
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// Sightings grouped into one place: where the person was, and the days they were there.
public struct SightingPlace: Sendable {
    /// Degrees north: the existing place's latitude, else its first sighting's.
    public var latitude: Double
    /// Degrees east: the existing place's longitude, else its first sighting's.
    public var longitude: Double
    /// The journal place these sightings join, when one was within the radius.
    public var existingPlaceID: UUID?
    /// The first name a sighting gave (a history's place name); `nil` when none did.
    public var name: String?
    /// The source's id of the place, when the sightings carried one.
    public var sourcePlaceID: String?
    /// One visit per local day, earliest first.
    public var visits: [SightingVisit]

    /// Every sighting of the place, earliest first.
    public var sightings: [Sighting] { visits.flatMap(\.sightings) }
}

/// The sightings of one place on one local day: one visit.
public struct SightingVisit: Sendable {
    /// The local day, as days since 1970-01-01 (see ``Sighting/localDay``).
    public var day: Int
    /// The day's sightings, earliest first.
    public var sightings: [Sighting]

    /// The local day as a visit's date.
    public var date: VisitDate {
        // Day numbers come from finite dates within a few thousand years of 1970.
        guard let civil = VisitDate.civil(daysSince1970: day) else { return .instant(start) }
        return .day(year: civil.year, month: civil.month, day: civil.day)
    }
    /// The day as `YYYY-MM-DD`.
    public var dayText: String { date.journalText }
    /// When the visit began: its first sighting's start.
    public var start: Date { sightings[0].start }
    /// When it ended: the latest end or start of its sightings, or `nil` for a single moment.
    public var end: Date? {
        let last = sightings.map { $0.end ?? $0.start }.max() ?? start
        return last > start ? last : nil
    }
    /// The identity of the visit's earliest sighting: what a re-import finds again.
    public var identity: String { sightings[0].identity }
}

/// Groups sightings into places and visits.
///
/// Sightings within ``radiusKm`` of a place's first sighting are that place; sightings sharing a
/// ``Sighting/sourcePlaceID`` are one place whatever the distance; sightings within the radius of a
/// place already in the journal join that place: a photo 11 m from the Eiffel Tower you saved is a
/// visit of it, not a second Eiffel Tower, and a weekly re-import adds visits to the places it made
/// before instead of making new ones. Places that carry the source's tag (the ones an earlier import
/// made) are looked at first, so a re-import groups as the import before it did. Within a place,
/// each local day is one visit.
///
/// Each place sits at its anchor, its first sighting (or the existing place), so it does not drift
/// as a chain of sightings a little under the radius apart would make it. A sighting within the
/// radius of several anchors joins the one made first, not the nearest: then importing the same
/// sightings again, with the places the first import made already in the journal (in the order it
/// made them), puts every sighting in the same place as before, and adds nothing.
public struct SightingGrouper: Sendable {
    /// The default radius: 200 m.
    public static let defaultRadiusKm = 0.2

    /// How far from a place's anchor a sighting may be and still be that place, in kilometres.
    public var radiusKm: Double

    /// Creates a grouper.
    /// - Parameter radiusKm: the grouping radius in kilometres; non-positive or non-finite values mean the default.
    public init(radiusKm: Double = SightingGrouper.defaultRadiusKm) {
        self.radiusKm = radiusKm.isFinite && radiusKm > 0 ? radiusKm : Self.defaultRadiusKm
    }

    /// Groups sightings into places.
    /// - Parameters:
    ///   - sightings: the sightings, in any order; invalid ones (see ``Sighting/isValid``) are left out.
    ///   - existing: the journal's places.
    ///   - sourceTag: existing places with this tag are joined first, then any other existing place;
    ///     `nil` joins none.
    /// - Returns: places that received at least one sighting, existing places first (those with the
    ///   source tag, then the rest, each in journal order),
    ///   then new places by their first sighting.
    /// - Complexity: O(n log n) for the sort, then about O(1) per sighting through a grid of cells
    ///   one radius wide.
    public func group(_ sightings: [Sighting], existing: [Location] = [], sourceTag: String? = nil) -> [SightingPlace] {
        let ordered = sightings.filter(\.isValid).sorted { ($0.start, $0.identity, $0.sourceItem) < ($1.start, $1.identity, $1.sourceItem) }
        var grid = AnchorGrid(radiusKm: radiusKm)
        var members: [[Sighting]] = []
        var seeds: [SightingPlace] = []
        var bySourceID: [String: Int] = [:]

        if let sourceTag {
            let earlier = existing.filter { $0.tags.contains(sourceTag) }, others = existing.filter { !$0.tags.contains(sourceTag) }
            for place in earlier + others where place.latitude.isFinite && place.longitude.isFinite {
                grid.insert(index: seeds.count, latitude: place.latitude, longitude: place.longitude)
                seeds.append(SightingPlace(latitude: place.latitude, longitude: place.longitude, existingPlaceID: place.id,
                                           name: nil, sourcePlaceID: nil, visits: []))
                members.append([])
            }
        }
        for sighting in ordered {
            let index: Int
            if let id = sighting.sourcePlaceID, let known = bySourceID[id] {
                index = known
            } else if let near = grid.nearest(latitude: sighting.latitude, longitude: sighting.longitude,
                                              accepting: { sighting.sourcePlaceID == nil || seeds[$0].sourcePlaceID == nil }) {
                index = near
            } else {
                index = seeds.count
                grid.insert(index: index, latitude: sighting.latitude, longitude: sighting.longitude)
                seeds.append(SightingPlace(latitude: sighting.latitude, longitude: sighting.longitude, existingPlaceID: nil,
                                           name: nil, sourcePlaceID: nil, visits: []))
                members.append([])
            }
            if let id = sighting.sourcePlaceID, seeds[index].sourcePlaceID == nil {
                seeds[index].sourcePlaceID = id
                bySourceID[id] = index
            }
            if seeds[index].name == nil { seeds[index].name = sighting.name }
            members[index].append(sighting)
        }

        var places: [SightingPlace] = []
        for (index, var place) in seeds.enumerated() where !members[index].isEmpty {
            let group = members[index]
            var byDay: [Int: [Sighting]] = [:]
            for sighting in group { byDay[sighting.localDay, default: []].append(sighting) }
            place.visits = byDay.keys.sorted().map { SightingVisit(day: $0, sightings: byDay[$0]!) }
            places.append(place)
        }
        return places
    }
}

/// Place anchors in cells one radius wide, so that finding the nearest anchor looks at a few cells.
package struct AnchorGrid {
    let radiusKm: Double
    let cellDegrees: Double
    let columns: Int
    private var cells: [Int: [(index: Int, latitude: Double, longitude: Double)]] = [:]

    package init(radiusKm: Double) {
        self.radiusKm = radiusKm
        // At least 1e-4° (11 m) so that a tiny radius does not make billions of columns.
        cellDegrees = min(180, max(1e-4, radiusKm / 111.0))
        columns = max(1, Int((360 / cellDegrees).rounded(.up)))
    }

    private func row(_ latitude: Double) -> Int { Int(((latitude + 90) / cellDegrees).rounded(.down)) }
    private func column(_ longitude: Double) -> Int { Int(((longitude + 180) / cellDegrees).rounded(.down)) % columns }
    private func key(_ row: Int, _ column: Int) -> Int { row &* columns &+ column }

    package mutating func insert(index: Int, latitude: Double, longitude: Double) {
        cells[key(row(latitude), column(longitude)), default: []].append((index, latitude, longitude))
    }

    /// The first anchor made (the lowest index) within the radius that `accepting` allows, or `nil`.
    package func nearest(latitude: Double, longitude: Double, accepting: (Int) -> Bool) -> Int? {
        let centreRow = row(latitude), centreColumn = column(longitude)
        // A degree of longitude shrinks with the cosine of the latitude: near the poles a radius spans
        // more columns. Past a quarter of the globe, every column is looked at.
        let edge = min(89.999, abs(latitude) + 2 * cellDegrees)
        let span = min(columns, Int((1 / cos(edge * .pi / 180)).rounded(.up)) + 1)
        var best: Int?
        for r in (centreRow - 1)...(centreRow + 1) {
            let columnRange = span * 2 + 1 >= columns ? 0...(columns - 1) : (centreColumn - span)...(centreColumn + span)
            for c in columnRange {
                guard let anchors = cells[key(r, ((c % columns) + columns) % columns)] else { continue }
                for anchor in anchors {
                    let distance = Geodesy.distanceKm(fromLatitude: latitude, longitude: longitude,
                                                      toLatitude: anchor.latitude, longitude: anchor.longitude)
                    guard distance <= radiusKm, best == nil || anchor.index < best!, accepting(anchor.index) else { continue }
                    best = anchor.index
                }
            }
        }
        return best
    }
}
