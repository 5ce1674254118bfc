/// The data of the interactive page, as JSON for `<script type="application/json">` blocks.
///
/// Every user string (names, descriptions, tags) reaches the page only here, never in its HTML:
/// the page's script reads the JSON and puts the text in with `textContent`. The JSON is made safe
/// for a script element by writing `<`, `>` and `&` as `\u003c`, `\u003e` and `\u0026`, so no
/// name can close the element (`</script>`) or open a comment (`<!--`).
struct HTMLMapData {
    let scene: MapScene

    /// The share links in the popup, in this order (labels live in the page's script).
    static let providers: [ShareLink.Provider] = [.osm, .google, .apple, .geo]

    /// Title, subtitle, view, tags and places.
    func placesJSON() -> String {
        var out = "{\"title\":" + JSONText.quoted(scene.title) + ",\"summary\":" + JSONText.quoted(scene.subtitle)
        let v = scene.viewport
        out += ",\"view\":{\"west\":\(number(v.west)),\"east\":\(number(v.east)),"
        out += "\"south\":\(number(v.south)),\"north\":\(number(v.north)),\"empty\":\(scene.locations.isEmpty)}"
        if let centre = scene.options.filter.around {
            out += ",\"around\":{\"lat\":\(number(centre.latitude)),\"lon\":\(number(centre.longitude)),"
            out += "\"radiusKm\":\(number(scene.options.filter.radiusKm))}"
        }
        out += ",\"tags\":[" + tagsJSON().joined(separator: ",") + "]"
        out += ",\"places\":[\n"
        let sorted = scene.locations.sorted {
            ($0.name.lowercased(), $0.idString) < ($1.name.lowercased(), $1.idString)
        }
        var first = true
        for location in sorted {
            if !first { out += ",\n" }
            first = false
            out += placeJSON(location)
        }
        out += "]}"
        return Self.scriptSafe(out)
    }

    /// One place: what the popup, the list and the filters need.
    func placeJSON(_ location: Location) -> String {
        var out = "{\"name\":" + JSONText.quoted(location.name)
        out += ",\"description\":" + JSONText.quoted(location.description)
        out += ",\"tags\":[" + location.tags.map(JSONText.quoted).joined(separator: ",") + "]"
        out += ",\"visited\":" + (location.visited.map { JSONText.quoted(Timestamp.day($0)) } ?? "null")
        out += ",\"lat\":\(number(location.latitude)),\"lon\":\(number(location.longitude))"
        out += ",\"coordinates\":" + JSONText.quoted(CoordinateFormat.pair(latitude: location.latitude, longitude: location.longitude))
        out += ",\"color\":\(Self.colorIndex(scene.palette.color(for: location)))"
        out += ",\"links\":[" + Self.providers.map { JSONText.quoted(ShareLink.url(for: location, provider: $0)) }
            .joined(separator: ",") + "]}"
        return out
    }

    /// Every tag of the shown places, most used first: its spelling, how many places carry it, and
    /// the palette colour its pins are drawn in (`null` when its places take another tag's colour).
    func tagsJSON() -> [String] {
        var counts: [String: Int] = [:], spelling: [String: String] = [:]
        for location in scene.locations {
            for tag in Set(location.tags.map { $0.lowercased() }) { counts[tag, default: 0] += 1 }
            for tag in location.tags where spelling[tag.lowercased()] == nil { spelling[tag.lowercased()] = tag }
        }
        let colored = Dictionary(scene.palette.entries.map { ($0.tag.lowercased(), $0.color) }) { first, _ in first }
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map { key, count in
            "{\"tag\":" + JSONText.quoted(spelling[key] ?? key) + ",\"count\":\(count),\"color\":"
                + (colored[key].map { "\(Self.colorIndex($0))" } ?? "null") + "}"
        }
    }

    /// The land outlines, one flat `[lon, lat, lon, lat, …]` array a ring, in degrees.
    func outlinesJSON() -> String {
        var out = "["
        var firstRing = true
        for ring in Self.outlineRings() {
            out += firstRing ? "[" : ",\n["
            firstRing = false
            var firstPoint = true
            for (lon, lat) in zip(ring.longitudes, ring.latitudes) {
                if !firstPoint { out += "," }
                firstPoint = false
                out += Self.outlineNumber(lon) + "," + Self.outlineNumber(lat)
            }
            out += "]"
        }
        return out + "]"
    }

    /// The outlines the page draws offline: the same ones as the SVG map.
    static func outlineRings() -> [CountryOutlines.Ring] { CountryOutlines.rings }

    /// A palette colour's position in ``TagPalette/colors``; ``TagPalette/other`` comes after them.
    static func colorIndex(_ color: MapColor) -> Int {
        TagPalette.colors.firstIndex(of: color) ?? TagPalette.colors.count
    }

    /// `#hex` of the colour at ``colorIndex(_:)``, for the page's style sheet.
    static var colorClasses: String {
        (TagPalette.colors + [TagPalette.other]).enumerated()
            .map { ".c\($0.offset) { --pin: \($0.element.hex); }" }.joined(separator: "\n")
    }

    /// JSON that cannot end or confuse the `<script>` element holding it. `<`, `>` and `&` occur in
    /// JSON only inside strings, where the `\u` escapes read back as the same characters.
    static func scriptSafe(_ json: String) -> String {
        guard json.utf8.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") }) else {
            return json
        }
        var out = ""
        out.reserveCapacity(json.utf8.count + 64)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    private func number(_ value: Double) -> String { CoordinateFormat.plain(value) }

    /// Outline vertices to 1/10,000 of a degree (about 11 m), finer than any bundled outline.
    private static func outlineNumber(_ value: Double) -> String {
        CoordinateFormat.plain((value * 10_000).rounded() / 10_000)
    }
}
