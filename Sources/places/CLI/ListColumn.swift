import PlacesCommandLine
import PlacesKit

/// The columns `list` can show (`--columns`), and how a table of them gives way on a narrow terminal.
enum ListColumn: String, CaseIterable {
    case id, flag, name, distance, latitude, longitude, visited, created, updated, tags

    /// What `list` shows without `--columns`: the distance only when sorted by it.
    static func standard(distance: Bool) -> [ListColumn] {
        [.id, .flag, .name] + (distance ? [.distance] : []) + [.latitude, .longitude, .visited, .tags]
    }

    /// How a table gives way when the terminal is too narrow, most expendable first: the coordinates go
    /// first (`show` has them, and few people read them in a list), then long tags and names are cut
    /// with `…`, then the visit date, the tags and the flag go; the id, the name and the distance stay.
    /// Columns chosen with `--columns` are never dropped, only cut.
    static func fit(chosen: Bool) -> TableFit {
        let cuts: [TableFit.Step] = [.shrink("tags", toAtLeast: 12), .shrink("name", toAtLeast: 20)]
        let last: TableFit.Step = .shrink("name", toAtLeast: 8)
        if chosen { return TableFit(steps: cuts + [.shrink("tags", toAtLeast: 4), last]) }
        return TableFit(steps: [.dropTogether(["latitude", "longitude"])] + cuts
                        + [.drop("visited"), .drop("tags"), .drop("flag"), last])
    }

    /// Reads `--columns id,name,...`.
    static func parse(_ text: String, distance: Bool) throws -> [ListColumn] {
        var columns: [ListColumn] = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false).map({ String($0).trimmed.lowercased() }) {
            guard let column = ListColumn(rawValue: word) else {
                throw UsageError("--columns \"\(text)\": \"\(word)\" is not a column",
                                 hint: "choose from: \(allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if column == .distance, !distance {
                throw UsageError("--columns: the distance column needs --sort distance --from PLACE")
            }
            if !columns.contains(column) { columns.append(column) }
        }
        return columns
    }
}
