import PlacesCore

/// Where a point is: its country, region and district, the named areas around it, and the nearest town.
public struct ReverseGeocodeResult: Sendable, Equatable {
    /// The nearest country's coast, for a point outside every outline.
    public struct Coast: Sendable, Equatable {
        /// ISO 3166-1 alpha-2 code of the country.
        public var countryCode: String
        /// Its English short name.
        public var countryName: String
        /// Distance from the point to that country's outline, in kilometres.
        public var distanceKm: Double
    }

    /// ISO 3166-1 alpha-2 code of the country containing the point (or whose territorial sea holds it), or
    /// `nil` at sea beyond every country's waters.
    public var countryCode: String?
    /// That country's English short name.
    public var countryName: String?
    /// The nearest populated place, wherever it is (it may lie across a border).
    public var nearest: NearbyPlace?
    /// Whether the point lies outside every country's outline: at sea (possibly in a country's waters).
    public var atSea = false
    /// For a point at sea: the nearest coast and how far it is.
    public var coast: Coast?
    /// The first-level region (state, province) the point is in; `nil` at sea or when unknown.
    public var admin1: String?
    /// The second-level region (county, département, district); `nil` when the gazetteer has none.
    public var admin2: String?
    /// The named areas containing the point, smallest first: lakes, seas, deserts, ranges, parks.
    public var areas: [NamedArea] = []
    /// A named peak within ``FeatureIndex/peakRadiusKm`` of the point.
    public var peak: NearbyPeak?
    /// What an added region says is at the point (its point of interest, address, street), `nil` when no
    /// region covers the point.
    public var address: RegionAddress?

    /// Creates a result.
    public init(countryCode: String? = nil, countryName: String? = nil, nearest: NearbyPlace? = nil) {
        self.countryCode = countryCode
        self.countryName = countryName
        self.nearest = nearest
    }
}

extension ReverseGeocodeResult {
    /// Where the point is, in one line (the place form's orientation comment): `Near Westminster, England, GB
    /// (0.4 km); in United Kingdom (GB)`, or `At sea, in no country`.
    public var whereabouts: String {
        var parts: [String] = []
        if let near = nearest {
            parts.append("Near \(near.entry.context) (\(CoordinateFormat.fixed(near.distanceKm, decimals: 1)) km)")
        }
        if let code = countryCode {
            parts.append("\(atSea ? "at sea, in the waters of" : "in") \(countryName ?? code) (\(code))")
        } else {
            parts.append(atSea ? "at sea, in no country" : "in no country")
        }
        let text = parts.joined(separator: "; ")
        return text.prefix(1).uppercased() + text.dropFirst()
    }
}

/// Reverse geocoding: says where a point is from Natural Earth's 1:50m country outlines (through
/// ``CountryLocator``), its first-level regions and named areas (``FeatureIndex``), and the gazetteer.
///
/// - The country is the one whose outline contains the point, or whose territorial sea (12 nautical
///   miles) holds it; farther out a point is at sea, and the result names the nearest coast.
/// - The region comes from Natural Earth's outlines of first-level regions where it draws them (United
///   States, Canada, Brazil, Australia), named as the gazetteer names them; elsewhere from the nearest
///   gazetteer place in the same country. The district (admin-2) comes from that place too.
public struct ReverseGeocoder: Sendable {
    /// The distance from an outline within which a point outside it still counts as that country's.
    public static let territorialSeaKm = CountryLocator.territorialSeaKm

    /// The gazetteer that supplies nearest places, regions and country names.
    public let gazetteer: Gazetteer
    /// The country lookup.
    public let locator: CountryLocator
    /// The named areas, peaks and region outlines.
    public let features: FeatureIndex

    /// How near a town a point counts as ashore in its country, whatever the outlines say.
    public static let ashoreNearTownKm = 1.0
    /// The most a city's size widens that: a city of 100,000 spans a few kilometres, and the 1:50m
    /// outline can leave its waterfront in the sea (downtown Miami, 1.4 km from its centre).
    public static let ashoreNearCityKm = 2.5

    /// How near a town of `population` a point counts as ashore: a kilometre, widened with the square
    /// root of the population (the radius of a city grows with it) up to ``ashoreNearCityKm``.
    static func ashoreKm(population: Int) -> Double {
        min(ashoreNearCityKm, max(ashoreNearTownKm, Double(max(population, 0)).squareRoot() / 250))
    }
    /// How near a sight a point takes the sight's region and district.
    public static let sightRegionKm = 1.0

    /// Creates a reverse geocoder over a gazetteer.
    public init(gazetteer: Gazetteer = .bundled) {
        self.gazetteer = gazetteer
        locator = CountryLocator(gazetteer: gazetteer)
        features = .bundled
    }

    /// Everything known about where a point is.
    public func locate(latitude: Double, longitude: Double) -> ReverseGeocodeResult {
        // One nearest town is cheap anywhere; more are fetched only on land when the nearest lies across
        // a border (a search for ten from mid-ocean would read far more of the gazetteer).
        let nearest = gazetteer.nearest(latitude: latitude, longitude: longitude, limit: 1)
        var result = ReverseGeocodeResult(nearest: nearest.first)
        result.address = gazetteer.regionAddress(latitude: latitude, longitude: longitude)
        var placement = locator.placement(latitude: latitude, longitude: longitude)
        // A point within a kilometre of a town (more of a city) is ashore in the town's country, whatever
        // the 1:50m outline says (Oía sits on a cliff the outline leaves in the sea).
        if let town = nearest.first, town.distanceKm <= ReverseGeocoder.ashoreKm(population: town.entry.population),
           placement?.offshore ?? true, placement.map({ $0.code == town.entry.countryCode }) ?? true {
            placement = CountryLocator.Placement(code: town.entry.countryCode, name: locator.name(of: town.entry.countryCode),
                                                 offshore: false)
        }
        result.countryCode = placement?.code
        result.countryName = placement?.name
        result.peak = features.peak(latitude: latitude, longitude: longitude)
        let (areas, outlined) = features.containing(latitude: latitude, longitude: longitude)
        // Marine areas and the outlines overlap by a kilometre or so along coasts: a point at sea is in
        // no desert or island, and a point ashore in no sea (lakes lie inside the country outlines).
        guard let placement, !placement.offshore else {
            result.areas = areas.filter(\.isWater)
            result.atSea = CountryIndex.cell(latitude: latitude, longitude: longitude) != nil
            result.coast = coast(latitude: latitude, longitude: longitude)
            return result
        }
        result.areas = areas.filter { !$0.isWater || $0.kind == "lake" || $0.kind == "reservoir" }
        let region = firstLevelRegion(latitude: latitude, longitude: longitude, country: placement.code,
                                      nearest: nearest.first, outlined: outlined)
        result.admin1 = region.region?.name
        // A district only from a town in the region named above, so the two never disagree.
        result.admin2 = region.town.flatMap { ReverseGeocoder.admin2(of: $0.entry) }
        return result
    }

    /// A first-level region (state, province): its key in the gazetteer's regions (`US.CA`) and its name.
    public struct Region: Sendable, Hashable {
        /// The country code and GeoNames admin1 code, `US.CA`.
        public var key: String
        /// The region's name as the gazetteer gives it.
        public var name: String
    }

    /// The first-level region of a point on land in `country`: the outline's where Natural Earth draws
    /// one (US, CA, BR, AU), else the nearest town's in this country. The one region lookup (`where`,
    /// `stats`, the travel commands).
    public func firstLevelRegion(latitude: Double, longitude: Double, country: String) -> Region? {
        let nearest = gazetteer.nearest(latitude: latitude, longitude: longitude, limit: 1).first
        let outlined = features.admin1(latitude: latitude, longitude: longitude)
        return firstLevelRegion(latitude: latitude, longitude: longitude, country: country, nearest: nearest, outlined: outlined).region
    }

    /// The region and the town in it that ``firstLevelRegion(latitude:longitude:country:)`` chose.
    /// - Parameter sight: the sight within ``sightRegionKm`` of the point, when the caller has it at hand
    ///   (``PlaceAreas`` keeps the gazetteer's cells decoded); else the gazetteer is searched.
    func firstLevelRegion(latitude: Double, longitude: Double, country: String, nearest: NearbyPlace?,
                          outlined: (name: String, code: String)?,
                          sight: (() -> NearbyPlace?)? = nil) -> (region: Region?, town: NearbyPlace?) {
        let outlinedCode = outlined.map { String($0.code.split(separator: ".").last ?? "") }
        let fits = { (place: NearbyPlace) in
            place.entry.countryCode == country && (outlinedCode == nil || place.entry.admin1Code == outlinedCode)
        }
        var town = nearest.flatMap { fits($0) ? $0 : nil }
        if town == nil {
            // The ten nearest towns judged by their lines' codes: only the one kept is read whole (an entry
            // looks up its region's, county's and country's names).
            let places = gazetteer.places
            let sameCountry = gazetteer.nearestLines(latitude: latitude, longitude: longitude, limit: 10)
                .filter { places.text(.country, ofLineAt: $0.offset) == country }
            let kept = sameCountry.first { line in outlinedCode.map { places.text(.admin1, ofLineAt: line.offset) == $0 } ?? true }
                ?? sameCountry.first
            town = kept.map { NearbyPlace(entry: gazetteer.placeEntry(at: $0.offset), distanceKm: $0.distanceKm) }
        }
        // A sight within a kilometre is where the point is: its own town's region and district, as `add`
        // gives them (Mont Saint-Michel is in Normandie, though Bretagne's Roz-sur-Couesnon is nearer).
        let nearestSight = sight ?? { gazetteer.nearestSight(latitude: latitude, longitude: longitude, withinKm: ReverseGeocoder.sightRegionKm) }
        if outlined == nil, let sight = nearestSight(),
           sight.entry.countryCode == country, !sight.entry.admin1.isEmpty {
            return (Region(key: "\(country).\(sight.entry.admin1Code)", name: sight.entry.admin1), sight)
        }
        var region: Region?
        if let outlined, let code = outlinedCode {
            let name = gazetteer.regionName(country: country, code: code)
            region = Region(key: "\(country).\(code)", name: name.isEmpty ? outlined.name : name)
        } else if let town, !town.entry.admin1.isEmpty {
            region = Region(key: "\(country).\(town.entry.admin1Code)", name: town.entry.admin1)
        }
        return (region, town.flatMap { fits($0) ? $0 : nil })
    }

    /// The second-level region (county, district) of a gazetteer place, `nil` when it has none.
    static func admin2(of entry: GazetteerEntry) -> String? {
        entry.admin2.isEmpty ? nil : entry.admin2
    }

    /// The nearest coast of a point outside every outline.
    private func coast(latitude: Double, longitude: Double) -> ReverseGeocodeResult.Coast? {
        guard let near = locator.index.nearestOutline(latitude: latitude, longitude: longitude) else { return nil }
        let code = locator.index.country(at: near.country).code
        return ReverseGeocodeResult.Coast(countryCode: code, countryName: locator.name(of: code), distanceKm: near.distanceKm)
    }

    /// The ISO code of the country containing the point (or whose territorial sea holds it).
    public func country(latitude: Double, longitude: Double) -> String? {
        locator.placement(latitude: latitude, longitude: longitude)?.code
    }
}
