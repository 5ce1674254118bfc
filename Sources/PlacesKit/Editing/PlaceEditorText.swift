#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The text form of a place that `places edit` opens in the person's editor, and its parser.
///
/// ```
/// # Editing place 5a3b1f0e-… (Lines starting with # above "description:" are ignored.)
/// name: Buckingham Palace
/// latitude: 51.501
/// longitude: -0.141
/// tags: london, royal
/// visited: no
/// description:
/// Lit by over 40,000 lightbulbs.
/// ```
/// Everything after the `description:` line, up to the end, is the description, so it may span
/// lines and may contain `#`.
public enum PlaceEditorText {
    /// The problems found in an edited text, one message per line, each naming the line.
    public struct Problems: Error, Equatable, Sendable, CustomStringConvertible {
        public var messages: [String]
        public var description: String { messages.joined(separator: "\n") }
    }

    /// The text to put in the editor, with `problems` from a failed save as comment lines at the top.
    public static func render(_ place: Location, problems: [String] = []) -> String {
        var lines: [String] = []
        if !problems.isEmpty {
            lines.append("# The last save had problems; fix them and save again, or empty the file to give up:")
            lines += problems.map { "#   \($0)" }
            lines.append("#")
        }
        lines += [
            "# Editing place \(place.idString).",
            "# Lines starting with # are ignored. Save and close to apply; empty the file or leave it unchanged to cancel.",
            "# visited: a date such as 2024-05-01, or \"no\". tags: separated by commas.",
            "name: \(place.name)",
            "latitude: \(CoordinateFormat.plain(place.latitude))",
            "longitude: \(CoordinateFormat.plain(place.longitude))",
            "tags: \(place.tags.joined(separator: ", "))",
            "visited: \(place.visited.map(Timestamp.string) ?? "no")",
            "description:",
        ]
        var text = lines.joined(separator: "\n") + "\n"
        if !place.description.isEmpty { text += place.description + "\n" }
        return text
    }

    /// Whether an edited text means "cancel": nothing but comments and blank lines.
    public static func isEmpty(_ text: String) -> Bool {
        text.split(separator: "\n", omittingEmptySubsequences: false).allSatisfy {
            let line = String($0).trimmed
            return line.isEmpty || line.hasPrefix("#")
        }
    }

    /// Applies an edited text to `original`. The id, `created` and `updated` never come from the text.
    /// - Throws: ``Problems`` listing every mistake found, each with its line number.
    public static func parse(_ text: String, original: Location) throws -> Location {
        var place = original
        var problems: [String] = []
        var seen = Set<String>()
        var descriptionLines: [Substring]?
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
            guard seen.insert(key).inserted else {
                problems.append("line \(number): \(key) is given twice")
                continue
            }
            do {
                switch key {
                case "name": place.name = value
                case "latitude": place.latitude = try CoordinateParser.degrees(value, axis: .latitude)
                case "longitude": place.longitude = try CoordinateParser.degrees(value, axis: .longitude)
                case "tags": place.tags = value.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty }
                case "visited":
                    if ["", "no", "false", "-"].contains(value.lowercased()) { place.visited = nil }
                    else if ["yes", "true"].contains(value.lowercased()) { place.visited = original.visited ?? Date() }
                    else if let date = Timestamp.date(from: value) { place.visited = date }
                    else { problems.append("line \(number): visited \"\(value)\" is not a date such as 2024-05-01, nor \"no\"") }
                case "description":
                    descriptionLines = value.isEmpty ? [] : [Substring(value)]
                default:
                    problems.append("line \(number): unknown field \"\(key)\" (the fields are name, latitude, longitude, tags, visited, description)")
                }
            } catch {
                problems.append("line \(number): \(error)")
            }
        }
        for required in ["name", "latitude", "longitude"] where !seen.contains(required) {
            problems.append("the \(required) line is missing")
        }
        if let descriptionLines {
            var body = descriptionLines
            while let last = body.last, String(last).trimmed.isEmpty { body.removeLast() }
            place.description = body.joined(separator: "\n")
        } else {
            problems.append("the description: line is missing (leave it empty for no description)")
        }
        if problems.isEmpty {
            do { place = try place.validated() } catch { problems.append("\(error)") }
        }
        if !problems.isEmpty { throw Problems(messages: problems) }
        return place
    }
}
