import PlacesCommandLine
import PlacesKit

/// `places near QUERY|LAT,LON [--radius 25km] [--limit N] [--gazetteer] [--json]`
enum NearCommand: PlacesCommand {
    static let name = "near"
    static let spec = CommandSpec(
        name: name, abstract: "List the journal's places around a town or a point, nearest first.",
        usage: "(<place> | <lat,lon>) [--radius <distance>] [--limit <n>] [--country <cc>] [--gazetteer [--kind <kind>]] [--json]",
        discussion: """
        The place is one of your own places ("Dishoom") or is looked up in the offline gazetteer (any
        language, qualifiers such as "London, Ontario", typos); your own place comes first when its name
        matches exactly. places says which point it used and names the runners-up when the name is ambiguous.

        EXAMPLES:
          places near London
          places near "Portland, ME" --radius 50km
          places near 48.8566,2.3522 --radius 2km
          places near Paris --gazetteer --radius 10km
          places near "Grandma's house" --radius 5km
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("place", help: "A place name or LAT,LON.") var place: [String]
        @Option("--radius", "-r", value: "distance", help: "How far to look: 25km (default), 500m, 10mi.") var radius: String?
        @Option("--limit", "-n", value: "n", help: "The most places to list (default 50).") var limit: String?
        @Option("--country", "-c", value: "cc", help: "Resolve the place name within this country (ISO code), in the gazetteer only.") var country: String?
        @Flag("--gazetteer", help: "List the gazetteer's towns around the point instead of the journal's places.") var gazetteer: Bool
        @Option("--kind", "-k", value: "kind", help: "With --gazetteer: list the added regions' places of this kind (café, museum, railway station, or an OSM value such as cafe).")
        var kind: String?
        @Flag("--json", help: "Print JSON.") var json: Bool
        var flags = FlagColumn.FlagsOption()
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let query = options.place.joined(separator: " ")
        let gazetteer = try GazetteerAccess.gazetteer(context)
        var radius = 25.0
        if let text = options.radius { radius = try OptionValues.radius(text) }
        let limit = try OptionValues.limit(options.limit, default: 50)
        let json = options.json
        // The journal's own place names are searched too ("near Dishoom"), and its places listed below.
        let all = try context.store().load()
        let resolver = PlaceResolver(gazetteer: gazetteer, journal: all,
                                     country: try OptionValues.country(options.country, in: gazetteer))
        let center = try PlaceChoice.look(query, resolver: resolver, context: context, verb: "Near", quiet: json)
        let point = PlaceQuery.Point(latitude: center.latitude, longitude: center.longitude)
        let radiusText = DistanceParser.text(kilometres: radius)

        if let kind = options.kind {
            guard options.gazetteer else { throw UsageError("--kind lists the gazetteer's places", hint: "add --gazetteer") }
            let found = gazetteer.regionPlaces(withinKm: radius, ofLatitude: point.latitude, longitude: point.longitude, limit: limit) {
                Gazetteer.regionPlace($0, isOfKind: kind)
            }
            if json {
                context.say(NearbyJSON.towns(found, from: point))
                return
            }
            if found.isEmpty {
                context.note(gazetteer.regionPacks.isEmpty
                             ? "No \(kind) within \(radiusText): places of a kind come from regions; `places region add FILE.osm.pbf` adds one."
                             : "No \(kind) within \(radiusText) in the added regions.")
                return
            }
            var rows = [["DISTANCE", "DIR", "NAME", "KIND", "ADDRESS"]]
            for near in found {
                let e = near.entry
                rows.append([DistanceParser.text(kilometres: near.distanceKm), point.direction(toLatitude: e.latitude, longitude: e.longitude),
                             TerminalText.visible(e.name), e.osm?.kindWord ?? "",
                             TerminalText.visible([e.osm?.addressText, e.osm?.locality].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", "))])
            }
            for line in TerminalText.table(rows, rightAligned: [0]) { context.say(line) }
            context.say("Map data " + RegionPack.credit)
            return
        }
        if options.gazetteer {
            let towns = gazetteer.places(withinKm: radius, ofLatitude: point.latitude, longitude: point.longitude, limit: limit)
            if json {
                context.say(NearbyJSON.towns(towns, from: point))
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
                             point.direction(toLatitude: near.entry.latitude, longitude: near.entry.longitude),
                             near.entry.context, grouped(near.entry.population)])
                if flags { rows[rows.count - 1].insert(CountryFlag.emoji(near.entry.countryCode), at: 2) }
            }
            for line in TerminalText.table(rows, rightAligned: flags ? [0, 4] : [0, 3]) { context.say(line) }
            return
        }

        let within = PlaceQuery(centre: point, radiusKm: radius, order: .distance, limit: limit).ranked(all)
        if json {
            context.say(NearbyJSON.places(within, from: point))
            return
        }
        if within.isEmpty {
            var message = "No places in the journal within \(radiusText)"
            if let nearest = PlaceQuery(centre: point, order: .distance, limit: 1).ranked(all).first {
                message += "; the nearest is \(TerminalText.visible(nearest.place.name)), \(DistanceParser.text(kilometres: nearest.distanceKm)) "
                    + point.direction(toLatitude: nearest.place.latitude, longitude: nearest.place.longitude)
            }
            context.note(message + ".")
            return
        }
        let flag = FlagColumn.flags(context, hidden: options.flags.noFlags)
        var rows = [["DISTANCE", "DIR", "ID", "NAME"]]
        if flag != nil { rows[0].insert("", at: 3) }
        for (place, distance) in within {
            rows.append([DistanceParser.text(kilometres: distance), point.direction(toLatitude: place.latitude, longitude: place.longitude),
                         place.shortID, place.name])
            if let flag { rows[rows.count - 1].insert(flag(place), at: 3) }
        }
        for line in TerminalText.table(rows, rightAligned: [0]) { context.say(line) }
    }
}
