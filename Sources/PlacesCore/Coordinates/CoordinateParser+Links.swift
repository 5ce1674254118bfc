/// The point a pasted link names: a `geo:` URI (RFC 5870) or a Google Maps, OpenStreetMap or
/// Apple Maps address, copied whole from a browser or a phone's share sheet.
///
/// A link often holds several points: the pin, the search centre, the map's view. The pin wins:
/// Google's `!3d…!4d…` and OpenStreetMap's `mlat`/`mlon`, then a query (`q=`, `query=`, `ll=`,
/// `daddr=`, `sll=`), then coordinates in the path (`/maps/search/51.5,-0.12`), and last the view's
/// centre (`@51.5,-0.12,17z`, `#map=17/51.5/-0.12`).
enum MapLink {
    /// What a link says: `point` is `nil` for a link that names no point (`?cid=123`).
    struct Found {
        var point: (latitude: Double, longitude: Double)?
    }

    /// Query parameters that may hold `LAT,LON`, the pin's first.
    private static let pointParameters = ["q", "query", "ll", "daddr", "destination", "saddr", "sll", "center"]

    /// The link's point, or `nil` when the text is not a link at all.
    static func coordinates(in text: String) -> Found? {
        let lower = text.lowercased()
        if lower.hasPrefix("geo:") { return Found(point: geoURI(String(text.dropFirst(4)))) }
        guard lower.contains("://") || lower.hasPrefix("maps.") || lower.hasPrefix("www.") else { return nil }
        guard !text.contains(where: { $0 == " " || $0 == "\n" }) else { return Found(point: nil) }

        var rest = Substring(text)
        var fragment: Substring = ""
        if let hash = rest.firstIndex(of: "#") { fragment = rest[rest.index(after: hash)...]; rest = rest[..<hash] }
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") { query = rest[rest.index(after: mark)...]; rest = rest[..<mark] }
        let path = rest
        let parameters = Self.parameters(query)

        // Google's pin: `data=…!3d51.5007!4d-0.1246` (latitude after !3d, longitude after !4d).
        if let pin = googlePin(in: text) { return Found(point: pin) }
        // OpenStreetMap's marker.
        if let lat = parameters["mlat"].flatMap(CoordinateParser.plainDecimal),
           let lon = parameters["mlon"].flatMap(CoordinateParser.plainDecimal) {
            return Found(point: (lat, lon))
        }
        for key in pointParameters {
            if let value = parameters[key], let point = pair(value) { return Found(point: point) }
        }
        var centre: (latitude: Double, longitude: Double)?
        for segment in path.split(separator: "/").dropFirst(lower.contains("://") ? 2 : 1) {
            let decoded = percentDecoded(segment, plusIsSpace: true)
            if decoded.hasPrefix("@") {
                // `@51.5007,-0.1246,17z`: the view's centre, used only when nothing better is found.
                let numbers = decoded.dropFirst().split(separator: ",")
                if numbers.count >= 2, let lat = CoordinateParser.plainDecimal(String(numbers[0])),
                   let lon = CoordinateParser.plainDecimal(String(numbers[1])) {
                    centre = (lat, lon)
                }
            } else if let point = pair(decoded) {
                return Found(point: point)
            }
        }
        if let centre { return Found(point: centre) }
        // OpenStreetMap's view: `#map=17/51.50073/-0.12462`.
        for parameter in fragment.split(separator: "&") where parameter.hasPrefix("map=") {
            let parts = parameter.dropFirst(4).split(separator: "/")
            if parts.count >= 3, let lat = CoordinateParser.plainDecimal(String(parts[1])),
               let lon = CoordinateParser.plainDecimal(String(parts[2])) {
                return Found(point: (lat, lon))
            }
        }
        return Found(point: nil)
    }

    /// `geo:LAT,LON[,ALT][;crs=wgs84][;u=UNCERTAINTY][?q=…]` (RFC 5870). Android's
    /// `geo:0,0?q=LAT,LON(Label)` puts the point in the query instead.
    private static func geoURI(_ body: String) -> (latitude: Double, longitude: Double)? {
        var head = Substring(body)
        var query: Substring = ""
        if let mark = head.firstIndex(of: "?") { query = head[head.index(after: mark)...]; head = head[..<mark] }
        let pieces = head.split(separator: ";", omittingEmptySubsequences: false)
        for parameter in pieces.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            // Only the default reference system, WGS 84, is the journal's.
            if pair.first?.lowercased() == "crs", pair.count == 2, pair[1].lowercased() != "wgs84" { return nil }
        }
        let numbers = pieces[0].split(separator: ",", omittingEmptySubsequences: false)
        guard numbers.count == 2 || numbers.count == 3,
              let lat = CoordinateParser.plainDecimal(percentDecoded(numbers[0], plusIsSpace: false).trimmed),
              let lon = CoordinateParser.plainDecimal(percentDecoded(numbers[1], plusIsSpace: false).trimmed) else { return nil }
        if lat == 0, lon == 0, let q = parameters(query)["q"], let point = pair(q) { return point }
        return (lat, lon)
    }

    /// `!3d…!4d…` anywhere in the link.
    private static func googlePin(in text: String) -> (latitude: Double, longitude: Double)? {
        guard let start = text.firstRange(of: "!3d") else { return nil }
        let after = text[start.upperBound...]
        guard let separator = after.firstRange(of: "!4d") else { return nil }
        let lonText = after[separator.upperBound...].prefix { $0 != "!" && $0 != "?" && $0 != "&" && $0 != "/" }
        guard let lat = CoordinateParser.plainDecimal(String(after[..<separator.lowerBound])),
              let lon = CoordinateParser.plainDecimal(String(lonText)) else { return nil }
        return (lat, lon)
    }

    /// A parameter's value read as a pair: `51.5,-0.12`, `loc:51.5,-0.12`, `51.5,-0.12(Label)`.
    private static func pair(_ value: String) -> (latitude: Double, longitude: Double)? {
        var text = Substring(value.trimmed)
        if text.lowercased().hasPrefix("loc:") { text = text.dropFirst(4) }
        if text.hasSuffix(")"), let open = text.firstIndex(of: "(") { text = text[..<open] }
        let candidate = String(text).trimmed
        guard !candidate.isEmpty, MapLink.coordinates(in: candidate) == nil else { return nil }
        return CoordinateParser.unchecked(candidate)
    }

    /// The query's parameters, decoded; the first of a repeated name wins.
    private static func parameters(_ query: Substring) -> [String: String] {
        var result: [String: String] = [:]
        for parameter in query.split(separator: "&") {
            let parts = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2 else { continue }
            let key = percentDecoded(parts[0], plusIsSpace: true).lowercased()
            if result[key] == nil { result[key] = percentDecoded(parts[1], plusIsSpace: true) }
        }
        return result
    }

    /// `%2C` to `,`, `%C2%B0` to `°`, and `+` to a space in query values; bad escapes are kept as they are.
    static func percentDecoded(_ text: Substring, plusIsSpace: Bool) -> String {
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 48...57: return byte - 48
            case 65...70: return byte - 55
            case 97...102: return byte - 87
            default: return nil
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                out.append(high << 4 | low)
                index += 3
            } else {
                out.append(plusIsSpace && byte == UInt8(ascii: "+") ? 0x20 : byte)
                index += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
