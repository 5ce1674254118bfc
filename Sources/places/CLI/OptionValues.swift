import PlacesKit

/// Option values shared by several commands, read once with one wording of their errors.
enum OptionValues {
    /// Reads `--radius` (`25km`, `500m`, `10mi`, or kilometres), at most half the Earth's circumference.
    static func radius(_ text: String) throws -> Double {
        guard let kilometres = DistanceParser.kilometres(text) else {
            throw UsageError("--radius \"\(text)\" is not a distance up to 20,040 km (half the Earth's circumference)",
                             hint: "e.g. --radius 25km, 500m or 10mi")
        }
        return kilometres
    }
}
