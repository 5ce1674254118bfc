import PlacesKit

/// How the geosearch commands reach the gazetteer and print its places.
enum GazetteerAccess {
    /// The gazetteer in use for this journal: one imported with `places gazetteer import` into the journal's
    /// data directory, else the one inside the binary.
    static func gazetteer(_ context: CommandContext) throws -> Gazetteer {
        let storePath = try context.storePath()
        do {
            return try Gazetteer.current(dataDirectory: StorePath.directory(of: storePath))
        } catch let error as GazetteerError {
            throw CommandFailure(error.description + "\nhint: `places gazetteer reset` returns to the bundled gazetteer",
                                 code: .dataError)
        }
    }

    /// Reads `--limit`, which must be a positive whole number.
    static func limit(_ text: String?, default value: Int) throws -> Int {
        guard let text else { return value }
        guard let limit = Int(text), limit > 0 else {
            throw UsageError("--limit \"\(text)\" is not a positive whole number", hint: "e.g. --limit 5")
        }
        return limit
    }

    /// Reads `--country`, an ISO 3166-1 alpha-2 code.
    static func country(_ text: String?, in gazetteer: Gazetteer) throws -> String? {
        guard let text else { return nil }
        let code = text.uppercased()
        guard code.count == 2, !gazetteer.countryName(code).isEmpty else {
            throw UsageError("--country \"\(text)\" is not an ISO 3166-1 country code", hint: "e.g. --country FR")
        }
        return code
    }

    /// One line for a match: `Mount Fuji, Shizuoka, JP — volcano, 3,776 m  35.3579, 138.7310`.
    static func line(_ match: GazetteerMatch) -> String {
        let e = match.entry
        if match.quality == .coordinates {
            var text = CoordinateFormat.pair(latitude: e.latitude, longitude: e.longitude, decimals: 5)
            if !e.countryCode.isEmpty { text += "  (" + [e.admin1, e.countryCode].filter { !$0.isEmpty }.joined(separator: ", ") + ")" }
            return text
        }
        return e.context + " — " + e.summary + "  " + CoordinateFormat.pair(latitude: e.latitude, longitude: e.longitude)
    }

    /// Resolves a place name or coordinates to one point, printing what was picked and the runners-up
    /// on standard error. Throws when nothing matches.
    static func resolve(_ query: String, context: CommandContext, gazetteer: Gazetteer, country: String? = nil,
                        verb: String = "Using", quiet: Bool = false, exactOnly: Bool = false) throws -> GazetteerMatch {
        guard !query.trimmed.isEmpty else { throw UsageError("missing place name or LAT,LON") }
        let matches = gazetteer.search(query, limit: 4, country: country)
        guard let best = matches.first, !exactOnly || best.quality.isExact else {
            throw CommandFailure("no place called \"\(query)\" in the gazetteer"
                                 + "\nhint: give coordinates instead (LAT,LON), or check the spelling with `places search`",
                                 code: .failure)
        }
        if best.quality == .coordinates || quiet { return best }
        var note = "\(verb) \(best.entry.context) (\(CoordinateFormat.pair(latitude: best.entry.latitude, longitude: best.entry.longitude)))"
        if best.quality == .fuzzy { note = "No place called \"\(query)\"; did you mean \(best.entry.context)? " + note }
        let others = matches.dropFirst().filter { $0.quality == best.quality }
        if !others.isEmpty {
            note += "; also: " + others.map { $0.entry.context }.joined(separator: "; ")
        }
        context.note(note)
        return best
    }
}
