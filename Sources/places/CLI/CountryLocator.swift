import PlacesKit

/// The country of a point, for `stats` and the flags in tables.
enum CountryLocator {
    /// The option that turns the flags off in tables.
    static let noFlagsOption = OptionSpec.flag("--no-flags", help: "Leave out the country flags.")

    /// The lookup to use for this journal, or `nil` when there is none.
    ///
    /// Reverse geocoding comes with the gazetteer; until it is part of the program there is no
    /// country lookup and the commands say so instead of guessing.
    static func lookup(_ context: CommandContext) throws -> CountryLookup? {
        nil
    }

    /// The flag of each place's country for a table, or `nil` when the table should have no flag
    /// column: `--no-flags`, or no country lookup.
    static func flags(_ context: CommandContext) throws -> ((Location) -> String)? {
        guard !context.arguments.flag("--no-flags"), let lookup = try lookup(context) else { return nil }
        return { place in lookup(place.latitude, place.longitude).map { CountryFlag.emoji($0.code) } ?? "" }
    }
}
