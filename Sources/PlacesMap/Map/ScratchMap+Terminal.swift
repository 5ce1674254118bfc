import PlacesGeo

/// The scratch map as text for the terminal: one character a cell of the same equirectangular world as
/// the SVG (60° S to 84° N), from the same country outlines (``CountryIndex``).
///
/// A cell is judged at nine points spread over it, so a small country visited (Monaco, Singapore) still
/// shows: any point in a visited country makes the cell visited (`█`, green), else any point in a wanted
/// one makes it wanted (`▒`, orange), else any point on land makes it land (`░`), else it is sea (a
/// space). The characters tell the kinds apart without colour; colour only adds to them. The legend
/// follows the map.
extension ScratchMap {
    /// The character of a visited cell.
    public static let visitedCell: Character = "█"
    /// The character of a wanted cell.
    public static let wantedCell: Character = "▒"
    /// The character of other land.
    public static let landCell: Character = "░"

    /// The map as lines of text, `columns` wide (a terminal cell is about twice as tall as wide, so the
    /// map is half as many rows as an equal-area drawing would be), then a blank line and the legend.
    /// - Parameters:
    ///   - columns: the width in characters (at least 20).
    ///   - maximumRows: the most rows the map may take, `nil` for no limit; a short terminal gets a
    ///     narrower map rather than one whose top scrolls away.
    ///   - color: whether to colour the cells with ANSI escapes.
    public func terminalLines(columns: Int, maximumRows: Int? = nil, color: Bool, index: CountryIndex = .bundled) -> [String] {
        var width = max(20, columns)
        let span = Self.north - Self.south
        func rows(for width: Int) -> Int { max(5, Int((Double(width) * span / 360 / 2).rounded())) }
        if let maximumRows, maximumRows >= 5 {
            while width > 20, rows(for: width) > maximumRows { width -= 1 }
        }
        let height = rows(for: width)
        let codes = index.countries.map(\.code)
        let cellWidth = 360 / Double(width), cellHeight = span / Double(height)
        var lines = [color ? "\u{1B}[1m\(title)\u{1B}[0m" : title]
        for row in 0..<height {
            var line = ""
            var open: String?
            for column in 0..<width {
                var kind = 0  // 0 sea, 1 land, 2 wanted, 3 visited
                sampling: for i in 0..<3 {
                    for j in 0..<3 {
                        let latitude = Self.north - (Double(row) + (Double(i) + 0.5) / 3) * cellHeight
                        let longitude = -180 + (Double(column) + (Double(j) + 0.5) / 3) * cellWidth
                        guard let country = index.country(latitude: latitude, longitude: longitude) else { continue }
                        let code = codes[country]
                        kind = max(kind, visited.contains(code) ? 3 : wanted.contains(code) ? 2 : 1)
                        if kind == 3 { break sampling }
                    }
                }
                let (character, escape): (Character, String?) = switch kind {
                case 3: (Self.visitedCell, "32")
                case 2: (Self.wantedCell, "33")
                case 1: (Self.landCell, "2")
                default: (" ", nil)
                }
                if color, escape != open {
                    line += open == nil ? "" : "\u{1B}[0m"
                    if let escape { line += "\u{1B}[\(escape)m" }
                    open = escape
                }
                line.append(character)
            }
            if color, open != nil { line += "\u{1B}[0m" }
            // Trailing sea is no information: lines end at the last land.
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        lines.append("")
        lines.append("\(Self.visitedCell) visited  \(Self.wantedCell) wanted  \(Self.landCell) other land   " + legend(countries: index.countries.count))
        return lines
    }
}
