import PlacesKit

/// The country of a point, for `stats` and the flags in tables.
enum CountryLocator {
    /// The lookup to use for this journal, or `nil` when there is none.
    ///
    /// Reverse geocoding comes with the gazetteer; until it is part of the program there is no
    /// country lookup and the commands say so instead of guessing.
    static func lookup(_ context: CommandContext) throws -> CountryLookup? {
        nil
    }
}
