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

/// `places map [-o FILE] [--format svg|html|png] [--terminal [--compact]] [--tag TAG] [--visited | --unvisited]
/// [--around LAT,LON [--radius 50km]] [--width N] [--labels | --no-labels] [--no-context]`
enum MapCommand: PlacesCommand {
    static let formats = ["svg", "html", "png"]
    /// The file name endings each format is written to; any other ending is refused.
    static let extensions = ["svg": "svg", "html": "html", "htm": "html", "png": "png"]
    /// Terminals with fewer lines than this get the compact drawing without being asked.
    static let compactBelowRows = 30

    static let name = "map"
    static let spec = CommandSpec(
        name: name, abstract: "Draw your places on a map: an SVG or HTML file, or in the terminal.",
        usage: "[-o <file>] [--format svg|html|png] [--terminal [--compact]] [--tag <tag>] [--visited | --unvisited] [--country <country>] [--region <region>] [--from <date>] [--to <date>] [--around <place> [--radius <distance>]] [--width <n>] [--labels | --no-labels] [--no-context] [--scratch [--year <year>]]",
        discussion: """
        The view fits every pin with a margin, across the 180° meridian when that is shorter; with
        --around it shows the circle of --radius around that point and the places inside it.
        Without -o the map goes to standard output: SVG (or HTML) when it is a file or a pipe, the
        terminal drawing when it is a terminal. The projection is Web Mercator. The format follows
        the file's ending (.svg, .html, .png) unless --format says otherwise; PNG is drawn by places
        itself, with no other program needed. Towns, seas and ranges from the gazetteer are named
        around the pins for context (grey, smaller); --no-context leaves them out. A name with no
        room beside its pin is set apart with a leader line, or listed in the legend.

        The HTML page is one file that works without a network: drag, scroll, pinch or use the
        keyboard to move and zoom, click a pin for its description, tags, visit date and share
        links, search your places and filter them by tag or visited. Pins cluster when many
        overlap. An OpenStreetMap background can be switched on in the page when online.

        EXAMPLES:
          places map -o journal.svg
          places map --format html -o journal.html --tag food
          places map -o trip.png --tag japan
          places map --terminal --around 48.8566,2.3522 --radius 20km
          places map --around "Grandma's house" --radius 5km -o home.svg
          places map --scratch -o world.png
          places map --scratch --year 2023 -o 2023.svg
          places map --scratch -o world.html
          places map --scratch --terminal

        --scratch draws the world's countries from the same outlines that say which country a place
        is in: those you have visited filled, those where you only have places still wanted outlined,
        and within them the first-level regions visited filled darker where outlines exist (states of
        the United States and Australia, provinces of Canada, states of Brazil), with the counts
        under the title. --year keeps the countries visited that year; filters narrow the places it
        counts. It is drawn as SVG, PNG, the HTML page (your places over the filled countries, the
        countries listed beside the map) or in the terminal (█ visited, ▒ wanted, ░ other land;
        --width in characters).
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Option("--output", "-o", value: "file", help: "Write the map to this file (.svg, .html or .png).") var output: String?
        @Option("--format", "-f", value: "format", help: "svg (default), html (an interactive page: zoom, popups, search, filters; works offline) or png.",
                choices: formats)
        var format: String?
        @Flag("--terminal", help: "Draw the map in the terminal with braille characters.") var terminal: Bool
        @Flag("--compact", help: "In the terminal: the title and the map only, no legend (the default below 30 lines).")
        var compact: Bool
        var filter = PlaceFilterOptions()
        @Option("--around", value: "place", help: "Show the region around this point or place: 48.8566,2.3522, Paris, one of your places.")
        var around: String?
        @Option("--radius", value: "distance", help: "With --around: how far around, e.g. 20km, 800m, 10mi (default 50km).")
        var radius: String?
        @Option("--width", value: "n", help: "Width in pixels (default 960), or in characters with --terminal (default: the terminal's).")
        var width: String?
        @Flag("--labels", help: "Write place names beside the pins (the default).") var labels: Bool
        @Flag("--no-labels", help: "Pins only, no names.") var noLabels: Bool
        @Flag("--no-context", help: "Leave out the gazetteer's towns, seas and ranges around the pins.") var noContext: Bool
        @Flag("--scratch", help: "A scratch map of the world: the countries (and regions) visited filled, the ones wanted outlined.") var scratch: Bool
        @Option("--year", value: "year", help: "With --scratch: only the countries visited that year.") var year: String?
    }

    static func run(_ arguments: Options, _ context: CommandContext) throws {
        if arguments.scratch || arguments.year != nil { return try scratch(arguments, context) }
        var places = try context.store().load()
        if arguments.filter.travel.given {
            // Country, region and dates narrow the places first; the renderers apply the rest.
            let query = try arguments.filter.query(context: context)
            places = query.apply(to: places, areas: query.filtersAreas ? try TravelFilterOptions.areas(context) : nil)
        }
        var options = try mapOptions(arguments) { name in
            // A place name for --around is one of your places or the gazetteer's; places says which it picked.
            let resolver = PlaceResolver(gazetteer: try GazetteerAccess.gazetteer(context), journal: places)
            let centre = try PlaceChoice.look(name, resolver: resolver, context: context, verb: "Mapping around")
            return (MapCoordinate(latitude: centre.latitude, longitude: centre.longitude), centre.name)
        }
        // The added regions draw their streets where they cover the view; one that cannot be read is left out.
        options.regions = MapRegions(RegionStore.installed(dataDirectory: StorePath.directory(of: try context.storePath())).packs)
        let output = arguments.output
        // The journal's own files are refused as such before their ending is judged.
        if let output, output != "-" { try OutputFile.check(output, protecting: try context.store()) }
        let format = try self.format(arguments, output: output)

        if arguments.compact && (output != nil || arguments.format != nil) {
            throw UsageError("--compact is for the terminal drawing; leave it out when writing \(output ?? "a " + (arguments.format ?? "svg") + " file")")
        }
        if arguments.terminal || (output == nil && context.stdoutIsTerminal && arguments.format == nil) {
            if output != nil { throw UsageError("--terminal draws on the screen; leave out -o, or leave out --terminal to write a file") }
            var terminalOptions = options
            let size = TerminalSize.current(environment: context.environment)
            terminalOptions.width = arguments.width != nil ? options.width : size.columns
            // A small terminal (80 × 24) gets the map alone: a legend would push the top off the screen.
            let compact = arguments.compact || (size.rows.map { $0 < compactBelowRows } ?? false)
            let renderer = TerminalMapRenderer(options: terminalOptions, usesColor: context.style.enabled,
                                               maximumRows: size.rows.map { $0 - (compact ? 4 : 5) }, isCompact: compact)
            context.write(renderer.render(places))
            return
        }

        if format == "png", output == nil || output == "-", context.stdoutIsTerminal {
            throw UsageError("a PNG image is not for the terminal", hint: "write it to a file with -o map.png, or leave out --format png")
        }
        let bytes: [UInt8]
        switch format {
        case "html": bytes = Array(HTMLMapPage(options: options).render(places).utf8)
        case "png": bytes = PNGMapRenderer(options: options).render(places)
        default: bytes = Array(SVGMapRenderer(options: options).render(places).utf8)
        }
        guard try context.write(bytes, to: output), let output else { return }
        let count = options.filter.apply(to: places).count
        context.note("Wrote \(output): \(count == 1 ? "1 place" : "\(count) places").")
    }

    /// The format asked for, or the one the output file's ending names. An ending that is not a map
    /// format is refused rather than given SVG bytes under a misleading name (`trip.jpg`).
    static func format(_ arguments: Options, output: String?) throws -> String {
        let ending: String?
        if let output, output != "-", let dot = output.lastIndex(of: "."), !output[dot...].contains("/") {
            ending = String(output[output.index(after: dot)...]).lowercased()
        } else {
            ending = nil
        }
        let byEnding = ending.flatMap { extensions[$0] }
        if let ending, byEnding == nil {
            throw UsageError("-o \"\(output!)\": .\(ending) is not a map format places writes",
                             hint: "use .svg, .html or .png (or leave the ending out and choose with --format svg|html|png)")
        }
        if let format = arguments.format {
            if let byEnding, byEnding != format {
                throw UsageError("-o \"\(output!)\" ends in .\(ending!) but --format is \(format)",
                                 hint: "name the file .\(format), or leave out --format")
            }
            return format
        }
        return byEnding ?? "svg"
    }

    static func mapOptions(_ arguments: Options,
                           resolvePlace: @escaping (String) throws -> (MapCoordinate, name: String)?) throws -> MapOptions {
        let query = try arguments.filter.query()
        if arguments.labels && arguments.noLabels {
            throw UsageError("--labels and --no-labels exclude each other")
        }
        var filter = MapFilter(tags: query.tags, visited: query.visited)
        if let around = arguments.around {
            // A centre named by the user subtitles the map with its name rather than its coordinates.
            let centre = try centre(around, resolvePlace: resolvePlace)
            filter.around = centre.point
            filter.aroundName = centre.name
            if let radius = arguments.radius { filter.radiusKm = try OptionValues.radius(radius) }
        } else if arguments.radius != nil {
            throw UsageError("--radius needs --around", hint: "e.g. --around 48.8566,2.3522 --radius 20km")
        }
        var options = MapOptions(showsLabels: !arguments.noLabels, showsContext: !arguments.noContext, filter: filter)
        if let width = arguments.width {
            let limit = arguments.terminal ? 24...1000 : 200...10_000
            guard let value = Int(width), limit.contains(value) else {
                throw UsageError("--width \"\(width)\" is not a whole number from \(limit.lowerBound) to \(limit.upperBound)")
            }
            options.width = value
        }
        return options
    }

    /// The centre for `--around`: coordinates in any form ``CoordinateParser`` reads (no name), or a
    /// place name handed to `resolvePlace` (with the name of the place it found).
    static func centre(_ text: String, resolvePlace: (String) throws -> (MapCoordinate, name: String)?) throws
        -> (point: MapCoordinate, name: String?) {
        if let point = MapCoordinate(coordinateText: text) {
            guard point.isInTheWorld else {
                throw UsageError("--around \"\(text)\" is outside the world",
                                 hint: "latitude comes first, -90 to 90; longitude second, -180 to 180")
            }
            return (point, nil)
        }
        if let found = try resolvePlace(text.trimmed) { return (found.0, found.name) }
        throw UsageError("--around \"\(text)\" is neither coordinates nor a known place",
                         hint: "coordinates accepted: \(CoordinateParser.acceptedForms)")
    }
}

/// The terminal's size: `COLUMNS`/`LINES` when set (shells export them, tests pin them), else the
/// `TIOCGWINSZ` ioctl on standard output, else 80 columns.
enum TerminalSize {
    static func current(environment: [String: String]) -> (columns: Int, rows: Int?) {
        var size = winsize()
        let asked = ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0 && size.ws_col > 0
        let columns = positive(environment["COLUMNS"]) ?? (asked ? Int(size.ws_col) : 80)
        let rows = positive(environment["LINES"]) ?? (asked && size.ws_row > 0 ? Int(size.ws_row) : nil)
        return (max(columns, 24), rows)
    }

    private static func positive(_ text: String?) -> Int? {
        guard let text, let value = Int(text), value > 0 else { return nil }
        return value
    }
}
