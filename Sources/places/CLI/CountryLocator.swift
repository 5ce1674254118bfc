import PlacesKit

/// The country of a point, for `stats` and the flags in tables: the gazetteer's reverse geocoding
/// (the same as `places where`).
enum CountryLocator {
    /// The option that turns the flags off in tables.
    struct FlagsOption: ParsableOptions {
        @Flag("--no-flags", help: "Leave out the country flags.") var noFlags: Bool
    }

    /// The lookup for this journal's gazetteer (an imported one, else the bundled one).
    /// - Throws: ``CommandFailure`` when an imported gazetteer cannot be read.
    static func lookup(_ context: CommandContext) throws -> CountryLookup {
        let gazetteer = try GazetteerAccess.gazetteer(context)
        let geocoder = ReverseGeocoder(gazetteer: gazetteer)
        return { latitude, longitude in
            guard let code = geocoder.country(latitude: latitude, longitude: longitude) else { return nil }
            let name = gazetteer.countryName(code)
            return (code, name.isEmpty ? code : name)
        }
    }

    /// Tables longer than this have no flag column: each place's country costs a reverse geocode
    /// (about a quarter of a millisecond on land, several at sea), and `list` must stay instant.
    static let flagRowLimit = 1_000

    /// The flag of each place's country for a table of `rows` places, or `nil` when the table should
    /// have no flag column: `--no-flags` (`hidden`); standard output not a terminal (flags are for people, like
    /// colour, and scripts reading tables should not pay for them); more than ``flagRowLimit`` rows;
    /// or no usable gazetteer (flags are decoration: a broken imported gazetteer must not stop `list`).
    static func flags(_ context: CommandContext, rows: Int, hidden: Bool) -> ((Location) -> String)? {
        guard !hidden, context.stdoutIsTerminal, rows <= flagRowLimit,
              let lookup = try? lookup(context) else { return nil }
        return { place in lookup(place.latitude, place.longitude).map { CountryFlag.emoji($0.code) } ?? "" }
    }
}
