import PlacesCore
import PlacesGeo

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
    /// Whether it names a lake, which the map names only where it draws the lake's water.
    public var isLake = false

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

    /// The names worth showing in a view, most important first: towns and cities before seas, lakes
    /// and ranges (a map of Eurasia names Moscow and Beijing before its lakes), and one name a place
    /// (``oneNameAPlace(_:)``).
    /// - Parameters:
    ///   - viewport: the view.
    ///   - gazetteer: where the names come from.
    ///   - limit: how many towns at most, and as many features (the label layer drops those that do not fit).
    public static func candidates(for viewport: MapViewport, gazetteer: Gazetteer = .bundled,
                                  limit: Int) -> [MapContextLabel] {
        let band = Band(kilometresPerUnit: viewport.kilometresPerUnit)
        let groups = Self.groups(south: viewport.south, west: viewport.west, north: viewport.north, east: viewport.east,
                                 band: band, gazetteer: gazetteer, limit: limit)
        return labels(groups, band: band)
    }

    /// The entries worth naming in a box at a band's scale: towns, then seas, lakes and ranges, each
    /// group its `limit` most important, most important first.
    static func groups(south: Double, west: Double, north: Double, east: Double, band: Band, gazetteer: Gazetteer,
                       limit: Int) -> [[GazetteerEntry]] {
        // Towns and features in groups of their own, so that a view with more seas than the limit still gets
        // its towns; one walk over the box for both.
        gazetteer.entries(south: south, west: west, north: north, east: east,
                          limit: limit, groups: 2, minimumPopulation: band.smallestTown) { standing in
            importance(of: standing, in: band).map { ($0, standing.kind == .city ? 0 : 1) }
        }
    }

    /// The labels of ``groups(south:west:north:east:band:gazetteer:limit:)``, towns first.
    static func labels(_ groups: [[GazetteerEntry]], band: Band) -> [MapContextLabel] {
        let labels = (groups[0] + groups[1]).map { entry in
            let style: MapContextLabel.Style
            switch entry.kind {
            case .city: style = entry.isCapital ? .capital : .town
            case .range: style = .range
            default: style = .water
            }
            return MapContextLabel(name: entry.name, latitude: entry.latitude, longitude: entry.longitude, style: style,
                                   isLake: entry.kind == .lake)
        }
        return oneNameAPlace(labels, districts: band == .city)
    }

    /// The labels without a second name for a place already named: GeoNames has a city's numbered
    /// districts under two names (`Paris 10e Arrondissement` and `Paris 10 Entrepôt`), which share
    /// the words before the number and the number; the first, more important, is kept. Above city
    /// scale (`districts` false) a numbered district of a town also named is left out: `Zürich` is
    /// enough, without `Zürich (Kreis 11)` beside it.
    static func oneNameAPlace(_ labels: [MapContextLabel], districts showsDistricts: Bool) -> [MapContextLabel] {
        var districts = Set<String>()
        let towns = Set(labels.filter(\.hasDot).map { NameFolding.fold($0.name) })
        return labels.filter { label in
            guard label.hasDot, let key = districtKey(label.name) else { return true }
            if !showsDistricts {
                let words = NameFolding.fold(label.name).split(separator: " ")
                if (1..<words.count).contains(where: { towns.contains(words[..<$0].joined(separator: " ")) }) { return false }
            }
            return districts.insert(key).inserted
        }
    }

    /// The words of a numbered district's name before its number, and the number (`paris 10` for
    /// `Paris 10e Arrondissement`, `Paris 10 Entrepôt`, `Paris Xe`); `nil` for a name with no number.
    static func districtKey(_ name: String) -> String? {
        var words: [Substring] = []
        for word in NameFolding.fold(name).split(separator: " ") {
            if let number = districtNumber(word) { return words.isEmpty ? nil : (words + ["\(number)"]).joined(separator: " ") }
            words.append(word)
        }
        return nil
    }

    /// The number a word writes: digits with an ordinal ending (`10`, `10e`, `1er`, `3rd`), or a Roman
    /// numeral in capitals before folding (here lower case: `ii`, `xiv`).
    static func districtNumber(_ word: Substring) -> Int? {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty {
            return ["", "e", "er", "eme", "st", "nd", "rd", "th"].contains(String(word.dropFirst(digits.count))) ? Int(digits) : nil
        }
        let values: [Character: Int] = ["i": 1, "v": 5, "x": 10, "l": 50]
        guard word.count <= 6, word.allSatisfy({ values[$0] != nil }) else { return nil }
        var total = 0, previous = 0
        for character in word.reversed() {
            let value = values[character]!
            total += value < previous ? -value : value
            previous = max(previous, value)
        }
        return total
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
