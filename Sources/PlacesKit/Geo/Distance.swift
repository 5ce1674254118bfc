/// Reading distances people type: `25km`, `500 m`, `10mi`, `25` (kilometres).
public enum DistanceParser {
    /// The longest distance there is on Earth: half its circumference, in kilometres. A larger
    /// radius means nothing more, and numbers such as `1e20` must never reach integer arithmetic.
    public static let maximumKilometres = 20_040.0

    /// The distance in kilometres, or `nil` when the text is not a positive distance of at most
    /// ``maximumKilometres``.
    public static func kilometres(_ text: String) -> Double? {
        let lowered = text.trimmed.lowercased()
        let units: [(String, Double)] = [("km", 1), ("mi", 1.609344), ("m", 0.001)]
        var number = lowered, factor = 1.0
        for (suffix, scale) in units where lowered.hasSuffix(suffix) {
            number = String(lowered.dropLast(suffix.count)).trimmed
            factor = scale
            break
        }
        // Hexadecimal (`0x10`) is a Double literal, but not a distance anyone types.
        guard let value = Double(number), value.isFinite, value > 0, !number.contains("x"),
              value * factor <= maximumKilometres else { return nil }
        return value * factor
    }

    /// `850 m`, `2.3 km`, `120 km`: metres below one kilometre, one decimal below a hundred.
    public static func text(kilometres: Double) -> String {
        if kilometres < 1 { return "\(Int(saturating: (kilometres * 1000).rounded())) m" }
        if kilometres < 100 { return CoordinateFormat.fixed(kilometres, decimals: 1) + " km" }
        return "\(Int(saturating: kilometres.rounded())) km"
    }
}
