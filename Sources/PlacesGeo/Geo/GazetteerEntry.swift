import PlacesCore

/// One place the gazetteer knows: a populated place, a region or county, a country, an airport, a natural
/// feature (peak, lake, sea, range, desert…) or a sight (monument, museum, park…).
public struct GazetteerEntry: Sendable, Equatable {
    /// What sort of place an entry is. The raw value is the word `places search` prints and `--json` carries.
    public enum Kind: String, Sendable, CaseIterable {
        // Settlements and divisions.
        case city, region, county, country, airport
        // Sights (the curated table's kinds).
        case monument, building, tower, bridge, castle, palace, church, temple, mosque, museum, ruins, heritage
        case park, garden, island, beach, viewpoint, street, square, waterfall, canyon, cave, glacier, valley
        case coast, district, market, stadium, mountain, volcano, lake, natural
        case university, station, lighthouse, dam
        // Natural Earth's physical features beyond those.
        case range, desert, plateau, plain, peninsula, cape, area, sea, gulf, bay, strait, fjord, lagoon, river
        case archipelago, delta, basin, wetland, depression, pass
        // What a region pack adds: a named point of interest (its kind word in ``GazetteerEntry/osm``),
        // a house address, a postcode.
        case poi, address, postcode

        /// The kind a word names (its raw value). Written out: the derived initialiser builds a table of every
        /// kind's word on its first call, which cost a one-point `where` more than all its calls after that.
        public init?(rawValue: String) {
            switch rawValue {
            case "city": self = .city
            case "region": self = .region
            case "county": self = .county
            case "country": self = .country
            case "airport": self = .airport
            case "monument": self = .monument
            case "building": self = .building
            case "tower": self = .tower
            case "bridge": self = .bridge
            case "castle": self = .castle
            case "palace": self = .palace
            case "church": self = .church
            case "temple": self = .temple
            case "mosque": self = .mosque
            case "museum": self = .museum
            case "ruins": self = .ruins
            case "heritage": self = .heritage
            case "park": self = .park
            case "garden": self = .garden
            case "island": self = .island
            case "beach": self = .beach
            case "viewpoint": self = .viewpoint
            case "street": self = .street
            case "square": self = .square
            case "waterfall": self = .waterfall
            case "canyon": self = .canyon
            case "cave": self = .cave
            case "glacier": self = .glacier
            case "valley": self = .valley
            case "coast": self = .coast
            case "district": self = .district
            case "market": self = .market
            case "stadium": self = .stadium
            case "mountain": self = .mountain
            case "volcano": self = .volcano
            case "lake": self = .lake
            case "natural": self = .natural
            case "university": self = .university
            case "station": self = .station
            case "lighthouse": self = .lighthouse
            case "dam": self = .dam
            case "range": self = .range
            case "desert": self = .desert
            case "plateau": self = .plateau
            case "plain": self = .plain
            case "peninsula": self = .peninsula
            case "cape": self = .cape
            case "area": self = .area
            case "sea": self = .sea
            case "gulf": self = .gulf
            case "bay": self = .bay
            case "strait": self = .strait
            case "fjord": self = .fjord
            case "lagoon": self = .lagoon
            case "river": self = .river
            case "archipelago": self = .archipelago
            case "delta": self = .delta
            case "basin": self = .basin
            case "wetland": self = .wetland
            case "depression": self = .depression
            case "pass": self = .pass
            case "poi": self = .poi
            case "address": self = .address
            case "postcode": self = .postcode
            default: return nil
            }
        }

        /// Whether a place of this kind has inhabitants (a city, a region, a country), as opposed to a
        /// feature or sight: the margin rule weighs these by population.
        public var isSettlement: Bool { self == .city || self == .region || self == .county || self == .country }

        /// Whether this kind is a mountain of some sort ("Mount X", "Mt X", "Monte X" look for these).
        public var isMountain: Bool { self == .mountain || self == .volcano || self == .range || self == .glacier }
        /// Whether this kind is a body of water ("Lake X", "Lago X", "Loch X" look for these).
        public var isWater: Bool { self == .lake || self == .lagoon || self == .fjord || self == .bay }
        /// Whether this kind is an island ("Isle of X", "Île X", "Isla X" look for these).
        public var isIsland: Bool { self == .island || self == .archipelago }

        /// Every kind's word as bytes, grouped by the word's length: group `n` runs from `groups[n]` to
        /// `groups[n + 1]` in `entries`, each entry the kind's index in ``allCases`` then its `n` bytes. Flat
        /// arrays of bytes and integers: a table of tuples or of nested arrays makes its types at run time on
        /// first use, which cost more than all the lookups of a search (0.09 M instructions).
        private struct WordIndex {
            var entries: [UInt8] = []
            var groups: [Int] = []
            let kinds = Kind.allCases
        }

        private static let words: WordIndex = {
            var index = WordIndex()
            // Each group's size first, then each word into its group's next place: the kinds are read twice,
            // not once a length.
            var sizes = [Int](repeating: 0, count: 16)
            for kind in index.kinds where kind.rawValue.utf8.count < sizes.count {
                sizes[kind.rawValue.utf8.count] += 1 + kind.rawValue.utf8.count
            }
            index.groups = [0]
            for size in sizes { index.groups.append(index.groups[index.groups.count - 1] + size) }
            index.entries = [UInt8](repeating: 0, count: index.groups[sizes.count])
            var next = Array(index.groups.dropLast())
            for (position, kind) in index.kinds.enumerated() {
                let word = kind.rawValue.utf8
                guard word.count < sizes.count else { continue }
                index.entries[next[word.count]] = UInt8(position)
                var at = next[word.count] + 1
                for byte in word {
                    index.entries[at] = byte
                    at += 1
                }
                next[word.count] = at
            }
            return index
        }()

        /// The kind a table's kind column names, read from its bytes: `init(rawValue:)` needs a String
        /// made first and compares it with every case in turn, which is most of a scan over many lines.
        /// An empty column is a populated place (``GazetteerSchema/PlaceColumn/kind``).
        init?(word: UnsafeBufferPointer<UInt8>) {
            if word.isEmpty {
                self = .city
                return
            }
            let length = word.count
            guard length + 1 < Self.words.groups.count else { return nil }
            var entry = Self.words.groups[length]
            let end = Self.words.groups[length + 1]
            while entry < end {
                var same = true
                for i in 0..<length where Self.words.entries[entry + 1 + i] != word[i] {
                    same = false
                    break
                }
                if same {
                    self = Self.words.kinds[Int(Self.words.entries[entry])]
                    return
                }
                entry += 1 + length
            }
            return nil
        }

        /// Whether this is a kind a photo can be "at": the curated sights' kinds. A switch, not a `Set`: a
        /// one-point `where` asks it once, and building a set's storage cost more than the rest of its search.
        var isSight: Bool {
            switch self {
            case .monument, .building, .tower, .bridge, .castle, .palace, .church, .temple, .mosque, .museum, .ruins, .heritage,
                 .park, .garden, .island, .beach, .viewpoint, .street, .square, .waterfall, .canyon, .cave, .glacier, .valley,
                 .coast, .district, .market, .stadium, .mountain, .volcano, .lake, .natural,
                 .university, .station, .lighthouse, .dam:
                return true
            default:
                return false
            }
        }
    }

    /// The place's usual name (GeoNames' main name, Natural Earth's or the curated table's English name),
    /// whichever name the query matched.
    public var name: String
    /// The name of the first-level region the place lies in ("Illinois", "England"); empty when unknown.
    public var admin1: String
    /// The GeoNames admin1 code of that region ("IL", "ENG", "84"); empty when unknown.
    public var admin1Code: String
    /// The name of the second-level unit (county, département, district) the place lies in ("Cornwall",
    /// "Gard"); empty when unknown or when the entry is itself that unit or larger.
    public var admin2: String
    /// The GeoNames admin2 code of that unit ("C6", "30"); empty when unknown.
    public var admin2Code: String
    /// ISO 3166-1 alpha-2 code of the country ("GB").
    public var countryCode: String
    /// The country's English short name ("United Kingdom").
    public var countryName: String
    /// Degrees north (WGS 84).
    public var latitude: Double
    /// Degrees east (WGS 84).
    public var longitude: Double
    /// Inhabitants according to GeoNames (a region's or county's is the sum of its places', a country's its
    /// own census figure); 0 for features, sights and airports.
    public var population: Int
    /// What sort of place this is.
    public var kind: Kind
    /// Whether the place is its country's capital.
    public var isCapital: Bool
    /// Height above sea level in metres, for peaks, volcanoes and airports; `nil` when unknown.
    public var elevation: Int?
    /// The area a feature covers (a lake, a range, a park), `nil` for a point.
    public var bounds: GeoBounds?
    /// Codes the place is known by besides its names: an airport's IATA and ICAO codes, a region's ISO 3166-2
    /// code, a sight's Wikidata id; empty when none.
    public var codes: [String]
    /// For a place from a region pack (an OpenStreetMap extract): what it is and its address; `nil` for the
    /// gazetteer's own places.
    public var osm: OSMDetail?

    /// Creates an entry.
    public init(name: String, admin1: String = "", admin1Code: String = "", admin2: String = "", admin2Code: String = "",
                countryCode: String, countryName: String = "", latitude: Double, longitude: Double, population: Int = 0,
                kind: Kind = .city, isCapital: Bool = false, elevation: Int? = nil, bounds: GeoBounds? = nil,
                codes: [String] = []) {
        self.name = name
        self.admin1 = admin1
        self.admin1Code = admin1Code
        self.admin2 = admin2
        self.admin2Code = admin2Code
        self.countryCode = countryCode
        self.countryName = countryName
        self.latitude = latitude
        self.longitude = longitude
        self.population = population
        self.kind = kind
        self.isCapital = isCapital
        self.elevation = elevation
        self.bounds = bounds
        self.codes = codes
    }

    /// How people write where a place is: `London, England, GB`, `Illinois, US`, `France`,
    /// `Mount Fuji, Shizuoka, JP`.
    public var context: String {
        if osm != nil { return name }
        var parts = [name]
        if kind != .country, kind != .region, !admin1.isEmpty, admin1 != name { parts.append(admin1) }
        if kind != .country, !countryCode.isEmpty { parts.append(countryCode) }
        return TextJoin.joined(parts, separator: ", ")
    }

    /// What the place is, in a few words: `city, capital, pop. 8,961,989`, `volcano, 3,776 m`,
    /// `airport, LHR/EGLL`.
    public var summary: String {
        if let osm {
            // "restaurant, 12 Upper St Martin's Lane, London, GB": what, then where.
            var facts = [osm.kindWord]
            if let address = osm.addressText, address != name { facts.append(address) }
            if !osm.postcode.isEmpty, kind != .postcode { facts.append(osm.postcode) }
            if !osm.locality.isEmpty, osm.locality != name { facts.append(osm.locality) }
            if !countryCode.isEmpty { facts.append(countryCode) }
            return TextJoin.joined(facts, separator: ", ")
        }
        var facts = [kind.rawValue]
        if isCapital { facts.append("capital") }
        if let elevation, kind != .airport { facts.append(grouped(elevation) + " m") }
        if kind == .airport, !codes.isEmpty { facts.append(TextJoin.joined(codes, separator: "/")) }
        if population > 0 { facts.append("pop. " + grouped(population)) }
        return TextJoin.joined(facts, separator: ", ")
    }
}

/// A latitude/longitude box, as Natural Earth gives for a feature's outline.
public struct GeoBounds: Sendable, Equatable {
    /// Southern edge, degrees north.
    public var minLatitude: Double
    /// Western edge, degrees east.
    public var minLongitude: Double
    /// Northern edge, degrees north.
    public var maxLatitude: Double
    /// Eastern edge, degrees east.
    public var maxLongitude: Double

    /// Creates a box.
    public init(minLatitude: Double, minLongitude: Double, maxLatitude: Double, maxLongitude: Double) {
        self.minLatitude = minLatitude
        self.minLongitude = minLongitude
        self.maxLatitude = maxLatitude
        self.maxLongitude = maxLongitude
    }

    /// Whether a point lies inside the box (edges included).
    public func contains(latitude: Double, longitude: Double) -> Bool {
        latitude >= minLatitude && latitude <= maxLatitude && longitude >= minLongitude && longitude <= maxLongitude
    }
}

/// A search result: an entry, how the query matched it and how well.
public struct GazetteerMatch: Sendable, Equatable {
    /// How a query matched an entry, from best to worst.
    public enum Quality: String, Sendable {
        /// The query is the entry's main name.
        case exact
        /// The query is another of the entry's names: a translation, a local or historic name, or a form with
        /// the generic word dropped or added ("Como" for Lago di Como, "Mount Fuji" for Fuji).
        case alias
        /// The query is one of the entry's codes (a country's ISO code, an airport's IATA or ICAO code).
        case code
        /// One of the entry's names starts with the query.
        case prefix
        /// One of the entry's names is a small number of edits from the query ("did you mean").
        case fuzzy
        /// The query was a pair of coordinates; the entry is that point.
        case coordinates

        /// Whether the query named the entry outright (exact, alias, code or coordinates), rather than a
        /// beginning or a guess of one of its names.
        public var isExact: Bool { self != .prefix && self != .fuzzy }
    }

    /// The matched place.
    public var entry: GazetteerEntry
    /// How it matched.
    public var quality: Quality
    /// The folded name or code that matched.
    public var matchedKey: String
    /// How good a candidate this is for the query, higher is better: match quality (exact, alias, prefix,
    /// typo by edit cost) plus importance (population, capital, kind, Natural Earth rank, a sight's
    /// notability) and any qualifier that matched. Comparable across the candidates of one query, not
    /// across queries; see ``GazetteerScore`` for the scale.
    public var score: Double

    /// Creates a match.
    public init(entry: GazetteerEntry, quality: Quality, matchedKey: String, score: Double = 0) {
        self.entry = entry
        self.quality = quality
        self.matchedKey = matchedKey
        self.score = score
    }
}

/// Everything a search found: the ranked matches and what of the query was set aside to find them.
public struct GazetteerSearchResult: Sendable, Equatable {
    /// A qualifier ("Occitany" in "Nimes, Occitany") that named no country, region or county, even allowing
    /// for a typo, and was dropped so the name alone could be searched.
    public struct DroppedQualifier: Sendable, Equatable {
        /// The qualifier as typed (trimmed).
        public var text: String
        /// The country the other qualifiers limited the search to when it was dropped ("FR"), if any.
        public var countryCode: String?

        /// Creates a note.
        public init(text: String, countryCode: String? = nil) {
            self.text = text
            self.countryCode = countryCode
        }
    }

    /// The candidates, best first (highest ``GazetteerMatch/score``).
    public var matches: [GazetteerMatch]
    /// Qualifiers dropped because they named nothing; empty when every qualifier was used.
    public var droppedQualifiers: [DroppedQualifier]
    /// Weak guesses ("did you mean"), offered when no candidate is good enough to be a result: typos that
    /// lean on a rare variant spelling of a name far from the query (`Colaba` reaching Cuiabá through
    /// "Culaba"). Empty whenever ``matches`` is not.
    public var suggestions: [GazetteerMatch]

    /// Creates a result.
    public init(matches: [GazetteerMatch], droppedQualifiers: [DroppedQualifier] = [], suggestions: [GazetteerMatch] = []) {
        self.matches = matches
        self.droppedQualifiers = droppedQualifiers
        self.suggestions = suggestions
    }
}

/// A gazetteer place and how far it is from a point.
public struct NearbyPlace: Sendable, Equatable {
    /// The place.
    public var entry: GazetteerEntry
    /// Great-circle distance from the point, in kilometres.
    public var distanceKm: Double
}

/// What a region pack says of one of its places: its kind word and tag, its address, the pack.
public struct OSMDetail: Sendable, Equatable {
    /// What it is in a word: "café", "railway station", "street", "address".
    public var kindWord: String
    /// The tag that says so (`amenity=cafe`), empty for streets' names and addresses.
    public var kindTag: String
    /// `addr:street` (or `addr:place`), or empty.
    public var street: String
    /// `addr:housenumber`, or empty.
    public var houseNumber: String
    /// `addr:postcode`, or empty.
    public var postcode: String
    /// The town, village or city it lies in (`addr:city`, else the nearest `place` of the region, else the
    /// gazetteer's nearest town), or empty.
    public var locality: String
    /// The region pack it comes from.
    public var region: String
    /// The OSM object: `n123` (node), `w45` (way), `r6` (relation); empty for a postcode.
    public var osmID: String
    /// How the address is written in its country ("12 Upper St Martin's Lane", "Mannerheimintie 5"), or `nil`.
    public var addressText: String?

    /// Creates the detail.
    public init(kindWord: String, kindTag: String = "", street: String = "", houseNumber: String = "", postcode: String = "",
                locality: String = "", region: String, osmID: String = "", addressText: String? = nil) {
        self.kindWord = kindWord
        self.kindTag = kindTag
        self.street = street
        self.houseNumber = houseNumber
        self.postcode = postcode
        self.locality = locality
        self.region = region
        self.osmID = osmID
        self.addressText = addressText
    }
}
