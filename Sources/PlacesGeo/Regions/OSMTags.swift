/// A tag key that region packs read, known by a number: looking one up in an object's tags compares
/// bytes, not strings, and a key the object lacks costs one bit test.
///
/// The readers classify each key once (the PBF reader once per string of a block's table), so no object
/// hashes its keys into a dictionary.
enum OSMKey: UInt8, Sendable, CaseIterable {
    /// A key no region code reads by name.
    case other
    /// A key that holds another name of the object (`name:xx`, `alt_name`, `brand`…; see ``OSMKinds/names(_:)``).
    case nameVariant
    case name, amenity, shop, tourism, historic, leisure, office, craft, healthcare, railway, publicTransport
    case aeroway, manMade, natural, water, waterway, place, highway, area, tunnel, landuse, building, boundary
    case adminLevel, type, houseNumber, street, addressPlace, postcode, postalCode, city, population

    /// Each case's key as OSM writes it, by raw value (the first two are not one key).
    static let texts = ["", "", "name", "amenity", "shop", "tourism", "historic", "leisure", "office", "craft", "healthcare",
                        "railway", "public_transport", "aeroway", "man_made", "natural", "water", "waterway", "place",
                        "highway", "area", "tunnel", "landuse", "building", "boundary", "admin_level", "type",
                        "addr:housenumber", "addr:street", "addr:place", "addr:postcode", "postal_code", "addr:city",
                        "population"]
    private static let byText: [String: OSMKey] = {
        var table: [String: OSMKey] = [:]
        for key in allCases where key.rawValue >= OSMKey.name.rawValue { table[texts[Int(key.rawValue)]] = key }
        return table
    }()

    /// The key as OSM writes it.
    var text: String { Self.texts[Int(rawValue)] }

    /// The case of a key as written in a file.
    init(_ key: String) {
        if let known = Self.byText[key] { self = known } else { self = OSMKinds.isNameVariant(key) ? .nameVariant : .other }
    }

    /// Its bit in ``OSMTags``' set of keys present.
    var bit: UInt64 { 1 << UInt64(rawValue) }
}

/// An object's tags in file order, each with its ``OSMKey``.
///
/// A lookup by key tests a bit, then compares a byte a tag; a key given twice (which a valid file never
/// does) reads as its last value, as it would from a dictionary.
public struct OSMTags: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One tag.
    public struct Tag: Sendable {
        /// Its key.
        public var key: String
        /// Its value.
        public var value: String
        var code: OSMKey
    }

    /// The tags in the order they were read.
    public private(set) var tags: [Tag] = []
    /// The known keys present, a bit each.
    private var present: UInt64 = 0

    /// No tags.
    public init() {}

    /// Tags from a dictionary (in key order).
    public init(_ dictionary: [String: String]) {
        for key in dictionary.keys.sorted() { set(key, dictionary[key]!) }
    }

    /// Tags from a literal: `["amenity": "cafe", "name": "Café de Paris"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (key, value) in elements { set(key, value) }
    }

    /// Whether the object has no tags.
    public var isEmpty: Bool { tags.isEmpty }

    /// Makes room for `count` tags.
    mutating func reserveCapacity(_ count: Int) { tags.reserveCapacity(count) }

    /// Adds a tag, classifying its key.
    public mutating func set(_ key: String, _ value: String) { set(key, value, code: OSMKey(key)) }

    /// Adds a tag whose key the reader has already classified.
    mutating func set(_ key: String, _ value: String, code: OSMKey) {
        present |= code.bit
        tags.append(Tag(key: key, value: value, code: code))
    }

    /// The value of a key, or `nil` when the object lacks it.
    public subscript(key: String) -> String? {
        let code = OSMKey(key)
        guard present & code.bit != 0 else { return nil }
        return tags.last { $0.code == code && $0.key == key }?.value
    }

    /// The value of a known key, or `nil` when the object lacks it.
    subscript(code: OSMKey) -> String? {
        guard present & code.bit != 0 else { return nil }
        return tags.last { $0.code == code }?.value
    }

    /// Whether the object has any of these keys.
    func hasAny(_ mask: UInt64) -> Bool { present & mask != 0 }

    /// Whether the object has a known key.
    func has(_ code: OSMKey) -> Bool { present & code.bit != 0 }

    /// The tags as a dictionary (a key given twice: its last value).
    public var dictionary: [String: String] {
        var result: [String: String] = [:]
        for tag in tags { result[tag.key] = tag.value }
        return result
    }

    public static func == (lhs: OSMTags, rhs: OSMTags) -> Bool { lhs.dictionary == rhs.dictionary }
}
