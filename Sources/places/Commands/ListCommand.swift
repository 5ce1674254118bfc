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
        options: Options.self)

    struct Options: ParsableOptions {
        var filter = PlaceFilterOptions()
        @Option("--sort", value: "order", help: "Order by name, created or updated (newest first), or distance (with --from).",
                choices: ["name", "created", "updated", "distance"])
        var sort: String?
        @Option("--from", value: "place", help: "With --sort distance: a town (looked up in the gazetteer) or LAT,LON to measure from.")
        var from: String?
        @Option("--format", "-f", value: "format", help: "Output format.", choices: formats) var format: String?
        @Flag("--json", help: "The same as --format json.") var json: Bool
        var flags = FlagColumn.FlagsOption()
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let format = options.json ? "json" : (options.format ?? "table")
        // A table never shows descriptions, and they are most of a large journal's bytes.
        let store = try context.store()
        var places = try select(format == "table" ? try store.loadWithoutDescriptions() : try store.load(),
                                filter: options.filter, sort: options.sort)
        if options.sort == "distance" {
            guard let from = options.from else {
                throw UsageError("--sort distance needs --from PLACE", hint: "e.g. --from London or --from 51.5,-0.12")
            }
            let origin = try GazetteerAccess.resolve(from, context: context, gazetteer: try GazetteerAccess.gazetteer(context),
                                                     verb: "Measuring from").entry
            func distance(_ place: Location) -> Double {
                Geodesy.distanceKm(fromLatitude: origin.latitude, longitude: origin.longitude,
                                   toLatitude: place.latitude, longitude: place.longitude)
            }
            places.sort { (distance($0), $0.name) < (distance($1), $1.name) }
        } else if options.from != nil {
            throw UsageError("--from only goes with --sort distance")
        }
        switch format {
        case "json":
            context.write(JournalCodec.encodeArray(places) + [0x0A])
        case let name where InterchangeFormat(rawValue: name) != nil:
            ExportCommand.writeToStandardOutput(try Exporter.export(places, as: InterchangeFormat(rawValue: name)!))
        default:
            if places.isEmpty {
                let filtered = !options.filter.tags.isEmpty || options.filter.visited || options.filter.unvisited
                context.note("No places\(filtered ? " match" : " yet: add one with `places add NAME --at LAT,LON`").")
                return
            }
            context.write(Array((PlaceOutput.table(places, style: context.style, flag: FlagColumn.flags(context, hidden: options.flags.noFlags)).joined(separator: "\n") + "\n").utf8))
        }
    }

    /// Applies the filter options shared by `list` and the commands that export places, and
    /// `list`'s `--sort` (`nil`: journal order).
    static func select(_ all: [Location], filter: PlaceFilterOptions, sort: String?) throws -> [Location] {
        if filter.visited && filter.unvisited {
            throw UsageError("--visited and --unvisited exclude each other")
        }
        let tags = Set(filter.tags.map { $0.lowercased() })
        let onlyVisited = filter.visited, onlyUnvisited = filter.unvisited
        var places = all
        if !tags.isEmpty || onlyVisited || onlyUnvisited {
            places = all.filter { place in
                (tags.isEmpty || place.tags.contains { tags.contains($0.lowercased()) })
                    && (!onlyVisited || place.isVisited) && (!onlyUnvisited || !place.isVisited)
            }
        }
        switch sort {
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
