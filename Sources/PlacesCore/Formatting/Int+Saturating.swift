extension Int {
    /// The nearest whole number to a floating-point value that may be huge or not a number: values
    /// beyond `Int`'s range become `Int.min`/`Int.max` and NaN becomes 0.
    ///
    /// `Int(_:)` traps on those, and coordinates from a hand-edited journal (`1e300`) or distances a
    /// person types (`1e20km`) reach such conversions. Every floating-point-to-integer conversion in
    /// places goes through this initialiser.
    /// - Parameter value: the value, already rounded as the caller wants (the fraction is dropped).
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = .max
        } else if value <= -9.2e18 {
            self = .min
        } else {
            self = Int(value)
        }
    }
}
