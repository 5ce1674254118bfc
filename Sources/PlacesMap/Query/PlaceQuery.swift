#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore
import PlacesGeo

/// Which of the journal's places a command takes, and in what order: the one filter behind
/// `list`, `export`, `map`, `stats`, `near` and the travel commands (`--tag`, `--visited`/`--unvisited`,
/// `--country`, `--region`, `--from`/`--to` on visit dates, a circle around a point, `--sort`, `--limit`).
public struct PlaceQuery: Sendable, Equatable {
    /// The order of the result.
    public enum Order: String, Sendable, CaseIterable {
        /// The journal's own order.
        case journal
        /// By name, ignoring case; ties by id.
        case name
        /// Newest `created` first.
        case created
        /// Newest `updated` first.
        case updated
        /// Nearest to ``PlaceQuery/centre`` first; ties by name.
        case distance
        /// Latest visit first (in ``VisitDate``'s order: a month counts from its first day), places
        /// not visited yet last; ties by name, ignoring case.
        case visited
    }

    /// A point on the globe.
    public typealias Point = Coordinate

    /// Only places with any of these tags (compared without regard to case); all places when empty.
    public var tags: [String]
    /// `true` for visited places only, `false` for want-to-go places only, `nil` for both.
    public var visited: Bool?
    /// The point distances are measured from (for ``radiusKm`` and the `distance` order).
    public var centre: Point?
    /// With ``centre``: only places within this many kilometres of it.
    public var radiusKm: Double?
    /// The order of the result.
    public var order: Order
    /// At most this many places (after ordering); all when `nil`.
    public var limit: Int?
    /// Only places in this country (ISO 3166-1 alpha-2 code, as ``PlaceAreas`` finds it); all when `nil`.
    public var country: String?
    /// Only places in any of these first-level regions (`US.CA` keys); all when empty.
    public var regions: Set<String> = []
    /// Only places with a visit whose whole date lies in this span (and, for the travel commands, only
    /// those visits); every place when the span is open.
    public var dates = DaySpan()

    /// A query; with no arguments every place passes, in the journal's order.
    public init(tags: [String] = [], visited: Bool? = nil, centre: Point? = nil, radiusKm: Double? = nil,
                order: Order = .journal, limit: Int? = nil) {
        self.tags = tags
        self.visited = visited
        self.centre = centre
        self.radiusKm = radiusKm
        self.order = order
        self.limit = limit
    }

    /// Whether the query narrows the journal at all (for "no places yet" versus "no places match").
    public var filters: Bool {
        !tags.isEmpty || visited != nil || (centre != nil && radiusKm != nil) || filtersAreas || !dates.isOpen
    }

    /// Whether the query asks for a country or a region (so each place's area must be looked up).
    public var filtersAreas: Bool { country != nil || !regions.isEmpty }

    /// Whether a visit passes the date filter.
    public func admits(_ visit: Visit) -> Bool { dates.isOpen || dates.contains(visit.date) }

    /// The places that pass, ordered and limited.
    /// - Parameter areas: the country and region lookup for ``country`` and ``regions`` (the bundled
    ///   gazetteer's when `nil`).
    public func apply(to places: [Location], areas: PlaceAreas? = nil) -> [Location] {
        // The common cases (a whole journal, a tag) without a distance for every place: at 100,000
        // places, building and unpacking the pairs costs as much as a tenth of reading the journal.
        guard centre == nil else { return ranked(places, areas: areas).map(\.place) }
        let wanted = wantedTags
        let lookup = filtersAreas ? (areas ?? PlaceAreas()) : nil
        var result = filters ? places.filter { passes($0, wanted, lookup) } : places
        arrange(&result, place: { $0 }, distance: { _ in 0 })
        return result
    }

    /// The places that pass with their distance from ``centre`` (0 without one), ordered and limited.
    /// - Complexity: O(n log n) for an order other than the journal's.
    public func ranked(_ places: [Location], areas: PlaceAreas? = nil) -> [(place: Location, distanceKm: Double)] {
        let wanted = wantedTags
        let lookup = filtersAreas ? (areas ?? PlaceAreas()) : nil
        var result: [(place: Location, distanceKm: Double)] = []
        result.reserveCapacity(places.count)
        for place in places where passes(place, wanted, lookup) {
            let distance = centre.map {
                Geodesy.distanceKm(fromLatitude: $0.latitude, longitude: $0.longitude,
                                   toLatitude: place.latitude, longitude: place.longitude)
            } ?? 0
            if let radiusKm, centre != nil, distance > radiusKm { continue }
            result.append((place, distance))
        }
        arrange(&result, place: \.place, distance: \.distanceKm)
        return result
    }

    private var wantedTags: Set<String> { Set(tags.map { $0.lowercased() }) }

    /// Whether a place passes the tag, visited, date and area filters (the circle is checked by ``ranked(_:areas:)``).
    private func passes(_ place: Location, _ wanted: Set<String>, _ areas: PlaceAreas?) -> Bool {
        if !wanted.isEmpty, !place.tags.contains(where: { wanted.contains($0.lowercased()) }) { return false }
        if let visited, place.isVisited != visited { return false }
        if !dates.isOpen, !place.visits.contains(where: { dates.contains($0.date) }) { return false }
        if let areas { return passesAreas(latitude: place.latitude, longitude: place.longitude, areas) }
        return true
    }

    /// Whether a point passes the country and region filters.
    public func passesAreas(latitude: Double, longitude: Double, _ areas: PlaceAreas) -> Bool {
        guard filtersAreas else { return true }
        guard let found = areas.country(latitude: latitude, longitude: longitude) else { return false }
        if let country, found.code != country { return false }
        if !regions.isEmpty {
            guard let region = areas.region(latitude: latitude, longitude: longitude, country: found.code),
                  regions.contains(region.key) else { return false }
        }
        return true
    }

    /// Sorts by ``order`` and cuts to ``limit``.
    ///
    /// Each item's sort key is made once, and positions are sorted rather than the items: sorting
    /// 100,000 places themselves copied each place twice per comparison (a retain and release of every
    /// string in it), and lower-cased names in every comparison; `near` took a second to find the
    /// one nearest place. Ties keep journal order.
    private func arrange<Item>(_ items: inout [Item], place: (Item) -> Location, distance: (Item) -> Double) {
        switch order {
        case .journal: break
        case .name:
            reorder(&items, keys: items.map { (place($0).name.lowercased(), place($0).id.uuidString) }, by: <)
        case .created:
            reorder(&items, keys: items.map { place($0).created ?? .distantPast }, by: >)
        case .updated:
            reorder(&items, keys: items.map { place($0).updated ?? .distantPast }, by: >)
        case .distance:
            reorder(&items, keys: items.map { (distance($0), place($0).name) }, by: <)
        case .visited:
            // Latest visit first, places never visited last; then by name.
            reorder(&items, keys: items.map { (place($0).latestVisit?.date, place($0).name.lowercased()) }) { a, b in
                if a.0 != b.0 {
                    guard let x = a.0 else { return false }
                    guard let y = b.0 else { return true }
                    return x > y
                }
                return a.1 < b.1
            }
        }
        if let limit, items.count > limit { items.removeSubrange(limit...) }
    }

    /// Puts `items` in the order of their `keys` (ties in their present order), keeping at most ``limit``.
    private func reorder<Item, Key>(_ items: inout [Item], keys: [Key], by before: (Key, Key) -> Bool) {
        var positions = Array(items.indices)
        positions.sort { a, b in
            if before(keys[a], keys[b]) { return true }
            if before(keys[b], keys[a]) { return false }
            return a < b
        }
        let kept = limit.map { min($0, positions.count) } ?? positions.count
        items = positions[..<kept].map { items[$0] }
    }
}
