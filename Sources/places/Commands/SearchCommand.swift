import PlacesCommandLine
import PlacesKit

/// `places search QUERY [--limit N] [--country CC] [--json]`, `places search --batch --json`
enum SearchCommand: PlacesCommand {
    static let name = "search"
    static let spec = CommandSpec(
        name: name, abstract: "Find places in the offline gazetteer by name, in any language, or by coordinates.",
        usage: "(<query> | --batch) [--limit <n>] [--country <cc>] [--json]",
        discussion: """
        Finds towns and villages, regions and counties, countries, sights, mountains, lakes, seas,
        islands, parks and airports (by name or IATA/ICAO code), and says what each is. Matching ignores
        case, accents and punctuation, knows names in other languages and scripts (Лондон, 伦敦, Londres)
        and generic words ("Lake Como", "Mt Etna", "Isle of Skye"), reads qualifiers right to left
        ("Springfield, Illinois", "St Ives, Cornwall", "Cambridge, MA, US", former region names too),
        drops a qualifier that names nothing with a note, and suggests close spellings ("did you mean").

        EXAMPLES:
          places search London
          places search "Portland, ME" --json
          places search Lodnon
          places search "Mount Fuji"
          places search LHR
          places search "51°30′26″N 0°7′39″W"
          printf 'Paris\\nTokyo\\n' | places search --batch --json
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("query", help: "A place name, optionally with qualifiers, or coordinates.") var query: String?
        @Option("--limit", "-n", value: "n", help: "The most results to show (default 10; 1 with --batch).") var limit: String?
        @Option("--country", "-c", value: "cc", help: "Only places in this country (ISO code, e.g. FR).") var country: String?
        @Flag("--json", help: "Print JSON: an array of results (one object per line with --batch).") var json: Bool
        @Flag("--batch", help: "Read one query per line from standard input.") var batch: Bool
        @Flag("--quiet", "-q", help: "With --batch: show no progress bar.") var quiet: Bool
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let gazetteer = try GazetteerAccess.gazetteer(context)
        let country = try OptionValues.country(options.country, in: gazetteer)
        let json = options.json
        if options.batch {
            guard options.query == nil else {
                throw UsageError("--batch reads the queries from standard input", hint: "drop the query argument")
            }
            let limit = try OptionValues.limit(options.limit, default: 1)
            // The number of queries is unknown until standard input ends: the bar shows count and rate.
            let progress = context.progress(total: nil, writesToStdout: true, quiet: options.quiet)
            defer { progress.finish() }
            context.answerEachLine(progress: progress) { query in
                let matches = query.isEmpty ? [] : gazetteer.search(query, limit: limit, country: country)
                if json { return GeosearchJSON.batchLine(query: query, matches: matches) }
                return query + "\t" + (matches.first.map(GazetteerAccess.line) ?? "(no match)")
            }
            return
        }
        guard let query = options.query, !query.trimmed.isEmpty else {
            throw UsageError("missing <query>", hint: "e.g. places search London, or --batch to read queries from standard input")
        }
        let result = gazetteer.lookup(query, limit: try OptionValues.limit(options.limit, default: 10), country: country)
        let matches = result.matches
        if json {
            context.say(GeosearchJSON.matches(matches))
            return
        }
        guard !matches.isEmpty else {
            if !result.suggestions.isEmpty {
                context.note("No place called \"\(query)\". Did you mean:")
                for match in result.suggestions { context.say(GazetteerAccess.line(match)) }
            }
            throw CommandFailure(noMatch(query, country, suggestions: result.suggestions))
        }
        for dropped in result.droppedQualifiers {
            context.note(GazetteerAccess.droppedQualifierNote(dropped, best: matches[0].entry))
        }
        if matches[0].quality == .fuzzy {
            context.note("No place called \"\(query)\". Did you mean:")
        }
        for match in matches { context.say(GazetteerAccess.line(match)) }
    }

    /// The failure when nothing is a result: weak guesses were shown as suggestions, or nothing matched at all.
    private static func noMatch(_ query: String, _ country: String?, suggestions: [GazetteerMatch]) -> String {
        let within = country.map { " in \($0)" } ?? ""
        if let first = suggestions.first {
            return "no place matches \"\(query)\"\(within); the nearest spelling is \(first.entry.name)"
        }
        return "no place matches \"\(query)\"\(within)"
    }
}
