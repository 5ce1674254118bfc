#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One time the person was at a place: when, and optionally a note ("birthday dinner").
///
/// In the journal a visit is `{"date": "2024-05", "note": "…", "source": "…"}`; `note` and `source`
/// are left out when absent, and keys this version does not know are kept as written.
public struct Visit: Sendable, Hashable {
    /// When, as precisely as it was given.
    public var date: VisitDate
    /// A line of text about this visit, or `nil`.
    public var note: String?
    /// An opaque identity set by an importer (a photo day, a location-history visit), so that
    /// importing the same data again adds nothing. People never see or type it; `show --json`
    /// prints it.
    public var source: String?
    /// Fields of the visit that this version of `places` does not know, kept as they were.
    public var extraFields: [String: JSONFragment]

    /// The longest note accepted, in characters.
    public static let maximumNoteLength = 500
    /// The longest source accepted, in characters.
    public static let maximumSourceLength = 500

    /// Creates a visit. Nothing is validated here; ``Location/validated()`` checks visits.
    public init(date: VisitDate, note: String? = nil, source: String? = nil, extraFields: [String: JSONFragment] = [:]) {
        self.date = date
        self.note = note
        self.source = source
        self.extraFields = extraFields
    }

    /// Whether `other` records the same visit, so that adding it would repeat it: the same
    /// `source`, or the same date and note.
    public func isSameVisit(as other: Visit) -> Bool {
        if let source, source == other.source { return true }
        return date == other.date && note == other.note
    }

    /// This visit with its text tidied (note trimmed, an empty note dropped), or the first rule it breaks.
    /// - Throws: ``LocationValidationError`` naming the visit's field, the value and the rule.
    public func validated() throws -> Visit {
        var visit = self
        guard date.isValid else {
            throw LocationValidationError(field: "visit date", value: "\"\(date.journalText)\"",
                                          rule: "is not a date that exists (years \(VisitDate.years.lowerBound)–\(VisitDate.years.upperBound))")
        }
        if case .instant(let moment) = date { visit.date = .instant(Timestamp.wholeSeconds(moment)) }
        visit.note = note?.trimmed
        if visit.note?.isEmpty == true { visit.note = nil }
        if let note = visit.note {
            if note.count > Self.maximumNoteLength {
                throw LocationValidationError(field: "visit note", value: "of \(note.count) characters",
                                              rule: "is too long: the limit is \(Self.maximumNoteLength) characters")
            }
            if let bad = note.unicodeScalars.first(where: { $0.isDisallowedControl }) {
                throw LocationValidationError(field: "visit note", value: Location.quoted(note),
                                              rule: "contains the control character \(bad.codePointName): a visit's note is one line of text")
            }
        }
        if let source {
            if source.isEmpty || source.count > Self.maximumSourceLength
                || source.unicodeScalars.contains(where: { $0.isDisallowedControl }) {
                throw LocationValidationError(field: "visit source", value: Location.quoted(source),
                                              rule: "must be 1 to \(Self.maximumSourceLength) characters without control characters")
            }
        }
        return visit
    }
}

extension Visit: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case date, note, source
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(VisitDate.self, forKey: .date)
        note = try container.decodeIfPresent(String.self, forKey: .note)
        source = try container.decodeIfPresent(String.self, forKey: .source)
        extraFields = [:]
        let known = Set(CodingKeys.allCases.map(\.rawValue))
        let everything = try decoder.container(keyedBy: Location.ExtraKey.self)
        for key in everything.allKeys where !known.contains(key.stringValue) {
            extraFields[key.stringValue] = try everything.decode(JSONFragment.self, forKey: key)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encodeIfPresent(source, forKey: .source)
        if !extraFields.isEmpty {
            var extras = encoder.container(keyedBy: Location.ExtraKey.self)
            for (key, value) in extraFields { try extras.encode(value, forKey: Location.ExtraKey(key)) }
        }
    }
}
