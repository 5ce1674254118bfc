import PlacesCommandLine
import PlacesKit

/// `--country`, `--region`, `--from` and `--to`: the place and visit filters shared by `list`, `export`,
/// `map`, `stats`, `timeline` and `trips`, read into ``PlaceQuery``.
struct TravelFilterOptions: ParsableOptions {
    @Option("--country", value: "country", help: "Only places in this country: an ISO code (FR) or any name the gazetteer knows (France, Frankreich, 日本).")
    var country: String?
    @Option("--region", value: "region", help: "Only places in this first-level region (state, province): Kyoto, California, Bayern.")
    var region: String?
    @Option("--from", value: "date", help: "Only visits on or after this date (any date --on reads: 2019, \"May 2019\", 2019-05-03).")
    var from: String?
    @Option("--to", value: "date", help: "Only visits on or before this date; a month or year counts to its end.")
    var to: String?

    /// Whether any of these filters was given.
    var given: Bool { country != nil || region != nil || from != nil || to != nil }

    /// Adds these filters to `query`.
    /// - Parameter context: the command's context, for the journal's gazetteer (the bundled one without it).
    /// - Throws: ``UsageError`` naming the value and the rule.
    func narrow(_ query: inout PlaceQuery, context: CommandContext?, fromIsDate: Bool = true) throws {
        if country != nil || region != nil {
            let areas = try Self.areas(context)
            if let country {
                guard let code = areas.countryCode(named: country) else {
                    throw UsageError("--country \"\(country)\" is not a country the gazetteer knows: give an ISO code or a country's name",
                                     hint: "e.g. --country FR, --country France or --country 日本")
                }
                query.country = code
            }
            if let region {
                var keys = areas.regionKeys(named: region)
                if let code = query.country { keys = keys.filter { $0.hasPrefix(code + ".") } }
                guard !keys.isEmpty else {
                    throw UsageError("--region \"\(region)\" is not a first-level region (state, province) the gazetteer knows"
                                     + (query.country.map { " in \($0)" } ?? ""),
                                     hint: "e.g. --region Kyoto, --region California; `places search NAME` shows what the gazetteer knows")
                }
                query.regions = keys
            }
        }
        let first = try (fromIsDate ? from : nil).map { try OptionValues.date($0, option: "--from") }
        let last = try to.map { try OptionValues.date($0, option: "--to") }
        if let first, let last, last.days.upperBound < first.days.lowerBound {
            throw UsageError("--from \"\(from!)\" is after --to \"\(to!)\": the span of dates would be empty",
                             hint: "give the earlier date to --from")
        }
        query.dates = DaySpan(from: first, to: last)
    }

    /// The country and region lookup of the journal's gazetteer.
    static func areas(_ context: CommandContext?) throws -> PlaceAreas {
        guard let context else { return PlaceAreas() }
        return try GazetteerAccess.areas(context)
    }
}
