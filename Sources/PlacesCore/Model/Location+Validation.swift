#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A field of a place that breaks one of the journal's rules. Its description names the field,
/// the offending value and the rule, e.g. `latitude 91 is out of range: it must be between -90 and 90`.
public struct LocationValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The field at fault: `name`, `latitude`, `longitude`, `description` or `tag`.
    public var field: String
    /// The offending value, as the user would recognise it (shortened when very long).
    public var value: String
    /// The rule the value breaks.
    public var rule: String

    public init(field: String, value: String, rule: String) {
        self.field = field
        self.value = value
        self.rule = rule
    }

    public var description: String { "\(field) \(value) \(rule)" }
}

extension Location {
    /// The longest name accepted, in characters.
    public static let maximumNameLength = 200
    /// The longest description accepted, in characters.
    public static let maximumDescriptionLength = 20_000
    /// The longest tag accepted, in characters.
    public static let maximumTagLength = 64

    /// This place with its text tidied (name and tags trimmed, repeated tags dropped), or the
    /// first rule it breaks.
    /// - Throws: ``LocationValidationError`` naming the field, the value and the rule.
    public func validated() throws -> Location {
        var place = self
        place.name = name.trimmed
        try Self.checkName(place.name)
        try Self.checkCoordinate(latitude, field: "latitude", limit: 90)
        try Self.checkCoordinate(longitude, field: "longitude", limit: 180)
        // CR LF and lone CR are line breaks, as the editor and the importers read them: a description
        // pasted from a Windows file must not be refused on the command line only.
        place.description = Self.unixLineBreaks(description)
        let description = place.description
        if description.count > Self.maximumDescriptionLength {
            throw LocationValidationError(
                field: "description", value: "of \(description.count) characters",
                rule: "is too long: the limit is \(Self.maximumDescriptionLength) characters")
        }
        if let bad = description.unicodeScalars.first(where: { $0.isDisallowedControl && $0 != "\n" && $0 != "\t" }) {
            throw LocationValidationError(
                field: "description", value: Self.quoted(description),
                rule: "contains the control character \(bad.codePointName): only tabs and line breaks are allowed")
        }
        place.tags = try Self.normalizedTags(tags)
        // The journal stores whole seconds; keep the value in memory equal to the value on disk.
        place.visits = try visits.map { try $0.validated() }
        place.created = created.map(Timestamp.wholeSeconds)
        place.updated = updated.map(Timestamp.wholeSeconds)
        return place
    }

    /// Tidies a list of tags: trims each, drops repeats (keeping the first), and checks each.
    /// - Throws: ``LocationValidationError`` for an empty, over-long or malformed tag.
    public static func normalizedTags(_ tags: [String]) throws -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for raw in tags {
            let tag = raw.trimmed
            if tag.isEmpty {
                throw LocationValidationError(field: "tag", value: Self.quoted(raw), rule: "is empty: a tag needs at least one character")
            }
            if tag.count > maximumTagLength {
                throw LocationValidationError(
                    field: "tag", value: quoted(tag), rule: "is too long: the limit is \(maximumTagLength) characters")
            }
            if let bad = tag.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                throw LocationValidationError(
                    field: "tag", value: quoted(tag), rule: "contains the control character \(bad.codePointName)")
            }
            if tag.contains(",") {
                throw LocationValidationError(
                    field: "tag", value: quoted(tag), rule: "contains a comma: commas separate tags, so a tag cannot hold one")
            }
            if seen.insert(tag.lowercased()).inserted { result.append(tag) }
        }
        return result
    }

    /// Text with CR LF and lone CR turned into LF, as XML parsers do: files written on Windows, or
    /// text pasted from them, would otherwise bring carriage returns, which descriptions do not allow.
    public static func unixLineBreaks(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        return text.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
    }

    /// Whether `name` shows nothing: only spaces, zero-width and other format characters (U+200B,
    /// U+FEFF, U+2060), default-ignorable code points and marks with no letter to sit on. Such a
    /// name can be neither seen in a list nor typed to find the place again.
    static func isInvisible(_ name: String) -> Bool {
        name.unicodeScalars.allSatisfy { scalar in
            let properties = scalar.properties
            switch properties.generalCategory {
            case .format, .nonspacingMark, .enclosingMark, .spaceSeparator, .lineSeparator,
                 .paragraphSeparator, .control:
                return true
            default:
                return properties.isWhitespace || properties.isDefaultIgnorableCodePoint
            }
        }
    }

    package static func checkName(_ name: String) throws {
        if name.isEmpty {
            throw LocationValidationError(field: "name", value: "\"\"", rule: "is empty: a place needs a name")
        }
        if name.count > maximumNameLength {
            throw LocationValidationError(
                field: "name", value: "of \(name.count) characters", rule: "is too long: the limit is \(maximumNameLength) characters")
        }
        if let bad = name.unicodeScalars.first(where: { $0.isDisallowedControl }) {
            throw LocationValidationError(
                field: "name", value: quoted(name), rule: "contains the control character \(bad.codePointName): names are a single line of text")
        }
        if isInvisible(name) {
            let points = name.unicodeScalars.prefix(8).map(\.codePointName).joined(separator: " ")
            throw LocationValidationError(
                field: "name", value: "\"\(points)\"",
                rule: "has no visible character: a place needs a name that can be seen and typed")
        }
    }

    package static func checkCoordinate(_ value: Double, field: String, limit: Double) throws {
        guard value.isFinite else {
            throw LocationValidationError(field: field, value: "\(value)", rule: "is not a finite number")
        }
        guard (-limit...limit).contains(value) else {
            throw LocationValidationError(
                field: field, value: CoordinateFormat.plain(value),
                rule: "is out of range: it must be between \(Int(-limit)) and \(Int(limit))")
        }
    }

    package static func quoted(_ text: String) -> String {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        var escaped = ""
        for scalar in shown.unicodeScalars {
            if scalar.isDisallowedControl || scalar == "\n" || scalar == "\t" {
                escaped += scalar.codePointName
            } else if scalar == "\"" {
                escaped += "\\\""
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"\(escaped)\""
    }
}

extension Unicode.Scalar {
    /// C0 and C1 controls and DEL: never welcome in a name.
    var isDisallowedControl: Bool { properties.generalCategory == .control }

    /// `U+0007` style.
    var codePointName: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
