import PlacesCommandLine
import PlacesKit

/// `places review YEAR [--json] [-o FILE.svg|.png|.html]`
enum ReviewCommand: PlacesCommand {
    static let name = "review"
    static let spec = CommandSpec(
        name: name, abstract: "A year in numbers: visits, places, new countries and regions, trips, days away, distance.",
        usage: "<year> [--home <place>] [--json] [-o <file.svg|file.png|file.html>]",
        discussion: """
        A visit belongs to the year when its whole date lies in it; one dated only by the year counts
        among the year's visits but in no month. A country or region is new when the year holds its
        first visit ever. Trips (see `places trips`) count in the year they start; days away and
        distance are theirs. The furthest point is measured from home. Each month's visits are drawn
        as a bar. With -o, a map of the year's places is written as well (SVG, PNG or the HTML page,
        by the file's ending).

        EXAMPLES:
          places review 2023
          places review 2023 -o 2023.png
          places review 2023 --json | jq .newCountries
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("year", help: "The year to review.") var year: String
        var home = TravelJournal.HomeOption()
        @Option("--output", "-o", value: "file", help: "Also write a map of the year's places to this file (.svg, .png or .html).") var output: String?
        @Flag("--json", help: "Print the figures as JSON.") var json: Bool
        var flags = FlagColumn.FlagsOption()
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let year = try TimelineCommand.readYear(options.year, option: "year")
        let format = try options.output.map { output -> String in
            if output != "-" { try OutputFile.check(output, protecting: try context.store()) }
            let ending = output.split(separator: ".").last.map { $0.lowercased() } ?? ""
            guard output.contains("."), let format = MapCommand.extensions[ending] else {
                throw UsageError("-o \"\(output)\": the map of the year is written as .svg, .png or .html", hint: "e.g. -o \(year).png")
            }
            return format
        }
        // The map draws the places themselves (visited, and on the page their descriptions): read whole.
        let journal = try TravelJournal.load(context, home: options.home.home, wholePlaces: format != nil)
        // A trip that starts in the year has a stop in it: only those are built.
        let trips = journal.trips(touching: DaySpan(year: year))
        let review = YearReview.make(year: year, log: journal.log, trips: trips, home: journal.home, areas: journal.areas)
        if let output = options.output, let format {
            var mapOptions = MapOptions()
            mapOptions.title = "\(year): \(counted(review.places, "place"))"
            let places = YearReview.placesVisited(year: year, log: journal.log)
            let bytes: [UInt8]
            switch format {
            case "html": bytes = Array(HTMLMapPage(options: mapOptions).render(places).utf8)
            case "png": bytes = PNGMapRenderer(options: mapOptions).render(places)
            default: bytes = Array(SVGMapRenderer(options: mapOptions).render(places).utf8)
            }
            if try context.write(bytes, to: output) { context.note("Wrote \(output): a map of \(counted(places.count, "place")).") }
        }
        if options.json {
            context.say(try PlaceOutput.json(review))
            return
        }
        for line in text(review, journal: journal, flags: !options.flags.noFlags && context.stdoutIsTerminal, style: context.style) {
            context.say(line)
        }
    }

    /// The review for people.
    static func text(_ review: YearReview, journal: TravelJournal, flags: Bool, style: TextStyle) -> [String] {
        var lines = [style.bold("\(review.year) in review")]
        guard review.visits > 0 else {
            lines.append("No visits in \(review.year)" + (review.placesAdded > 0 ? "; \(counted(review.placesAdded, "place")) added." : "."))
            return lines
        }
        func names(_ codes: [String]) -> String {
            codes.map { code in
                let flag = flags ? CountryFlag.emoji(code) + " " : ""
                return flag + journal.areas.countryName(code)
            }.joined(separator: ", ")
        }
        lines.append("\(style.bold("Visits:")) \(grouped(review.visits)) to \(counted(review.places, "place")); \(counted(review.placesAdded, "place")) added")
        lines.append("\(style.bold("Countries:")) \(review.countries.count)" + (review.countries.isEmpty ? "" : " (\(names(review.countries)))"))
        if !review.newCountries.isEmpty { lines.append("  new: " + names(review.newCountries)) }
        lines.append("\(style.bold("Regions:")) \(review.regions.count)" + (review.newRegions.isEmpty ? "" : ", new: " + review.newRegions.map { TerminalText.visible($0) }.joined(separator: ", ")))
        lines.append("\(style.bold("Trips:")) \(review.trips), \(counted(review.daysAway, "day")) away, \(journal.kilometres(review.distanceKm))")
        if let most = review.mostVisited {
            lines.append("\(style.bold("Most visited:")) \(TerminalText.visible(most.name)) (\(counted(Int(most.value), "visit")))")
        }
        if let furthest = review.furthest {
            lines.append("\(style.bold("Furthest from home:")) \(TerminalText.visible(furthest.name)), \(journal.kilometres(furthest.value))")
        }
        lines.append("")
        let most = max(review.months.max() ?? 0, 1)
        for (index, count) in review.months.enumerated() {
            let bar = String(repeating: "█", count: count == 0 ? 0 : max(1, count * 30 / most))
            lines.append("  \(VisitDate.monthNames[index].prefix(3))  \(bar)\(count > 0 ? " \(count)" : "")")
        }
        let undated = review.visits - review.months.reduce(0, +)
        if undated > 0 { lines.append("  (\(counted(undated, "visit")) dated only by the year)") }
        return lines
    }
}
