import PlacesCommandLine
import PlacesKit

/// `places list [--tag TAG] [--visited | --unvisited] [--sort …] [--format table|json|geojson|gpx|kml|csv]`
enum ListCommand: PlacesCommand {
    static let formats = ["table", "json"] + InterchangeFormat.exportable.map(\.rawValue)

    static let name = "list"
    static let spec = CommandSpec(
        name: name, abstract: "List the places in the journal.",
        discussion: """
        EXAMPLES:
          places list --tag food --unvisited
          places list --sort created --format json
          places list --sort visited
          places list --sort distance --from "Portland, ME"
          places list --columns id,name,visited
          places list --country France --from 2019 --to 2020
          places list --region Kyoto

        --from and --to keep the places with a visit whose whole date lies between them; with
        --sort distance, --from is instead the place to measure from (a town, one of your places or
        LAT,LON).

        On a terminal the table fits the window: the coordinates go first, then long tags and names are
        cut with …, then the visit date, tags and flag go. Into a pipe the table is whole, one row per
        place, unless COLUMNS is set. With --sort distance the table has a distance column.
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        var filter = PlaceFilterOptions()
        @Option("--sort", value: "order", help: "Order by name, created, updated or visited (newest first), or distance (with --from).",
                choices: ["name", "created", "updated", "visited", "distance"])
        var sort: String?
        @Option("--columns", value: "list", help: "The table's columns, in order, separated by commas: \(TextJoin.joined(ListColumn.allCases.map(\.rawValue), separator: ", ")).")
        var columns: String?
        @Option("--format", "-f", value: "format", help: "Output format.", choices: formats) var format: String?
        @Flag("--json", help: "The same as --format json.") var json: Bool
        var flags = FlagColumn.FlagsOption()
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let format = options.json ? "json" : (options.format ?? "table")
        let order = PlaceQuery.Order(rawValue: options.sort ?? "journal") ?? .journal
        var query = try options.filter.query(order: order, context: context, fromIsDate: order != .distance)
        let from = order == .distance ? options.filter.travel.from : nil
        if query.order == .distance, from == nil {
            throw UsageError("--sort distance needs --from PLACE", hint: "e.g. --from London or --from 51.5,-0.12")
        }
        let columns = try options.columns.map { try ListColumn.parse($0, distance: query.order == .distance) }
            ?? ListColumn.standard(distance: query.order == .distance)
        if options.columns != nil, format != "table" {
            throw UsageError("--columns chooses the table's columns; other formats have all the fields")
        }
        // A table never shows descriptions, and they are most of a large journal's bytes.
        let store = try context.store()
        let journal = format == "table" ? try store.loadWithoutDescriptions() : try store.load()
        if query.order == .distance, let from {
            // --from may name one of your places as well as a town.
            let resolver = PlaceResolver(gazetteer: try GazetteerAccess.gazetteer(context), journal: journal)
            let origin = try PlaceChoice.look(from, resolver: resolver, context: context, verb: "Measuring from")
            query.centre = PlaceQuery.Point(latitude: origin.latitude, longitude: origin.longitude)
        }
        context.keepUntilExit(journal)
        let areas = query.filtersAreas ? try TravelFilterOptions.areas(context) : nil
        // Distances only when measured from somewhere: otherwise the places pass as they are, with no
        // pair built for each.
        let places: [Location]
        var distances: [Double]?
        if query.centre != nil {
            let ranked = query.ranked(journal, areas: areas)
            places = ranked.map(\.place)
            distances = ranked.map(\.distanceKm)
        } else {
            places = query.apply(to: journal, areas: areas)
        }
        context.keepUntilExit(places)
        switch format {
        case "json":
            context.write(JournalCodec.encodeArray(places) + [0x0A])
        case let name where InterchangeFormat(rawValue: name) != nil:
            context.write(try Exporter.export(places, as: InterchangeFormat(rawValue: name)!))
        default:
            if places.isEmpty {
                context.note("No places\(query.filters ? " match" : " yet: add one with `places add NAME --at LAT,LON`").")
                return
            }
            // A terminal's width, or COLUMNS when set; a pipe otherwise gets every column whole.
            let width = context.stdoutIsTerminal || context.environment["COLUMNS"] != nil
                ? TerminalSize.current(environment: context.environment).columns : nil
            context.write(PlaceOutput.table(places, distances: distances, columns: columns, chosen: options.columns != nil,
                                            style: context.style, width: width,
                                            flag: FlagColumn.flags(context, hidden: options.flags.noFlags)))
        }
    }
}
