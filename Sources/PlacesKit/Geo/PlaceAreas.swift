/// The country and first-level region of a journal place, and the names people type for them.
///
/// One country lookup (``CountryLocator``) and one region lookup
/// (``ReverseGeocoder/firstLevelRegion(latitude:longitude:country:)``), remembered for the run: a region is
/// looked up once per ``regionCellDegrees`` square per country, which keeps `review` and `stats` fast on
/// large journals (within about 2 km of a border it may name the neighbouring region).
public final class PlaceAreas {
    /// The side of the squares whose region is looked up once, in degrees (about 2 km).
    public static let regionCellDegrees = 0.02

    /// The reverse geocoder whose country and region lookups are used.
    public let geocoder: ReverseGeocoder
    private let countryLookup: CountryLookup
    private var regions: [RegionCell: ReverseGeocoder.Region?] = [:]

    private struct RegionCell: Hashable {
        var country: String
        var row: Int
        var column: Int
    }

    /// Areas named after `gazetteer`.
    public init(gazetteer: Gazetteer = .bundled) {
        geocoder = ReverseGeocoder(gazetteer: gazetteer)
        countryLookup = geocoder.locator.lookup
    }

    /// The country (code and name) of a point, `nil` at sea.
    public func country(latitude: Double, longitude: Double) -> (code: String, name: String)? {
        countryLookup(latitude, longitude)
    }

    /// The first-level region of a point in `country`, `nil` when the gazetteer knows none there.
    public func region(latitude: Double, longitude: Double, country: String) -> ReverseGeocoder.Region? {
        let cell = RegionCell(country: country, row: Int((latitude / Self.regionCellDegrees).rounded(.down)),
                              column: Int((longitude / Self.regionCellDegrees).rounded(.down)))
        if let known = regions[cell] { return known }
        let found = geocoder.firstLevelRegion(latitude: latitude, longitude: longitude, country: country)
        regions[cell] = found
        return found
    }

    /// The region of a point, its country looked up first.
    public func region(latitude: Double, longitude: Double) -> ReverseGeocoder.Region? {
        guard let country = country(latitude: latitude, longitude: longitude) else { return nil }
        return region(latitude: latitude, longitude: longitude, country: country.code)
    }

    /// The country's name for a code.
    public func countryName(_ code: String) -> String { geocoder.locator.name(of: code) }

    /// The ISO code of a country typed as its code (`FR`, `fra`) or any name the gazetteer knows for it
    /// (`France`, `Frankreich`, `日本`); `nil` when it names no country.
    public func countryCode(named text: String) -> String? {
        let trimmed = text.trimmed
        if trimmed.count == 2, !geocoder.gazetteer.countryName(trimmed).isEmpty { return trimmed.uppercased() }
        let codes = geocoder.gazetteer.resolveQualifier(NameFolding.fold(trimmed), allowTypos: false).countryCodes
        return codes.count == 1 ? codes.first : codes.sorted().first
    }

    /// The keys (`US.CA`) of the first-level regions a name means, any language the gazetteer knows;
    /// empty when it names none.
    public func regionKeys(named text: String) -> Set<String> {
        geocoder.gazetteer.resolveQualifier(NameFolding.fold(text.trimmed), allowTypos: false).regions
    }
}
