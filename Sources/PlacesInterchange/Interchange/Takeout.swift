import PlacesCore

/// Reads the features of Google Takeout's "Saved Places.json".
///
/// Takeout has written two shapes over the years:
/// - older: `properties.Title`, `properties.Location` with `Address`, `Business Name` and
///   `"Geo Coordinates": {"Latitude": "…", "Longitude": "…"}` (strings), `Published`, `Updated`,
///   `"Google Maps URL"`;
/// - newer: `properties.location` with `name` and `address`, `date`, `google_maps_url`.
///
/// Either may hold entries at `[0, 0]` with a comment saying no location information is available;
/// those take their coordinates from a `?q=LAT,LON` in the Maps URL when it has one, and are
/// otherwise skipped (and listed) rather than put at Null Island. An entry with coordinates but no
/// title or address is a dropped pin: it is named "Dropped pin" and completed with its nearest town.
enum TakeoutReader {
    enum Outcome {
        /// A place; a dropped pin (coordinates only) still needs its nearest town in its name.
        case place(PlaceDraft, pending: ImportedPlace.Pending?)
        case skip(name: String?, reason: String)
    }

    /// The name of a place saved by its coordinates alone, completed with its nearest town on import.
    static let droppedPinName = "Dropped pin"

    /// Whether a feature carries Takeout's properties rather than ordinary GeoJSON ones.
    static func looksLikeTakeout(_ feature: JSONValue) -> Bool {
        guard let properties = feature["properties"] else { return false }
        return properties["Google Maps URL"] != nil || properties["google_maps_url"] != nil
            || properties["Location"]?.isObject == true || properties["location"]?.isObject == true
    }

    static func draft(from feature: JSONValue, fail: (String) -> ImportError) throws -> Outcome {
        let properties = feature["properties"] ?? .null
        let older = properties["Location"] ?? .null
        let newer = properties["location"] ?? .null
        let url = (properties["Google Maps URL"] ?? properties["google_maps_url"])?.stringValue
        let business = older["Business Name"]?.stringValue?.trimmed
        let address = (older["Address"] ?? newer["address"])?.stringValue?.trimmed
        var name = (properties["Title"] ?? newer["name"])?.scalarText?.trimmed
        if name?.isEmpty ?? true { name = business }
        if name?.isEmpty ?? true { name = address }

        var latitude: Double?
        var longitude: Double?
        if let coordinates = older["Geo Coordinates"] {
            latitude = coordinates["Latitude"]?.numberValue
            longitude = coordinates["Longitude"]?.numberValue
        }
        if latitude == nil || longitude == nil,
           let position = feature["geometry"]?["coordinates"]?.arrayValue, position.count >= 2 {
            longitude = position[0].numberValue
            latitude = position[1].numberValue
        }
        if latitude == nil || longitude == nil || (latitude == 0 && longitude == 0) {
            // "No location information is available for this saved place": the URL may still say where.
            if let url, let fromURL = CoordinateParser.parse(url) {
                latitude = fromURL.latitude
                longitude = fromURL.longitude
            } else {
                return .skip(name: name, reason: "no location information (and no coordinates in its Google Maps URL)")
            }
        }
        // A dropped pin has coordinates only (or the title "Dropped pin"): it is named after its nearest town.
        let droppedPin = name?.isEmpty ?? true || name?.lowercased() == "dropped pin"

        var draft = PlaceDraft()
        draft.name = droppedPin ? droppedPinName : name
        draft.latitude = latitude
        draft.longitude = longitude
        var lines: [String] = []
        if let business, !business.isEmpty, business != name { lines.append(business) }
        if let address, !address.isEmpty, address != name { lines.append(address) }
        if let comment = properties["Comment"]?.stringValue?.trimmed, !comment.isEmpty,
           !comment.hasPrefix("No location information") {
            lines.append(comment)
        }
        if let url, !url.isEmpty { lines.append(url) }
        draft.description = lines.joined(separator: "\n")
        draft.created = (properties["Published"] ?? properties["date"])?.stringValue.flatMap(Timestamp.date(from:))
        draft.updated = properties["Updated"]?.stringValue.flatMap(Timestamp.date(from:))
        if draft.updated == nil { draft.updated = draft.created }
        return .place(draft, pending: droppedPin ? .nearestTown : nil)
    }
}
