import PlacesCore

/// The data of the interactive page, as JSON for `<script type="application/json">` blocks.
///
/// Every user string (names, descriptions, tags) reaches the page only here, never in its HTML:
/// the page's script reads the JSON and puts the text in with `textContent`. The JSON is made safe
/// for a script element by writing `<`, `>` and `&` as `\u003c`, `\u003e` and `\u0026`, so no
/// name can close the element (`</script>`) or open a comment (`<!--`).
struct HTMLMapData {
    let scene: MapScene

    /// Up to this many places the page names its pins (where a name fits); more would be a
    /// thicket of labels, and the list and popups serve better.
    static let maximumLabelledPlaces = 100

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
        out += ",\"labels\":\(scene.options.showsLabels && scene.locations.count <= Self.maximumLabelledPlaces)"
        out += ",\"tags\":[" + tagsJSON().joined(separator: ",") + "]"
        out += ",\"places\":[\n"
        // Written as bytes: string appends of this many small pieces cost seconds at 10,000 places.
        var bytes: [UInt8] = Array(out.utf8)
        bytes.reserveCapacity(bytes.count + scene.locations.count * 600)
        // Sorted by name for the side list; each key is lower-cased once, not at every comparison.
        let sorted = scene.locations.map { (key: $0.name.lowercased(), id: $0.idString, place: $0) }
            .sorted { ($0.key, $0.id) < ($1.key, $1.id) }
        for (index, entry) in sorted.enumerated() {
            if index > 0 { bytes.append(contentsOf: ",\n".utf8) }
            appendPlace(entry.place, to: &bytes)
        }
        bytes.append(contentsOf: "]}".utf8)
        return String(decoding: Self.scriptSafe(bytes), as: UTF8.self)
    }

    /// One place: what the popup, the list and the filters need.
    func appendPlace(_ location: Location, to out: inout [UInt8]) {
        func key(_ name: String) { out.append(contentsOf: name.utf8) }
        key("{\"name\":"); JSONText.appendQuoted(location.name, to: &out)
        key(",\"description\":"); JSONText.appendQuoted(location.description, to: &out)
        key(",\"tags\":[")
        for (index, tag) in location.tags.enumerated() {
            if index > 0 { key(",") }
            JSONText.appendQuoted(tag, to: &out)
        }
        key("],\"visited\":")
        if let visit = location.latestVisit { JSONText.appendQuoted(visit.date.shortText, to: &out) } else { key("null") }
        // Every visit with its note, oldest first, for the popup.
        key(",\"visits\":[")
        for (index, visit) in location.visits.sorted(by: { $0.date < $1.date }).enumerated() {
            if index > 0 { key(",") }
            key("{\"date\":"); JSONText.appendQuoted(visit.date.shortText, to: &out)
            if let note = visit.note, !note.isEmpty { key(",\"note\":"); JSONText.appendQuoted(note, to: &out) }
            key("}")
        }
        // What the search box matches, folded as `places find` folds it.
        key("],\"folded\":")
        JSONText.appendQuoted(([location.name] + location.tags + [location.description]).map(NameFolding.fold)
            .filter { !$0.isEmpty }.joined(separator: " "), to: &out)
        key(",\"lat\":" + number(location.latitude) + ",\"lon\":" + number(location.longitude))
        key(",\"coordinates\":\"" + CoordinateFormat.pair(latitude: location.latitude, longitude: location.longitude) + "\"")
        key(",\"color\":\(Self.colorIndex(scene.palette.color(for: location))),\"links\":[")
        for (index, provider) in Self.providers.enumerated() {
            if index > 0 { key(",") }
            JSONText.appendQuoted(ShareLink.url(for: location, provider: provider), to: &out)
        }
        key("]}")
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

    /// The name folding's table and rules, so the page's search box folds what is typed exactly as
    /// ``NameFolding`` folds the places' text: `{"table": {codepoint: folded}, "expansions": {…}}`.
    static func foldingJSON() -> String {
        let table = NameFolding.table.sorted { $0.key < $1.key }.map { "\"\($0.key)\":" + JSONText.quoted($0.value) }
        let expansions = NameFolding.tokenExpansions.sorted { $0.key < $1.key }.map { JSONText.quoted($0.key) + ":" + JSONText.quoted($0.value) }
        return scriptSafe("{\"table\":{" + table.joined(separator: ",") + "},\"expansions\":{" + expansions.joined(separator: ",") + "}}")
    }

    /// The page's offline base map, as `{"world": layer, "detail": layer?}`.
    ///
    /// `world` is the whole world at 1:110m. When the view is a country, a region or a city, `detail`
    /// holds the finer scale the SVG map draws for the same view, over the view and as much again on
    /// every side; the page draws it over a patch of sea that hides the coarse world beneath, so panning
    /// beyond the patch falls back to the world layer rather than to empty sea.
    func outlinesJSON() -> String {
        var out = "{\"world\":" + Self.layerJSON(MapOutlines.allShapes(scale: .small))
        if let box = detailBox() {
            out += ",\"detail\":" + Self.layerJSON(MapOutlines.shapes(scale: scene.outlineScale, west: box.west, south: box.south,
                                                                   east: box.east, north: box.north), withRivers: true)
            out += ",\"riverKilometresPerPixel\":\(number(MapOutlines.riverKilometresPerUnit))"
            out += ",\"detailBox\":[\(number(box.west)),\(number(box.south)),\(number(box.east)),\(number(box.north))]"
        }
        return out + ",\"context\":" + contextJSON() + "}"
    }

    /// The box `detail` covers, or `nil` for a view the world layer serves.
    func detailBox() -> (west: Double, south: Double, east: Double, north: Double)? {
        guard scene.outlineScale != .small, !scene.locations.isEmpty || scene.options.filter.around != nil else { return nil }
        let v = scene.viewport
        let width = max(v.east - v.west, 0.5), height = max(v.north - v.south, 0.5)
        return (v.west - width, max(-85.06, v.south - height), v.east + width, min(85.06, v.north + height))
    }

    /// One layer: `land` and `water` (lakes) rings to fill, and `lines` to stroke: the coasts and
    /// shores (never the edges where the data was cut into tiles), each a flat `[lon, lat, …]` array.
    /// `rivers` (with `withRivers`) are the rivers' centre lines, as the SVG map draws them at the same scale.
    static func layerJSON(_ shapes: [MapOutlines.Shape], withRivers: Bool = false) -> String {
        var land: [String] = [], water: [String] = [], lines: [String] = [], rivers: [String] = []
        for shape in shapes {
            if withRivers, shape.kind == .river { rivers.append(flat(shape.longitudes.indices, shape)) }
            guard shape.kind.isArea else { continue }
            let ring = flat(shape.longitudes.indices, shape)
            if shape.kind == .land { land.append(ring) } else { water.append(ring) }
            for run in shape.outlineRuns() { lines.append(flat(run, shape)) }
        }
        return "{\"land\":[" + land.joined(separator: ",\n") + "],\"water\":[" + water.joined(separator: ",\n")
            + "],\"lines\":[" + lines.joined(separator: ",\n") + "]" + (withRivers ? ",\"rivers\":[" + rivers.joined(separator: ",\n") + "]" : "") + "}"
    }

    /// The gazetteer's names around the view, as the SVG map chooses them (``MapContext``), most
    /// important first: `[{"name", "lat", "lon", "style"}]`, `style` one of `capital`, `town`,
    /// `water`, `range`. Empty without context (`--no-context`) or places.
    func contextJSON() -> String {
        guard scene.options.showsContext, !scene.locations.isEmpty || scene.options.filter.around != nil else { return "[]" }
        let v = scene.viewport
        let labels = MapContext.candidates(for: v, limit: MapLabelLayer.contextLimit(MapBox(x: 0, y: 0, width: v.width, height: v.height)))
        let items = labels.filter { !$0.isLake }.map { label -> String in
            let style: String
            switch label.style {
            case .capital: style = "capital"
            case .town: style = "town"
            case .water: style = "water"
            case .range: style = "range"
            }
            return "{\"name\":" + JSONText.quoted(label.name) + ",\"lat\":" + number(label.latitude) + ",\"lon\":"
                + number(label.longitude) + ",\"style\":\"" + style + "\"}"
        }
        return Self.scriptSafe("[" + items.joined(separator: ",\n") + "]")
    }

    /// The points at `indices` of a shape as `[lon,lat,lon,lat,…]`.
    static func flat<Indices: Sequence<Int>>(_ indices: Indices, _ shape: MapOutlines.Shape) -> String {
        var out = "[", first = true
        for index in indices {
            if !first { out += "," }
            first = false
            out += outlineNumber(shape.longitudes[index]) + "," + outlineNumber(shape.latitudes[index])
        }
        return out + "]"
    }

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
        String(decoding: scriptSafe(Array(json.utf8)), as: UTF8.self)
    }

    /// ``scriptSafe(_:)-swift.type.method`` on UTF-8 bytes: every byte of those three is ASCII, so
    /// a byte-wise pass never splits a character.
    static func scriptSafe(_ json: [UInt8]) -> [UInt8] {
        guard json.contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") }) else {
            return json
        }
        var out: [UInt8] = []
        out.reserveCapacity(json.count + 256)
        for byte in json {
            switch byte {
            case UInt8(ascii: "<"): out.append(contentsOf: "\\u003c".utf8)
            case UInt8(ascii: ">"): out.append(contentsOf: "\\u003e".utf8)
            case UInt8(ascii: "&"): out.append(contentsOf: "\\u0026".utf8)
            default: out.append(byte)
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
