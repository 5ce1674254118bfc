/// The JSON that `places search`, `places where` and their `--batch` modes print, written by hand so a
/// batch of thousands of queries costs no encoder set-up per line. Keys appear in a fixed order.
public enum GeosearchJSON {
    /// A JSON string literal, escaped per RFC 8259.
    public static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func number(_ value: Double) -> String {
        value.isFinite ? CoordinateFormat.plain(value) : "null"
    }

    /// `{"name": …, "admin1": …, "country": …, "countryName": …, "latitude": …, "longitude": …,
    /// "population": …, "kind": …, "match": …}`
    public static func match(_ match: GazetteerMatch) -> String {
        let e = match.entry
        return "{\"name\": \(string(e.name)), \"admin1\": \(string(e.admin1)), \"country\": \(e.countryCode.isEmpty ? "null" : string(e.countryCode)), "
            + "\"countryName\": \(string(e.countryName)), \"latitude\": \(number(e.latitude)), \"longitude\": \(number(e.longitude)), "
            + "\"population\": \(e.population), \"kind\": \(string(e.kind.rawValue)), \"match\": \(string(match.quality.rawValue))}"
    }

    /// An array of matches.
    public static func matches(_ matches: [GazetteerMatch]) -> String {
        "[" + matches.map(match).joined(separator: ", ") + "]"
    }

    /// One line of `places search --batch --json`: `{"query": …, "results": […]}`.
    public static func batchLine(query: String, matches: [GazetteerMatch]) -> String {
        "{\"query\": \(string(query)), \"results\": \(self.matches(matches))}"
    }

    /// The object `places where --json` prints for a point.
    public static func reverse(query: String, _ result: ReverseGeocodeResult?) -> String {
        guard let result else {
            return "{\"query\": \(string(query)), \"error\": \"not a latitude,longitude pair\"}"
        }
        var text = "{\"query\": \(string(query)), \"country\": \(result.countryCode.map(string) ?? "null"), "
            + "\"countryName\": \(result.countryName.map(string) ?? "null"), \"nearest\": "
        if let near = result.nearest {
            let e = near.entry
            text += "{\"name\": \(string(e.name)), \"admin1\": \(string(e.admin1)), \"country\": \(string(e.countryCode)), "
                + "\"latitude\": \(number(e.latitude)), \"longitude\": \(number(e.longitude)), \"population\": \(e.population), "
                + "\"distanceKm\": \(CoordinateFormat.fixed(near.distanceKm, decimals: 2))}"
        } else {
            text += "null"
        }
        return text + "}"
    }
}
