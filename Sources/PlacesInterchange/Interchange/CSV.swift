#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// Writes places as RFC 4180 CSV: a header row, CRLF line ends, fields quoted when they hold a
/// separator, a quote or a line break (so descriptions survive whole).
public enum CSVExporter {
    /// The header row's columns, in order.
    /// `visits` (``VisitListText``, empty when `visited` says it all) comes last, so that the
    /// columns of earlier exports keep their places.
    public static let columns = ["id", "name", "description", "latitude", "longitude", "tags", "visited", "created", "updated", VisitListText.field]

    /// The document.
    /// - Parameter progress: called now and then with the number of places written so far.
    public static func export(_ places: [Location], progress: (Int) -> Void = { _ in }) -> String {
        var out = columns.joined(separator: ",") + "\r\n"
        for (done, place) in places.enumerated() {
            if done & 1023 == 0 { progress(done) }
            let fields = [
                place.idString, inert(place.name), inert(place.description),
                CoordinateFormat.plain(place.latitude), CoordinateFormat.plain(place.longitude),
                inert(place.tags.joined(separator: ",")),
                place.visited.map(Timestamp.string) ?? "", place.created.map(Timestamp.string) ?? "",
                place.updated.map(Timestamp.string) ?? "", VisitListText.text(for: place),
            ]
            out += fields.map(field).joined(separator: ",") + "\r\n"
        }
        return out
    }

    /// The characters that make a spreadsheet read a cell as a formula (OWASP "CSV injection").
    static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    /// A text cell a spreadsheet will not run: one starting with `=`, `+`, `-`, `@`, tab or CR gets
    /// a leading `'`, as OWASP advises, unless it is a plain number (`-12.5` stays a number).
    /// ``CSVReader`` takes the `'` off again, so an export imports back as it was.
    static func inert(_ text: String) -> String {
        guard let first = text.first, formulaStarts.contains(first), Double(text) == nil else { return text }
        return "'" + text
    }

    /// A field, quoted (with quotes doubled) only when it needs to be.
    static func field(_ text: String) -> String {
        var needsQuotes = false
        for byte in text.utf8 where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D {
            needsQuotes = true
            break
        }
        if !needsQuotes, let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
           first.properties.isWhitespace || last.properties.isWhitespace {
            needsQuotes = true
        }
        guard needsQuotes else { return text }
        return "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}

/// Reads CSV with a header row, comma, semicolon or tab separated (detected from the header).
///
/// Columns are found by name, case-insensitively and in any order: `name`/`title`/`label`,
/// `latitude`/`lat`/`y`, `longitude`/`lon`/`lng`/`long`/`x`, a WKT point in `wkt`/`geometry`/`geom`/
/// `the_geom`/`wkt_geom` (GDAL's `AS_WKT`, QGIS), `description`/`desc`/`note`/`notes` (and
/// `comment`, added below it), `tags`/`tag`, `url`, and the journal's own `id`, `visited`, `visits`,
/// `created`, `updated` (also as GDAL names and writes them after a conversion: `places_id`, `2024/05/01
/// 00:00:00+00`, `(2:a,b)`). Other columns are ignored. A decimal comma (`51,5`) is accepted where
/// the separator is not a comma.
///
/// A Google Maps saved list (`Title,Note,URL,Tags,Comment`) has no coordinate columns: a row takes
/// them from its URL when it holds some (``CoordinateParser``), else it is left for the gazetteer to
/// place by its title (``ImportedPlace/Pending/position(query:)``).
enum CSVReader {
    private static let aliases: [String: String] = [
        "name": "name", "title": "name", "label": "name",
        "latitude": "latitude", "lat": "latitude", "y": "y", "point_y": "y", "ycoord": "y",
        "longitude": "longitude", "lon": "longitude", "lng": "longitude", "long": "longitude",
        "x": "x", "point_x": "x", "xcoord": "x",
        "wkt": "wkt", "geometry": "wkt", "geom": "wkt", "the_geom": "wkt", "wkt_geom": "wkt",
        "description": "description", "desc": "description", "note": "description", "notes": "description",
        "comment": "comment", "comments": "comment",
        "tags": "tags", "tag": "tags", "url": "url",
        "id": "id", "visited": "visited", "created": "created", "updated": "updated",
    ]

    static func read(bytes: [UInt8], fileName: String) throws -> ImportedFile {
        var file = ImportedFile(fileName: fileName, format: .csv)
        var records = CSVRecords(bytes: bytes, separator: detectSeparator(bytes))
        func fail(_ line: Int, _ item: String?, _ reason: String) -> ImportError {
            ImportError(file: fileName, position: TextPosition(line: line, column: 1), item: item, reason: reason)
        }
        guard let header = try records.next(fileName: fileName) else {
            throw ImportError(file: fileName, reason: "the file is empty: expected a header row such as name,latitude,longitude")
        }
        var columns: [String: Int] = [:]
        // Later columns of the same meaning fill in where the first is empty: GDAL writes a GPX's
        // empty `desc` beside the `ogr_description` that holds ours.
        var laterColumns: [String: [Int]] = [:]
        for (index, title) in header.fields.enumerated() {
            let spelled = title.trimmed.lowercased()
            guard let key = aliases[spelled] ?? ForeignFields.journalField(spelled) else { continue }
            if columns[key] == nil { columns[key] = index } else { laterColumns[key, default: []].append(index) }
        }
        // X and Y stand in for longitude and latitude only when those are not named outright.
        if columns["latitude"] == nil && columns["longitude"] == nil, let x = columns["x"], let y = columns["y"] {
            columns["longitude"] = x
            columns["latitude"] = y
        }
        let hasPair = columns["latitude"] != nil && columns["longitude"] != nil
        guard columns["name"] != nil else {
            throw fail(header.line, nil, "the header has no name column (found: \(header.fields.joined(separator: ", ")))")
        }
        guard hasPair || columns["wkt"] != nil || columns["url"] != nil else {
            let missing = columns["latitude"] == nil ? "latitude" : "longitude"
            throw fail(header.line, nil, "the header has no \(missing) column, nor X/Y, WKT or URL columns (found: \(header.fields.joined(separator: ", ")))")
        }
        let decimalComma = records.separator != UInt8(ascii: ",")
        var row = 0
        while let record = try records.next(fileName: fileName) {
            if record.fields.allSatisfy({ $0.trimmed.isEmpty }) { continue }
            row += 1
            let item = "row \(row)"
            func value(_ key: String) -> String? {
                guard let index = columns[key], index < record.fields.count else { return nil }
                if record.fields[index].trimmed.isEmpty, let later = laterColumns[key]?.first(where: {
                    $0 < record.fields.count && !record.fields[$0].trimmed.isEmpty
                }) {
                    return record.fields[later]
                }
                return record.fields[index]
            }
            func number(_ key: String) throws -> Double? {
                guard let text = value(key)?.trimmed, !text.isEmpty else { return nil }
                if let number = Double(text) { return number }
                if decimalComma, let number = Double(text.replacing(",", with: ".")) { return number }
                throw fail(record.line, item, "\(key) \"\(text)\" is not a number")
            }
            func date(_ key: String) throws -> Date? {
                guard let text = value(key)?.trimmed, !text.isEmpty else { return nil }
                guard let date = ForeignFields.date(text) else {
                    throw fail(record.line, item, "\(key) \"\(text)\" is not an ISO 8601 date such as 2024-05-01T12:00:00Z")
                }
                return date
            }
            var draft = PlaceDraft()
            if let idText = value("id")?.trimmed, !idText.isEmpty {
                // An id that is not a UUID is not one of ours: another tool's (a GIS layer's 1, 2, 3), kept as its field.
                if let id = UUID(uuidString: idText) { draft.id = id } else { draft.externalID = idText }
            }
            // The `'` the exporter puts before a cell a spreadsheet would take for a formula.
            func text(_ key: String) -> String? {
                guard let text = value(key), text.hasPrefix("'"), text.dropFirst().first.map(CSVExporter.formulaStarts.contains) == true,
                      Double(text.dropFirst()) == nil else { return value(key) }
                return String(text.dropFirst())
            }
            draft.name = text("name")
            let url = value("url")?.trimmed ?? ""
            draft.description = [text("description"), text("comment"), url].compactMap { $0?.trimmed }
                .filter { !$0.isEmpty }.joined(separator: "\n")
            draft.latitude = try number("latitude")
            draft.longitude = try number("longitude")
            if draft.latitude == nil || draft.longitude == nil, let wkt = value("wkt")?.trimmed, !wkt.isEmpty {
                switch WKTPoint.read(wkt) {
                case .point(let latitude, let longitude):
                    draft.latitude = latitude
                    draft.longitude = longitude
                case .other(let kind):
                    file.skipped.append(SkippedEntry(file: fileName, item: item, name: draft.name, reason: "is a \(kind), not a POINT"))
                    continue
                case .malformed:
                    throw fail(record.line, item, "the geometry \"\(wkt.prefix(60))\" is not a WKT POINT such as POINT (-0.1246 51.5007)")
                }
            }
            var pending: ImportedPlace.Pending?
            if draft.latitude == nil && draft.longitude == nil && !hasPair && columns["wkt"] == nil {
                let title = draft.name?.trimmed ?? ""
                let titlePoint = CoordinateParser.parse(title)
                if columns["url"] != nil, title.isEmpty || titlePoint != nil, let point = CoordinateParser.parse(url) ?? titlePoint {
                    // A dropped pin in a saved list: titled by its coordinates, or not at all.
                    draft.name = TakeoutReader.droppedPinName
                    pending = .nearestTown
                    draft.latitude = point.latitude
                    draft.longitude = point.longitude
                } else if let point = CoordinateParser.parse(url) {
                    draft.latitude = point.latitude
                    draft.longitude = point.longitude
                } else if !title.isEmpty {
                    // Placed by the gazetteer later; 0,0 only lets the rest of the row be checked now.
                    pending = .position(query: title)
                    draft.latitude = 0
                    draft.longitude = 0
                }
            }
            draft.tags = ForeignFields.tags(text("tags") ?? "")
            draft.visited = try date("visited")
            draft.created = try date("created")
            draft.updated = try date("updated")
            if let visits = value(VisitListText.field), let problem = draft.setJournalField(VisitListText.field, visits) {
                throw fail(record.line, item, problem)
            }
            var place = try draft.imported(file: fileName, position: TextPosition(line: record.line, column: 1), item: item)
            place.pending = pending
            file.places.append(place)
        }
        return file
    }

    /// The separator that occurs most in the first line, outside quotes: comma, semicolon or tab.
    static func detectSeparator(_ bytes: [UInt8]) -> UInt8 {
        var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, 0x09: 0]
        var inQuotes = false
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { inQuotes.toggle() }
            if inQuotes { continue }
            if byte == 0x0A { break }
            if counts[byte] != nil { counts[byte]! += 1 }
        }
        let best = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key != UInt8(ascii: ",")) })!
        return best.value == 0 ? UInt8(ascii: ",") : best.key
    }
}

/// RFC 4180 records: quoted fields may hold separators, doubled quotes and line breaks.
///
/// A record may be at most ``maximumRecordBytes`` long: a file whose header is one 100 MB line
/// would otherwise become tens of millions of fields, and gigabytes of memory, before any check.
struct CSVRecords {
    /// The longest record accepted, in bytes: room for the longest description many times over.
    static let maximumRecordBytes = 1 << 20
    let bytes: [UInt8]
    let separator: UInt8
    private var index = 0
    private var line = 1

    init(bytes: [UInt8], separator: UInt8) {
        self.bytes = bytes
        self.separator = separator
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    /// The next record and the line it starts on, or `nil` at the end.
    mutating func next(fileName: String) throws -> (fields: [String], line: Int)? {
        guard index < bytes.count else { return nil }
        let startLine = line
        let startIndex = index
        var fields: [String] = []
        var field: [UInt8] = []
        func finishField() throws {
            guard let text = String(validating: field, as: UTF8.self) else {
                throw ImportError(file: fileName, position: TextPosition(line: line, column: 1),
                                  reason: "the text is not UTF-8: save the file as UTF-8 and try again")
            }
            fields.append(text)
            field.removeAll(keepingCapacity: true)
        }
        var quoted = false
        var atFieldStart = true
        while index < bytes.count {
            if index - startIndex > Self.maximumRecordBytes {
                throw ImportError(file: fileName, position: TextPosition(line: startLine, column: 1),
                                  reason: "the record is longer than \(Self.maximumRecordBytes / 1_048_576) MB, the limit for one CSV line"
                                      + (quoted ? " (is a quote left open?)" : ""))
            }
            let byte = bytes[index]
            index += 1
            if quoted {
                if byte == UInt8(ascii: "\"") {
                    if index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
                        field.append(byte)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == 0x0A { line += 1 }
                    field.append(byte)
                }
                continue
            }
            if byte == UInt8(ascii: "\"") && atFieldStart {
                quoted = true
                atFieldStart = false
            } else if byte == separator {
                try finishField()
                atFieldStart = true
            } else if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D && index < bytes.count && bytes[index] == 0x0A { index += 1 }
                line += 1
                try finishField()
                return (fields, startLine)
            } else {
                field.append(byte)
                atFieldStart = false
            }
        }
        if quoted {
            throw ImportError(file: fileName, position: TextPosition(line: startLine, column: 1),
                              reason: "a quoted field is not closed before the end of the file")
        }
        try finishField()
        return (fields, startLine)
    }
}
