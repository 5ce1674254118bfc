/// The one reader of coordinates typed or pasted by people, used by every option, command and form
/// that takes them: decimal degrees (`51.5,-0.12`, `51.5 -0.12`), hemisphere letters (`51.5N 0.12W`,
/// `N 51.5 W 0.12`), degrees-minutes(-seconds) with any of `° ′ ″ ' " ’ ”` and with or without
/// spaces (`51°30′26″N 0°7′39″W`, `51° 30' 26" N, 0° 7' 39" W`), `geo:` URIs (RFC 5870) and map links pasted whole
/// (Google Maps, OpenStreetMap, Apple Maps; see `CoordinateParser+Links.swift`).
public enum CoordinateParser {
    /// The forms accepted, for messages: a person who typed something else learns what works.
    public static let acceptedForms = "51.501,-0.141 · 51.501 -0.141 · 51.501N 0.141W · 51°30′4″N 0°8′28″W · "
        + "geo:51.501,-0.141 · a Google Maps, OpenStreetMap or Apple Maps link"

    /// Which coordinate a single value is, for ``degrees(_:axis:)``.
    public enum Axis: String, Sendable {
        case latitude, longitude

        /// The values allowed, for messages.
        public var range: String { self == .latitude ? "-90 and 90" : "-180 and 180" }
        package var limit: Double { self == .latitude ? 90 : 180 }
    }

    /// Why a text is not a pair of coordinates.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The text as given.
        public var text: String
        /// The point read, when the text is a pair but one value is out of range.
        public var outOfRange: (latitude: Double, longitude: Double)?

        public static func == (a: Failure, b: Failure) -> Bool {
            a.text == b.text && a.outOfRange?.latitude == b.outOfRange?.latitude && a.outOfRange?.longitude == b.outOfRange?.longitude
        }

        /// The rule broken, without the value (the caller names the option or field).
        public var rule: String {
            outOfRange == nil ? "is not a pair of coordinates"
                : "is outside the world: latitude comes first, -90 to 90; longitude second, -180 to 180"
        }
        public var description: String { "\(Location.quoted(text)) \(rule)" }
    }

    /// The latitude and longitude a text names, or `nil` when it is not a pair of coordinates in range.
    public static func parse(_ text: String) -> (latitude: Double, longitude: Double)? {
        try? read(text)
    }

    /// The latitude and longitude a text names.
    /// - Throws: ``Failure`` saying whether the text is no pair at all or a pair out of range.
    public static func read(_ text: String) throws(Failure) -> (latitude: Double, longitude: Double) {
        guard let point = unchecked(text) else { throw Failure(text: text) }
        guard (-90...90).contains(point.latitude), (-180...180).contains(point.longitude) else {
            throw Failure(text: text, outOfRange: point)
        }
        return point
    }

    /// The pair a text names, without checking that it lies on the globe (`95,0` reads as 95, 0).
    public static func unchecked(_ text: String) -> (latitude: Double, longitude: Double)? {
        if let pair = plainPair(text) { return pair }
        let body = text.trimmed
        if let link = MapLink.coordinates(in: body) {
            // A link that names no point is not read as anything else.
            return link.point
        }
        guard let tokens = tokenize(body), let values = values(of: tokens), values.count == 2 else { return nil }
        var latitude: Double? = nil, longitude: Double? = nil
        for (index, item) in values.enumerated() {
            switch item.hemisphere {
            case UInt8(ascii: "N"), UInt8(ascii: "S"):
                guard latitude == nil else { return nil }
                latitude = item.signed
            case UInt8(ascii: "E"), UInt8(ascii: "W"):
                guard longitude == nil else { return nil }
                longitude = item.signed
            default:
                if index == 0, latitude == nil { latitude = item.signed } else if longitude == nil { longitude = item.signed } else { return nil }
            }
        }
        guard let latitude, let longitude else { return nil }
        return (latitude, longitude)
    }

    /// `51.5,-0.12` exactly (each number an optional minus, digits, and a point with digits), read as the
    /// tokens below read it; `nil` for anything else, which takes the general path. The commonest form,
    /// without the arrays and scalars the general reader makes (a one-point `where` is over in a few
    /// milliseconds, and reading its point that way was a tenth of its own work).
    private static func plainPair(_ text: String) -> (latitude: Double, longitude: Double)? {
        let utf8 = text.utf8
        var index = utf8.startIndex
        func number() -> Double? {
            let negative = index < utf8.endIndex && utf8[index] == UInt8(ascii: "-")
            if negative { index = utf8.index(after: index) }
            let start = index
            var digits = 0, point = false, decimals = 0
            while index < utf8.endIndex {
                let byte = utf8[index]
                if byte >= 48 && byte <= 57 {
                    digits += 1
                    if point { decimals += 1 }
                } else if byte == UInt8(ascii: "."), !point, digits > 0 {
                    point = true
                } else {
                    break
                }
                index = utf8.index(after: index)
            }
            guard digits > 0, !point || decimals > 0, let value = Double(String(text[start..<index])), value.isFinite else { return nil }
            return negative ? -value : value
        }
        guard let latitude = number(), index < utf8.endIndex, utf8[index] == UInt8(ascii: ",") else { return nil }
        index = utf8.index(after: index)
        guard let longitude = number(), index == utf8.endIndex else { return nil }
        return (latitude, longitude)
    }

    /// One coordinate, for `--lat`, `--lon` and the editor's `latitude:`/`longitude:` lines: decimal
    /// degrees (`51.501`, `-0.141`, `1e-3`) or degrees-minutes-seconds with an optional hemisphere
    /// letter of the right axis (`51°30′26″N`, `0° 7′ 39″ W`). The range is checked by the place's validation.
    /// - Throws: ``LocationValidationError`` naming the field and the value, with a hint for the decimal comma.
    public static func degrees(_ text: String, axis: Axis) throws -> Double {
        let trimmed = text.trimmed
        if let value = plainDecimal(trimmed) {
            guard value.isFinite else {
                throw LocationValidationError(field: axis.rawValue, value: Location.quoted(text), rule: "is too large: it must be between \(axis.range)")
            }
            return value
        }
        if let tokens = tokenize(trimmed), let values = values(of: tokens), values.count == 1 {
            let item = values[0]
            let letters: [UInt8] = axis == .latitude ? [UInt8(ascii: "N"), UInt8(ascii: "S")] : [UInt8(ascii: "E"), UInt8(ascii: "W")]
            if item.hemisphere.map(letters.contains) ?? true { return item.signed }
            throw LocationValidationError(field: axis.rawValue, value: Location.quoted(text),
                                          rule: "names the wrong hemisphere: a \(axis.rawValue) ends in \(axis == .latitude ? "N or S" : "E or W")")
        }
        if trimmed.contains(","), plainDecimal(String(trimmed.map { $0 == "," ? "." : $0 })) != nil {
            throw LocationValidationError(field: axis.rawValue, value: Location.quoted(text),
                                          rule: "is not a number: use a decimal point, not a comma (e.g. 51.5)")
        }
        throw LocationValidationError(field: axis.rawValue, value: Location.quoted(text),
                                      rule: "is not a number nor degrees and minutes (e.g. \(axis == .latitude ? "51.501, 51°30′4″N or 51.501N" : "-0.141, 0°8′28″W or 0.141W"))")
    }

    /// A number as a command line types it: optional sign, digits with at most one point, optional
    /// exponent. Stricter than `Double(_:)`, which also takes `nan`, `inf` and hexadecimal.
    package static func plainDecimal(_ text: String) -> Double? {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let digitsAndPoint = bytes.prefix { ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ".") }
        guard digitsAndPoint.contains(where: { $0 >= 48 && $0 <= 57 }),
              digitsAndPoint.filter({ $0 == UInt8(ascii: ".") }).count <= 1 else { return nil }
        var tail = bytes.dropFirst(digitsAndPoint.count)
        if !tail.isEmpty {
            guard tail.first == UInt8(ascii: "e") || tail.first == UInt8(ascii: "E") else { return nil }
            tail = tail.dropFirst()
            if tail.first == UInt8(ascii: "+") || tail.first == UInt8(ascii: "-") { tail = tail.dropFirst() }
            guard !tail.isEmpty, tail.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        }
        return Double(text)
    }

    // MARK: - Tokens to values

    private enum Token: Equatable {
        case number(Double, isNegative: Bool, decimals: Int)  // decimals: digits typed after the point
        case unit(Int)        // 0 degrees, 1 minutes, 2 seconds
        case hemisphere(UInt8)
        case separator        // a comma or semicolon
    }

    private struct Value {
        var magnitude: Double
        var negative: Bool
        var hemisphere: UInt8?
        var signed: Double {
            let southOrWest = hemisphere == UInt8(ascii: "S") || hemisphere == UInt8(ascii: "W")
            return southOrWest || negative ? -magnitude : magnitude
        }
    }

    /// The values the tokens spell, each with its hemisphere letter if any; `nil` when they spell nonsense.
    private static func values(of tokens: [Token]) -> [Value]? {
        let hasMarkers = tokens.contains { if case .number = $0 { return false } else { return $0 != .separator } }
        if !hasMarkers {
            // Plain decimal degrees, separated by a comma or white space.
            var numbers: [(Double, Bool)] = []
            for case .number(let value, let negative, _) in tokens { numbers.append((value.magnitude, negative)) }
            guard tokens.filter({ $0 == .separator }).count <= 1 else { return nil }
            if numbers.count == 2 { return numbers.map { Value(magnitude: $0.0, negative: $0.1) } }
            if numbers.count == 1 { return [Value(magnitude: numbers[0].0, negative: numbers[0].1)] }
            return nil
        }
        var values: [Value] = []
        var parts: [Double] = [], negative = false, lastUnit = -1, lastDecimals = 0
        var pendingHemisphere: UInt8? = nil
        func finish(_ hemisphere: UInt8?) -> Bool {
            guard !parts.isEmpty else { return hemisphere == nil }
            // Minutes and seconds are below 60; a degree count with them is whole.
            guard parts.dropFirst().allSatisfy({ $0 < 60 }), parts.count == 1 || parts[0] == parts[0].rounded() else { return false }
            // Minutes with a fraction end the value (no seconds after 30.5′).
            guard parts.count < 3 || parts[1] == parts[1].rounded() else { return false }
            var value = parts[0]
            if parts.count > 1 { value += parts[1] / 60 }
            if parts.count > 2 { value += parts[2] / 3600 }
            if parts.count > 1 { value = rounded(value, minutesOrSeconds: parts.count - 1, decimals: lastDecimals) }
            let letter = hemisphere ?? pendingHemisphere
            // A sign and a letter together (`-51N`) contradict or repeat each other: refuse both.
            if negative && letter != nil { return false }
            values.append(Value(magnitude: value, negative: negative, hemisphere: letter))
            parts = []; negative = false; lastUnit = -1; pendingHemisphere = nil
            return true
        }
        for token in tokens {
            switch token {
            case .number(let value, let isNegative, let decimals):
                if parts.count == 3 || (lastUnit == -1 && !parts.isEmpty) {
                    guard finish(nil) else { return nil }
                }
                if parts.isEmpty { negative = isNegative } else if isNegative { return nil }
                parts.append(value.magnitude)
                lastDecimals = decimals
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
        return values
    }

    /// Degrees from minutes or seconds, to as many decimals as the input can tell apart and two more
    /// (the 6 decimals of whole seconds that converters and map apps show): a whole second is 1/3600°
    /// (4 decimals), so `51°30′2″` is 51.500556, not 51.50055555555556, a precision the input never
    /// had and that would be echoed, saved and exported.
    /// - Parameters:
    ///   - minutesOrSeconds: 1 when the last part typed was minutes, 2 when seconds.
    ///   - decimals: the digits typed after the point in that part.
    static func rounded(_ degrees: Double, minutesOrSeconds: Int, decimals: Int) -> Double {
        // 60 steps a degree need 2 decimals, 3600 need 4; each decimal typed needs one more.
        let places = min((minutesOrSeconds == 1 ? 2 : 4) + decimals + 2, 12)
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        return (degrees * scale).rounded() / scale
    }

    private static func tokenize(_ text: String) -> [Token]? {
        var tokens: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let c = scalars[index]
            switch c {
            case " ", "\t", "\u{A0}", "\u{202F}":
                index += 1
            case ",", ";":
                tokens.append(.separator); index += 1
            case "°", "º", "˚":
                tokens.append(.unit(0)); index += 1
            case "'", "′", "’", "‘", "´", "`":
                // Two apostrophes typed for a seconds mark (`26''`).
                if index + 1 < scalars.count, ["'", "′", "’"].contains(scalars[index + 1]) {
                    tokens.append(.unit(2)); index += 2
                } else {
                    tokens.append(.unit(1)); index += 1
                }
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
                let decimals = digits.firstIndex(of: ".").map { digits.distance(from: $0, to: digits.endIndex) - 1 } ?? 0
                tokens.append(.number(isNegative ? -value : value, isNegative: isNegative, decimals: decimals))
            default:
                return nil
            }
        }
        return tokens
    }
}
