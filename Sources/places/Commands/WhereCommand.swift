import PlacesCommandLine
import PlacesKit

/// `places where LAT,LON [--json] [--batch]`
enum WhereCommand: PlacesCommand {
    static let name = "where"
    static let spec = CommandSpec(
        name: name, abstract: "Say where a point is: country, region, lake, sea or mountain, and the nearest town.",
        usage: "(<point> | --batch) [--json]",
        discussion: """
        The country comes from Natural Earth's 1:50m outlines of every country and territory; a point
        at sea says so, with the nearest coast (within 12 nautical miles it is in that country's
        waters). Then the region, the named lakes, seas, deserts, ranges and parks around the point,
        a peak within 5 km, and the nearest town (which may lie across a border).

        The point may be written as decimal degrees (51.5,-0.12 or 51.5N 0.12W), degrees and
        minutes with any of ° ′ ″ ' ", a geo: URI, or a Google Maps, OpenStreetMap or Apple Maps link.

        EXAMPLES:
          places where 51.5,-0.12
          places where "48°51′N 2°21′E" --json
          places where "https://www.openstreetmap.org/#map=17/48.8584/2.2945"
          printf '51.5,-0.12\\n-33.87,151.21\\n' | places where --batch
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("point", help: "Latitude and longitude, e.g. 51.5,-0.12, 48°51′N 2°21′E, geo:51.5,-0.12 or a map link.", optional: true) var point: [String]
        @Flag("--json", help: "Print a JSON object (one per line with --batch).") var json: Bool
        @Flag("--batch", help: "Read one LAT,LON per line from standard input; write one JSON object per line.") var batch: Bool
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let geocoder = ReverseGeocoder(gazetteer: try GazetteerAccess.gazetteer(context))
        let json = options.json
        if options.batch {
            // One JSON object per line whatever --json says: a batch is for programs.
            context.answerEachLine { query in
                let result = CoordinateParser.parse(query).map { geocoder.locate(latitude: $0.latitude, longitude: $0.longitude) }
                return GeosearchJSON.reverse(query: query, result)
            }
            return
        }
        // `TextJoin` here and in `text`: the generic `joined(separator:)` resolves the array's conformances at
        // run time on its first call, which costs more than printing the answer.
        let query = TextJoin.joined(options.point, separator: " ")
        guard !query.isEmpty else { throw UsageError("missing <lat,lon>", hint: "e.g. places where 51.5,-0.12") }
        let point: (latitude: Double, longitude: Double)
        do {
            point = try CoordinateParser.read(query)
        } catch {
            throw UsageError("\(error)", hint: "accepted: \(CoordinateParser.acceptedForms); to find a place by name use `places search`")
        }
        let result = geocoder.locate(latitude: point.latitude, longitude: point.longitude)
        context.say(json ? GeosearchJSON.reverse(query: query, result) : text(result))
    }

    static func text(_ result: ReverseGeocodeResult) -> String {
        var lines: [String] = []
        let km = { (distance: Double) in PlacesKit.grouped(Int(distance.rounded())) }
        if let address = result.address {
            // "At Café de Paris (café), 4 Place du Casino, 98000, Monaco": from an added region.
            var parts: [String] = []
            if let poi = address.pointOfInterest { parts.append("At \(TerminalText.visible(poi.entry.name)) (\(poi.entry.osm?.kindWord ?? ""))") }
            if let number = address.houseNumber, let street = address.street, let near = address.address {
                let written = near.entry.osm?.addressText ?? number + " " + street
                parts.append((parts.isEmpty ? (near.distanceKm <= 0.02 ? "At " : "Near ") : "") + TerminalText.visible(written))
            } else if let street = address.street {
                parts.append((parts.isEmpty ? "On " : "") + TerminalText.visible(street))
            }
            if let postcode = address.postcode { parts.append(TerminalText.visible(postcode)) }
            if let locality = address.locality { parts.append(TerminalText.visible(locality)) }
            lines.append(TextJoin.joined(parts, separator: ", "))
        }
        if result.atSea, let coast = result.coast {
            let off = coast.distanceKm < 0.1 ? "under 0.1" : coast.distanceKm < 10 ? CoordinateFormat.fixed(coast.distanceKm, decimals: 1) : km(coast.distanceKm)
            if let code = result.countryCode {
                let waters = code == coast.countryCode ? "in its territorial waters" : "in the waters of \(result.countryName ?? code) (\(code))"
                lines.append("At sea, \(off) km off \(coast.countryName) (\(coast.countryCode)), \(waters)")
            } else {
                lines.append("At sea, in no country: the nearest coast is \(coast.countryName) (\(coast.countryCode)), \(off) km away")
            }
        } else if let code = result.countryCode {
            lines.append("In \(result.countryName ?? code) (\(code))")
        } else {
            lines.append("In no country")
        }
        let regions = [result.admin1, result.admin2].compactMap { $0 }
        if !regions.isEmpty { lines.append("Region: " + TextJoin.joined(regions, separator: ", ")) }
        for area in result.areas { lines.append(phrase(area)) }
        if let peak = result.peak {
            let height = peak.elevationMetres > 0 ? ", \(PlacesKit.grouped(peak.elevationMetres)) m" : ""
            lines.append("On \(peak.name) (\(peak.kind)\(height)), \(CoordinateFormat.fixed(peak.distanceKm, decimals: 1)) km from the summit")
        }
        if let near = result.nearest {
            let e = near.entry
            lines.append("Nearest town: \(e.context), \(CoordinateFormat.fixed(near.distanceKm, decimals: 1)) km away")
        }
        return TextJoin.joined(lines, separator: "\n")
    }

    /// "In Lake Geneva (lake)", "In the Sahara (desert)", "On Lanzarote (island)".
    static func phrase(_ area: NamedArea) -> String {
        // Switches, not sets: a set built for one phrase costs more than the phrase.
        let on: Bool, bare: Bool
        switch area.kind {
        case "island", "islands", "peninsula", "coast", "plateau": on = true
        default: on = false
        }
        switch area.kind {
        case "lake", "reservoir", "park", "island": bare = true
        default: bare = false
        }
        let article = bare || area.name.hasPrefix("The ") ? "" : "the "
        return "\(on ? "On" : "In") \(article)\(area.name) (\(area.kind))"
    }
}
