/// A JSON value of any shape, for files whose structure other tools decide (foreign GeoJSON,
/// Google Takeout), where a `Decodable` model would reject what is merely unexpected.
public indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    /// Members in document order. A list, not a dictionary: objects here are small, and order helps messages.
    case object([(key: String, value: JSONValue)])

    /// The member named `key` of an object (the first, if repeated); `nil` for anything else.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    /// The string, or `nil`.
    public var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The number, or a string that reads as one (Takeout writes coordinates as strings).
    public var numberValue: Double? {
        switch self {
        case .number(let value): return value
        case .string(let text): return Double(text.trimmed)
        default: return nil
        }
    }

    /// The elements of an array, or `nil`.
    public var arrayValue: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }

    /// Whether this is an object.
    public var isObject: Bool {
        if case .object = self { return true }
        return false
    }

    /// Text for a scalar value as a person would read it (`12`, `true`); `nil` for null, arrays and objects.
    public var scalarText: String? {
        switch self {
        case .string(let text): return text
        case .number(let value): return CoordinateFormat.plain(value)
        case .bool(let value): return value ? "true" : "false"
        default: return nil
        }
    }
}


extension JSONValue: Encodable {
    /// Writes the value with any `Encoder` (objects keep their members' order only as far as the
    /// encoder does).
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let values):
            var container = encoder.unkeyedContainer()
            for value in values { try container.encode(value) }
        case .object(let members):
            var container = encoder.container(keyedBy: MemberKey.self)
            for member in members { try container.encode(member.value, forKey: MemberKey(stringValue: member.key)) }
        }
    }

    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
