/// Reads coordinates the ways people write them: `51.5,-0.12`, `51.5 -0.12`, `51°30′26″N 0°7′39″W`,
/// `51.5N 0.12W`, `N 51.5 W 0.12`, `geo:51.5,-0.12` (RFC 5870, parameters ignored).
public enum CoordinateParser {
    private enum Token: Equatable {
        case number(Double, isNegative: Bool)
        case unit(Int)        // 0 degrees, 1 minutes, 2 seconds
        case hemisphere(UInt8)
        case separator        // a comma or semicolon
    }

    /// The latitude and longitude a text names, or `nil` when it is not a pair of coordinates in range.
    public static func parse(_ text: String) -> (latitude: Double, longitude: Double)? {
        var body = text.trimmed
        if body.lowercased().hasPrefix("geo:") {
            body = String(body.dropFirst(4))
            if let semicolon = body.firstIndex(of: ";") { body = String(body[..<semicolon]) }
        }
        guard let tokens = tokenize(body) else { return nil }
        let hasMarkers = tokens.contains { if case .number = $0 { return false } else { return $0 != .separator } }
        var values: [(value: Double, hemisphere: UInt8?)] = []
        if !hasMarkers {
            // Plain decimal degrees: exactly two numbers, separated by a comma or white space.
            let numbers = tokens.compactMap { token -> Double? in
                if case .number(let value, _) = token { return value }
                return nil
            }
            guard numbers.count == 2, tokens.filter({ $0 == .separator }).count <= 1 else { return nil }
            values = [(numbers[0], nil), (numbers[1], nil)]
        } else {
            var parts: [Double] = [], negative = false, lastUnit = -1
            var pendingHemisphere: UInt8? = nil
            func finish(_ hemisphere: UInt8?) -> Bool {
                guard !parts.isEmpty else { return hemisphere == nil }
                // Minutes and seconds are below 60; a degree count with them is whole.
                guard parts.dropFirst().allSatisfy({ $0 < 60 }), parts.count == 1 || parts[0] == parts[0].rounded() else {
                    return false
                }
                var value = parts[0].magnitude
                if parts.count > 1 { value += parts[1] / 60 }
                if parts.count > 2 { value += parts[2] / 3600 }
                if negative { value = -value }
                values.append((value, hemisphere ?? pendingHemisphere))
                parts = []; negative = false; lastUnit = -1; pendingHemisphere = nil
                return true
            }
            for token in tokens {
                switch token {
                case .number(let value, let isNegative):
                    if parts.count == 3 || (lastUnit == -1 && !parts.isEmpty) {
                        guard finish(nil) else { return nil }
                    }
                    if parts.isEmpty { negative = isNegative } else if isNegative { return nil }
                    parts.append(value.magnitude)
                case .unit(let unit):
                    guard !parts.isEmpty, unit == parts.count - 1, unit > lastUnit else { return nil }
                    lastUnit = unit
                case .hemisphere(let letter):
                    if parts.isEmpty {
                        guard pendingHemisphere == nil else { return nil }
                        pendingHemisphere = letter
                    } else if pendingHemisphere != nil {
                        // `N 51.5 W 0.12`: the letter starts the next value.
                        guard finish(nil) else { return nil }
                        pendingHemisphere = letter
                    } else {
                        guard finish(letter) else { return nil }
                    }
                case .separator:
                    guard finish(nil) else { return nil }
                }
            }
            guard finish(nil) else { return nil }
        }
        guard values.count == 2 else { return nil }
        var latitude: Double? = nil, longitude: Double? = nil
        for (index, item) in values.enumerated() {
            var value = item.value
            switch item.hemisphere {
            case UInt8(ascii: "N"), UInt8(ascii: "S"):
                if item.hemisphere == UInt8(ascii: "S") { value = -value.magnitude }
                guard latitude == nil else { return nil }
                latitude = value
            case UInt8(ascii: "E"), UInt8(ascii: "W"):
                if item.hemisphere == UInt8(ascii: "W") { value = -value.magnitude }
                guard longitude == nil else { return nil }
                longitude = value
            default:
                if index == 0, latitude == nil { latitude = value } else if longitude == nil { longitude = value } else { return nil }
            }
        }
        guard let lat = latitude, let lon = longitude, (-90...90).contains(lat), (-180...180).contains(lon) else {
            return nil
        }
        return (lat, lon)
    }

    private static func tokenize(_ text: String) -> [Token]? {
        var tokens: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let c = scalars[index]
            switch c {
            case " ", "\t":
                index += 1
            case ",", ";":
                tokens.append(.separator); index += 1
            case "°", "º", "˚":
                tokens.append(.unit(0)); index += 1
            case "'", "′", "’", "‘":
                tokens.append(.unit(1)); index += 1
            case "\"", "″", "”", "“":
                tokens.append(.unit(2)); index += 1
            case "N", "n", "S", "s", "E", "e", "W", "w":
                let upper = UInt8(ascii: c.properties.uppercaseMapping.unicodeScalars.first!)
                tokens.append(.hemisphere(upper)); index += 1
            case "-", "+", "−", "0"..."9", ".":
                var isNegative = false
                if c == "-" || c == "−" { isNegative = true; index += 1 } else if c == "+" { index += 1 }
                var digits = ""
                while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." {
                    digits.unicodeScalars.append(scalars[index]); index += 1
                }
                guard let value = Double(digits), value.isFinite else { return nil }
                tokens.append(.number(isNegative ? -value : value, isNegative: isNegative))
            default:
                return nil
            }
        }
        return tokens
    }
}
