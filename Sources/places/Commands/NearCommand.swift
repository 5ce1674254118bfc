import PlacesKit

/// `places near QUERY|LAT,LON [--radius 25km] [--limit N] [--gazetteer] [--json]`
enum NearCommand: PlacesCommand {
    static let spec = CommandSpec(
        name: "near", abstract: "List the journal's places around a town or a point, nearest first.",
        usage: "(<place> | <lat,lon>) [--radius <distance>] [--limit <n>] [--country <cc>] [--gazetteer] [--json]",
        discussion: """
        The place is looked up in the offline gazetteer (any language, qualifiers such as "London, Ontario",
        typos); places says which point it used and names the runners-up when the name is ambiguous.

        EXAMPLES:
          places near London
          places near "Portland, ME" --radius 50km
          places near 48.8566,2.3522 --radius 2km
          places near Paris --gazetteer --radius 10km
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("place", help: "A place name or LAT,LON.") var place: [String]
        @Option("--radius", "-r", value: "distance", help: "How far to look: 25km (default), 500m, 10mi.") var radius: String?
        @Option("--limit", "-n", value: "n", help: "The most places to list (default 50).") var limit: String?
        @Option("--country", "-c", value: "cc", help: "Resolve the place name within this country (ISO code).") var country: String?
        @Flag("--gazetteer", help: "List the gazetteer's towns around the point instead of the journal's places.") var gazetteer: Bool
        @Flag("--json", help: "Print JSON.") var json: Bool
        var flags = FlagColumn.FlagsOption()
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let query = options.place.joined(separator: " ")
        let gazetteer = try GazetteerAccess.gazetteer(context)
        var radius = 25.0
        if let text = options.radius {
            guard let km = DistanceParser.kilometres(text) else {
                throw UsageError("--radius \"\(text)\" is not a distance", hint: "e.g. --radius 25km, 500m or 10mi")
            }
            radius = km
        }
        let limit = try GazetteerAccess.limit(options.limit, default: 50)
        let json = options.json
        let center = try GazetteerAccess.resolve(query, context: context, gazetteer: gazetteer,
                                                 country: try GazetteerAccess.country(options.country, in: gazetteer),
                                                 verb: "Near", quiet: json)
        let lat = center.entry.latitude, lon = center.entry.longitude
        let radiusText = DistanceParser.text(kilometres: radius)

        if options.gazetteer {
            let towns = gazetteer.places(withinKm: radius, ofLatitude: lat, longitude: lon, limit: limit)
            if json {
                context.say("[" + towns.map { near in
                    let e = near.entry
                    return "{\"name\": \(JSONText.quoted(e.name)), \"admin1\": \(JSONText.quoted(e.admin1)), "
                        + "\"country\": \(JSONText.quoted(e.countryCode)), \"latitude\": \(CoordinateFormat.plain(e.latitude)), "
                        + "\"longitude\": \(CoordinateFormat.plain(e.longitude)), \"population\": \(e.population), "
                        + "\"distanceKm\": \(CoordinateFormat.fixed(near.distanceKm, decimals: 2)), "
                        + "\"direction\": \(JSONText.quoted(direction(lat, lon, e.latitude, e.longitude)))}"
                }.joined(separator: ", ") + "]")
                return
            }
            if towns.isEmpty { context.note("No towns within \(radiusText)."); return }
            // A town's country is in the gazetteer already, so these flags cost nothing; like the
            // journal's, they are shown to people, not to scripts.
            let flags = !options.flags.noFlags && context.stdoutIsTerminal
            var rows = [["DISTANCE", "DIR", "TOWN", "POPULATION"]]
            if flags { rows[0].insert("", at: 2) }
            for near in towns {
                rows.append([DistanceParser.text(kilometres: near.distanceKm),
                             direction(lat, lon, near.entry.latitude, near.entry.longitude),
                             near.entry.context, GazetteerAccess.grouped(near.entry.population)])
                if flags { rows[rows.count - 1].insert(CountryFlag.emoji(near.entry.countryCode), at: 2) }
            }
            for line in TerminalText.table(rows, rightAligned: flags ? [0, 4] : [0, 3]) { context.say(String(line.reversed().drop { $0 == " " }.reversed())) }
            return
        }

        let all = try context.store().load()
        var found = all.map { place in
            (place, Geodesy.distanceKm(fromLatitude: lat, longitude: lon, toLatitude: place.latitude, longitude: place.longitude))
        }
        found.sort { ($0.1, $0.0.name) < ($1.1, $1.0.name) }
        let within = found.filter { $0.1 <= radius }.prefix(limit)
        if json {
            context.say("[" + within.map { place, distance in
                "{\"id\": \(JSONText.quoted(place.idString)), \"name\": \(JSONText.quoted(place.name)), "
                    + "\"latitude\": \(CoordinateFormat.plain(place.latitude)), \"longitude\": \(CoordinateFormat.plain(place.longitude)), "
                    + "\"distanceKm\": \(CoordinateFormat.fixed(distance, decimals: 2)), "
                    + "\"direction\": \(JSONText.quoted(direction(lat, lon, place.latitude, place.longitude)))}"
            }.joined(separator: ", ") + "]")
            return
        }
        if within.isEmpty {
            var message = "No places in the journal within \(radiusText)"
            if let nearest = found.first {
                message += "; the nearest is \(nearest.0.name), \(DistanceParser.text(kilometres: nearest.1)) "
                    + direction(lat, lon, nearest.0.latitude, nearest.0.longitude)
            }
            context.note(message + ".")
            return
        }
        let flag = FlagColumn.flags(context, hidden: options.flags.noFlags)
        var rows = [["DISTANCE", "DIR", "ID", "NAME"]]
        if flag != nil { rows[0].insert("", at: 3) }
        for (place, distance) in within {
            rows.append([DistanceParser.text(kilometres: distance), direction(lat, lon, place.latitude, place.longitude),
                         place.shortID, place.name])
            if let flag { rows[rows.count - 1].insert(flag(place), at: 3) }
        }
        for line in TerminalText.table(rows, rightAligned: [0]) { context.say(String(line.reversed().drop { $0 == " " }.reversed())) }
    }

    /// The compass point from the centre to a place; `-` for the centre itself.
    static func direction(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> String {
        if Geodesy.distanceKm(fromLatitude: lat1, longitude: lon1, toLatitude: lat2, longitude: lon2) < 0.01 { return "-" }
        return Geodesy.compassPoint(bearingDegrees: Geodesy.bearingDegrees(fromLatitude: lat1, longitude: lon1,
                                                                            toLatitude: lat2, longitude: lon2))
    }
}
