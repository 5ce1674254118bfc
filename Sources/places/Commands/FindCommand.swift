import PlacesCommandLine
import PlacesKit

/// `places find TEXT [--limit N] [--json]`
enum FindCommand: PlacesCommand {
    static let name = "find"
    static let spec = CommandSpec(
        name: name, abstract: "Search your own places' names, tags and descriptions.",
        usage: "<text> [--limit <n>] [--json]",
        discussion: """
        Every word is looked for on its own, in any case, with or without accents, in any script, and
        forgiving a typo (two in long words). Places matching more of the words come first; then a match
        in the name beats one in a tag, which beats one in the description; and a whole word beats the
        start of a word, which beats a typo. On a terminal the words found are highlighted. When the
        text, or one of its words, names a country or a first-level region (France, 日本, Kyoto), your
        places there are listed after the places whose text matches.
        To search the world's towns and sights instead, use `places search`.

        EXAMPLES:
          places find ramen kyoto
          places find "black daal" --limit 5
          places find krakow --json
          places find japan
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("text", help: "The words to look for.") var text: [String]
        @Option("--limit", "-n", value: "n", help: "The most places to list (default 20).") var limit: String?
        @Flag("--json", help: "Print the places found as JSON, best first.") var json: Bool
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let text = options.text.joined(separator: " ")
        guard !text.trimmed.isEmpty else { throw UsageError("missing <text>: the words to look for", hint: "e.g. places find ramen kyoto") }
        let limit = try OptionValues.limit(options.limit, default: 20)
        let search = PlaceSearch(query: text)
        guard !search.folded.isEmpty else {
            throw UsageError("\"\(text)\" has no letters or digits to look for", hint: "e.g. places find ramen kyoto")
        }
        let store = try context.store()
        let index = try store.index()
        let hits = search.search(index, limit: limit)
        // Only the places found are decoded in full; a damaged one means reading the whole journal to say why.
        var places: [Location] = []
        for hit in hits {
            guard let place = index.place(hit.position) else { _ = try store.load(); continue }
            places.append(place)
        }
        var hitList: [PlaceSearch.Hit?] = hits.map { $0 }
        if places.count < limit {
            for place in try placesInNamedAreas(text, context: context) where places.count < limit && !places.contains(place) {
                places.append(place)
                hitList.append(nil)
            }
        }
        if options.json {
            context.say(try PlaceOutput.json(places))
            return
        }
        guard !places.isEmpty else {
            context.note("No place's name, tags or description has \"\(text)\".\nhint: `places search \(text)` searches the world's towns and sights")
            return
        }
        var lines: [String] = []
        let width = TerminalSize.current(environment: context.environment).columns
        for (place, hit) in zip(places, hitList) {
            var line = context.style.dim(place.shortID) + "  " + highlighted(place.name, search, context)
            if !place.tags.isEmpty { line += "  " + context.style.dim("[") + place.tags.map { highlighted($0, search, context) }.joined(separator: ", ") + context.style.dim("]") }
            lines.append(line)
            if hit?.fields.contains(.description) == true {
                lines.append("          " + snippet(place.description, search, width: max(20, width - 10), context))
            }
        }
        context.write(lines.joined(separator: "\n") + "\n")
    }

    /// The most words an area's name is looked for in (`Bosnia and Herzegovina`).
    static let longestAreaName = 4

    /// The places in the countries and regions the text names; in journal order. The text is read from
    /// its first word on, each time the longest run of words (up to ``longestAreaName``) that names a
    /// country or region, so `ramen new york` finds New York, not also York, and `dinner in New South
    /// Wales` finds New South Wales.
    static func placesInNamedAreas(_ text: String, context: CommandContext) throws -> [Location] {
        let areas = try TravelFilterOptions.areas(context)
        let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        var countries = Set<String>(), regions = Set<String>()
        var start = 0
        while start < words.count {
            var consumed = 1
            for length in stride(from: min(longestAreaName, words.count - start), through: 1, by: -1) {
                let phrase = words[start..<(start + length)].joined(separator: " ")
                guard phrase.count >= 2 else { continue }
                // A two-letter word names a country only in capitals (`FR`, not `in` for India).
                let code = areas.countryCode(named: phrase).flatMap { phrase.count > 2 || phrase == phrase.uppercased() ? $0 : nil }
                let keys = areas.regionKeys(named: phrase)
                guard code != nil || !keys.isEmpty else { continue }
                if let code { countries.insert(code) }
                regions.formUnion(keys)
                consumed = length
                break
            }
            start += consumed
        }
        guard !countries.isEmpty || !regions.isEmpty else { return [] }
        let regionCountries = Set(regions.map { String($0.prefix(2)) })
        return try context.store().load().filter { place in
            guard let country = areas.country(latitude: place.latitude, longitude: place.longitude)?.code else { return false }
            if countries.contains(country) { return true }
            guard regionCountries.contains(country),
                  let region = areas.region(latitude: place.latitude, longitude: place.longitude, country: country) else { return false }
            return regions.contains(region.key)
        }
    }

    /// `text` with the words that match bold (on a terminal), control characters made visible.
    static func highlighted(_ text: String, _ search: PlaceSearch, _ context: CommandContext) -> String {
        search.segments(TerminalText.visible(text)).map { $0.matches ? context.style.bold(context.style.yellow(String($0.text))) : String($0.text) }.joined()
    }

    /// The stretch of a description around its first matching word, on one line of at most `width` columns.
    static func snippet(_ description: String, _ search: PlaceSearch, width: Int, _ context: CommandContext) -> String {
        let flat = TerminalText.visible(String(description.map { $0.isNewline ? " " : $0 }))
        let segments = search.segments(flat)
        let first = segments.firstIndex { $0.matches } ?? 0
        // A few words of lead-in before the match, then as much as fits.
        let start = max(0, first - 6)
        var out = start > 0 ? "…" : "", used = start > 0 ? 1 : 0
        for segment in segments[start...] {
            let piece = String(segment.text)
            let columns = TerminalText.width(piece)
            if used + columns > width - 1 {
                out += "…"
                break
            }
            out += segment.matches ? context.style.bold(context.style.yellow(piece)) : piece
            used += columns
        }
        return out
    }
}
