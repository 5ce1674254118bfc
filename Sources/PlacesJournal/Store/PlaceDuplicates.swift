import PlacesCore

/// A place added again: the same name (folded, as ``NameFolding`` folds names) within
/// ``PlaceDuplicates/radiusKm`` of one already in the journal.
public struct DuplicatePlaceError: Error, Sendable, CustomStringConvertible {
    /// The place already in the journal.
    public let existing: Location
    /// How far the new place is from it, in metres.
    public let metres: Double

    public var description: String {
        "\"\(TerminalText.visible(existing.name))\" is already in the journal \(Int(metres.rounded())) m from there (\(existing.shortID))"
    }
}

/// Finds the place a new one would repeat.
public enum PlaceDuplicates {
    /// How near two places of the same name must be to be taken for one: closer than most
    /// addresses are apart, farther than two people's taps on a map of the same spot.
    public static let radiusKm = 0.1

    /// The nearest place in `places` with `place`'s folded name within ``radiusKm`` of it, if any.
    /// - Complexity: O(n); names are folded only for places within the radius.
    public static func existing(_ place: Location, in places: [Location]) -> DuplicatePlaceError? {
        var key: String?
        var best: DuplicatePlaceError?
        for index in places.indices {
            // A place a degree of latitude away is 111 km away whatever its longitude: most of a
            // journal is passed over without the trigonometry, or copying the place.
            guard abs(places[index].latitude - place.latitude) * Geodesy.kmPerDegreeBelow <= radiusKm,
                  places[index].id != place.id else { continue }
            let other = places[index]
            let km = Geodesy.distanceKm(fromLatitude: place.latitude, longitude: place.longitude,
                                        toLatitude: other.latitude, longitude: other.longitude)
            guard km <= radiusKm, km * 1000 < (best?.metres ?? .infinity) else { continue }
            if key == nil { key = NameFolding.fold(place.name) }
            guard NameFolding.fold(other.name) == key else { continue }
            best = DuplicatePlaceError(existing: other, metres: km * 1000)
        }
        return best
    }
}
