import PlacesCommandLine
import PlacesKit

/// `places stats [--json] [--no-flags]`
enum StatsCommand: PlacesCommand {
    static let name = "stats"
    static let spec = CommandSpec(
        name: name, abstract: "Figures about your journal: countries and continents visited and still wanted, extremes, years.",
        discussion: """
        Each place's country comes from the same outlines as `places where`: a place within 12
        nautical miles of a coast counts as that country's, a place farther out at sea is in no country.
        By year: the places first visited that year and their countries, and every visit that year.
        Regions: the first-level regions (states, provinces) visited in each country. Share of the
        world: the countries visited among the \(CountryIndex.bundled.countries.count) outlined ones, and their land area
        (from the 1:50m outlines), for the world and each continent. --country, --region, --from and
        --to narrow the places counted, as in `places list`.

        EXAMPLES:
          places stats
          places stats --json | jq '.countriesVisited[].name'
          places stats --from 2023 --to 2023
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        var filter = PlaceFilterOptions()
        @Flag("--json", help: "Print the figures as JSON.") var json: Bool
        var flags = FlagColumn.FlagsOption()
        @Flag("--quiet", "-q", help: "Show no progress bar.") var quiet: Bool
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let query = try options.filter.query(context: context)
        let areas = try TravelFilterOptions.areas(context)
        var places = try context.store().loadWithoutDetails()
        if query.filters { places = query.apply(to: places, areas: areas) }
        // Kept until the process exits, as `list` keeps its places: ten thousand visits are not freed one by
        // one, nor the towns and cells the region lookups remembered (freeing them was 3 % of a 1,000-place run).
        context.keepUntilExit(places)
        context.keepUntilExit(areas)
        areas.reserveCapacity(places: places.count)
        let progress = context.progress(total: places.count, quiet: options.quiet)
        // The countries found here are found again by the share of the world below, from the same lookup.
        let stats = TravelStats.compute(places, country: { areas.country(latitude: $0, longitude: $1) }, progress: progress.update)
        progress.finish()
        let share = WorldShare.compute(visited: places, areas: areas)
        if options.json {
            context.say(try PlaceOutput.json(Figures(stats: stats, share: share)))
            return
        }
        for line in text(stats, flags: !options.flags.noFlags, style: context.style) { context.say(line) }
        for line in text(share, style: context.style) { context.say(line) }
    }

    /// `--json`: the figures of ``TravelStats`` with `regionsVisited` and `world` beside them.
    struct Figures: Encodable {
        var stats: TravelStats
        var share: WorldShare
        enum CodingKeys: String, CodingKey { case regionsVisited, world }
        func encode(to encoder: any Encoder) throws {
            try stats.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(share.regionsVisited, forKey: .regionsVisited)
            try container.encode(share.parts, forKey: .world)
        }
    }

    /// The regions and the share of the world for people.
    static func text(_ share: WorldShare, style: TextStyle) -> [String] {
        var lines: [String] = []
        if !share.regionsVisited.isEmpty {
            lines += ["", style.bold("Regions visited:")]
            lines += TerminalText.table(share.regionsVisited.map { [$0.code, String($0.regions.count), $0.regions.joined(separator: ", ")] },
                                        rightAligned: [1]).map { "  " + $0 }
        }
        func percent(_ value: Double) -> String { value == 0 ? "0%" : value < 0.1 ? "<0.1%" : "\(CoordinateFormat.plain((value * 10).rounded() / 10))%" }
        lines += ["", style.bold("Share of the world:")]
        lines += TerminalText.table(share.parts.filter { $0.name == "World" || $0.countriesVisited > 0 }.map { part in
            [part.name, "\(part.countriesVisited) of \(part.countries) countries", percent(part.countriesPercent),
             "\(percent(part.areaPercent)) of the land"]
        }, rightAligned: [2]).map { "  " + $0 }
        return lines
    }

    /// The figures for people.
    static func text(_ stats: TravelStats, flags: Bool, style: TextStyle) -> [String] {
        func pin(_ pin: TravelStats.Pin) -> String {
            let flag = flags ? CountryFlag.emoji(pin.countryCode ?? "") : ""
            return (flag.isEmpty ? "" : flag + " ") + TerminalText.visible(pin.name) + " " + style.dim("(\(pin.shortID))")
        }
        func country(_ country: TravelStats.Country) -> [String] {
            let flag = flags && !country.flag.isEmpty ? country.flag + " " : ""
            return [flag + country.name + " (\(country.code))", counted(country.places, "place"), country.continent ?? ""]
        }
        var lines = ["\(style.bold("Places:")) \(stats.places) (\(stats.visited) visited, \(stats.wantToGo) want to go)"]
        if !stats.tags.isEmpty {
            lines.append("\(style.bold("Tags:")) " + stats.tags.map { "\(TerminalText.visible($0.tag)) \($0.places)" }.joined(separator: ", "))
        }
        for (title, list) in [("Countries visited", stats.countriesVisited), ("Countries still wanted", stats.countriesWanted)] where !list.isEmpty {
            lines += ["", style.bold("\(title) (\(list.count)):")]
            lines += TerminalText.table(list.map(country)).map { "  " + $0 }
        }
        if stats.placesInNoCountry > 0 {
            lines.append("  (\(counted(stats.placesInNoCountry, "place")) in no country)")
        }
        if !stats.continentsVisited.isEmpty || !stats.continentsWanted.isEmpty { lines.append("") }
        if !stats.continentsVisited.isEmpty {
            lines.append("\(style.bold("Continents visited:")) " + stats.continentsVisited.joined(separator: ", "))
        }
        if !stats.continentsWanted.isEmpty {
            lines.append("\(style.bold("Continents still wanted:")) " + stats.continentsWanted.joined(separator: ", "))
        }
        if stats.furthestApart != nil || stats.extremes != nil { lines.append("") }
        if let pair = stats.furthestApart {
            lines.append("\(style.bold("Furthest apart:")) \(pin(pair.first)) and \(pin(pair.second)), "
                         + grouped(Int(saturating: pair.distanceKm.rounded())) + " km")
        }
        if let e = stats.extremes {
            for (label, p, value) in [("Northernmost", e.northernmost, e.northernmost.latitude),
                                      ("Southernmost", e.southernmost, e.southernmost.latitude),
                                      ("Easternmost", e.easternmost, e.easternmost.longitude),
                                      ("Westernmost", e.westernmost, e.westernmost.longitude)] {
                let axis = label.hasPrefix("North") || label.hasPrefix("South") ? "lat" : "lon"
                lines.append("\(style.bold(label + ":")) \(pin(p)), \(axis) \(CoordinateFormat.plain(value))")
            }
        }
        if let visit = stats.mostRecentVisit {
            lines.append("\(style.bold("Most recent visit:")) \(pin(visit.place)) on \(visit.date.shortText)")
        }
        if !stats.years.isEmpty {
            lines += ["", style.bold("By year:")]
            for year in stats.years {
                let new = year.newPlaces == 0 ? ""
                    : "\(counted(year.newPlaces, "new place")) in \(counted(year.newCountries, "country", plural: "countries")), "
                lines.append("  \(year.year): \(new)\(counted(year.visits, "visit"))")
            }
        }
        return lines
    }
}
