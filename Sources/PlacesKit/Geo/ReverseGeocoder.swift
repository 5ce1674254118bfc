#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a point is: the country whose outline contains it, and the nearest populated place.
public struct ReverseGeocodeResult: Sendable, Equatable {
    /// ISO 3166-1 alpha-2 code of the country containing the point, or `nil` at sea or in no country.
    public var countryCode: String?
    /// That country's English short name.
    public var countryName: String?
    /// The nearest populated place, wherever it is (it may lie across a border).
    public var nearest: NearbyPlace?
}

/// Finds the country that contains a point from bundled country outlines (low-resolution GeoJSON from
/// the `countryinfo` package), then the nearest populated place from the gazetteer.
///
/// The outlines are coarse (coasts and borders are off by a few kilometres), so a point outside every
/// outline but within 12 nautical miles (22.2 km, the breadth of the territorial sea) of one is given
/// that country. About 60 countries and territories have no outline in the source (Hungary, Jamaica and
/// many small islands): a point within 5 km of one of their towns is given that country even inside a
/// neighbour's coarse outline, and a point in no outline within 30 km of one is too. Anything else is
/// honestly in no country.
public struct ReverseGeocoder: Sendable {
    /// The distance from an outline within which a point outside it still counts as that country's.
    public static let territorialSeaKm = 22.224

    let outlines = TextTable(GazetteerData.outlines)
    /// The gazetteer that supplies nearest places and country names.
    public let gazetteer: Gazetteer

    /// Creates a reverse geocoder over a gazetteer.
    public init(gazetteer: Gazetteer = .bundled) {
        self.gazetteer = gazetteer
    }

    /// The country and nearest populated place of a point.
    /// - Complexity: one pass over the ~280 outline bounding boxes, a ray cast over the few rings whose box
    ///   holds the point, and a grid search for the nearest place.
    public func locate(latitude: Double, longitude: Double) -> ReverseGeocodeResult {
        let near = gazetteer.nearest(latitude: latitude, longitude: longitude, limit: 1).first
        let code = country(latitude: latitude, longitude: longitude, nearest: near)
        return ReverseGeocodeResult(countryCode: code, countryName: code.map { gazetteer.countryName($0) }, nearest: near)
    }

    /// The ISO code of the country whose outline contains the point (or lies within the territorial sea of it).
    public func country(latitude: Double, longitude: Double) -> String? {
        country(latitude: latitude, longitude: longitude,
                nearest: gazetteer.nearest(latitude: latitude, longitude: longitude, limit: 1).first)
    }

    private func country(latitude: Double, longitude: Double, nearest near: NearbyPlace?) -> String? {
        guard latitude.isFinite, longitude.isFinite else { return nil }
        // Pass 0: at a town of a country the outlines leave out (Montenegro inside Albania's coarse outline,
        // Vatican City, Liechtenstein), the town's country wins.
        if let near, near.distanceKm <= ReverseGeocoder.atUnoutlinedTownKm, !ReverseGeocoder.outlinedCountries.contains(near.entry.countryCode) {
            return near.entry.countryCode
        }
        var inside: [String: Bool] = [:]
        // Pass 1: even-odd ray casting over all rings of a country (holes included) whose box holds the point.
        for box in Self.boxes
        where latitude >= box.minLat && latitude <= box.maxLat && longitude >= box.minLon && longitude <= box.maxLon {
            let crossings = ring(at: box.offset).crossings(latitude: latitude, longitude: longitude)
            if crossings % 2 == 1 { inside[box.code, default: false].toggle() }
        }
        if let code = inside.filter({ $0.value }).keys.sorted().first { return code }
        // Pass 2: the nearest outline within the territorial sea.
        let margin = ReverseGeocoder.territorialSeaKm / 111.19
        let lonMargin = margin / max(0.01, cos(min(89.0, abs(latitude)) * .pi / 180))
        var best: (code: String, distance: Double)? = nil
        for box in Self.boxes
        where latitude >= box.minLat - margin && latitude <= box.maxLat + margin
            && longitude >= box.minLon - lonMargin && longitude <= box.maxLon + lonMargin {
            let d = ring(at: box.offset).distanceKm(latitude: latitude, longitude: longitude)
            if d <= ReverseGeocoder.territorialSeaKm, d < (best?.distance ?? .infinity) { best = (box.code, d) }
        }
        if let best { return best.code }
        // Pass 3: some countries have no bundled outline (Hungary, Jamaica, small islands); a point near one
        // of their towns and inside no outline is taken to be in that country.
        if let near, near.distanceKm <= ReverseGeocoder.unoutlinedTownKm, !ReverseGeocoder.outlinedCountries.contains(near.entry.countryCode) {
            return near.entry.countryCode
        }
        return nil
    }

    /// How near a town of a country without an outline a point must be to count as in that country.
    public static let unoutlinedTownKm = 30.0

    /// How near a town of a country without an outline a point must be to beat the outlines.
    public static let atUnoutlinedTownKm = 5.0

    /// The codes of the countries that have an outline.
    static let outlinedCountries = Set(boxes.map(\.code))

    /// A ring's country and bounding box, and where its points are in the outline table.
    struct Box: Sendable {
        var code: String
        var minLat: Double, minLon: Double, maxLat: Double, maxLon: Double
        var offset: Int
    }

    /// Every ring's bounding box, read once per process on first use (about 280 lines: microseconds).
    /// Reading them again for every point made batch lookups and flags in long tables slow.
    static let boxes: [Box] = {
        let outlines = TextTable(GazetteerData.outlines)
        var boxes: [Box] = []
        var offset = 0
        while offset < outlines.count {
            let code = String(decoding: UnsafeBufferPointer(start: outlines.base + offset, count: 2), as: UTF8.self)
            var position = outlines.field(1, ofLineAt: offset)
            var values: [Double] = []
            for _ in 0..<4 {
                values.append(outlines.double(at: position))
                position = outlines.fieldEnd(from: position) + 1
            }
            boxes.append(Box(code: code, minLat: values[0], minLon: values[1], maxLat: values[2], maxLon: values[3], offset: offset))
            offset = outlines.nextLine(after: offset)
        }
        return boxes
    }()

    /// The ring's points, read from bytes (`lon,lat lon,lat …`) without building strings.
    private func ring(at offset: Int) -> Ring {
        var position = outlines.field(5, ofLineAt: offset)
        let end = outlines.nextLine(after: offset) - 1
        var points: [(lon: Double, lat: Double)] = []
        points.reserveCapacity((end - position) / 20)
        while position < end {
            let lon = outlines.double(at: position)
            while position < end, outlines.base[position] != 44 { position += 1 }
            position += 1
            let lat = outlines.double(at: position)
            points.append((lon, lat))
            while position < end, outlines.base[position] != 32 { position += 1 }
            position += 1
        }
        return Ring(points: points)
    }

    struct Ring {
        var points: [(lon: Double, lat: Double)]

        func crossings(latitude: Double, longitude: Double) -> Int {
            var count = 0
            guard points.count > 2 else { return 0 }
            var j = points.count - 1
            for i in 0..<points.count {
                let a = points[i], b = points[j]
                if (a.lat > latitude) != (b.lat > latitude) {
                    let x = (b.lon - a.lon) * (latitude - a.lat) / (b.lat - a.lat) + a.lon
                    if longitude < x { count += 1 }
                }
                j = i
            }
            return count
        }

        /// Distance from the point to the nearest edge, on a local flat projection (fine at these ranges).
        func distanceKm(latitude: Double, longitude: Double) -> Double {
            let scale = cos(latitude * .pi / 180)
            var best = Double.infinity
            guard points.count > 1 else { return best }
            for i in 1..<points.count {
                let ax = (points[i - 1].lon - longitude) * scale, ay = points[i - 1].lat - latitude
                let bx = (points[i].lon - longitude) * scale, by = points[i].lat - latitude
                let dx = bx - ax, dy = by - ay
                let lengthSquared = dx * dx + dy * dy
                var t = lengthSquared > 0 ? -(ax * dx + ay * dy) / lengthSquared : 0
                t = min(1, max(0, t))
                let px = ax + t * dx, py = ay + t * dy
                best = min(best, (px * px + py * py).squareRoot() * 111.19)
            }
            return best
        }
    }
}
