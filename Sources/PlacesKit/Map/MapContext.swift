/// A gazetteer name drawn for orientation around the user's pins: a town, a sea, a mountain range.
public struct MapContextLabel: Sendable, Equatable {
    /// How the name is drawn.
    public enum Style: Sendable, Equatable {
        /// A capital city: a dot and a slightly stronger name.
        case capital
        /// A town or village: a small dot and a grey name.
        case town
        /// A sea, gulf, bay or lake: italic, blue-grey, centred on its point, no dot.
        case water
        /// A mountain range: spaced grey capitals, centred on its point, no dot.
        case range
    }

    /// The name as drawn.
    public var name: String
    /// Degrees north.
    public var latitude: Double
    /// Degrees east.
    public var longitude: Double
    /// How it is drawn.
    public var style: Style

    /// Whether the name marks a point with a dot (towns) rather than an area (seas, ranges).
    public var hasDot: Bool { style == .capital || style == .town }
}

/// Chooses which gazetteer names give a map its context, by the scale of the view.
///
/// A world map names capitals, oceans and the great seas and ranges; a country map its cities and
/// seas; a regional map its towns, bays and lakes; a city map its towns, villages and suburbs.
/// Candidates come most important first; the label layer then drops any that would crowd the
/// user's own labels, which are placed first and always win.
public enum MapContext {
    /// The scale bands, by kilometres per canvas unit (about a pixel).
    enum Band: Equatable {
        case world, continent, country, region, city

        init(kilometresPerUnit k: Double) {
            switch k {
            case 20...: self = .world
            case 4..<20: self = .continent
            case 0.8..<4: self = .country
            case 0.1..<0.8: self = .region
            default: self = .city
            }
        }

        /// The fewest inhabitants a town named in this band has (capitals included), so that the
        /// gazetteer scan can pass over smaller ones cheaply; ``importance(of:in:)`` has the full rule.
        var smallestTown: Int {
            switch self {
            case .world: return 1_000_000
            case .continent: return 100_000
            case .country: return 50_000
            case .region: return 2_000
            case .city: return 0
            }
        }
    }

    /// The names worth showing in a view, most important first.
    /// - Parameters:
    ///   - viewport: the view.
    ///   - gazetteer: where the names come from.
    ///   - limit: how many candidates at most (the label layer drops those that do not fit).
    public static func candidates(for viewport: MapViewport, gazetteer: Gazetteer = .bundled,
                                  limit: Int) -> [MapContextLabel] {
        let band = Band(kilometresPerUnit: viewport.kilometresPerUnit)
        let entries = gazetteer.entries(south: viewport.south, west: viewport.west, north: viewport.north,
                                        east: viewport.east, limit: limit,
                                        minimumPopulation: band.smallestTown) { importance(of: $0, in: band) }
        return entries.compactMap { entry in
            let style: MapContextLabel.Style
            switch entry.kind {
            case .city: style = entry.isCapital ? .capital : .town
            case .range: style = .range
            default: style = .water
            }
            return MapContextLabel(name: entry.name, latitude: entry.latitude, longitude: entry.longitude, style: style)
        }
    }

    /// A line's score in a band, or `nil` when it is not worth naming there. Seas and ranges score
    /// above towns on small scales, where they say more about the map.
    static func importance(of place: Gazetteer.Standing, in band: Band) -> Double? {
        let isOcean = place.kind == .sea && place.name.hasSuffix("Ocean")
        // Natural Earth ranks oceans 10 in this table; they are the most important water there is.
        let rank = isOcean ? 0 : place.rank ?? 12
        switch place.kind {
        case .city:
            let population = Double(place.population)
            switch band {
            case .world: return place.isCapital && place.population >= band.smallestTown ? population : nil
            case .continent:
                return place.population >= 1_000_000 || place.isCapital && place.population >= band.smallestTown
                    ? population * (place.isCapital ? 4 : 1) : nil
            case .country: return place.population >= band.smallestTown ? population * (place.isCapital ? 4 : 1) : nil
            case .region: return place.population >= band.smallestTown ? population : nil
            case .city: return population + 1
            }
        case .sea, .gulf, .bay, .strait, .fjord, .lagoon, .lake:
            let largest: Int
            switch band {
            case .world: largest = place.kind == .sea ? 1 : -1
            case .continent: largest = place.kind == .lake ? 1 : 2
            case .country: largest = 4
            case .region: largest = 7
            case .city: largest = 12
            }
            return rank <= largest ? 1e12 / Double(rank + 1) : nil
        case .range:
            let largest: Int
            switch band {
            case .world: largest = 1
            case .continent: largest = 2
            case .country: largest = 3
            case .region, .city: largest = 6
            }
            return rank <= largest ? 5e11 / Double(rank + 1) : nil
        default:
            return nil
        }
    }
}
