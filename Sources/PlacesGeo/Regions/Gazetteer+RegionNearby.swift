#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// The places of the added regions around a point: what `where` names and what `near --kind` lists.
extension Gazetteer {
    /// The region places within `radiusKm` of a point, nearest first, that `keep` accepts; each object
    /// once even where regions overlap.
    /// - Complexity: reads, of each 1-degree cell the radius touches, the band of lines within its latitudes,
    ///   in every pack whose box the radius touches.
    public func regionPlaces(withinKm radiusKm: Double, ofLatitude latitude: Double, longitude: Double,
                             limit: Int = 50, keep: (GazetteerEntry) -> Bool = { _ in true }) -> [NearbyPlace] {
        regionPlaces(withinKm: radiusKm, ofLatitude: latitude, longitude: longitude, limit: limit, lineMayKeep: nil, keep: keep)
    }

    /// ``regionPlaces(withinKm:ofLatitude:longitude:limit:keep:)``, where `lineMayKeep` says from a line's bytes
    /// (the pack's `places` and the line's offset) that `keep` would refuse its entry, so that no entry is made
    /// of it: it must return `false` only for such lines.
    func regionPlaces(withinKm radiusKm: Double, ofLatitude latitude: Double, longitude: Double, limit: Int,
                      lineMayKeep: ((SortedTable, Int) -> Bool)?, keep: (GazetteerEntry) -> Bool) -> [NearbyPlace] {
        guard limit > 0 else { return [] }
        return regionPlaces(from: regionLines(withinKm: radiusKm, ofLatitude: latitude, longitude: longitude, lineMayKeep: lineMayKeep),
                            limit: limit, keep: keep)
    }

    /// A region line within reach of a point: its pack, offset and distance.
    typealias RegionLine = (pack: Int, offset: Int, distance: Double)

    /// The lines of the added regions within `radiusKm` of a point that `lineMayKeep` (see
    /// ``regionPlaces(withinKm:ofLatitude:longitude:limit:lineMayKeep:keep:)``) does not refuse, nearest first
    /// (then by pack and offset).
    func regionLines(withinKm radiusKm: Double, ofLatitude latitude: Double, longitude: Double,
                     lineMayKeep: ((SortedTable, Int) -> Bool)?) -> [RegionLine] {
        guard latitude.isFinite, longitude.isFinite else { return [] }
        let latitudeReach = radiusKm / Geodesy.kmPerDegreeBelow
        let longitudeReach = min(180, latitudeReach / max(0.01, cos(latitude * .pi / 180)))
        let farthest = Gazetteer.longitudeSpan(withinKm: radiusKm, ofLatitude: latitude, latitudeReach: latitudeReach)
        // Lines are ranked by distance first and made into entries nearest first, only until enough are kept.
        var candidates: [RegionLine] = []
        for (index, pack) in regionPacks.enumerated() {
            if let box = pack.bounds, latitude + latitudeReach < box.minLatitude || latitude - latitudeReach > box.maxLatitude
                || longitude + longitudeReach < box.minLongitude || longitude - longitudeReach > box.maxLongitude { continue }
            let south = Gazetteer.cell(latitude: latitude - latitudeReach, longitude: 0).row
            let north = Gazetteer.cell(latitude: latitude + latitudeReach, longitude: 0).row
            let west = Int((longitude - longitudeReach).rounded(.down)) + 180, east = Int((longitude + longitudeReach).rounded(.down)) + 180
            // The longitudes a line may have, as digits, when the radius does not cross the antimeridian.
            let window = farthest < 180 && longitude - farthest > -180 && longitude + farthest < 180
                ? DegreeWindow((longitude - farthest)...(longitude + farthest)) : nil
            let latitudes = (latitude - latitudeReach)...(latitude + latitudeReach)
            func visit(_ offset: Int, _ lat: Double, _ lon: Double) {
                // Most lines of a band lie east or west of the radius: no distance for them.
                var span = abs(lon - longitude)
                if span > 180 { span = 360 - span }
                if span > farthest { return }
                if let lineMayKeep, !lineMayKeep(pack.tables.places, offset) { return }
                let distance = Geodesy.distanceKm(fromLatitude: latitude, longitude: longitude, toLatitude: lat, longitude: lon)
                if distance <= radiusKm { candidates.append((index, offset, distance)) }
            }
            for row in south...north {
                for column in west...east {
                    guard let nearby = pack.nearby else {
                        pack.tables.forEachRegionPlace(row: row, column: column, latitudes: latitudes, longitudes: window, visit)
                        continue
                    }
                    // The strips the longitudes within reach cross (the columns are those of the point's own
                    // latitude, and the strips those of any latitude in the band, as the span is).
                    let strips = farthest < 180
                        ? RegionPack.strips(ofColumn: column, longitudes: (longitude - farthest)...(longitude + farthest))
                        : 0...(RegionPack.longitudeStrips - 1)
                    guard let strips else { continue }
                    pack.tables.forEachRegionPlace(row: row, column: column, index: nearby, strips: strips, latitudes: latitudes,
                                                   longitudes: window, visit)
                }
            }
        }
        candidates.sort { ($0.distance, $0.pack, $0.offset) < ($1.distance, $1.pack, $1.offset) }
        return candidates
    }

    /// The places of `lines` (nearest first) that `keep` accepts, at most `limit`; each object once.
    func regionPlaces(from lines: [RegionLine], limit: Int, keep: (GazetteerEntry) -> Bool) -> [NearbyPlace] {
        var found: [NearbyPlace] = []
        var seen = Set<String>()
        for candidate in lines {
            let entry = regionPacks[candidate.pack].entry(at: candidate.offset)
            guard keep(entry) else { continue }
            let identity = (entry.osm?.osmID ?? "") + "|" + entry.name + "|" + entry.kind.rawValue
            guard seen.insert(identity).inserted else { continue }
            found.append(NearbyPlace(entry: entry, distanceKm: candidate.distance))
            if found.count == limit { break }
        }
        return found
    }

    /// The widest difference in longitude, in degrees, between a point and another within `radiusKm` of it
    /// whose latitude lies within `latitudeReach` of the point's (360 when near a pole nothing is excluded).
    /// By the haversine ``Geodesy/distanceKm(fromLatitude:longitude:toLatitude:longitude:)`` computes,
    /// cos φ1 · cos φ2 · sin²(Δλ/2) ≤ sin²(d/2R); the bound takes the band's latitude farthest from the equator,
    /// and a margin far above the arithmetic's rounding.
    static func longitudeSpan(withinKm radiusKm: Double, ofLatitude latitude: Double, latitudeReach: Double) -> Double {
        let farthest = min(90, abs(latitude) + latitudeReach)
        let cosines = cos(latitude * .pi / 180) * cos(farthest * .pi / 180)
        guard cosines > 1e-9, radiusKm.isFinite, radiusKm >= 0 else { return 360 }
        let sine = sin(radiusKm / (2 * Geodesy.earthRadiusKm)) / cosines.squareRoot()
        guard sine < 1 else { return 360 }
        return 2 * asin(sine) * 180 / .pi * 1.000_1 + 1e-9
    }

    /// Calls `body` with the offset, latitude and longitude of each line of one 1-degree cell of a region
    /// pack whose latitude lies in a band, except lines whose longitude surely lies outside `longitudes`. A
    /// pack's lines are sorted by cell, then latitude, so a binary search finds the band's first line and
    /// only the band is read: a dense city's cell holds hundreds of thousands of places, a 100 m band a few
    /// hundred, or thousands where the cell is dense all across. Those are passed over from the digits of
    /// their coordinates (``DegreeWindow``), and only the others' coordinates are read as numbers.
    func forEachRegionPlace(row: Int, column: Int, latitudes: ClosedRange<Double>, longitudes: DegreeWindow? = nil,
                            _ body: (Int, Double, Double) -> Void) {
        let cellNumber = row * 360 + (column % 360 + 360) % 360
        let cellStart = places.lowerBound(Gazetteer.cellKey(cellNumber))
        let cellEnd = places.lowerBound(Gazetteer.cellKey(cellNumber + 1), from: cellStart)
        func latitude(ofLineAt offset: Int) -> Double { places.double(at: places.field(.latitude, ofLineAt: offset)) }
        // The first line of the cell whose latitude reaches the band, found as `lowerBound` finds a key.
        var low = cellStart, high = cellEnd
        while low < high {
            var line = low + (high - low) / 2
            while line > low, places.base[line - 1] != 10 { line -= 1 }
            if latitude(ofLineAt: line) < latitudes.lowerBound { low = places.nextLine(after: line) } else { high = line }
        }
        // The band's end, found the same way: the first line north of it (the lines are sorted by latitude, as
        // the search for the band's first line already takes them to be).
        var end = low
        high = cellEnd
        while end < high {
            var line = end + (high - end) / 2
            while line > end, places.base[line - 1] != 10 { line -= 1 }
            if latitude(ofLineAt: line) <= latitudes.upperBound { end = places.nextLine(after: line) } else { high = line }
        }
        forEachLine(from: low, to: end, latitudes: latitudes, longitudes: longitudes, body)
    }

    /// ``forEachRegionPlace(row:column:latitudes:longitudes:_:)`` through a pack's ``RegionPack/NearbyIndex``, which
    /// orders a cell's lines by longitude strip, then latitude: the band of each of `strips` is found by a binary
    /// search of the index, and only those bands are read.
    func forEachRegionPlace(row: Int, column: Int, index: RegionPack.NearbyIndex, strips: ClosedRange<Int>, latitudes: ClosedRange<Double>,
                            longitudes: DegreeWindow?, _ body: (Int, Double, Double) -> Void) {
        let wrapped = (column % 360 + 360) % 360
        let cellNumber = row * 360 + wrapped
        let entries = index.entries(ofCell: cellNumber)
        guard !entries.isEmpty else { return }
        let cellStart = places.lowerBound(Gazetteer.cellKey(cellNumber))
        let cellEnd = places.lowerBound(Gazetteer.cellKey(cellNumber + 1), from: cellStart)
        let west = Double(wrapped - 180)
        // A damaged index's entry beyond its cell reads as past every band, and is never read as a line.
        func line(_ entry: Int) -> Int? {
            let offset = cellStart + index.offset(ofEntry: entry)
            return offset < cellEnd ? offset : nil
        }
        func key(_ entry: Int) -> (strip: Int, latitude: Double) {
            guard let offset = line(entry) else { return (Int.max, .infinity) }
            let (lat, end) = places.number(at: places.field(.latitude, ofLineAt: offset))
            return (RegionPack.strip(longitude: places.double(at: end + 1), west: west), lat)
        }
        func firstEntry(from start: Int, where isBefore: (Int) -> Bool) -> Int {
            (start..<entries.upperBound).partitionPoint(isBefore)
        }
        var from = entries.lowerBound
        for strip in strips {
            let low = firstEntry(from: from) { key($0) < (strip, latitudes.lowerBound) }
            let end = firstEntry(from: low) { key($0) <= (strip, latitudes.upperBound) }
            for entry in low..<end {
                guard let offset = line(entry) else { continue }
                forEachLine(from: offset, to: offset + 1, latitudes: latitudes, longitudes: longitudes, body)
            }
            from = end
        }
    }

    /// Calls `body` for the lines from `start` up to `end` (a band of latitude), except those whose longitude
    /// the digits of their coordinates put outside `longitudes`.
    private func forEachLine(from start: Int, to end: Int, latitudes: ClosedRange<Double>, longitudes: DegreeWindow?,
                             _ body: (Int, Double, Double) -> Void) {
        var offset = start
        while offset < end {
            let latitudeStart = places.field(.latitude, ofLineAt: offset)
            if let longitudes {
                let latitudeEnd = places.fieldEnd(from: latitudeStart)
                if latitudeEnd < places.count, places.base[latitudeEnd] == 9 {
                    // Inlined, and only up to the digits' end: a line passed over ends its field there.
                    let (place, digitsEnd) = longitudes.placeOfDigits(of: places, at: latitudeEnd + 1)
                    if place != .maybeWithin {
                        offset = places.nextLine(after: digitsEnd)
                        continue
                    }
                }
            }
            let lat = places.double(at: latitudeStart)
            guard lat <= latitudes.upperBound else { break }
            body(offset, lat, places.double(at: places.fieldEnd(from: latitudeStart) + 1))
            offset = places.nextLine(after: offset)
        }
    }

    /// The bytes of field `column` of the line at `offset` (empty where the line has fewer fields, as its text reads).
    @inline(__always)
    static func bytes(_ places: SortedTable, _ column: Int, ofLineAt offset: Int) -> UnsafeBufferPointer<UInt8> {
        let start = places.field(column, ofLineAt: offset)
        return UnsafeBufferPointer(start: places.base + start, count: places.fieldEnd(from: start) - start)
    }

    /// Whether any added region covers a point.
    public func regionCovers(latitude: Double, longitude: Double) -> Bool {
        regionPacks.contains { $0.bounds?.contains(latitude: latitude, longitude: longitude) ?? false }
    }

    /// Whether a region place is of a kind a person typed: its kind word ("café", "railway station"), its
    /// tag value ("cafe", "station") or its whole tag ("amenity=cafe"), folded.
    public static func regionPlace(_ entry: GazetteerEntry, isOfKind kind: String) -> Bool {
        guard let osm = entry.osm else { return false }
        let wanted = NameFolding.fold(kind)
        guard !wanted.isEmpty else { return false }
        let value = osm.kindTag.split(separator: "=").last.map(String.init) ?? ""
        return NameFolding.fold(osm.kindWord) == wanted || NameFolding.fold(value) == wanted
            || NameFolding.fold(osm.kindTag) == wanted || NameFolding.fold(osm.kindWord) == wanted + "s"
            || NameFolding.fold(osm.kindWord + "s") == wanted
    }

    /// What a region says is at a point: the point of interest there (within 40 m), the nearest address
    /// (within 100 m), the street and the locality; `nil` when no region covers the point or nothing is near.
    public func regionAddress(latitude: Double, longitude: Double) -> RegionAddress? {
        guard regionCovers(latitude: latitude, longitude: longitude) else { return nil }
        // A shop or a station, not the neighbourhood's node that happens to lie near.
        // Each filter looks first at the line's bytes, so only the lines it may keep are made into entries
        // (the kind column as an entry reads it; a missing field reads as empty in both).
        // Both within 100 m: the band is read once for both. A line within 40 m of the point is within 100 m,
        // so the nearest point of interest is the same as from a band of its own.
        // Compared as bytes: a string of each line's field costs more than the rest of passing over it.
        func isPointOfInterest(_ places: SortedTable, _ offset: Int) -> Bool {
            let kind = Self.bytes(places, GazetteerSchema.PlaceColumn.kind.rawValue, ofLineAt: offset)
            return kind.elementsEqual("poi".utf8) || kind.elementsEqual("square".utf8)
        }
        func hasHouseNumber(_ places: SortedTable, _ offset: Int) -> Bool {
            !Self.bytes(places, RegionPack.ExtraColumn.houseNumber.rawValue, ofLineAt: offset).isEmpty
        }
        let near = regionLines(withinKm: 0.1, ofLatitude: latitude, longitude: longitude) { places, offset in
            isPointOfInterest(places, offset) || hasHouseNumber(places, offset)
        }
        let poi = regionPlaces(from: near.filter { $0.distance <= 0.04 && isPointOfInterest(regionPacks[$0.pack].tables.places, $0.offset) },
                               limit: 1, keep: { $0.kind == .poi || $0.kind == .square }).first
        let address = regionPlaces(from: near.filter { hasHouseNumber(regionPacks[$0.pack].tables.places, $0.offset) },
                                   limit: 1, keep: { !($0.osm?.houseNumber.isEmpty ?? true) }).first
        var street = address?.entry.osm?.street
        var nearest = address ?? poi
        if street == nil {
            // A street's line is not kept, only a point on it and its box: the nearest whose box holds the point.
            let margin = 0.0003
            let along = regionPlaces(withinKm: 0.3, ofLatitude: latitude, longitude: longitude, limit: 1, lineMayKeep: { places, offset in
                Self.bytes(places, GazetteerSchema.PlaceColumn.kind.rawValue, ofLineAt: offset).elementsEqual("street".utf8)
            }) { entry in
                entry.kind == .street && (entry.bounds.map {
                    GeoBounds(minLatitude: $0.minLatitude - margin, minLongitude: $0.minLongitude - margin,
                              maxLatitude: $0.maxLatitude + margin, maxLongitude: $0.maxLongitude + margin)
                        .contains(latitude: latitude, longitude: longitude) } ?? false)
            }.first
            street = along?.entry.name
            if nearest == nil { nearest = along }
        }
        guard poi != nil || address != nil || street != nil else { return nil }
        let source = address ?? poi
        return RegionAddress(pointOfInterest: poi, address: address, street: street,
                             houseNumber: address?.entry.osm?.houseNumber, postcode: source?.entry.osm?.postcode.nonEmpty,
                             locality: nearest?.entry.osm?.locality.nonEmpty,
                             region: nearest?.entry.osm?.region ?? "")
    }
}

/// A range of degrees as the digits of a decimal text compare with it: a line's coordinate whose digits lie
/// beyond the range's by one unit of their last decimal lies outside it, whatever the rounding of reading it as
/// a number, so most lines of a band are passed over without reading one.
struct DegreeWindow {
    /// Where a coordinate's text lies: surely below or above the range, or maybe within it (or in a form the
    /// digits alone do not decide, such as an exponent): then it must be read as a number.
    enum Place { case below, maybeWithin, above }

    /// The most decimals read as digits: a unit of the last one (1e-9°) is far above a `Double`'s rounding of
    /// a number of degrees (below 1e-13°).
    static let decimals = 9

    /// For each count of decimals, the range's bounds times 10^decimals, widened by one unit each way.
    private let low: [Int], high: [Int]

    init(_ range: ClosedRange<Double>) {
        var low: [Int] = [], high: [Int] = [], scale = 1.0
        for _ in 0...DegreeWindow.decimals {
            low.append(Int((range.lowerBound * scale).rounded(.down)) - 1)
            high.append(Int((range.upperBound * scale).rounded(.up)) + 1)
            scale *= 10
        }
        self.low = low
        self.high = high
    }

    /// Where the number at `offset` of a table lies, and the offset of the tab or newline that ends its field.
    func place(of table: SortedTable, at offset: Int) -> (Place, end: Int) {
        let (place, digitsEnd) = placeOfDigits(of: table, at: offset)
        var end = digitsEnd
        while end < table.count, table.base[end] != 9, table.base[end] != 10 { end += 1 }
        return (place, end)
    }

    /// ``place(of:at:)``, and the offset just past the number's sign, digits and point: its field's end
    /// unless the place is `maybeWithin` (a field that goes on past them, such as an exponent, is not
    /// judged by its digits).
    @inline(__always)
    func placeOfDigits(of table: SortedTable, at offset: Int) -> (Place, end: Int) {
        let base = table.base, count = table.count
        var index = offset
        let negative = index < count && base[index] == 45
        if negative { index += 1 }
        var digits = 0, value = 0, decimals = -1
        while index < count {
            let byte = base[index]
            if byte &- 48 < 10 {
                // Wrapping: a value of more than 18 digits is refused below, whatever it wrapped to.
                value = value &* 10 &+ Int(byte &- 48)
                digits &+= 1
                if decimals >= 0 { decimals &+= 1 }
            } else if byte == 46, decimals < 0 {
                decimals = 0
            } else {
                break
            }
            index &+= 1
        }
        let endsField = index == count || base[index] == 9 || base[index] == 10
        let scale = max(0, decimals)
        guard endsField, digits > 0, digits <= 18, scale <= DegreeWindow.decimals else { return (.maybeWithin, index) }
        if negative { value = -value }
        return (value < low[scale] ? .below : value > high[scale] ? .above : .maybeWithin, index)
    }
}

/// What the added regions say is at a point (see ``Gazetteer/regionAddress(latitude:longitude:)``).
public struct RegionAddress: Sendable, Equatable {
    /// The point of interest at the point, and how far it is.
    public var pointOfInterest: NearbyPlace?
    /// The nearest place with a house address.
    public var address: NearbyPlace?
    /// The street: the nearest address's, else the street the point lies along.
    public var street: String?
    /// The nearest address's house number.
    public var houseNumber: String?
    /// Its postcode.
    public var postcode: String?
    /// Its town or village.
    public var locality: String?
    /// The region pack it comes from.
    public var region: String
}

extension String {
    /// `nil` for the empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}
