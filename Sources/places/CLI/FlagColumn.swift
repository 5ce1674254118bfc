import PlacesCommandLine
import PlacesKit

/// The country of each place for `stats`, `show` and the flag column of tables, from the journal's
/// gazetteer (an imported one names countries too). The lookup itself is ``CountryLocator`` in PlacesKit.
enum FlagColumn {
    /// The option that turns the flags off in tables.
    struct FlagsOption: ParsableOptions {
        @Flag("--no-flags", help: "Leave out the country flags.") var noFlags: Bool
    }

    /// The lookup for this journal's gazetteer (an imported one, else the bundled one).
    /// - Throws: ``CommandFailure`` when an imported gazetteer cannot be read.
    static func lookup(_ context: CommandContext) throws -> CountryLookup {
        CountryLocator(gazetteer: try GazetteerAccess.gazetteer(context)).lookup
    }

    /// The flag of each place's country, or `nil` when the table should have no flag column:
    /// `--no-flags` (`hidden`); standard output not a terminal (flags are for people, like colour, and
    /// scripts reading tables should not pay for them); or no usable gazetteer (flags are decoration: a
    /// broken imported gazetteer must not stop `list`). A place's country costs a few microseconds, so
    /// tables of any length carry flags.
    static func flags(_ context: CommandContext, hidden: Bool) -> ((Location) -> String)? {
        guard !hidden, context.stdoutIsTerminal, let lookup = try? lookup(context) else { return nil }
        var emoji: [String: String] = [:]  // one flag string per country, not per row
        return { place in
            guard let code = lookup(place.latitude, place.longitude)?.code else { return "" }
            if let known = emoji[code] { return known }
            let flag = CountryFlag.emoji(code)
            emoji[code] = flag
            return flag
        }
    }
}
