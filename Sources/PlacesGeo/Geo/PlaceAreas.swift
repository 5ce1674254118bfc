#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// The country and first-level region of a journal place, and the names people type for them.
///
/// One country lookup (``CountryLocator``) and one region lookup
/// (``ReverseGeocoder/firstLevelRegion(latitude:longitude:country:)``), remembered for the run: a region is
/// looked up once per ``regionCellDegrees`` square per country, which keeps `review` and `stats` fast on
/// large journals (within about 2 km of a border it may name the neighbouring region). A journal place's
/// country and region are also remembered by its id (``country(of:)``, ``region(of:)``), so a place visited
/// a hundred times is looked up once, and its region only when it is asked for.
public final class PlaceAreas {
    /// The side of the squares whose region is looked up once, in degrees (about 2 km).
    public static let regionCellDegrees = 0.02

    /// The reverse geocoder whose country and region lookups are used.
    public let geocoder: ReverseGeocoder
    private let countryLookup: CountryLookup
    /// The gazetteer's cells, decoded as region lookups reach them.
    private let cells: RegionCells
    private var regions: [RegionCell: ReverseGeocoder.Region?] = [:]
    private var countries: [SIMD2<Double>: (code: String, name: String)?] = [:]
    /// What is known of each place asked about: its country, and its region once asked for.
    private var known: [PlaceKey: Known] = [:]

    /// A place by id and position (a journal edited by hand may hold one id twice).
    private struct PlaceKey: Hashable {
        var id: UUID
        var latitude: Double
        var longitude: Double
        init(_ place: Location) { (id, latitude, longitude) = (place.id, place.latitude, place.longitude) }
    }

    private struct Known {
        var country: (code: String, name: String)?
        var region: ReverseGeocoder.Region??
    }

    private struct RegionCell: Hashable {
        var country: String
        var row: Int
        var column: Int
    }

    /// Areas named after `gazetteer`.
    public init(gazetteer: Gazetteer = .bundled) {
        geocoder = ReverseGeocoder(gazetteer: gazetteer)
        countryLookup = geocoder.locator.lookup
        cells = RegionCells(geocoder: geocoder)
    }

    /// Makes room for what is remembered of `places` places, so the memory is taken once rather than
    /// rehashed as it grows (a thousand places' lookups rehashed three dictionaries nine or ten times each).
    /// Only for a caller that asks about nearly every one of them: the entries of a few places scattered
    /// over room for many would touch more memory than growing does.
    public func reserveCapacity(places: Int) {
        countries.reserveCapacity(places)
        known.reserveCapacity(places)
        regions.reserveCapacity(places)
    }

    /// The country (code and name) of a point, `nil` at sea; each point is looked up once per run.
    public func country(latitude: Double, longitude: Double) -> (code: String, name: String)? {
        let point = SIMD2(latitude, longitude)
        if let known = countries[point] { return known }
        let found = countryLookup(latitude, longitude)
        countries[point] = found
        return found
    }

    /// The first-level region of a point in `country`, `nil` when the gazetteer knows none there.
    public func region(latitude: Double, longitude: Double, country: String) -> ReverseGeocoder.Region? {
        let cell = RegionCell(country: country, row: Int((latitude / Self.regionCellDegrees).rounded(.down)),
                              column: Int((longitude / Self.regionCellDegrees).rounded(.down)))
        if let known = regions[cell] { return known }
        let found = cells.firstLevelRegion(latitude: latitude, longitude: longitude, country: country)
        regions[cell] = found
        return found
    }

    /// The country of a journal place, looked up once per place.
    public func country(of place: Location) -> (code: String, name: String)? {
        if let found = known[PlaceKey(place)] { return found.country }
        let country = country(latitude: place.latitude, longitude: place.longitude)
        known[PlaceKey(place)] = Known(country: country, region: nil)
        return country
    }

    /// The first-level region of a journal place, looked up once per place; `nil` at sea or where the
    /// gazetteer knows none.
    public func region(of place: Location) -> ReverseGeocoder.Region? {
        if let found = known[PlaceKey(place)]?.region { return found }
        var found: ReverseGeocoder.Region?
        if let country = country(of: place) {
            found = self.region(latitude: place.latitude, longitude: place.longitude, country: country.code)
        }
        known[PlaceKey(place)]?.region = .some(found)
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
