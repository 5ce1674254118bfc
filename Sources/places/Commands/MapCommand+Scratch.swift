import PlacesCommandLine
import PlacesKit

extension MapCommand {
    /// `map --scratch [--year Y]`: the countries visited and wanted, and the regions visited within them,
    /// as SVG, PNG, the HTML page or in the terminal.
    static func scratch(_ arguments: Options, _ context: CommandContext) throws {
        guard arguments.scratch else { throw UsageError("--year goes with --scratch", hint: "e.g. places map --scratch --year 2023 -o 2023.svg") }
        if arguments.around != nil || arguments.radius != nil || arguments.labels || arguments.noLabels || arguments.noContext {
            throw UsageError("--scratch draws the whole world: leave out --around, --radius and the label options")
        }
        let output = arguments.output
        if let output, output != "-" { try OutputFile.check(output, protecting: try context.store()) }
        let format = try self.format(arguments, output: output)
        let terminal = arguments.terminal || (output == nil && arguments.format == nil && context.stdoutIsTerminal)
        if arguments.terminal, output != nil || arguments.format != nil {
            throw UsageError("--terminal draws on the screen; leave out -o and --format, or leave out --terminal to write a file",
                             hint: "places map --scratch --terminal, or places map --scratch -o world.svg")
        }
        if arguments.compact, !terminal {
            throw UsageError("--compact is for the terminal drawing; leave it out when writing \(output ?? "a " + format + " file")",
                             hint: "places map --scratch --terminal --compact")
        }
        if !terminal, format == "png", output == nil || output == "-", context.stdoutIsTerminal {
            throw UsageError("a PNG image is not for the terminal", hint: "write it to a file with -o world.png")
        }
        let width = try arguments.width.map { text -> Int in
            let range = terminal ? 20...1_000 : 200...10_000
            guard let value = Int(text), range.contains(value) else {
                throw UsageError("--width \"\(text)\" is not a whole number from \(range.lowerBound) to \(range.upperBound)"
                                 + (terminal ? " (characters, in the terminal)" : " (pixels)"), hint: terminal ? "e.g. --width 80" : "e.g. --width 1600")
            }
            return value
        }
        var query = try arguments.filter.query(context: context)
        var title = "Countries visited"
        if let year = arguments.year {
            guard arguments.filter.travel.from == nil, arguments.filter.travel.to == nil else {
                throw UsageError("--year \"\(year)\" and --from/--to both choose the dates: give one or the other")
            }
            let value = try TimelineCommand.readYear(year, option: "--year")
            query.dates = DaySpan(year: value)
            title = "Countries visited in \(value)"
        }
        let areas = try TravelFilterOptions.areas(context)
        // The page shows descriptions in its popups; the other forms never do.
        let all = format == "html" && !terminal ? try context.store().load() : try context.store().loadWithoutDescriptions()
        let visitedPlaces = query.apply(to: all, areas: areas).filter(\.isVisited)
        var visited = Set<String>(), wanted = Set<String>()
        for place in visitedPlaces {
            if let code = areas.country(of: place)?.code { visited.insert(code) }
        }
        var wantedQuery = query
        wantedQuery.dates = DaySpan()
        wantedQuery.visited = false
        let wantedPlaces = wantedQuery.apply(to: all, areas: areas)
        for place in wantedPlaces {
            if let code = areas.country(of: place)?.code { wanted.insert(code) }
        }
        var map = ScratchMap(visited: visited, wanted: wanted, title: title)
        map.regions = ScratchMap.visitedRegions(visitedPlaces)
        if terminal {
            let size = TerminalSize.current(environment: context.environment)
            let compact = arguments.compact || (size.rows.map { $0 < compactBelowRows } ?? false)
            var lines = map.terminalLines(columns: width ?? size.columns, maximumRows: size.rows.map { $0 - (compact ? 2 : 4) },
                                          color: context.style.enabled)
            if compact { lines.removeLast(2) }
            context.write(lines.joined(separator: "\n") + "\n")
            return
        }
        if let width { map.width = width }
        let bytes: [UInt8]
        switch format {
        case "png": bytes = map.png()
        case "html":
            var options = MapOptions()
            options.title = title
            // The places the map counts, in journal order: the visited ones and the wanted ones.
            let shown = Set(visitedPlaces.map(\.id)).union(wantedPlaces.map(\.id))
            bytes = Array(HTMLMapPage(options: options).render(all.filter { shown.contains($0.id) }, scratch: map).utf8)
        default: bytes = Array(map.svg().utf8)
        }
        guard try context.write(bytes, to: output), let output else { return }
        context.note("Wrote \(output): \(map.legend(countries: CountryIndex.bundled.countries.count)).")
    }
}
