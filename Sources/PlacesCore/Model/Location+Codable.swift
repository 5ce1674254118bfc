#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The journal's JSON form of a place. Dates are always ISO 8601 strings in UTC, whatever the
/// coder's date strategy, so the file reads the same to people and to other tools. Fields added
/// after the first version (`tags`, `visited`, `created`, `updated`, `visits`) may be absent.
///
/// `visits` is written only when the visits say more than `visited` alone (``needsVisitList``);
/// `visited` is always written, as the latest visit's start. When `visits` is present it is the
/// record and `visited` is only its summary; when absent, `visited` is the one visit (or none).
extension Location: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name, description, latitude, longitude, tags, visited, visits, created, updated

        static var allKeyNames: [String] { allCases.map(\.rawValue) }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        description = try container.decodeIfPresent(String.self, forKey: .description) ?? ""
        latitude = try container.decode(Double.self, forKey: .latitude)
        longitude = try container.decode(Double.self, forKey: .longitude)
        tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
        let visited = try Self.decodeTimestamp(container, .visited)
        // The same rule as the journal's reader: a list with visits is the record, else `visited` is.
        let list = try container.decodeIfPresent([Visit].self, forKey: .visits) ?? []
        visits = list.isEmpty ? visited.map { [Visit(date: VisitDate($0))] } ?? [] : Self.sortedVisits(list)
        created = try Self.decodeTimestamp(container, .created)
        updated = try Self.decodeTimestamp(container, .updated)
        extraFields = [:]
        let known = Set(CodingKeys.allKeyNames)
        let everything = try decoder.container(keyedBy: ExtraKey.self)
        for key in everything.allKeys where !known.contains(key.stringValue) {
            extraFields[key.stringValue] = try everything.decode(JSONFragment.self, forKey: key)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        // Lower-case, as `places` prints ids everywhere else; any case reads back.
        try container.encode(idString, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(latitude, forKey: .latitude)
        try container.encode(longitude, forKey: .longitude)
        try container.encode(tags, forKey: .tags)
        // `visited: null` says "want to go" explicitly; the dates of record are simply left out when unknown.
        try container.encode(visited.map(Timestamp.string), forKey: .visited)
        if needsVisitList { try container.encode(visits, forKey: .visits) }
        try container.encodeIfPresent(created.map(Timestamp.string), forKey: .created)
        try container.encodeIfPresent(updated.map(Timestamp.string), forKey: .updated)
        if !extraFields.isEmpty {
            var extras = encoder.container(keyedBy: ExtraKey.self)
            for (key, value) in extraFields { try extras.encode(value, forKey: ExtraKey(key)) }
        }
    }

    /// Any key: for the fields this version does not know.
    struct ExtraKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private static func decodeTimestamp(
        _ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys
    ) throws -> Date? {
        guard let text = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let date = Timestamp.date(from: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "\(key.stringValue) \"\(text)\" is not an ISO 8601 date such as 2024-05-01T12:00:00Z")
        }
        return date
    }
}
