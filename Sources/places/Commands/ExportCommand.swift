import PlacesCommandLine
import PlacesKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif

/// `places export --format geojson|gpx|kml|csv [-o FILE] [--tag TAG] [--visited | --unvisited]`
enum ExportCommand: PlacesCommand {
    static let name = "export"
    static let spec = CommandSpec(
        name: name, abstract: "Write places as GeoJSON, GPX, KML or CSV for other apps.",
        discussion: """
        The format may be left out when the output file's extension names it (.geojson, .gpx, .kml, .csv).
        Every format carries each place's visits whole (dates as given, notes), so importing the file
        back keeps them; `visited` is also written, as the latest visit, for other apps.

        EXAMPLES:
          places export --format geojson > places.geojson
          places export -o trip.gpx --tag 2025-trip
          places export --format csv --unvisited -o wishlist.csv
          places export --trip 3 --format gpx -o japan.gpx

        With --trip, the trip's places are written in visiting order, then the route through them: a
        GPX rte, a KML or GeoJSON LineString (CSV has no routes).
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Option("--format", "-f", value: "format", help: "geojson, gpx, kml or csv.",
                choices: InterchangeFormat.exportable.map(\.rawValue))
        var format: String?
        @Option("--output", "-o", value: "file", help: "Write to this file instead of standard output.") var output: String?
        var filter = PlaceFilterOptions()
        @Option("--trip", value: "trip", help: "Only this trip's places (its number or name), with the route between them in visiting order.")
        var trip: String?
        var home = TravelJournal.HomeOption()
        @Flag("--quiet", "-q", help: "Show no progress bar.") var quiet: Bool
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let output = options.output
        let format = try resolveFormat(options.format, output: output)
        let query = try options.filter.query(context: context)
        var places: [Location]
        var route: ExportRoute?
        if let typed = options.trip {
            if query.filters { throw UsageError("--trip chooses the places itself; leave out the other filters") }
            let journal = try TravelJournal.load(context, home: options.home.home, wholePlaces: true)
            let trip = try TravelJournal.trip(typed, in: journal.trips())
            places = trip.route(in: journal.log)
            route = ExportRoute(name: trip.name ?? "Trip \(trip.number)", stops: places)
            // Each place once, at its first stop; the route keeps every return.
            var seen = Set<UUID>()
            places = places.filter { seen.insert($0.id).inserted }
        } else {
            places = query.apply(to: try context.store().load(), areas: query.filtersAreas ? try TravelFilterOptions.areas(context) : nil)
        }
        let toStandardOutput = output == nil || output == "-"
        let progress = context.progress(total: places.count, writesToStdout: toStandardOutput, quiet: options.quiet)
        let text = try Exporter.export(places, as: format, route: route, progress: progress.update)
        progress.finish()
        if try context.write(text, to: output), let output {
            context.note("Exported \(places.count) place\(places.count == 1 ? "" : "s") to \(output) (\(format)).")
        }
    }

    static func resolveFormat(_ name: String?, output: String?) throws -> InterchangeFormat {
        if let name, let format = InterchangeFormat(rawValue: name) { return format }
        if let output, let dot = output.lastIndex(of: ".") {
            let fileExtension = output[output.index(after: dot)...].lowercased()
            if let format = InterchangeFormat.exportable.first(where: { $0.fileExtension == fileExtension || (fileExtension == "json" && $0 == .geojson) }) {
                return format
            }
        }
        throw UsageError("missing --format", hint: "give --format geojson, gpx, kml or csv (or an -o file ending in one of those)")
    }
}
