/// Distances as people type and read them: the one parser behind `near --radius` and
/// `map --radius`, and the one formatter behind `near`'s tables and the maps' subtitles and scale bars.
public enum DistanceParser {
    /// The longest distance there is on Earth: half its circumference, in kilometres. A larger
    /// radius means nothing more, and numbers such as `1e20` must never reach integer arithmetic.
    public static let maximumKilometres = 20_040.0

    /// The distance in kilometres of `25km`, `500 m`, `10mi` or `25` (kilometres), or `nil` when the
    /// text is not a positive distance of at most ``maximumKilometres`` written in decimal (`0x10km`
    /// and `inf` are not).
    public static func kilometres(_ text: String) -> Double? {
        let lowered = text.trimmed.lowercased()
        let units: [(String, Double)] = [("km", 1), ("mi", 1.609344), ("m", 0.001)]
        var number = lowered, factor = 1.0
        for (suffix, scale) in units where lowered.hasSuffix(suffix) {
            number = String(lowered.dropLast(suffix.count)).trimmed
            factor = scale
            break
        }
        // `Double(_:)` also reads hexadecimal (`0x10` is 16), `nan` and `infinity`: nobody means those.
        guard number.utf8.allSatisfy({ (0x30...0x39).contains($0) || $0 == 0x2E || $0 == 0x65 || $0 == 0x2B || $0 == 0x2D }),
              let value = Double(number), value.isFinite, value > 0, value * factor <= maximumKilometres else { return nil }
        return value * factor
    }

    /// `850 m`, `2.3 km`, `25 km`, `123 km`: whole metres below one kilometre, one decimal below a
    /// hundred (none when it is zero), whole kilometres above.
    public static func text(kilometres: Double) -> String {
        if kilometres < 1 { return CoordinateFormat.plain((kilometres * 1000).rounded()) + " m" }
        if kilometres < 100 { return CoordinateFormat.plain((kilometres * 10).rounded() / 10) + " km" }
        return CoordinateFormat.plain(kilometres.rounded()) + " km"
    }
}
