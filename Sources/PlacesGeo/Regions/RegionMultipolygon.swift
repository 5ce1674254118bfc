/// What the relations read after the ways need of each way: a point to place a relation by, and the
/// points of the ways an area relation may be built from. An extract gives nodes, then ways, then
/// relations, so a relation's member ways are gone by the time it is read unless kept here.
///
/// Buildings are the most numerous ways of a city and are seldom members of an area, so their points are
/// not kept; streets' are, as boundaries often run along them. Records go to a temporary file
/// (``RegionScratchFile``) in blocks of 32 ways, as extracts give them, sorted by id: memory holds each
/// block's first id and offset (half a byte a way), and a lookup reads one block back. A record is its
/// id's step from the one before, its length, its summary and its points as zig-zag varint differences
/// in 1e-7 degrees (4.7 bytes a point on the Monaco extract). Ways that come out of id order are kept
/// in memory.
struct RegionMemberWays {
    /// Where a way places a relation it is the largest outer member of.
    struct Summary: Equatable {
        /// A point on or inside the way (``RegionCompiler/representativePoint(lats:lons:closed:)``).
        var lat: Int32, lon: Int32
        /// The area of its box, in square 1e-7 degrees.
        var extent: Float
        /// Its first point: on its outline, where a relation with holes is placed.
        var vertexLat: Int32, vertexLon: Int32
    }

    static let blockSize = 32
    static let cacheSlots = 1024

    private var blockFirstID: [Int64] = []
    private var blockStart: [Int] = []
    private var file: RegionScratchFile
    private var inBlock = 0
    private var lastID: Int64 = .min
    /// Records of ways that came out of id order.
    private var unsorted: [Int64: [UInt8]] = [:]
    private var record: [UInt8] = []
    private var slotBlock: [Int] = []
    private var slotBytes: [[UInt8]] = []
    /// For each slot's block, each record's id and the bounds of its bytes: a lookup binary-searches
    /// them instead of walking the block's records, as a relation looks up many ways of one block.
    private var slotIDs: [Int64] = []
    private var slotStarts: [Int] = []
    private var slotEnds: [Int] = []
    private var slotCounts: [Int] = []

    /// How many ways are kept.
    private(set) var count = 0

    /// - Parameter directory: where the records go once they outgrow a megabyte.
    init(directory: String = RegionScratchFile.systemDirectory) {
        file = RegionScratchFile(directory: directory)
    }

    /// Whether a way with these tags may be a member of an area relation worth keeping it for.
    static func mayBeMember(_ tags: OSMTags) -> Bool {
        !tags.has(.building) || tags.has(.boundary) || tags.has(.adminLevel)
    }

    /// Keeps a way's summary, and its points when given (a way that may be an area's member).
    mutating func keep(id: Int64, summary: Summary = Summary(lat: 0, lon: 0, extent: 0, vertexLat: 0, vertexLon: 0),
                       latitudes7: [Int32]?, longitudes7: [Int32]?) throws {
        record.removeAll(keepingCapacity: true)
        Self.append(Int(summary.lat), to: &record)
        Self.append(Int(summary.lon), to: &record)
        Self.append(Int(summary.extent.bitPattern), to: &record)
        Self.append(Int(summary.vertexLat) - Int(summary.lat), to: &record)
        Self.append(Int(summary.vertexLon) - Int(summary.lon), to: &record)
        if let latitudes7, let longitudes7 {
            Self.append(latitudes7.count + 1, to: &record)
            var lastLat = 0, lastLon = 0
            for i in latitudes7.indices {
                let lat = Int(latitudes7[i]), lon = Int(longitudes7[i])
                Self.append(lat - lastLat, to: &record)
                Self.append(lon - lastLon, to: &record)
                lastLat = lat; lastLon = lon
            }
        } else {
            Self.append(0, to: &record)
        }
        guard id != lastID, unsorted.isEmpty || unsorted[id] == nil else { return }
        count += 1
        guard id > lastID else {
            unsorted[id] = record
            return
        }
        if !slotBlock.isEmpty { slotBlock[(blockFirstID.count - 1) & (Self.cacheSlots - 1)] = -1 }
        if inBlock == Self.blockSize || blockFirstID.isEmpty {
            try file.endRecord()
            blockFirstID.append(id)
            blockStart.append(file.count)
            inBlock = 0
        }
        file.appendUnsigned(UInt64(blockFirstID.last! == id ? 0 : id - lastID))
        file.appendUnsigned(UInt64(record.count))
        file.append(record)
        inBlock += 1
        lastID = id
    }

    /// Keeps a way's points (a way that may be an area's member), with no summary.
    mutating func keep(id: Int64, latitudes7: [Int32], longitudes7: [Int32]) throws {
        try keep(id: id, latitudes7: Optional(latitudes7), longitudes7: Optional(longitudes7))
    }

    /// A kept way's points, or `nil` when they were not kept (not in the extract, or not a likely member).
    mutating func points(of id: Int64) throws -> [RegionMultipolygon.Point]? {
        try decode(id, points: true)?.points
    }

    /// A kept way's summary, or `nil` when the extract does not hold it.
    mutating func summary(of id: Int64) throws -> Summary? {
        try decode(id, points: false)?.summary
    }

    private mutating func decode(_ id: Int64, points wanted: Bool) throws -> (summary: Summary, points: [RegionMultipolygon.Point]?)? {
        if let bytes = unsorted[id] { return Self.parse(bytes[...], points: wanted) }
        let block = blockFirstID.indices.partitionPoint { blockFirstID[$0] <= id } - 1
        guard block >= 0 else { return nil }
        if slotBlock.isEmpty {
            slotBlock = [Int](repeating: -1, count: Self.cacheSlots)
            slotBytes = [[UInt8]](repeating: [], count: Self.cacheSlots)
            slotIDs = [Int64](repeating: 0, count: Self.cacheSlots * Self.blockSize)
            slotStarts = [Int](repeating: 0, count: Self.cacheSlots * Self.blockSize)
            slotEnds = [Int](repeating: 0, count: Self.cacheSlots * Self.blockSize)
            slotCounts = [Int](repeating: 0, count: Self.cacheSlots)
        }
        let slot = block & (Self.cacheSlots - 1)
        if slotBlock[slot] != block {
            let end = block + 1 < blockStart.count ? blockStart[block + 1] : file.count
            try file.read(blockStart[block]..<end, into: &slotBytes[slot])
            slotBlock[slot] = block
            index(slot, firstID: blockFirstID[block])
        }
        let base = slot * Self.blockSize
        let first = (base..<base + slotCounts[slot]).partitionPoint { slotIDs[$0] < id }
        guard first < base + slotCounts[slot], slotIDs[first] == id else { return nil }
        return Self.parse(slotBytes[slot][slotStarts[first]..<slotEnds[first]], points: wanted)
    }

    /// Reads the ids and bounds of the records of the block in `slot`.
    private mutating func index(_ slot: Int, firstID: Int64) {
        let bytes = slotBytes[slot]
        let base = slot * Self.blockSize
        var p = 0, count = 0
        var current = firstID
        while p < bytes.count, count < Self.blockSize {
            current += Int64(Self.unsigned(bytes, &p))
            let length = Self.unsigned(bytes, &p)
            slotIDs[base + count] = current
            slotStarts[base + count] = p
            p += length
            slotEnds[base + count] = p
            count += 1
        }
        slotCounts[slot] = count
    }

    private static func parse(_ bytes: ArraySlice<UInt8>, points wanted: Bool) -> (summary: Summary, points: [RegionMultipolygon.Point]?) {
        var p = bytes.startIndex
        func next() -> Int {
            let value = unsigned(bytes, &p)
            return (value >> 1) ^ -(value & 1)
        }
        let lat = next(), lon = next()
        let extent = Float(bitPattern: UInt32(truncatingIfNeeded: next()))
        let summary = Summary(lat: Int32(lat), lon: Int32(lon), extent: extent,
                              vertexLat: Int32(lat + next()), vertexLon: Int32(lon + next()))
        let stored = next()
        guard wanted, stored > 0 else { return (summary, nil) }
        var points: [RegionMultipolygon.Point] = []
        points.reserveCapacity(stored - 1)
        var pointLat = 0, pointLon = 0
        for _ in 0..<(stored - 1) {
            pointLat += next(); pointLon += next()
            points.append(RegionMultipolygon.Point(lat: Int32(pointLat), lon: Int32(pointLon)))
        }
        return (summary, points)
    }

    @inline(__always) private static func unsigned<C: Collection<UInt8>>(_ bytes: C, _ p: inout C.Index) -> Int {
        Int(truncatingIfNeeded: ScratchVarint.unsigned(bytes, &p))
    }

    private static func append(_ value: Int, to bytes: inout [UInt8]) {
        var zigzag = UInt(bitPattern: (value << 1) ^ (value >> 63))
        while zigzag >= 0x80 {
            bytes.append(UInt8(zigzag & 0x7F) | 0x80)
            zigzag >>= 7
        }
        bytes.append(UInt8(zigzag))
    }
}

/// An area relation (`type=multipolygon` or `type=boundary`) assembled from its member ways: the ways
/// joined end to end into closed rings, each ring an outer boundary or a hole by how many other rings
/// hold it (as osmium and GDAL decide, whatever the members' roles say).
struct RegionMultipolygon {
    /// A point in 1e-7 degrees.
    struct Point: Equatable, Hashable {
        var lat: Int32
        var lon: Int32
    }

    /// The outer rings, counter-clockwise, each with the holes it holds, clockwise. Rings do not repeat
    /// their first point.
    var polygons: [(outer: [Point], holes: [[Point]])]
    /// Member ways that were missing, or left open rings (an extract cut through the relation).
    var isComplete: Bool

    /// Assembles a relation's rings, or `nil` when no closed ring can be made.
    /// - Parameter ways: the points of its member ways, in any order and direction.
    init?(ways: [[Point]], missingMembers: Bool) {
        var rings: [[Point]] = []
        var open: [[Point]] = []
        for way in ways where way.count >= 2 {
            if way.count >= 4, way.first == way.last { rings.append(way) } else { open.append(way) }
        }
        let joined = Self.joinedRings(open)
        rings += joined.rings
        rings = rings.map { Array($0.dropLast()) }.filter { $0.count >= 3 }
        guard !rings.isEmpty else { return nil }
        isComplete = !missingMembers && joined.leftOpen == 0
        // A ring is a hole when an odd number of rings hold it; the holes go with their nearest holder.
        let boxes = rings.map(Self.box)
        let areas = rings.map { abs(Self.signedArea($0)) }
        var holders: [[Int]] = Array(repeating: [], count: rings.count)
        for i in rings.indices {
            let probe = rings[i][0]
            for j in rings.indices where j != i && areas[j] > areas[i] {
                let b = boxes[j]
                guard probe.lat >= b.minLat, probe.lat <= b.maxLat, probe.lon >= b.minLon, probe.lon <= b.maxLon else { continue }
                if Self.contains(rings[j], lat: Double(probe.lat), lon: Double(probe.lon)) { holders[i].append(j) }
            }
        }
        var polygons: [(outer: [Point], holes: [[Point]])] = []
        var polygonOf: [Int: Int] = [:]
        for i in rings.indices.sorted(by: { areas[$0] > areas[$1] }) where holders[i].count % 2 == 0 {
            polygonOf[i] = polygons.count
            polygons.append((Self.oriented(rings[i], counterClockwise: true), []))
        }
        for i in rings.indices where holders[i].count % 2 == 1 {
            // The smallest ring holding it is its outer.
            guard let outer = holders[i].filter({ polygonOf[$0] != nil }).min(by: { areas[$0] < areas[$1] }),
                  let polygon = polygonOf[outer] else { continue }
            polygons[polygon].holes.append(Self.oriented(rings[i], counterClockwise: false))
        }
        self.polygons = polygons
    }

    /// Open ways joined where one ends and another begins, turning them round where needed; chains that
    /// never close are counted and dropped.
    static func joinedRings(_ ways: [[Point]]) -> (rings: [[Point]], leftOpen: Int) {
        var byEnd: [Point: [Int]] = [:]
        for (index, way) in ways.enumerated() {
            byEnd[way.first!, default: []].append(index)
            byEnd[way.last!, default: []].append(index)
        }
        var used = [Bool](repeating: false, count: ways.count)
        var rings: [[Point]] = [], leftOpen = 0
        for first in ways.indices where !used[first] {
            used[first] = true
            var chain = ways[first]
            while chain.first != chain.last {
                guard let next = byEnd[chain.last!]?.first(where: { !used[$0] }) else { break }
                used[next] = true
                let way = ways[next]
                chain += (way.first == chain.last ? way : way.reversed()).dropFirst()
            }
            if chain.count >= 4, chain.first == chain.last { rings.append(chain) } else { leftOpen += 1 }
        }
        return (rings, leftOpen)
    }

    /// Twice the ring's area, positive when it runs counter-clockwise (east is x, north is y).
    static func signedArea(_ ring: [Point]) -> Double {
        guard let origin = ring.first else { return 0 }
        var sum = 0.0
        for i in ring.indices {
            let a = ring[i], b = ring[i + 1 == ring.count ? 0 : i + 1]
            let ax = Double(a.lon) - Double(origin.lon), ay = Double(a.lat) - Double(origin.lat)
            let bx = Double(b.lon) - Double(origin.lon), by = Double(b.lat) - Double(origin.lat)
            sum += ax * by - bx * ay
        }
        return sum
    }

    static func oriented(_ ring: [Point], counterClockwise: Bool) -> [Point] {
        (signedArea(ring) > 0) == counterClockwise ? ring : ring.reversed()
    }

    static func box(_ ring: [Point]) -> (minLat: Int32, minLon: Int32, maxLat: Int32, maxLon: Int32) {
        var box = (minLat: Int32.max, minLon: Int32.max, maxLat: Int32.min, maxLon: Int32.min)
        for p in ring {
            box.minLat = min(box.minLat, p.lat); box.maxLat = max(box.maxLat, p.lat)
            box.minLon = min(box.minLon, p.lon); box.maxLon = max(box.maxLon, p.lon)
        }
        return box
    }

    /// Whether a point lies inside a ring (even-odd rule).
    static func contains(_ ring: [Point], lat: Double, lon: Double) -> Bool {
        var result = false
        var j = ring.count - 1
        for i in ring.indices {
            let yi = Double(ring[i].lat), yj = Double(ring[j].lat), xi = Double(ring[i].lon), xj = Double(ring[j].lon)
            if (yi > lat) != (yj > lat), lon < (xj - xi) * (lat - yi) / (yj - yi) + xi { result.toggle() }
            j = i
        }
        return result
    }

    /// Whether a point lies in the area: inside an outer ring and in none of its holes.
    func contains(lat: Double, lon: Double) -> Bool {
        polygons.contains { polygon in
            Self.contains(polygon.outer, lat: lat, lon: lon) && !polygon.holes.contains { Self.contains($0, lat: lat, lon: lon) }
        }
    }

    /// A point inside the area, never in a hole: the largest part's centroid when it is inside, else the
    /// middle of the widest stretch of the largest part along the parallel through that centroid (as
    /// GEOS's interior point does).
    func interiorPoint() -> Point {
        let largest = polygons.max { abs(Self.signedArea($0.outer)) < abs(Self.signedArea($1.outer)) }!
        let ring = largest.outer
        let y0 = Double(ring[0].lat), x0 = Double(ring[0].lon)
        var area = 0.0, cx = 0.0, cy = 0.0
        for i in ring.indices {
            let a = ring[i], b = ring[i + 1 == ring.count ? 0 : i + 1]
            let xa = Double(a.lon) - x0, ya = Double(a.lat) - y0, xb = Double(b.lon) - x0, yb = Double(b.lat) - y0
            let cross = xa * yb - xb * ya
            area += cross; cx += (xa + xb) * cross; cy += (ya + yb) * cross
        }
        let box = Self.box(ring)
        var lat = area == 0 ? (Double(box.minLat) + Double(box.maxLat)) / 2 : cy / (3 * area) + y0
        let lon = area == 0 ? (Double(box.minLon) + Double(box.maxLon)) / 2 : cx / (3 * area) + x0
        let part = RegionMultipolygon(polygons: [largest])
        if part.contains(lat: lat, lon: lon) { return Point(lat: Int32(lat.rounded()), lon: Int32(lon.rounded())) }
        // A parallel through a vertex would meet the ring at a point, not across it: nudge it off.
        while ([ring] + largest.holes).contains(where: { $0.contains { Double($0.lat) == lat } }) { lat += 0.5 }
        var crossings: [Double] = []
        for r in [ring] + largest.holes {
            for i in r.indices {
                let a = r[i], b = r[i + 1 == r.count ? 0 : i + 1]
                let ya = Double(a.lat), yb = Double(b.lat)
                guard (ya > lat) != (yb > lat) else { continue }
                crossings.append(Double(a.lon) + (lat - ya) * (Double(b.lon) - Double(a.lon)) / (yb - ya))
            }
        }
        crossings.sort()
        var best: (width: Double, middle: Double)?
        for i in stride(from: 0, to: crossings.count - 1, by: 2) where best == nil || crossings[i + 1] - crossings[i] > best!.width {
            best = (crossings[i + 1] - crossings[i], (crossings[i] + crossings[i + 1]) / 2)
        }
        guard let best else { return ring[0] }
        return Point(lat: Int32(lat.rounded()), lon: Int32(best.middle.rounded()))
    }

    private init(polygons: [(outer: [Point], holes: [[Point]])]) {
        self.polygons = polygons
        self.isComplete = true
    }
}
