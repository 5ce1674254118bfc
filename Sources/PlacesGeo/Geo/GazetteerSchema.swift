/// The layout of the gazetteer's tables: which column holds what, what each kind of key points to, and the
/// format version an imported gazetteer must carry.
///
/// `Scripts/gazetteer/build.py` writes the bundled tables and ``GazetteerImporter`` writes imported ones in
/// this layout; change all three together and raise ``formatVersion``. The keys are a binary ``KeyTable``;
/// every other table is UTF-8 text, one record a line, fields separated by tabs (see ``SortedTable``).
enum GazetteerSchema {
    /// The version written in a gazetteer's `info` table (`format<TAB>3`). An imported gazetteer of another
    /// version is refused when opened, with a hint to import it again. Format 3 holds the keys in a
    /// ``KeyTable``; format 2 held them as text lines.
    static let formatVersion = 3

    /// Columns of the `places` table: populated places, natural features, airports and sights, sorted by
    /// grid cell so that nearest-place searches binary-search a cell's lines.
    enum PlaceColumn: Int {
        /// A 1-degree grid cell, five digits: `(floor(lat) + 90) * 360 + floor(lon) + 180`.
        case cell = 0
        /// The main name.
        case name
        /// Degrees north.
        case latitude
        /// Degrees east.
        case longitude
        /// ISO 3166-1 alpha-2 country code (empty for a feature in no country, such as a sea).
        case country
        /// GeoNames admin1 code.
        case admin1
        /// GeoNames admin2 code.
        case admin2
        /// Inhabitants (0 for features).
        case population
        /// A ``GazetteerEntry/Kind`` raw value, or empty for a populated place: the bundled table leaves its
        /// most common kind unwritten (nine lines in ten; 0.9 MB of the binary), while imported gazetteers
        /// and region packs write `city`. Readers take both.
        case kind
        /// `C` for a country's capital; else empty in the bundled table, `-` in imported gazetteers and
        /// region packs. Readers take both.
        case flags
        /// Importance on Natural Earth's scale, 0 (world-famous) to 12, empty for populated places.
        case rank
        /// Metres above sea level, or empty.
        case elevation
        /// `minLat,minLon,maxLat,maxLon`, or empty.
        case bounds
        /// `|`-separated codes (IATA, ICAO, Wikidata id), or empty.
        case codes
        /// The source's id (a GeoNames id for populated places).
        case id
    }

    /// Columns of the `regions` (admin-1) and `counties` (admin-2) tables, sorted by key.
    enum UnitColumn: Int {
        /// `CC.admin1` for a region, `CC.admin1.admin2` for a county.
        case key = 0
        /// The current name.
        case name
        /// Degrees north of its point (its largest town).
        case latitude
        /// Degrees east of its point.
        case longitude
        /// The sum of its places' inhabitants.
        case population
        /// Its ISO 3166-2 code (the part after the country's for regions, in full for counties), or empty.
        case iso
    }

    /// Columns of the `countries` table, sorted by code.
    enum CountryColumn: Int {
        /// ISO 3166-1 alpha-2 code.
        case code = 0
        /// ISO 3166-1 alpha-3 code.
        case iso3
        /// English short name.
        case name
        /// Degrees north of its point.
        case latitude
        /// Degrees east of its point.
        case longitude
        /// Inhabitants.
        case population
        /// The capital's name.
        case capital
    }

    /// What a key of the `keys` table (``KeyTable``) points to. Region packs still write their keys as text
    /// lines, `folded key<TAB>kind letter<TAB>byte offset`, with these letters.
    enum KeyKind: UInt8 {
        /// A place's main name; the offset is in `places`.
        case placeName = 80        // "P"
        /// Another of a place's names (translation, local, historic, generic word dropped); in `places`.
        case placeAlias = 112      // "p"
        /// A feature's or sight's name without its generic word ("como" for Lago di Como, "skye" for the Isle
        /// of Skye): it finds the place, below a town of that very name; in `places`.
        case placeShortName = 103  // "g"
        /// One of a place's codes (an airport's IATA or ICAO code); in `places`.
        case placeCode = 75        // "K"
        /// A region's name or former name; in `regions`.
        case regionName = 114      // "r"
        /// A region's code (GeoNames or ISO 3166-2, "IL", "ENG"); in `regions`.
        case regionCode = 82       // "R"
        /// A county's name or alias; in `counties`.
        case countyName = 97       // "a"
        /// A country's name in some language; in `countries`.
        case countryName = 99      // "c"
        /// A country's ISO code (alpha-2 or alpha-3); in `countries`.
        case countryCode = 67      // "C"

        /// The table a key of this kind points into.
        var table: Table {
            switch self {
            case .placeName, .placeAlias, .placeShortName, .placeCode: .places
            case .regionName, .regionCode: .regions
            case .countyName: .counties
            case .countryName, .countryCode: .countries
            }
        }
    }

    /// The tables a key can point into.
    enum Table: UInt8 {
        case places, regions, counties, countries
    }
}
