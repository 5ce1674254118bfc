import PlacesCore

/// Reads the point of a Well-Known Text geometry, as GDAL, QGIS and PostGIS write it in a CSV
/// column: `POINT (-0.1246 51.5007)`, `POINT(-0.1246 51.5007)`, `POINT Z (x y z)`, `POINT M`,
/// `POINT ZM`, with an optional `SRID=4326;` prefix. x is the longitude, y the latitude.
enum WKTPoint {
    enum Outcome: Equatable {
        case point(latitude: Double, longitude: Double)
        /// Another geometry (`LINESTRING`, `POLYGON`…) or `POINT EMPTY`: not a place, skipped.
        case other(String)
        /// Not WKT, or a POINT that cannot be read.
        case malformed
    }

    static func read(_ text: String) -> Outcome {
        var body = Substring(text.trimmed)
        if body.uppercased().hasPrefix("SRID="), let semicolon = body.firstIndex(of: ";") {
            body = body[body.index(after: semicolon)...]
        }
        let keyword = body.prefix { $0.isLetter }
        guard !keyword.isEmpty else { return .malformed }
        guard keyword.uppercased() == "POINT" else { return .other(keyword.uppercased()) }
        var rest = body.dropFirst(keyword.count).drop { $0 == " " }
        let dimensions = rest.prefix { $0.isLetter }
        rest = rest.dropFirst(dimensions.count).drop { $0 == " " }
        if dimensions.uppercased() == "EMPTY" { return .other("POINT EMPTY") }
        guard ["", "Z", "M", "ZM"].contains(dimensions.uppercased()), rest.first == "(", rest.last == ")" else { return .malformed }
        let numbers = rest.dropFirst().dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard numbers.count >= 2, numbers.count <= 4,
              let x = CoordinateParser.plainDecimal(String(numbers[0])), let y = CoordinateParser.plainDecimal(String(numbers[1])),
              numbers.dropFirst(2).allSatisfy({ CoordinateParser.plainDecimal(String($0)) != nil }) else { return .malformed }
        return .point(latitude: y, longitude: x)
    }
}
