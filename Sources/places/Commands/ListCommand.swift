import PlacesKit

/// `places list [--tag TAG] [--visited | --unvisited] [--sort …] [--format table|json|geojson|gpx|kml|csv]`
enum ListCommand: PlacesCommand {
    static let formats = ["table", "json"] + InterchangeFormat.exportable.map(\.rawValue)

    static let spec = CommandSpec(
        name: "list", abstract: "List the places in the journal.",
        discussion: """
        EXAMPLES:
          places list --tag food --unvisited
          places list --sort created --format json
          places list --sort distance --from "Portland, ME"
        """,
        options: [
            .option("--tag", "-t", value: "tag", help: "Only places with this tag; repeat for places with any of them.", repeatable: true),
            .flag("--visited", help: "Only places you have been to."),
            .flag("--unvisited", help: "Only places you still want to go to."),
            .option("--sort", value: "order", help: "Order by name, created or updated (newest first), or distance (with --from).", choices: ["name", "created", "updated", "distance"]),
            .option("--from", value: "place", help: "With --sort distance: a town (looked up in the gazetteer) or LAT,LON to measure from."),
            .option("--format", "-f", value: "format", help: "Output format.", choices: formats),
            .flag("--json", help: "The same as --format json."),
            FlagColumn.noFlagsOption,
        ])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let format = arguments.flag("--json") ? "json" : (arguments.value("--format") ?? "table")
        // A table never shows descriptions, and they are most of a large journal's bytes.
        let store = try context.store()
        var places = try select(format == "table" ? try store.loadWithoutDescriptions() : try store.load(), arguments)
        if arguments.value("--sort") == "distance" {
            guard let from = arguments.value("--from") else {
                throw UsageError("--sort distance needs --from PLACE", hint: "e.g. --from London or --from 51.5,-0.12")
            }
            let origin = try GazetteerAccess.resolve(from, context: context, gazetteer: try GazetteerAccess.gazetteer(context),
                                                     verb: "Measuring from").entry
            func distance(_ place: Location) -> Double {
                Geodesy.distanceKm(fromLatitude: origin.latitude, longitude: origin.longitude,
                                   toLatitude: place.latitude, longitude: place.longitude)
            }
            places.sort { (distance($0), $0.name) < (distance($1), $1.name) }
        } else if arguments.value("--from") != nil {
            throw UsageError("--from only goes with --sort distance")
        }
        switch format {
        case "json":
            context.write(JournalCodec.encodeArray(places) + [0x0A])
        case let name where InterchangeFormat(rawValue: name) != nil:
            ExportCommand.writeToStandardOutput(try Exporter.export(places, as: InterchangeFormat(rawValue: name)!))
        default:
            if places.isEmpty {
                context.note("No places\(arguments.all("--tag").isEmpty && !arguments.flag("--visited") && !arguments.flag("--unvisited") ? " yet: add one with `places add NAME --at LAT,LON`" : " match").")
                return
            }
            context.write(Array((PlaceOutput.table(places, style: context.style, flag: FlagColumn.flags(context)).joined(separator: "\n") + "\n").utf8))
        }
    }

    /// Applies the filter and sort options shared by `list` and the commands that export places.
    static func select(_ all: [Location], _ arguments: ParsedArguments) throws -> [Location] {
        if arguments.flag("--visited") && arguments.flag("--unvisited") {
            throw UsageError("--visited and --unvisited exclude each other")
        }
        let tags = Set(arguments.all("--tag").map { $0.lowercased() })
        let onlyVisited = arguments.flag("--visited"), onlyUnvisited = arguments.flag("--unvisited")
        var places = all
        if !tags.isEmpty || onlyVisited || onlyUnvisited {
            places = all.filter { place in
                (tags.isEmpty || place.tags.contains { tags.contains($0.lowercased()) })
                    && (!onlyVisited || place.isVisited) && (!onlyUnvisited || !place.isVisited)
            }
        }
        switch arguments.value("--sort") {
        case "name":
            places.sort { ($0.name.lowercased(), $0.id.uuidString) < ($1.name.lowercased(), $1.id.uuidString) }
        case "created":
            places.sort { ($0.created ?? .distantPast) > ($1.created ?? .distantPast) }
        case "updated":
            places.sort { ($0.updated ?? .distantPast) > ($1.updated ?? .distantPast) }
        default:
            break
        }
        return places
    }
}
