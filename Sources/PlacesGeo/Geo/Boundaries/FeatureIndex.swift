import PlacesCore

/// A named area that contains a point: a lake, a sea or bay, a desert or range, a United States park.
public struct NamedArea: Sendable, Equatable {
    /// Its name as Natural Earth gives it ("Lake Geneva", "Mediterranean Sea", "Sahara").
    public var name: String
    /// What it is: `lake`, `reservoir`, `park`, `sea`, `gulf`, `bay`, `strait`, `fjord`, `ocean` (and the
    /// other marine kinds), `desert`, `range`, `island`, `islands`, `peninsula`, `plateau`, `plain`,
    /// `basin`, `delta`, `coast` or `region`.
    public var kind: String
    /// Whether the area is water (a lake, a reservoir or a marine area).
    public var isWater: Bool

    /// Creates an area.
    public init(name: String, kind: String, isWater: Bool) {
        self.name = name
        self.kind = kind
        self.isWater = isWater
    }
}

/// A named peak near a point.
public struct NearbyPeak: Sendable, Equatable {
    /// Its name ("Monte Etna", "Mount Everest").
    public var name: String
    /// `mountain` or `volcano`.
    public var kind: String
    /// Height above sea level in metres (0 when unknown).
    public var elevationMetres: Int
    /// Degrees north and east of the summit.
    public var latitude: Double, longitude: Double
    /// Distance from the point to the summit, in kilometres.
    public var distanceKm: Double
}

/// Natural Earth's named areas and peaks, and the first-level regions it draws (United States, Canada,
/// Brazil and Australia at 1:50m), read in place from the generated tables.
///
/// A lookup scans a table of bounding boxes (21 bytes a feature, about 3,500 features); of the features
/// whose box holds the point it ray-casts only those whose edges cross the point's one-degree cell
/// (``FeatureRings/cell(from:to:box:x:y:)``): the others are inside or outside without a ring decoded.
public struct FeatureIndex: Sendable {
    /// The features compiled into `places`.
    public static let bundled = FeatureIndex()

    let features = BoundaryData.features
    let boxes = BoundaryData.featureBoxes
    let ringTable = BoundaryData.featureRings
    let peaks = BoundaryData.peaks

    /// How far from a summit a point is still "on" the highest mountain.
    public static let peakRadiusKm = 5.0

    /// How far a peak of this height reaches: about 1 km per 300 m (a hill of 140 m half a kilometre,
    /// Everest the full ``peakRadiusKm``), never under 0.5 km. A low hill does not name a town 5 km away
    /// (Monaco is not on Mont Agel).
    public static func peakReachKm(elevationMetres: Int, radiusKm: Double = peakRadiusKm) -> Double {
        min(radiusKm, max(0.5, Double(elevationMetres) / 300))
    }

    /// What contains a point: the named areas, smallest first (a lake before the range it lies in), and
    /// the first-level region whose 1:50m outline holds it where Natural Earth draws one (its name and
    /// GeoNames admin1 code, `US.CA`, so the gazetteer's own name can be used).
    public func containing(latitude: Double, longitude: Double) -> (areas: [NamedArea], admin1: (name: String, code: String)?) {
        var found: [(area: NamedArea, size: Double)] = []
        var admin1: (name: String, code: String)? = nil
        forEachFeature(containing: latitude, longitude) { kind, name, extra, box, _ in
            if kind == "admin1" {
                if admin1 == nil { admin1 = (name, extra) }
                return
            }
            let marine = kind.hasPrefix("marine:")
            let area = NamedArea(name: name, kind: marine ? String(kind.dropFirst(7)) : kind,
                                 isWater: marine || kind == "lake" || kind == "reservoir")
            found.append((area, box.squareDegrees))
        }
        return (found.sorted { $0.size < $1.size }.map(\.area), admin1)
    }

    /// The first-level region whose outline holds a point: ``containing(latitude:longitude:)``'s `admin1`,
    /// without testing the rings of any other kind of area (the seas and ranges around a point are most of
    /// that lookup's work).
    public func admin1(latitude: Double, longitude: Double) -> (name: String, code: String)? {
        var admin1: (name: String, code: String)? = nil
        forEachFeature(containing: latitude, longitude, kind: "admin1") { _, name, extra, _, _ in
            if admin1 == nil { admin1 = (name, extra) }
        }
        return admin1
    }

    /// The nearest named peak whose reach (``peakReachKm(elevationMetres:radiusKm:)``, at most `radiusKm`)
    /// holds a point.
    public func peak(latitude: Double, longitude: Double, radiusKm: Double = FeatureIndex.peakRadiusKm) -> NearbyPeak? {
        guard latitude.isFinite, longitude.isFinite else { return nil }
        var best: NearbyPeak? = nil
        var offset = 0
        // Quick reject by latitude: a degree is 111 km.
        let degrees = radiusKm / PackedGeometry.kmPerDegree
        while offset < peaks.count {
            let end = peaks.nextLine(after: offset) - 1
            let p = peaks.base + end - 8
            let lat = PackedGeometry.latitude(PackedGeometry.value(p + 4, width: 4))
            if abs(lat - latitude) <= degrees {
                let lon = PackedGeometry.longitude(PackedGeometry.value(p, width: 4))
                let d = Geodesy.distanceKm(fromLatitude: latitude, longitude: longitude, toLatitude: lat, longitude: lon)
                if d <= radiusKm, d < (best?.distanceKm ?? .infinity) {
                    let fields = peaks.fields(at: offset)
                    let elevation = Int(fields[2]) ?? 0
                    if d <= FeatureIndex.peakReachKm(elevationMetres: elevation, radiusKm: radiusKm) {
                        best = NearbyPeak(name: String(fields[1]), kind: String(fields[0]), elevationMetres: elevation,
                                          latitude: lat, longitude: lon, distanceKm: d)
                    }
                }
            }
            offset = end + 1
        }
        return best
    }

    /// Calls `body` with the kind, name, extra field, box and line of every feature whose rings contain the point.
    /// - Parameter kind: only features of this kind (`admin1`), judged from the line's first field before
    ///   any ring is tested; `nil` for every kind.
    func forEachFeature(containing latitude: Double, _ longitude: Double, kind: String? = nil,
                        _ body: (String, String, String, PackedGeometry.Box, Int) -> Void) {
        let kindBytes: [UInt8] = kind.map { Array($0.utf8) + [9] } ?? []
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return }
        let x = PackedGeometry.x(longitude: longitude), y = PackedGeometry.y(latitude: latitude)
        // Latitude first: it rejects most features without decoding a number. A box's south edge lies above
        // the point when it is at least ⌊y⌋ + 1, its north edge below when it is under ⌈y⌉ (the edges are whole
        // units), and four digits compare as their bytes do, read as one big-endian word.
        let southAbove = PackedGeometry.digitWord(Int(y.rounded(.down)) + 1)
        let northBelow = PackedGeometry.digitWord(Int(y.rounded(.up)))
        var record = 0
        while record + 20 <= boxes.count {
            let p = boxes.base + record
            if PackedGeometry.digitWord(at: p + 4) >= southAbove || PackedGeometry.digitWord(at: p + 12) < northBelow {
                record += 21
                continue
            }
            let box = PackedGeometry.Box(p)
            if box.contains(x: x, y: y) {
                let line = PackedGeometry.value(boxes.base + record + 16, width: 4)
                if (kindBytes.isEmpty || hasPrefix(kindBytes, lineAt: line)), contains(lineAt: line, box: box, x: x, y: y) {
                    // Only the short fields before the box: the rings can be hundreds of kilobytes.
                    let headEnd = features.field(3, ofLineAt: line) - 1
                    let head = String(decoding: UnsafeBufferPointer(start: features.base + line, count: headEnd - line), as: UTF8.self)
                    // Split on the tab's byte (a tab is always a character of its own), not walking characters.
                    let fields = head.utf8.split(separator: 9, omittingEmptySubsequences: false)
                    body(String(Substring(fields[0])), String(Substring(fields[1])), String(Substring(fields[2])), box, line)
                }
            }
            record += 21
        }
    }

    /// Whether the line at `offset` starts with `prefix`.
    private func hasPrefix(_ prefix: [UInt8], lineAt offset: Int) -> Bool {
        guard offset + prefix.count <= features.count else { return false }
        for (i, byte) in prefix.enumerated() where features.base[offset + i] != byte { return false }
        return true
    }

    /// Whether the rings of the feature on the line at `offset` hold the point an odd number of times:
    /// from its cell grid where the point's cell is not crossed by its edges, else from its rings.
    private func contains(lineAt offset: Int, box: PackedGeometry.Box, x: Double, y: Double) -> Bool {
        guard let range = ringRange(ofLineAt: offset) else { return false }
        switch ringTable.cell(from: range.start, to: range.end, box: box, x: x, y: y) {
        case .outside: return false
        case .inside: return true
        case .crossed: return FeatureRings.containsOddly(ringTable.rings(from: range.start, to: range.end, box: box), x: x, y: y)
        }
    }

    /// Where the feature on the line at `offset` lies in ``ringTable``, from its last field.
    private func ringRange(ofLineAt offset: Int) -> (start: Int, end: Int)? {
        let field = features.field(4, ofLineAt: offset)
        guard features.nextLine(after: offset) - 1 - field >= 8 else { return nil }
        return (PackedGeometry.value(features.base + field, width: 4), PackedGeometry.value(features.base + field + 4, width: 4))
    }

    /// The rings of the feature on the line at `offset`.
    func rings(ofLineAt offset: Int) -> [(xs: [Int], ys: [Int])] {
        let boxField = features.field(3, ofLineAt: offset)
        guard let range = ringRange(ofLineAt: offset), boxField + 16 <= features.count else { return [] }
        return ringTable.rings(from: range.start, to: range.end, box: PackedGeometry.Box(features.base + boxField))
    }
}
