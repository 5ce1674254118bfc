#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// Compiles an OpenStreetMap extract into the searchable tables of a region pack: its named points of
/// interest with a kind word, its named streets (one per name per locality), its addresses and
/// postcodes, each with a position, a locality, a country and every name it has.
///
/// It is the ``OSMHandler`` both readers feed. Node positions are kept packed in a temporary file
/// (``NodeLocations``, a few bytes a node) so ways can be placed; each way keeps one representative
/// point, and its points when it may be an area's member, in another (``RegionMemberWays``), so
/// relations can be.
/// A way whose nodes are not all in the file (an extract cut at its border) is skipped and counted.
struct RegionCompiler: OSMHandler {
    /// One object the pack keeps.
    struct Feature {
        var osmID: String
        var names: [String]
        var kind: GazetteerEntry.Kind
        var kindWord: String
        var kindTag: String
        var latitude7: Int32
        var longitude7: Int32
        var street = ""
        var houseNumber = ""
        var postcode = ""
        var city = ""
        var population = 0
        var bounds: Box?
        var length = 0.0
        var locality = ""
        var country = ""
        var admin1 = ""
        var admin2 = ""
    }

    /// A box in 1e-7 degrees.
    struct Box {
        var minLat: Int32, minLon: Int32, maxLat: Int32, maxLon: Int32
        mutating func add(_ other: Box) {
            minLat = min(minLat, other.minLat); minLon = min(minLon, other.minLon)
            maxLat = max(maxLat, other.maxLat); maxLon = max(maxLon, other.maxLon)
        }
    }

    var header = OSMHeader()
    private var nodes: NodeLocations
    private var wayLats: [Int32] = [], wayLons: [Int32] = []
    /// The points of interest and addresses kept, and the named highway ways that make streets, in files.
    private var features: RegionFeatureStore
    private var streetSegments: RegionFeatureStore
    private let scratchDirectory: String
    /// Place nodes that can give what lies around them a locality: name, place value, position.
    private var localityNodes: [(name: String, value: String, lat: Double, lon: Double)] = []
    /// Ways skipped because some of their nodes are not in the file.
    private(set) var skippedWays = 0
    /// Relations skipped because none of their members could be placed.
    private(set) var skippedRelations = 0
    private(set) var nodeCount = 0, wayCount = 0, relationCount = 0
    private var seenBox: Box?
    var onProgress: (Int) -> Void = { _ in }
    /// The drawable ways (streets, railways, water, green areas, buildings), clipped to tiles for the map.
    var geometry = RegionGeometryCollector()
    /// Each way's summary, and the points of those area relations may be made of (see ``RegionMemberWays``).
    var memberWays: RegionMemberWays
    /// Boundaries and settlement outlines that give what lies inside them a locality.
    var localityAreas: [RegionLocalityArea] = []
    /// Area relations whose rings were closed.
    var assembledAreas = 0

    /// - Parameter scratchDirectory: where node positions and ways go while the extract is read (in
    ///   temporary files, removed as they are made), so that memory does not grow with the extract.
    init(scratchDirectory: String = RegionScratchFile.systemDirectory) {
        nodes = NodeLocations(directory: scratchDirectory)
        memberWays = RegionMemberWays(directory: scratchDirectory)
        features = RegionFeatureStore(directory: scratchDirectory)
        streetSegments = RegionFeatureStore(directory: scratchDirectory)
        self.scratchDirectory = scratchDirectory
    }

    mutating func header(_ header: OSMHeader) throws { self.header = header }

    mutating func progress(bytesRead: Int) { onProgress(bytesRead) }

    mutating func node(_ node: OSMNode) throws {
        nodeCount += 1
        try nodes.append(id: node.id, latitude7: node.latitude7, longitude7: node.longitude7)
        let point = Box(minLat: node.latitude7, minLon: node.longitude7, maxLat: node.latitude7, maxLon: node.longitude7)
        if seenBox == nil { seenBox = point } else { seenBox!.add(point) }
        if !node.tags.isEmpty {
            try keep(node.tags, type: "n", id: node.id, latitude7: node.latitude7, longitude7: node.longitude7, bounds: nil, length: 0)
        }
    }

    mutating func way(_ way: OSMWay) throws {
        wayCount += 1
        guard !way.nodes.isEmpty else { return }
        // The way's points go to two buffers kept from way to way, so a way allocates no arrays of its own.
        wayLats.removeAll(keepingCapacity: true)
        wayLons.removeAll(keepingCapacity: true)
        for id in way.nodes {
            guard let location = try nodes.location(of: id) else {
                skippedWays += 1
                return
            }
            wayLats.append(location.latitude7)
            wayLons.append(location.longitude7)
        }
        let lats = wayLats, lons = wayLons
        var box = Box(minLat: lats[0], minLon: lons[0], maxLat: lats[0], maxLon: lons[0])
        for i in lats.indices { box.add(Box(minLat: lats[i], minLon: lons[i], maxLat: lats[i], maxLon: lons[i])) }
        let (point, length) = RegionCompiler.representativePoint(lats: lats, lons: lons, closed: way.nodes.count >= 4 && way.nodes.first == way.nodes.last)
        let summary = RegionMemberWays.Summary(lat: point.0, lon: point.1,
                                               extent: Float(Double(box.maxLat - box.minLat) * Double(box.maxLon - box.minLon)),
                                               vertexLat: lats[0], vertexLon: lons[0])
        let member = way.tags.isEmpty || RegionMemberWays.mayBeMember(way.tags)
        try memberWays.keep(id: way.id, summary: summary, latitudes7: member ? lats : nil, longitudes7: member ? lons : nil)
        keepForAreas(way, latitudes7: lats, longitudes7: lons)
        guard !way.tags.isEmpty else { return }
        geometry.add(tags: way.tags, latitudes7: lats, longitudes7: lons)
        try keep(way.tags, type: "w", id: way.id, latitude7: point.0, longitude7: point.1, bounds: box, length: length)
    }

    mutating func relation(_ relation: OSMRelation) throws {
        relationCount += 1
        let area = try assembleArea(relation)
        guard !relation.tags.isEmpty, !OSMKinds.names(relation.tags).isEmpty || relation.tags.has(.houseNumber) else { return }
        if let area {
            // A point inside the area and in none of its holes.
            let point = area.interiorPoint()
            try keep(relation.tags, type: "r", id: relation.id, latitude7: point.lat, longitude7: point.lon, bounds: nil, length: 0)
            return
        }
        // The outer way with the largest box places the relation: a point inside its largest part, or on
        // its outline when the relation has holes (a courtyard may hold the outer ring's centroid).
        var best: (lat: Int32, lon: Int32, extent: Float)?
        let hasHoles = relation.members.contains { $0.role == "inner" }
        for member in relation.members where member.type == .way && member.role != "inner" {
            guard let way = try memberWays.summary(of: member.id) else { continue }
            guard best == nil || way.extent > best!.extent else { continue }
            best = hasHoles ? (way.vertexLat, way.vertexLon, way.extent) : (way.lat, way.lon, way.extent)
        }
        if best == nil {
            for member in relation.members where member.type == .node {
                guard let location = try nodes.location(of: member.id) else { continue }
                best = (location.latitude7, location.longitude7, 0)
                break
            }
        }
        guard let best else {
            skippedRelations += 1
            return
        }
        try keep(relation.tags, type: "r", id: relation.id, latitude7: best.lat, longitude7: best.lon, bounds: nil, length: 0)
    }

    /// Keeps an object as a point of interest, an address or a street segment, as its tags say.
    /// - Parameter type: `n`, `w` or `r`: with `id`, the OSM id of what is kept (written only then).
    private mutating func keep(_ tags: OSMTags, type: String, id: Int64, latitude7: Int32, longitude7: Int32, bounds: Box?, length: Double) throws {
        let names = OSMKinds.names(tags)
        // Most tagged objects (buildings without an address, parts of ways) are none of these.
        guard !names.isEmpty || tags.has(.houseNumber) else { return }
        let interest = names.isEmpty ? nil : OSMKinds.interest(tags)
        let houseNumber = tags[.houseNumber]?.trimmed ?? ""
        let street = (tags[.street] ?? tags[.addressPlace] ?? "").trimmed
        let hasAddress = !houseNumber.isEmpty && !street.isEmpty
        if let place = tags[.place], OSMKinds.localityReach[place] != nil, !names.isEmpty {
            localityNodes.append((names[0], place, Double(latitude7) / 1e7, Double(longitude7) / 1e7))
        }
        if let highway = tags[.highway], !names.isEmpty, type != "n", tags[.area] != "yes" || highway == "pedestrian" {
            try streetSegments.append(Feature(osmID: type + String(id), names: names, kind: .street, kindWord: "street", kindTag: "highway=" + highway,
                                              latitude7: latitude7, longitude7: longitude7, bounds: bounds, length: length))
        }
        guard interest != nil || hasAddress else { return }
        var kind = GazetteerEntry.Kind.poi
        if let place = tags[.place], interest?.tag.hasPrefix("place=") ?? false {
            kind = OSMKinds.settlementValues.contains(place) ? .city
                : ["suburb", "quarter", "neighbourhood", "borough"].contains(place) ? .district
                : place == "square" ? .square : place == "island" || place == "islet" ? .island : .poi
        } else if interest == nil {
            kind = .address
        }
        // A named building with an address keeps its name: people call it by that.
        var feature = Feature(osmID: type + String(id), names: names, kind: kind, kindWord: interest?.word ?? (names.isEmpty ? "address" : "building"),
                              kindTag: interest?.tag ?? "", latitude7: latitude7, longitude7: longitude7, bounds: bounds, length: length)
        if hasAddress {
            feature.street = street
            feature.houseNumber = houseNumber
        }
        feature.postcode = (tags[.postcode] ?? tags[.postalCode] ?? "").trimmed
        feature.city = (tags[.city] ?? "").trimmed
        feature.population = Int(tags[.population]?.filter(\.isNumber) ?? "") ?? 0
        try features.append(feature)
    }

    /// A point on or inside a way, and its length in km: an area's centroid when it lies inside, else its
    /// vertex nearest the centroid; a line's vertex at half its length.
    static func representativePoint(lats: [Int32], lons: [Int32], closed: Bool) -> ((Int32, Int32), Double) {
        func step(_ i: Int) -> Double {
            Geodesy.distanceKm(fromLatitude: Double(lats[i - 1]) / 1e7, longitude: Double(lons[i - 1]) / 1e7,
                               toLatitude: Double(lats[i]) / 1e7, longitude: Double(lons[i]) / 1e7)
        }
        // A line's running lengths are kept to find its middle; a ring (most ways are buildings) needs them
        // only when it has no area, and then makes them again.
        var length = 0.0
        var running: [Double] = []
        if !closed { running.reserveCapacity(lats.count); running.append(0) }
        for i in 1..<max(1, lats.count) {
            length += step(i)
            if !closed { running.append(length) }
        }
        if closed {
            // Planar centroid of the ring (shoelace), relative to its first vertex for precision.
            let y0 = Double(lats[0]), x0 = Double(lons[0])
            var area = 0.0, cx = 0.0, cy = 0.0
            for i in 0..<(lats.count - 1) {
                let xa = Double(lons[i]) - x0, ya = Double(lats[i]) - y0
                let xb = Double(lons[i + 1]) - x0, yb = Double(lats[i + 1]) - y0
                let cross = xa * yb - xb * ya
                area += cross
                cx += (xa + xb) * cross
                cy += (ya + yb) * cross
            }
            if area != 0 {
                let lat = cy / (3 * area) + y0, lon = cx / (3 * area) + x0
                if inside(lat: lat, lon: lon, lats: lats, lons: lons) {
                    return ((Int32(lat.rounded()), Int32(lon.rounded())), length)
                }
                var nearest = 0, nearestDistance = Double.infinity
                for i in lats.indices {
                    let d = (Double(lats[i]) - lat) * (Double(lats[i]) - lat) + (Double(lons[i]) - lon) * (Double(lons[i]) - lon)
                    if d < nearestDistance { nearest = i; nearestDistance = d }
                }
                return ((lats[nearest], lons[nearest]), length)
            }
        }
        // The first vertex whose length along the line reaches half (the same sums in the same order).
        let half = length / 2
        var index = 0
        if closed {
            var sum = 0.0
            if !(sum >= half) {
                for i in 1..<max(1, lats.count) {
                    sum += step(i)
                    if sum >= half { index = i; break }
                }
            }
        } else {
            index = running.firstIndex(where: { $0 >= half }) ?? 0
        }
        return ((lats[index], lons[index]), length)
    }

    /// Whether a point lies inside a ring (even-odd rule).
    static func inside(lat: Double, lon: Double, lats: [Int32], lons: [Int32]) -> Bool {
        var result = false
        var j = lats.count - 1
        for i in lats.indices {
            let yi = Double(lats[i]), yj = Double(lats[j]), xi = Double(lons[i]), xj = Double(lons[j])
            if (yi > lat) != (yj > lat), lon < (xj - xi) * (lat - yi) / (yj - yi) + xi { result.toggle() }
            j = i
        }
        return result
    }

    /// The area the extract covers: its header's box, else the box of its nodes.
    var coverage: GeoBounds? {
        if let bounds = header.bounds { return bounds }
        return seenBox.map { GeoBounds(minLatitude: Double($0.minLat) / 1e7, minLongitude: Double($0.minLon) / 1e7,
                                       maxLatitude: Double($0.maxLat) / 1e7, maxLongitude: Double($0.maxLon) / 1e7) }
    }

    // MARK: - Finishing

    /// Gives every feature and street its locality, country and region, joins streets, and makes postcodes.
    /// - Returns: the features to write, in a store of their own: points of interest and addresses in the
    ///   order they were read, then streets, then postcodes.
    mutating func finish(gazetteer: Gazetteer) throws -> RegionFeatureStore {
        nodes = NodeLocations(directory: RegionScratchFile.systemDirectory)
        memberWays = RegionMemberWays()
        let areaGrid = localityAreaGrid(), areas = localityAreas
        // Only towns, villages and hamlets give a locality: the index holds only them, with their reach, so a
        // feature tests no suburb or neighbourhood node (a dense city has thousands) and hashes no place value.
        let settlements = RegionSettlementIndex(localityNodes.compactMap { place in
            guard OSMKinds.settlementValues.contains(place.value), let reach = OSMKinds.localityReach[place.value] else { return nil }
            return (place.name, place.lat, place.lon, reach)
        })
        var gazetteerCache: [Int: (String, String, String, String)] = [:]
        let locator = CountryLocator(gazetteer: gazetteer)
        func locate(_ feature: inout Feature) {
            let lat = Double(feature.latitude7) / 1e7, lon = Double(feature.longitude7) / 1e7
            // Country, region and the gazetteer's nearest town, once per cell of about a kilometre.
            let key = Int((lat * 100).rounded(.down)) * 100_000 + Int((lon * 100).rounded(.down))
            if gazetteerCache[key] == nil {
                let country = locator.country(latitude: lat, longitude: lon)?.code ?? ""
                let near = gazetteer.nearest(latitude: lat, longitude: lon, limit: 1).first
                let same = near.map { $0.entry.countryCode == country || country.isEmpty } ?? false
                let town = near.flatMap { $0.distanceKm <= 15 && same ? $0.entry.name : nil } ?? ""
                gazetteerCache[key] = (country.isEmpty ? near?.entry.countryCode ?? "" : country, same ? near!.entry.admin1Code : "",
                                       same ? near!.entry.admin2Code : "", town)
            }
            let (country, admin1, admin2, town) = gazetteerCache[key]!
            feature.country = country
            feature.admin1 = admin1
            feature.admin2 = admin2
            // `addr:city`, else the boundary it lies in, else the nearest settlement's node, else the gazetteer's town.
            feature.locality = !feature.city.isEmpty ? feature.city
                : RegionCompiler.boundaryLocality(latitude7: feature.latitude7, longitude7: feature.longitude7,
                                                  areas: areas, grid: areaGrid)
                    ?? settlements.nearest(latitude: lat, longitude: lon) ?? town
        }
        // Each feature located into a second store, read in order: the first goes as soon as it is read.
        // A postcode is found at the address nearest the middle of its addresses: its members are noted
        // (index and position) as they pass.
        let located = RegionFeatureStore(directory: scratchDirectory)
        var postcodeGroups: [String: [(index: Int, lat: Int32, lon: Int32)]] = [:]
        var postcodeOrder: [String] = []
        for i in 0..<features.count {
            var feature = try features.feature(i)
            locate(&feature)
            if !feature.postcode.isEmpty {
                let key = feature.country + "\t" + feature.postcode
                if postcodeGroups[key] == nil { postcodeOrder.append(key) }
                postcodeGroups[key, default: []].append((located.count, feature.latitude7, feature.longitude7))
            }
            try located.append(feature)
        }
        features.removeAll()

        // One street per name per locality: its longest segment places it, the union of boxes bounds it.
        var streets: [String: Feature] = [:]
        var order: [String] = []
        for i in 0..<streetSegments.count {
            var segment = try streetSegments.feature(i)
            locate(&segment)
            let key = NameFolding.fold(segment.names[0]) + "\t" + NameFolding.fold(segment.locality)
            if var street = streets[key] {
                for name in segment.names where !street.names.contains(name) { street.names.append(name) }
                if let box = segment.bounds { if street.bounds == nil { street.bounds = box } else { street.bounds!.add(box) } }
                if segment.length > street.length {
                    street.latitude7 = segment.latitude7; street.longitude7 = segment.longitude7
                    street.kindTag = segment.kindTag; street.osmID = segment.osmID
                }
                street.length = max(street.length, segment.length)
                streets[key] = street
            } else {
                streets[key] = segment
                order.append(key)
            }
        }
        streetSegments.removeAll()

        var postcodes: [Feature] = []
        for key in postcodeOrder {
            let members = postcodeGroups.removeValue(forKey: key)!
            let lat = members.reduce(0.0) { $0 + Double($1.lat) } / Double(members.count)
            let lon = members.reduce(0.0) { $0 + Double($1.lon) } / Double(members.count)
            let centre = members.min { a, b in
                let da = pow(Double(a.lat) - lat, 2) + pow(Double(a.lon) - lon, 2)
                let db = pow(Double(b.lat) - lat, 2) + pow(Double(b.lon) - lon, 2)
                return da < db
            }!
            var postcode = try located.feature(centre.index)
            postcode.names = [postcode.postcode]
            postcode.kind = .postcode
            postcode.kindWord = "postcode"
            postcode.kindTag = "addr:postcode"
            postcode.street = ""
            postcode.houseNumber = ""
            postcode.osmID = ""
            postcode.population = members.count
            postcodes.append(postcode)
        }
        for key in order { try located.append(streets.removeValue(forKey: key)!) }
        for postcode in postcodes { try located.append(postcode) }
        return located
    }
}
