import PlacesKit

/// `places where LAT,LON [--json] [--batch]`
enum WhereCommand: PlacesCommand {
    static let name = "where"
    static let spec = CommandSpec(
        name: name, abstract: "Say which country a point is in and the nearest town (reverse geocoding).",
        usage: "(<point> | --batch) [--json]",
        discussion: """
        The country comes from country outlines: a point at sea more than 12 nautical miles from any
        coast is in no country. The nearest populated place may lie across a border.

        EXAMPLES:
          places where 51.5,-0.12
          places where "48°51′N 2°21′E" --json
          printf '51.5,-0.12\\n-33.87,151.21\\n' | places where --batch
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("point", help: "Latitude and longitude, e.g. 51.5,-0.12.", optional: true) var point: [String]
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
        let query = options.point.joined(separator: " ")
        guard !query.isEmpty else { throw UsageError("missing <lat,lon>", hint: "e.g. places where 51.5,-0.12") }
        guard let point = CoordinateParser.parse(query) else {
            throw UsageError("\"\(query)\" is not a latitude,longitude pair",
                             hint: "e.g. 51.5,-0.12 or \"51°30′N 0°7′W\"; to find a place by name use `places search`")
        }
        let result = geocoder.locate(latitude: point.latitude, longitude: point.longitude)
        context.say(json ? GeosearchJSON.reverse(query: query, result) : text(result))
    }

    static func text(_ result: ReverseGeocodeResult) -> String {
        var lines: [String] = []
        if let code = result.countryCode {
            lines.append("In \(result.countryName ?? code) (\(code))")
        } else {
            lines.append("In no country (at sea or beyond the outlines)")
        }
        if let near = result.nearest {
            let e = near.entry
            lines.append("Nearest town: \(e.context), \(CoordinateFormat.fixed(near.distanceKm, decimals: 1)) km away")
        }
        return lines.joined(separator: "\n")
    }
}
