import PlacesCommandLine
import PlacesKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How places are shown: tables for people, JSON for programs.
enum PlaceOutput {
    /// Places as the journal stores them, pretty-printed with sorted keys.
    /// A place as the journal writes it, with its `visits` listed whenever it has any: fields this
    /// version does not know come out exactly as they were read (`JSONEncoder` would rewrite their numbers).
    static func json(_ place: Location) throws -> String {
        String(decoding: JournalCodec.encodePlace(place, listingVisits: true), as: UTF8.self)
    }

    /// Places as the journal writes them.
    static func json(_ places: [Location]) throws -> String {
        String(decoding: JournalCodec.encodeArray(places), as: UTF8.self)
    }

    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The text of a table with one row per place, each line ending in a line break, with the columns
    /// asked for, fitted into `width` terminal columns (see ``ListColumn/fit(chosen:)``); `nil` width
    /// (a pipe) keeps every column whole.
    /// - Parameters:
    ///   - distances: each place's distance in kilometres, for the distance column.
    ///   - flag: the flag emoji of a place's country (an empty string for a place in no country);
    ///     `nil` for no flag column.
    static func table(_ places: [Location], distances: [Double]? = nil, columns: [ListColumn], chosen: Bool = false,
                      style: TextStyle, width: Int?, maxNameWidth: Int = 40, flag: ((Location) -> String)? = nil) -> [UInt8] {
        // Each column's cells read the fields of every place where it lies in the array, by index:
        // `places.map(\.shortID)` and its like copied a whole `Location` (and released it) three
        // times a place, and so did a closure handed each place.
        func cells(_ cell: (Int) -> String) -> [String] {
            var cells: [String] = []
            cells.reserveCapacity(places.count)
            for index in places.indices { cells.append(cell(index)) }
            return cells
        }
        let tableColumns = columns.compactMap { column -> TableFit.Column? in
            switch column {
            case .id: return TableFit.Column(key: column.rawValue, title: "ID", cells: cells { places[$0].shortID })
            case .flag:
                guard let flag else { return nil }
                return TableFit.Column(key: column.rawValue, title: "", cells: cells { flag(places[$0]) })
            case .name: return TableFit.Column(key: column.rawValue, title: "NAME", cells: cells { TerminalText.truncate(places[$0].name, toWidth: maxNameWidth) })
            case .latitude: return TableFit.Column(key: column.rawValue, title: "LATITUDE", cells: cells { CoordinateFormat.fixed(places[$0].latitude, decimals: 4) }, rightAligned: true)
            case .longitude: return TableFit.Column(key: column.rawValue, title: "LONGITUDE", cells: cells { CoordinateFormat.fixed(places[$0].longitude, decimals: 4) }, rightAligned: true)
            case .distance:
                guard let distances else { return nil }
                return TableFit.Column(key: column.rawValue, title: "DISTANCE", cells: distances.map { DistanceParser.text(kilometres: $0) }, rightAligned: true)
            case .visited: return TableFit.Column(key: column.rawValue, title: "VISITED", cells: cells { places[$0].visits.last?.date.shortText ?? "-" })
            case .created: return TableFit.Column(key: column.rawValue, title: "CREATED", cells: cells { places[$0].created.map(Timestamp.day) ?? "-" })
            case .updated: return TableFit.Column(key: column.rawValue, title: "UPDATED", cells: cells { places[$0].updated.map(Timestamp.day) ?? "-" })
            case .tags: return TableFit.Column(key: column.rawValue, title: "TAGS", cells: cells { tagList(places[$0].tags) })
            }
        }
        let fitted = ListColumn.fit(chosen: chosen).fitted(tableColumns, width: width)
        var text: [UInt8] = []
        TerminalText.appendTable(fitted, firstLine: style.boldEscapes, to: &text)
        return text
    }

    /// A place's tags as a table shows them, separated by commas. Most places have one or two: a
    /// single tag is the string itself, not a join's new one.
    static func tagList(_ tags: [String]) -> String {
        switch tags.count {
        case 0: return ""
        case 1: return tags[0]
        default:
            var text = tags[0]
            for tag in tags.dropFirst() { text += ", "; text += tag }
            return text
        }
    }

    /// Every field of one place, for `show` and after `add` and `edit`.
    /// - Parameters:
    ///   - country: the place's country, shown on a line of its own, when known.
    ///   - flags: whether to show the country's flag beside the name and the country.
    static func detail(_ place: Location, style: TextStyle, country: (code: String, name: String)? = nil,
                       flags: Bool = false) -> [String] {
        let flag = flags ? country.map { CountryFlag.emoji($0.code) } ?? "" : ""
        var lines = [
            (flag.isEmpty ? "" : flag + " ") + "\(style.bold(TerminalText.visible(place.name)))  \(style.dim(place.shortID))",
            "  id:          \(place.idString)",
            "  coordinates: \(CoordinateFormat.plain(place.latitude)), \(CoordinateFormat.plain(place.longitude))",
            "  visited:     " + visitedSummary(place),
        ]
        if let country { lines.insert("  country:     \(flag.isEmpty ? "" : flag + " ")\(country.name) (\(country.code))", at: 3) }
        if !place.tags.isEmpty { lines.append("  tags:        \(TerminalText.visible(place.tags.joined(separator: ", ")))") }
        if let created = place.created { lines.append("  created:     \(Timestamp.string(created))") }
        if let updated = place.updated { lines.append("  updated:     \(Timestamp.string(updated))") }
        if place.visits.count > 1 {
            lines.append("  visits:")
            let width = place.visits.map(\.date.shortText.count).max() ?? 0
            for visit in place.visits.reversed() {
                let date = visit.date.shortText
                let note = visit.note.map { String(repeating: " ", count: width - date.count) + "  " + TerminalText.visible($0) } ?? ""
                lines.append("    \(date)\(note)")
            }
        }
        if !place.description.isEmpty {
            lines.append("  description:")
            lines += place.description.split(separator: "\n", omittingEmptySubsequences: false).map { "    \(TerminalText.visible(String($0)))" }
        }
        return lines
    }
}

extension PlaceOutput {
    /// `2024-05-01`, `2024-05-01 (birthday)` for one visit, `2024-06-02 (3 visits)` for several,
    /// `not yet (want to go)` for none.
    static func visitedSummary(_ place: Location) -> String {
        guard let latest = place.latestVisit else { return "not yet (want to go)" }
        if place.visits.count > 1 { return "\(latest.date.shortText) (\(place.visits.count) visits)" }
        return latest.date.shortText + (latest.note.map { " (\(TerminalText.visible($0)))" } ?? "")
    }
}

/// The `--lat LAT --lon LON` / `--at LAT,LON` options shared by `add` and `edit`.
struct CoordinateOptions: ParsableOptions {
    @Option("--lat", value: "lat", help: "Latitude, -90 to 90 (north is positive): 51.501, 51°30′4″N or 51.501N.")
    var lat: String?
    @Option("--lon", value: "lon", help: "Longitude, -180 to 180 (east is positive): -0.141, 0°8′28″W or 0.141W.")
    var lon: String?
    @Option("--at", value: "lat,lon", help: "Both at once: \"51.501,-0.141\", \"51°30′4″N 0°8′28″W\", geo:51.501,-0.141 or a Google Maps, OpenStreetMap or Apple Maps link.")
    var at: String?

    /// Whether any of the three was given.
    var isGiven: Bool { lat != nil || lon != nil || at != nil }

    /// The coordinates the options give, `nil` when none were given.
    /// - Throws: ``UsageError`` when only one of `--lat`/`--lon` is given or `--at` is mixed with
    ///   them or `--at` is no pair of coordinates; ``LocationValidationError`` for a malformed value.
    func read() throws -> (latitude: Double, longitude: Double)? {
        let (latitude, longitude) = try readEach()
        switch (latitude, longitude) {
        case (nil, nil): return nil
        case let (lat?, lon?): return (lat, lon)
        case (nil, _): throw UsageError("--lon needs --lat too")
        case (_, nil): throw UsageError("--lat needs --lon too")
        }
    }

    /// Each coordinate the options give; `edit` may change one without the other.
    func readEach() throws -> (latitude: Double?, longitude: Double?) {
        if let at {
            guard lat == nil && lon == nil else { throw UsageError("give either --at or --lat and --lon, not both") }
            let point = try OptionValues.coordinates(at, option: "--at")
            return (point.latitude, point.longitude)
        }
        return (try lat.map { try CoordinateParser.degrees($0, axis: .latitude) },
                try lon.map { try CoordinateParser.degrees($0, axis: .longitude) })
    }
}

/// The place filters of `list`, `export`, `map` and `stats`: the pin filters (`--tag`, `--visited`,
/// `--unvisited`) and the travel filters (`--country`, `--region`, `--from`, `--to`).
struct PlaceFilterOptions: ParsableOptions {
    var pins = PinFilterOptions()
    var travel = TravelFilterOptions()

    /// The query these options ask for, and the area lookup its country and region filters use.
    /// - Throws: ``UsageError`` for `--visited` with `--unvisited`, and for a bad `--country`, `--region`,
    ///   `--from` or `--to`.
    /// - Parameter fromIsDate: `false` when `--from` is a place to measure from (`list --sort distance`).
    func query(order: PlaceQuery.Order = .journal, context: CommandContext? = nil, fromIsDate: Bool = true) throws -> PlaceQuery {
        var query = try pins.query(order: order)
        try travel.narrow(&query, context: context, fromIsDate: fromIsDate)
        return query
    }
}

/// `--tag`, `--visited` and `--unvisited`: the filters a command offers when it filters pins alone
/// (`browse`, whose filter panel changes just these), and the first part of ``PlaceFilterOptions``.
struct PinFilterOptions: ParsableOptions {
    @Option("--tag", "-t", value: "tag", help: "Only places with this tag; repeat for places with any of them.")
    var tags: [String]
    @Flag("--visited", help: "Only places you have been to.")
    var visited: Bool
    @Flag("--unvisited", help: "Only places you still want to go to.")
    var unvisited: Bool

    /// The query of these filters alone.
    /// - Throws: ``UsageError`` for `--visited` with `--unvisited`.
    func query(order: PlaceQuery.Order = .journal) throws -> PlaceQuery {
        if visited && unvisited { throw UsageError("--visited and --unvisited exclude each other") }
        return PlaceQuery(tags: tags, visited: visited ? true : (unvisited ? false : nil), order: order)
    }
}

