/// One place the gazetteer knows: a populated place, a first-level region (state, province) or a country.
public struct GazetteerEntry: Sendable, Equatable {
    /// What sort of place an entry is.
    public enum Kind: String, Sendable {
        case city, region, country
    }

    /// The place's usual name (GeoNames' main name), whichever name the query matched.
    public var name: String
    /// The name of the first-level region the place lies in ("Illinois", "England"); empty when unknown.
    public var admin1: String
    /// The GeoNames admin1 code of that region ("IL", "ENG", "08"); empty when unknown.
    public var admin1Code: String
    /// ISO 3166-1 alpha-2 code of the country ("GB").
    public var countryCode: String
    /// The country's English short name ("United Kingdom").
    public var countryName: String
    /// Degrees north (WGS 84).
    public var latitude: Double
    /// Degrees east (WGS 84).
    public var longitude: Double
    /// Inhabitants according to GeoNames (a region's is the sum of its places', a country's its own census figure).
    public var population: Int
    /// City, region or country.
    public var kind: Kind
    /// Whether the place is its country's capital.
    public var isCapital: Bool

    /// Creates an entry.
    public init(name: String, admin1: String = "", admin1Code: String = "", countryCode: String, countryName: String = "",
                latitude: Double, longitude: Double, population: Int = 0, kind: Kind = .city, isCapital: Bool = false) {
        self.name = name
        self.admin1 = admin1
        self.admin1Code = admin1Code
        self.countryCode = countryCode
        self.countryName = countryName
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
        self.kind = kind
        self.isCapital = isCapital
    }

    /// How people write where a place is: `London, England, GB`, `Illinois, US`, `France`.
    public var context: String {
        var parts = [name]
        if kind == .city, !admin1.isEmpty, admin1 != name { parts.append(admin1) }
        if kind != .country { parts.append(countryCode) }
        return parts.joined(separator: ", ")
    }
}

/// A search result: an entry and how the query matched it.
public struct GazetteerMatch: Sendable, Equatable {
    /// How a query matched an entry, from best to worst.
    public enum Quality: String, Sendable {
        /// The query is one of the entry's names (or, for a country, its ISO code).
        case exact
        /// One of the entry's names starts with the query.
        case prefix
        /// One of the entry's names is a small number of edits from the query ("did you mean").
        case fuzzy
        /// The query was a pair of coordinates; the entry is that point.
        case coordinates
    }

    /// The matched place.
    public var entry: GazetteerEntry
    /// How it matched.
    public var quality: Quality
    /// The folded name or code that matched.
    public var matchedKey: String

    /// Creates a match.
    public init(entry: GazetteerEntry, quality: Quality, matchedKey: String) {
        self.entry = entry
        self.quality = quality
        self.matchedKey = matchedKey
    }
}

/// A gazetteer place and how far it is from a point.
public struct NearbyPlace: Sendable, Equatable {
    /// The place.
    public var entry: GazetteerEntry
    /// Great-circle distance from the point, in kilometres.
    public var distanceKm: Double
}
