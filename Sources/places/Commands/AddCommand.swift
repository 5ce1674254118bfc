import PlacesCommandLine
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
        usage: "<name> [--lat <lat> --lon <lon> | --at <lat,lon> | --in <place>] [--pick <n>] [--description <text>] [--tag <tag> ...] [--visited [--on <date>]] [--force] [--json]",
        discussion: """
        EXAMPLES:
          places add "Buckingham Palace" --lat 51.501 --lon -0.141 --tag london
          places add "Sydney Opera House" --at -33.8568,151.2153 --visited --on 2019-12-31
          places add "Eiffel Tower" --in Paris
          places add "Kraków"
          places add "Picnic spot" --in Springfield --pick 2

        Without coordinates, the place is pinned at --in PLACE (one of your own places or the gazetteer's),
        or at NAME itself in the gazetteer, but only when the name is clearly one place: its exact name or
        alias, well ahead of any other place of that name. Otherwise places lists the candidates and saves
        nothing; choose one with --pick N, a qualifier (--in "Central Park, New York") or coordinates.
        places always says where it pinned.

        Adding a place with the name of one already within 100 m (case and accents aside) asks first on a
        terminal; elsewhere (scripts, pipes) it is refused unless --force is given.
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("name", help: "What you call the place.") var name: String
        var coordinates = CoordinateOptions()
        @Option("--description", "-d", value: "text", help: "Notes about the place.") var description: String?
        @Option("--tag", "-t", value: "tag", help: "Put the place in a list; repeat for several.") var tags: [String]
        @Flag("--visited", help: "You have been there (today, or the date given with --on).") var visited: Bool
        @Option("--on", value: "date", help: "When you visited: 2024-05-01, yesterday, \"last friday\", 2024-05, May 2024, 2024 (implies --visited).") var on: String?
        @Option("--in", value: "place", help: "Pin the place at this town or one of your places (\"Paris\", \"London, Ontario\", \"Dishoom\").")
        var inPlace: String?
        @Option("--pick", value: "n", help: "Pin at the Nth of the places listed when a name could mean several.") var pick: String?
        @Flag("--force", help: "Add it even when a place of the same name is already within 100 m.") var force: Bool
        @Flag("--json", help: "Print the new place as JSON.") var json: Bool
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let name = options.name
        var coordinates = try options.coordinates.read()
        if coordinates != nil, options.inPlace != nil {
            throw UsageError("give either coordinates or --in, not both")
        }
        let pick = try pickPosition(options.pick)
        if coordinates != nil, pick != nil {
            throw UsageError("--pick chooses among the places a name could mean; leave it out when giving coordinates")
        }
        // Without coordinates: pin at --in PLACE (one of your places or the gazetteer's), or at the name itself.
        var position: (([Location]) throws -> (latitude: Double, longitude: Double))?
        if coordinates == nil {
            let gazetteer = try GazetteerAccess.gazetteer(context)
            if let inPlace = options.inPlace {
                // Your places are searched in the same read of the journal that saves the new one.
                position = { places in
                    let chosen = try PlaceChoice.pin(inPlace, pick: pick, resolver: PlaceResolver(gazetteer: gazetteer, journal: places),
                                                     context: context)
                    return (chosen.latitude, chosen.longitude)
                }
            } else {
                // The name alone is looked up in the gazetteer only (your own place of that name is the one
                // being added again), and must name a place outright: "My favourite café" is not one to guess at.
                let chosen = try PlaceChoice.pin(name, pick: pick, resolver: PlaceResolver(gazetteer: gazetteer), context: context,
                                                 notAPlace: UsageError("missing coordinates for \"\(name)\", and the gazetteer has no place of that name",
                                                                       hint: "add --at LAT,LON, --lat LAT --lon LON, or --in PLACE"))
                coordinates = (chosen.latitude, chosen.longitude)
            }
        }
        let now = Date()
        let reader = VisitDateReader(now: now)
        var visits: [Visit] = []
        if let on = options.on {
            visits = [Visit(date: try OptionValues.date(on, option: "--on", reader: reader))]
        } else if options.visited {
            visits = [Visit(date: try reader.read("today"))]
        }
        let place = Location(
            name: name, description: options.description ?? "",
            latitude: coordinates?.latitude ?? 0, longitude: coordinates?.longitude ?? 0,
            tags: options.tags, visits: visits)
        let store = try context.store()
        let saved: Location
        do {
            saved = try store.add(place, now: now, refusingDuplicates: !options.force, positionedBy: position)
        } catch let duplicate as DuplicatePlaceError {
            // Asked outside the lock: the person may take their time; the add then runs again in full.
            guard context.stdinIsTerminal else {
                throw CommandFailure("\(duplicate); nothing added\nhint: pass --force to add it again anyway, or `places show \(duplicate.existing.shortID)` to see it")
            }
            guard context.confirm("\(duplicate). Add it again?") else { throw CommandFailure("nothing added") }
            saved = try store.add(place, now: now, positionedBy: position)
        }
        if options.json {
            context.say(try PlaceOutput.json(saved))
        } else {
            var line = "Added \(context.style.bold(TerminalText.visible(saved.name))) (\(saved.shortID)) at \(CoordinateFormat.plain(saved.latitude)), \(CoordinateFormat.plain(saved.longitude))"
            if let gazetteer = try? GazetteerAccess.gazetteer(context) {
                // The nearest town of the point's own country (Kilimanjaro is near Tarakea, TZ, though a Kenyan
                // town lies nearer), else the nearest of all.
                let towns = gazetteer.nearest(latitude: saved.latitude, longitude: saved.longitude, limit: 10)
                let country = ReverseGeocoder(gazetteer: gazetteer).country(latitude: saved.latitude, longitude: saved.longitude)
                if let near = towns.first(where: { $0.entry.countryCode == country }) ?? towns.first {
                    line += near.distanceKm < 1 ? ", in \(near.entry.context)" : ", near \(near.entry.context)"
                }
            }
            context.say(line)
        }
    }

    /// Reads `--pick`, a position in the list of candidates: a whole number from 1.
    static func pickPosition(_ text: String?) throws -> Int? {
        guard let text else { return nil }
        guard let pick = Int(text), pick > 0 else {
            throw UsageError("--pick \"\(text)\" is not a position in the list of places (a whole number from 1)",
                             hint: "e.g. --pick 2")
        }
        return pick
    }
}
