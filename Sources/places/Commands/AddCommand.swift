import PlacesKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `places add NAME (--lat LAT --lon LON | --at LAT,LON) …`
enum AddCommand: PlacesCommand {
    static let name = "add"
    static let spec = CommandSpec(
        name: name, abstract: "Pin a new place.",
        usage: "<name> [--lat <lat> --lon <lon> | --at <lat,lon> | --in <place>] [--description <text>] [--tag <tag> ...] [--visited [--on <date>]] [--json]",
        discussion: """
        EXAMPLES:
          places add "Buckingham Palace" --lat 51.501 --lon -0.141 --tag london
          places add "Sydney Opera House" --at -33.8568,151.2153 --visited --on 2019-12-31
          places add "Eiffel Tower" --in Paris
          places add "Kraków"

        Without coordinates, the place is pinned at the gazetteer's match for --in PLACE, or for NAME itself;
        places prints what it picked and the runners-up.
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("name", help: "What you call the place.") var name: String
        var coordinates = CoordinateOptions()
        @Option("--description", "-d", value: "text", help: "Notes about the place.") var description: String?
        @Option("--tag", "-t", value: "tag", help: "Put the place in a list; repeat for several.") var tags: [String]
        @Flag("--visited", help: "You have been there (today, or the date given with --on).") var visited: Bool
        @Option("--on", value: "date", help: "The day you visited, e.g. 2024-05-01 (implies --visited).") var on: String?
        @Option("--in", value: "place", help: "Pin the place at this town, looked up in the gazetteer (\"Paris\", \"London, Ontario\").")
        var inPlace: String?
        @Flag("--json", help: "Print the new place as JSON.") var json: Bool
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let name = options.name
        var coordinates = try options.coordinates.read()
        if coordinates != nil, options.inPlace != nil {
            throw UsageError("give either coordinates or --in, not both")
        }
        if coordinates == nil {
            // No coordinates: look up --in PLACE, or the name itself, in the gazetteer.
            let gazetteer = try GazetteerAccess.gazetteer(context)
            let query = options.inPlace ?? name
            do {
                // The name itself must be a place's exact name: "My favourite café" is not a place to guess at.
                let match = try GazetteerAccess.resolve(query, context: context, gazetteer: gazetteer, verb: "Pinning at",
                                                        exactOnly: options.inPlace == nil)
                coordinates = (match.entry.latitude, match.entry.longitude)
            } catch is CommandFailure where options.inPlace == nil {
                throw UsageError("missing coordinates for \"\(name)\", and the gazetteer has no place of that name",
                                 hint: "add --at LAT,LON, --lat LAT --lon LON, or --in PLACE")
            }
        }
        guard let coordinates else { throw UsageError("missing coordinates for \"\(name)\"") }
        let now = Date()
        var visited: Date?
        if let on = options.on {
            guard let date = Timestamp.date(from: on) else {
                throw UsageError("--on \"\(on)\" is not a date such as 2024-05-01")
            }
            visited = date
        } else if options.visited {
            visited = now
        }
        let place = Location(
            name: name, description: options.description ?? "",
            latitude: coordinates.latitude, longitude: coordinates.longitude,
            tags: options.tags, visited: visited)
        let saved = try context.store().add(place, now: now)
        if options.json {
            context.say(try PlaceOutput.json(saved))
        } else {
            var line = "Added \(context.style.bold(TerminalText.visible(saved.name))) (\(saved.shortID)) at \(CoordinateFormat.plain(saved.latitude)), \(CoordinateFormat.plain(saved.longitude))"
            if let gazetteer = try? GazetteerAccess.gazetteer(context),
               let near = gazetteer.nearest(latitude: saved.latitude, longitude: saved.longitude).first {
                line += near.distanceKm < 1 ? ", in \(near.entry.context)" : ", near \(near.entry.context)"
            }
            context.say(line)
        }
    }
}
