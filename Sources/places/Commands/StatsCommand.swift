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

        EXAMPLES:
          places stats
          places stats --json | jq '.countriesVisited[].name'
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Flag("--json", help: "Print the figures as JSON.") var json: Bool
        var flags = FlagColumn.FlagsOption()
        @Flag("--quiet", "-q", help: "Show no progress bar.") var quiet: Bool
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let places = try context.store().load()
        let lookup = try FlagColumn.lookup(context)
        let progress = context.progress(total: places.count, quiet: options.quiet)
        let stats = TravelStats.compute(places, country: lookup, progress: progress.update)
        progress.finish()
        if options.json {
            context.say(try PlaceOutput.json(stats))
            return
        }
        for line in text(stats, flags: !options.flags.noFlags, style: context.style) { context.say(line) }
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
