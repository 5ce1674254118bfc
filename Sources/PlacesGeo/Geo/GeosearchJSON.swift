import PlacesCore

/// The JSON that `places search`, `places where` and their `--batch` modes print, written by hand so a
/// batch of thousands of queries costs no encoder set-up per line. Keys appear in a fixed order.
public enum GeosearchJSON {
    static func number(_ value: Double) -> String {
        value.isFinite ? CoordinateFormat.plain(value) : "null"
    }

    /// `{"name": …, "admin1": …, "admin2": …, "country": …, "countryName": …, "latitude": …, "longitude": …,
    /// "population": …, "kind": …, "elevation": …, "codes": […], "match": …, "score": …}`
    public static func match(_ match: GazetteerMatch) -> String {
        let e = match.entry
        return "{\"name\": \(JSONText.quoted(e.name)), \"admin1\": \(JSONText.quoted(e.admin1)), \"admin2\": \(JSONText.quoted(e.admin2)), "
            + "\"country\": \(e.countryCode.isEmpty ? "null" : JSONText.quoted(e.countryCode)), "
            + "\"countryName\": \(JSONText.quoted(e.countryName)), \"latitude\": \(number(e.latitude)), \"longitude\": \(number(e.longitude)), "
            + "\"population\": \(e.population), \"kind\": \(JSONText.quoted(e.osm?.kindWord ?? e.kind.rawValue)), "
            + "\"elevation\": \(e.elevation.map(String.init) ?? "null"), \"codes\": [\(TextJoin.joined(e.codes.map(JSONText.quoted), separator: ", "))], "
            + "\"match\": \(JSONText.quoted(match.quality.rawValue)), \"score\": \(CoordinateFormat.fixed(match.score, decimals: 1))"
            + (e.osm.map(osmMembers) ?? "") + "}"
    }

    /// What a region's place adds: `"street"`, `"houseNumber"`, `"postcode"`, `"locality"` (null when
    /// unknown), `"osmTag"`, `"osmId"` and the `"region"` pack it is from.
    package static func osmMembers(_ osm: OSMDetail) -> String {
        func text(_ value: String) -> String { value.isEmpty ? "null" : JSONText.quoted(value) }
        return ", \"street\": \(text(osm.street)), \"houseNumber\": \(text(osm.houseNumber)), \"postcode\": \(text(osm.postcode)), "
            + "\"locality\": \(text(osm.locality)), \"osmTag\": \(text(osm.kindTag)), \"osmId\": \(text(osm.osmID)), "
            + "\"region\": \(JSONText.quoted(osm.region))"
    }

    /// An array of matches.
    public static func matches(_ matches: [GazetteerMatch]) -> String {
        "[" + TextJoin.joined(matches.map(match), separator: ", ") + "]"
    }

    /// One line of `places search --batch --json`: `{"query": …, "results": […]}`.
    public static func batchLine(query: String, matches: [GazetteerMatch]) -> String {
        "{\"query\": \(JSONText.quoted(query)), \"results\": \(self.matches(matches))}"
    }

    /// The object `places where --json` prints for a point: `{"query", "country", "countryName", "nearest",
    /// "atSea", "coast", "admin1", "admin2", "areas", "peak"}`.
    public static func reverse(query: String, _ result: ReverseGeocodeResult?) -> String {
        guard let result else {
            return "{\"query\": \(JSONText.quoted(query)), \"error\": \"not a latitude,longitude pair\"}"
        }
        var text = "{\"query\": \(JSONText.quoted(query)), \"country\": \(result.countryCode.map(JSONText.quoted) ?? "null"), "
            + "\"countryName\": \(result.countryName.map(JSONText.quoted) ?? "null"), \"nearest\": "
        if let near = result.nearest {
            let e = near.entry
            text += "{\"name\": \(JSONText.quoted(e.name)), \"admin1\": \(JSONText.quoted(e.admin1)), \"country\": \(JSONText.quoted(e.countryCode)), "
                + "\"latitude\": \(number(e.latitude)), \"longitude\": \(number(e.longitude)), \"population\": \(e.population), "
                + "\"distanceKm\": \(CoordinateFormat.fixed(near.distanceKm, decimals: 2))}"
        } else {
            text += "null"
        }
        // Keys added after the first release come last, so older readers see the same prefix.
        text += ", \"atSea\": \(result.atSea), \"coast\": "
        if let coast = result.coast {
            text += "{\"country\": \(JSONText.quoted(coast.countryCode)), \"countryName\": \(JSONText.quoted(coast.countryName)), "
                + "\"distanceKm\": \(CoordinateFormat.fixed(coast.distanceKm, decimals: 2))}"
        } else {
            text += "null"
        }
        text += ", \"admin1\": \(result.admin1.map(JSONText.quoted) ?? "null"), \"admin2\": \(result.admin2.map(JSONText.quoted) ?? "null")"
        text += ", \"areas\": [" + TextJoin.joined(result.areas.map { area in
            "{\"name\": \(JSONText.quoted(area.name)), \"kind\": \(JSONText.quoted(area.kind))}"
        }, separator: ", ") + "], \"peak\": "
        if let peak = result.peak {
            text += "{\"name\": \(JSONText.quoted(peak.name)), \"kind\": \(JSONText.quoted(peak.kind)), \"elevation\": \(peak.elevationMetres), "
                + "\"latitude\": \(number((peak.latitude * 1e5).rounded() / 1e5)), \"longitude\": \(number((peak.longitude * 1e5).rounded() / 1e5)), "
                + "\"distanceKm\": \(CoordinateFormat.fixed(peak.distanceKm, decimals: 2))}"
        } else {
            text += "null"
        }
        // Only where a region covers the point, so the object stays as it was without regions.
        if let address = result.address {
            func quoted(_ value: String?) -> String { value.map(JSONText.quoted) ?? "null" }
            let poi: String? = address.pointOfInterest?.entry.name
            let kind: String? = address.pointOfInterest?.entry.osm?.kindWord
            var members: [String] = []
            members.append("\"street\": " + quoted(address.street))
            members.append("\"houseNumber\": " + quoted(address.houseNumber))
            members.append("\"postcode\": " + quoted(address.postcode))
            members.append("\"locality\": " + quoted(address.locality))
            members.append("\"pointOfInterest\": " + quoted(poi))
            members.append("\"kind\": " + quoted(kind))
            members.append("\"region\": " + quoted(address.region))
            text += ", \"address\": {" + TextJoin.joined(members, separator: ", ") + "}"
        }
        return text + "}"
    }
}
