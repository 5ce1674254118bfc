#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// The text form of a place that `places edit` opens in the person's editor, and its parser.
///
/// ```
/// # Editing place 5a3b1f0e-… (Lines starting with # above "description:" are ignored.)
/// # Near Westminster, England, GB (0.4 km); in United Kingdom (GB)
/// name: Buckingham Palace
/// latitude: 51.501
/// longitude: -0.141
/// tags: london, royal
/// visit: 2019
/// visit: 2024-05-01  with Sam
/// description:
/// Lit by over 40,000 lightbulbs.
/// ```
/// One `visit:` line per visit: its date as precise as it was given, then optionally two spaces
/// and a note; any date ``VisitDateReader`` reads is accepted. Everything after the
/// `description:` line, up to the end, is the description, so it may span lines and may contain `#`.
/// A map link, a `geo:` URI or a pair (`51.5074, -0.1278`) pasted on the `latitude:` or the
/// `longitude:` line gives both coordinates (see `PlaceEditorText+Coordinates.swift`).
/// The `visited:` line of earlier forms is still read (`no`, or the latest visit's date).
public enum PlaceEditorText {
    /// The problems found in an edited text, one message per line, each naming the line.
    public struct Problems: Error, Equatable, Sendable, CustomStringConvertible {
        public var messages: [String]
        public var description: String { messages.joined(separator: "\n") }
    }

    /// The text to put in the editor, with `problems` from a failed save as comment lines at the top.
    /// - Parameter whereabouts: a line saying where the place is (see ``ReverseGeocodeResult/whereabouts``), shown as
    ///   a comment for orientation.
    public static func render(_ place: Location, problems: [String] = [], whereabouts: String? = nil) -> String {
        var lines: [String] = []
        if !problems.isEmpty {
            lines.append("# The last save had problems; fix them and save again, or empty the file to give up:")
            lines += problems.map { "#   \($0)" }
            lines.append("#")
        }
        lines += [
            "# Editing place \(place.idString).",
        ]
        if let whereabouts { lines.append("# \(whereabouts)") }
        lines += [
            "# Lines starting with # are ignored. Save and close to apply; empty the file or leave it unchanged to cancel.",
            "# tags: separated by commas. visit: one line per visit, a date and, after two spaces, a note if you like.",
            "# Dates: 2024-05-01, 2024-05, 2024, May 2024, yesterday, last friday, 3 days ago. Delete a visit's line to remove it.",
            "# A map link, geo: URI or pair (51.5074, -0.1278) pasted on the latitude or longitude line sets both.",
            "name: \(place.name)",
            "latitude: \(CoordinateFormat.plain(place.latitude))",
            "longitude: \(CoordinateFormat.plain(place.longitude))",
            "tags: \(place.tags.joined(separator: ", "))",
        ]
        lines += place.visits.map { "visit: \($0.date.journalText)" + ($0.note.map { "  \($0)" } ?? "") }
        lines.append("description:")
        var text = lines.joined(separator: "\n") + "\n"
        if !place.description.isEmpty { text += place.description + "\n" }
        return text
    }

    /// A visit line's value: a date, then optionally a note. The note follows two spaces when the
    /// text before them is a date (as the form writes it); otherwise the longest run of leading
    /// words that reads as a date is the date (`last friday birthday dinner`).
    /// - Throws: ``VisitDateError`` when no leading words read as a date.
    static func readVisit(_ value: String, dates: VisitDateReader) throws -> Visit {
        func note(_ text: String) -> String? { text.trimmed.isEmpty ? nil : text.trimmed }
        let scalars = Array(value.unicodeScalars)
        if let gap = scalars.indices.dropLast().first(where: { scalars[$0] == " " && scalars[$0 + 1] == " " }) {
            var head = String.UnicodeScalarView(), tail = String.UnicodeScalarView()
            head.append(contentsOf: scalars[..<gap])
            tail.append(contentsOf: scalars[(gap + 2)...])
            // The form's own layout: what comes before the gap must be the date.
            return Visit(date: try dates.read(String(head).trimmed), note: note(String(tail)))
        }
        let words = value.split(separator: " ", omittingEmptySubsequences: true)
        for count in stride(from: min(words.count, 4), through: 1, by: -1) {
            let head = words[..<count].joined(separator: " ")
            if let date = try? dates.read(head) {
                return Visit(date: date, note: note(words[count...].joined(separator: " ")))
            }
        }
        // No leading words are a date: the error names the whole value.
        return Visit(date: try dates.read(value))
    }

    /// Whether an edited text means "cancel": nothing but comments and blank lines.
    public static func isEmpty(_ text: String) -> Bool {
        text.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy {
            let line = String($0).trimmed
            return line.isEmpty || line.hasPrefix("#")
        }
    }

    /// Applies an edited text to `original`. The id, `created` and `updated` never come from the text;
    /// a visit line that is unchanged keeps its visit's `source` and unknown fields.
    /// - Parameter dates: reads the visit lines' dates (its `now` and zone for `yesterday`).
    /// - Throws: ``Problems`` listing every mistake found, each with its line number.
    public static func parse(_ text: String, original: Location, dates: VisitDateReader = VisitDateReader()) throws -> Location {
        var place = original
        var problems: [String] = []
        var seen = Set<String>()
        var descriptionLines: [Substring]?
        var descriptionLine = 0
        var visits: [Visit] = []
        var unmatched = original.visits
        var visitedLine: (number: Int, value: String)?
        var latitudeLine: CoordinateLine?, longitudeLine: CoordinateLine?
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, rawLine) in lines.enumerated() {
            let number = offset + 1
            if descriptionLines != nil {
                descriptionLines!.append(rawLine)
                continue
            }
            let line = String(rawLine).trimmed
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let colon = line.firstIndex(of: ":") else {
                problems.append("line \(number): \"\(line)\" is not a \"field: value\" line")
                continue
            }
            let key = String(line[..<colon]).trimmed.lowercased()
            let value = String(line[line.index(after: colon)...]).trimmed
            guard key == "visit" || seen.insert(key).inserted else {
                problems.append("line \(number): \(key) is given twice")
                continue
            }
            // Each line is checked on its own, so that every mistake is reported with its line at once.
            do {
                switch key {
                case "name":
                    place.name = value
                    try Location.checkName(value)
                // Read together after the loop: either line may hold a whole pasted point.
                case "latitude": latitudeLine = CoordinateLine(number: number, value: value)
                case "longitude": longitudeLine = CoordinateLine(number: number, value: value)
                case "tags": place.tags = try Location.normalizedTags(value.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty })
                case "visit":
                    let read: Visit
                    do { read = try readVisit(value, dates: dates) } catch {
                        problems.append("line \(number): visit \(error)")
                        continue
                    }
                    var visit = try read.validated()
                    // An unchanged line is the same visit: it keeps what the text does not show.
                    if let index = unmatched.firstIndex(where: { $0.date == visit.date && $0.note == visit.note }) {
                        visit = unmatched.remove(at: index)
                    }
                    visits.append(visit)
                case "visited": visitedLine = (number, value)
                case "description":
                    descriptionLines = value.isEmpty ? [] : [Substring(value)]
                    descriptionLine = number
                default:
                    problems.append("line \(number): unknown field \"\(key)\" (the fields are name, latitude, longitude, tags, visit, description)")
                }
            } catch {
                problems.append("line \(number): \(error)")
            }
        }
        place.visits = visits
        if let (number, value) = visitedLine {
            // The form's earlier one-date line: "no", or the date of the latest visit.
            if ["", "no", "false", "-"].contains(value.lowercased()) {
                if !visits.isEmpty { problems.append("line \(number): visited: no, but the text has visit lines") }
                place.visits = []
            } else if !["yes", "true"].contains(value.lowercased()) || !place.isVisited {
                do {
                    let date = ["yes", "true"].contains(value.lowercased()) ? try dates.read("today") : try dates.read(value)
                    place.setLatestVisitDate(date)
                } catch {
                    problems.append("line \(number): visited \(error)")
                }
            }
        }
        if readCoordinates(latitude: latitudeLine, longitude: longitudeLine, original: original, into: &place, problems: &problems) {
            // A pasted point gave both coordinates: a deleted line is no loss.
            seen.formUnion(["latitude", "longitude"])
        }
        for required in ["name", "latitude", "longitude"] where !seen.contains(required) {
            problems.append("the \(required) line is missing")
        }
        if let descriptionLines {
            var body = descriptionLines
            while let last = body.last, String(last).trimmed.isEmpty { body.removeLast() }
            place.description = body.joined(separator: "\n")
            // The description's own rules, checked apart from the other fields' (already checked by line).
            var alone = Location(name: "description", latitude: 0, longitude: 0)
            alone.description = place.description
            do { _ = try alone.validated() } catch { problems.append("line \(descriptionLine): \(error)") }
        } else {
            problems.append("the description: line is missing (leave it empty for no description)")
        }
        if problems.isEmpty {
            do { place = try place.validated() } catch { problems.append("\(error)") }
        }
        if !problems.isEmpty { throw Problems(messages: inLineOrder(problems)) }
        return place
    }

    /// Problems in the order of their lines (the coordinate and `visited:` lines are checked after
    /// the others); those about the whole text, with no line, last.
    static func inLineOrder(_ problems: [String]) -> [String] {
        func line(_ message: String) -> Int {
            guard message.hasPrefix("line "), let colon = message.firstIndex(of: ":") else { return Int.max }
            return Int(message[message.index(message.startIndex, offsetBy: 5)..<colon]) ?? Int.max
        }
        return problems.enumerated().sorted { (line($0.element), $0.offset) < (line($1.element), $1.offset) }.map(\.element)
    }
}
