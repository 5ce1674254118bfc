import PlacesGeo

/// The context names of the smallest scales gathered once for the whole world, so that a map that
/// zooms and pans (`places browse`) asks the gazetteer once a scale band rather than once a view.
///
/// At world and continent scale few lines pass the band's test (capitals, cities of millions, the
/// great seas and ranges), yet a view's area there (browse asks for three views' width) is most of
/// the world, and finding them means walking every line of it. Here each of those bands walks the
/// whole world once and keeps every name that passes, most important first; an area then takes the
/// first `limit` of each group that lie inside it, which is what
/// ``MapContext/candidates(for:gazetteer:limit:)`` finds by its walk. From country scale on, areas
/// are smaller and many more lines pass (every town of 50,000): those walk their area as before.
public final class MapContextIndex {
    private let gazetteer: Gazetteer
    private let limit: Int
    /// Each band's names that pass its test, by group (towns, then features), most important first.
    private var bands: [(band: MapContext.Band, groups: [[GazetteerEntry]])] = []

    /// - Parameters:
    ///   - gazetteer: where the names come from.
    ///   - limit: how many towns at most in one area, and as many features.
    public init(gazetteer: Gazetteer, limit: Int) {
        self.gazetteer = gazetteer
        self.limit = limit
    }

    /// The names worth showing in a view, as ``MapContext/candidates(for:gazetteer:limit:)`` gives them.
    public func candidates(for viewport: MapViewport) -> [MapContextLabel] {
        let band = MapContext.Band(kilometresPerUnit: viewport.kilometresPerUnit)
        guard band == .world || band == .continent else {
            return MapContext.candidates(for: viewport, gazetteer: gazetteer, limit: limit)
        }
        let groups: [[GazetteerEntry]]
        if let known = bands.first(where: { $0.band == band }) {
            groups = known.groups
        } else {
            groups = MapContext.groups(south: -90, west: -180, north: 90, east: 180, band: band, gazetteer: gazetteer, limit: Int.max)
            bands.append((band, groups))
        }
        let south = viewport.south, north = viewport.north, west = viewport.west, east = viewport.east
        let wholeWorld = east - west >= 360
        // The area walk's own test of a line's position, on the kept names.
        func inside(_ entry: GazetteerEntry) -> Bool {
            guard entry.latitude >= south, entry.latitude <= north else { return false }
            let longitude = entry.longitude
            return wholeWorld || (longitude >= west && longitude <= east) || (longitude - 360 >= west && longitude - 360 <= east)
                || (longitude + 360 >= west && longitude + 360 <= east)
        }
        return MapContext.labels(groups.map { Array($0.lazy.filter(inside).prefix(limit)) }, band: band)
    }
}
