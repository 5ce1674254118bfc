import PlacesCore
import PlacesGeo

/// What `places near --json` prints: the journal's places, or the gazetteer's towns, around a
/// point, nearest first, each with its distance and compass direction from the point.
public enum NearbyJSON {
    /// The journal's places: `[{"id", "name", "latitude", "longitude", "distanceKm", "direction"}, …]`.
    public static func places(_ ranked: [(place: Location, distanceKm: Double)], from centre: PlaceQuery.Point) -> String {
        "[" + ranked.map { place, distance in
            "{\"id\": \(JSONText.quoted(place.idString)), \"name\": \(JSONText.quoted(place.name)), "
                + "\"latitude\": \(CoordinateFormat.plain(place.latitude)), \"longitude\": \(CoordinateFormat.plain(place.longitude)), "
                + "\"distanceKm\": \(CoordinateFormat.fixed(distance, decimals: 2)), "
                + "\"direction\": \(JSONText.quoted(centre.direction(toLatitude: place.latitude, longitude: place.longitude)))}"
        }.joined(separator: ", ") + "]"
    }

    /// The gazetteer's towns: `[{"name", "admin1", "country", "latitude", "longitude", "population", "distanceKm", "direction"}, …]`.
    public static func towns(_ towns: [NearbyPlace], from centre: PlaceQuery.Point) -> String {
        "[" + towns.map { near in
            let e = near.entry
            return "{\"name\": \(JSONText.quoted(e.name)), \"admin1\": \(JSONText.quoted(e.admin1)), "
                + "\"country\": \(JSONText.quoted(e.countryCode)), \"latitude\": \(CoordinateFormat.plain(e.latitude)), "
                + "\"longitude\": \(CoordinateFormat.plain(e.longitude)), \"population\": \(e.population), "
                + "\"distanceKm\": \(CoordinateFormat.fixed(near.distanceKm, decimals: 2)), "
                + "\"direction\": \(JSONText.quoted(centre.direction(toLatitude: e.latitude, longitude: e.longitude)))"
                + (e.osm.map { ", \"kind\": \(JSONText.quoted($0.kindWord))" + GeosearchJSON.osmMembers($0) } ?? "") + "}"
        }.joined(separator: ", ") + "]"
    }
}

extension PlaceQuery.Point {
    /// The compass point (`N`, `NE`, …) from this point to another; `-` for (almost) the same point.
    public func direction(toLatitude otherLatitude: Double, longitude otherLongitude: Double) -> String {
        if Geodesy.distanceKm(fromLatitude: latitude, longitude: longitude, toLatitude: otherLatitude, longitude: otherLongitude) < 0.01 {
            return "-"
        }
        return Geodesy.compassPoint(bearingDegrees: Geodesy.bearingDegrees(fromLatitude: latitude, longitude: longitude,
                                                                            toLatitude: otherLatitude, longitude: otherLongitude))
    }
}
