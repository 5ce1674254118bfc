import PlacesCore

/// A place's visits as one line of text: the one encoding of the visits list in every export.
///
/// GeoJSON holds it as its `visits` member; KML (an `ExtendedData` field), CSV (a `visits` column)
/// and GPX (a `places:visits` extension element) hold the same text as a plain string, because
/// the tools people convert with (GDAL's `ogr2ogr`, QGIS, spreadsheets) keep a text field whole but
/// flatten or drop nested structure. The text is a JSON array, earliest visit first:
/// `[{"date":"2019"},{"date":"2024-05-01","note":"with Sam","source":"photo:48a3…"}]`, each `date`
/// as precise as it was given (``VisitDate/journalText``), `note` and `source` left out when absent.
/// JSON's escaping keeps any note whole (commas, quotes, semicolons, line breaks).
enum VisitListText {
    /// The field's name in KML, CSV and GPX, and the GeoJSON member's.
    static let field = "visits"

    /// The text for a place's visits, or `""` when its `visited` date says everything (one visit,
    /// a whole day, no note or source): a file without the field reads back the same, as before.
    static func text(for place: Location) -> String {
        place.needsVisitList ? json(place.visits) : ""
    }

    /// The visits as a JSON array.
    static func json(_ visits: [Visit]) -> String {
        "[" + visits.map { visit in
            "{\"date\":\"\(visit.date.journalText)\"" + (visit.note.map { ",\"note\":" + JSONText.quoted($0) } ?? "")
                + (visit.source.map { ",\"source\":" + JSONText.quoted($0) } ?? "") + "}"
        }.joined(separator: ",") + "]"
    }

    /// The visits in a JSON array as GeoJSON holds it; a visit whose date is not one is left out,
    /// like other loosely written dates in a foreign GeoJSON file.
    static func visits(_ value: JSONValue?) -> [Visit] {
        (value?.arrayValue ?? []).compactMap { visit in
            visit["date"]?.stringValue.flatMap { VisitDate(journalText: $0) }.map {
                Visit(date: $0, note: visit["note"]?.stringValue, source: visit["source"]?.stringValue)
            }
        }
    }

    /// The visits a field's text lists, also as GDAL rewrites it (`[ { "date": "2019" } ]`). A text
    /// that does not start with `[` is not ours and lists none: another tool's `visits` column (a
    /// count, say) must not make its file unreadable.
    /// - Returns: the visits, or the reason a text starting with `[` is not a list of visits (naming the value).
    static func read(_ text: String) -> Result<[Visit], Problem> {
        let trimmed = text.trimmed
        guard trimmed.hasPrefix("[") else { return .success([]) }
        var parser = JSONParser(bytes: Array(trimmed.utf8))
        guard let list = (try? parser.parse())?.arrayValue else { return .failure(Problem(text: trimmed)) }
        var visits: [Visit] = []
        for item in list {
            guard let dateText = item["date"]?.stringValue, let date = VisitDate(journalText: dateText),
                  isText(item["note"]), isText(item["source"]) else {
                return .failure(Problem(text: trimmed))
            }
            visits.append(Visit(date: date, note: item["note"]?.stringValue, source: item["source"]?.stringValue))
        }
        return .success(visits)
    }

    /// Whether an optional member is text, `null` or absent.
    private static func isText(_ value: JSONValue?) -> Bool {
        switch value {
        case nil, .null?, .string?: return true
        default: return false
        }
    }

    /// A `visits` field that is not a list of visits.
    struct Problem: Error, CustomStringConvertible {
        /// The field's text.
        var text: String
        var description: String {
            "visits \(Location.quoted(text)) is not a list of visits such as [{\"date\":\"2024-05-01\",\"note\":\"with Sam\"}]"
        }
    }
}
