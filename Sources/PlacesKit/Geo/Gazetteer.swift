#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// An offline gazetteer: finds places by name in any language or script, with typos, qualifiers
/// (`Springfield, Illinois`, `Paris, US`) or coordinates, and finds the places near a point.
///
/// Its tables are sorted text searched in place (see ``TextTable``): opening a gazetteer parses
/// nothing, so a lookup in a fresh process costs a few binary searches over memory that is already
/// mapped. The bundled gazetteer (``bundled``) lives inside the binary; a user gazetteer built by
/// ``GazetteerImporter`` from a GeoNames dump uses the same format from files.
public struct Gazetteer: Sendable {
    /// Where a gazetteer's places come from.
    public enum Source: Sendable, Equatable {
        /// The gazetteer compiled into `places` (GeoNames cities1000).
        case bundled
        /// A gazetteer imported with `places gazetteer import`, stored in this directory.
        case user(directory: String)
    }

    let keys: TextTable
    let places: TextTable
    /// One byte per 1-degree cell, `1` where the cell holds a place; `nil` when unknown.
    let occupancy: TextTable?
    let regions = TextTable(GazetteerData.regions)
    let countries = TextTable(GazetteerData.countries)
    /// Where this gazetteer's places come from.
    public let source: Source
    /// Key/value facts about the data (source, counts).
    public let info: [String: String]

    init(keys: TextTable, places: TextTable, occupancy: TextTable?, source: Source, info: [String: String]) {
        self.keys = keys
        self.places = places
        self.occupancy = occupancy
        self.source = source
        self.info = info
    }

    /// The gazetteer compiled into the binary.
    public static let bundled = Gazetteer(keys: TextTable(GazetteerData.keys), places: TextTable(GazetteerData.places),
                                          occupancy: TextTable(GazetteerData.occupancy), source: .bundled, info: parseInfo(TextTable(GazetteerData.info)))

    static func parseInfo(_ table: TextTable) -> [String: String] {
        var info: [String: String] = [:]
        var offset = 0
        while offset < table.count {
            let fields = table.fields(at: offset)
            if fields.count >= 2 { info[String(fields[0])] = String(fields[1]) }
            offset = table.nextLine(after: offset)
        }
        return info
    }

    // MARK: - Search

    /// Candidate reference from the key table: which table and which line.
    struct Ref: Hashable {
        var table: UInt8  // p, r, c (a name), P (a place's main name) or R, C (a code)
        var offset: Int
    }

    struct Candidate {
        var ref: Ref
        var tier: Int          // 0 exact name, 1 exact code, 2 prefix, 3 fuzzy
        var distance: Int
        var key: String
        var rank: (Int, Int)   // (kind rank, -population) within a tier
    }

    /// Finds the places a query names, best first.
    ///
    /// The query may be a name in any language or script (`Лондон`, `伦敦`), with or without diacritics or
    /// punctuation, optionally followed by comma-separated qualifiers read right to left (a country name or
    /// ISO code, a region name or code: `Cambridge, MA, US`), or a pair of coordinates. Exact matches rank
    /// above prefix matches; within a tier countries come first, then population decides, weighted towards
    /// capitals and main names (see `rank(of:isMainName:)`). Typos are tried only when
    /// nothing matches exactly: edit distance 1 for names up to 7 letters, 2 beyond; a misspelt qualifier
    /// is read as the nearest country or region name. When nothing matches but by a guess, the last
    /// words are tried as a qualifier (`Paris Texas`).
    /// - Parameters:
    ///   - query: what the person typed.
    ///   - limit: the most results to return.
    ///   - country: an ISO 3166-1 alpha-2 code (any case) that every result must be in.
    /// - Returns: ranked matches; empty when nothing matches.
    /// - Complexity: an exact lookup is O(log n) over about 900,000 keys plus one line read per candidate;
    ///   a typo search scans the keys that share the query's first or second letter.
    public func search(_ query: String, limit: Int = 10, country: String? = nil) -> [GazetteerMatch] {
        lookup(query, limit: limit, country: country).matches
    }

    /// Finds the places a query names, best first, with notes on qualifiers that had to be dropped.
    /// See ``search(_:limit:country:)`` for what a query may hold.
    public func lookup(_ query: String, limit: Int = 10, country: String? = nil) -> GazetteerSearchResult {
        GazetteerSearchResult(matches: legacySearch(query, limit: limit, country: country))
    }

    private func legacySearch(_ query: String, limit: Int, country: String?) -> [GazetteerMatch] {
        let results = rankedSearch(query, limit: limit, country: country)
        guard !query.contains(","), results.allSatisfy({ $0.quality == .fuzzy }) else { return results }
        // "Paris Texas", "Springfield Illinois": with nothing better, read the last words as a qualifier.
        let words = query.split(separator: " ")
        for split in [words.count - 1, words.count - 2] where split >= 1 {
            let qualified = words[..<split].joined(separator: " ") + ", " + words[split...].joined(separator: " ")
            let retry = rankedSearch(qualified, limit: limit, country: country)
            if retry.first.map({ $0.quality == .exact }) ?? false { return retry }
        }
        return results
    }

    private func rankedSearch(_ query: String, limit: Int, country: String?) -> [GazetteerMatch] {
        guard limit > 0 else { return [] }
        let countryFilter = country.map { Array($0.uppercased().utf8) }
        if let point = CoordinateParser.parse(query) {
            return [coordinateMatch(latitude: point.latitude, longitude: point.longitude)]
                .filter { countryFilter == nil || Array($0.entry.countryCode.utf8) == countryFilter! }
        }
        var parts = query.split(separator: ",").map { NameFolding.fold(String($0)) }.filter { !$0.isEmpty }
        guard !parts.isEmpty else { return [] }
        let head = parts.removeFirst()
        var qualifiers: [(countries: Set<String>, regions: Set<String>)] = []
        for qualifier in parts.reversed() {
            qualifiers.append(resolveQualifier(qualifier))
        }
        let accept: (Ref) -> Bool = { ref in
            if countryFilter == nil && qualifiers.isEmpty { return true }
            let (cc, regionKey) = self.countryAndRegion(of: ref)
            if let countryFilter, Array(cc.utf8) != countryFilter { return false }
            for q in qualifiers where !q.countries.contains(cc) && !(regionKey.map(q.regions.contains) ?? false) {
                return false
            }
            return true
        }
        let key = Array(head.utf8)
        var best: [Ref: Candidate] = [:]
        func consider(_ found: Ref, tier: Int, distance: Int, key: String) {
            // A country found by name and by code is one result.
            var ref = found
            if ref.table == UInt8(ascii: "R") { return }  // region codes only qualify, they are not results
            if ref.table == UInt8(ascii: "C") { ref.table = UInt8(ascii: "c") }
            let isMainName = ref.table == UInt8(ascii: "P")
            if isMainName { ref.table = UInt8(ascii: "p") }
            if let existing = best[ref], (existing.tier, existing.distance) < (tier, distance) { return }
            guard accept(ref) else { return }
            let rank = rank(of: ref, isMainName: isMainName)
            if let existing = best[ref], (existing.tier, existing.distance, existing.rank.0, existing.rank.1)
                <= (tier, distance, rank.0, rank.1) { return }
            best[ref] = Candidate(ref: ref, tier: tier, distance: distance, key: key, rank: rank)
        }
        // Exact, then prefix: one range of the sorted keys.
        var offset = keys.lowerBound(key)
        var scanned = 0
        var exactCount = 0
        while offset < keys.count, keys.keyHasPrefix(at: offset, key), scanned < 20_000 {
            let end = keys.fieldEnd(from: offset)
            let ref = readRef(from: end + 1)
            let exact = end - offset == key.count
            // Exact lines come first ("key<TAB>" sorts before "key more"); prefix matches cannot outrank
            // them, so once there are enough exact matches the rest of the range is skipped.
            if !exact, exactCount >= limit { break }
            if exact {
                let isCode = ref.table == UInt8(ascii: "C") || ref.table == UInt8(ascii: "R")
                consider(ref, tier: isCode ? 1 : 0, distance: 0, key: head)
                exactCount = best.count
            } else if keys.base[offset + key.count] == 32 || best.count < 4 * limit + 50 {
                // Prefix matches: whole-word continuations always, others until there are plenty.
                consider(ref, tier: 2, distance: 0, key: String(decoding: keys.keyBytes(at: offset), as: UTF8.self))
            }
            offset = keys.nextLine(after: end)
            scanned += 1
        }
        if !best.values.contains(where: { $0.tier <= 1 }) && key.count >= 4 {
            fuzzy(key, consider: consider)
        }
        let ranked = best.values.sorted { a, b in
            (a.tier, a.distance, a.rank.0, a.rank.1, a.ref.offset) < (b.tier, b.distance, b.rank.0, b.rank.1, b.ref.offset)
        }
        return ranked.prefix(limit).map { candidate in
            let quality: GazetteerMatch.Quality = candidate.tier == 0 ? .exact : candidate.tier == 1 ? .code
                : candidate.tier == 2 ? .prefix : .fuzzy
            return GazetteerMatch(entry: entry(for: candidate.ref), quality: quality, matchedKey: candidate.key,
                                  score: Double(300 - 100 * candidate.tier - 10 * candidate.distance))
        }
    }

    /// The largest edit distance a typo search allows for a folded query of this many bytes.
    static func typoBudget(_ length: Int) -> Int { length <= 7 ? 1 : 2 }

    private func fuzzy(_ key: [UInt8], consider: (Ref, Int, Int, String) -> Void) {
        let budget = Gazetteer.typoBudget(key.count)
        // Keys sharing the first letter catch most typos; keys starting with the query's second letter
        // catch a dropped or swapped first letter.
        var blocks: [[UInt8]] = [firstCharacter(of: key)]
        let rest = Array(key.dropFirst(blocks[0].count))
        if !rest.isEmpty {
            let second = firstCharacter(of: rest)
            if second != blocks[0] { blocks.append(second) }
        }
        var scratch = EditDistance(query: key)
        for block in blocks {
            var offset = keys.lowerBound(block)
            let shortest = max(1, key.count - budget), longest = key.count + budget
            // The block ends where keys stop starting with it: one binary search instead of a test per line.
            var after = block
            after[after.count - 1] &+= 1  // a UTF-8 byte is never 0xFF
            let blockEnd = keys.lowerBound(after, from: offset)
            let base = keys.base
            while offset < blockEnd {
                // A key of fitting length ends with a tab inside this window, followed by its one-letter
                // table and another tab; any other tab there belongs to a shorter key's reference. Most
                // lines fail this test without their key being read.
                var end = -1
                var position = offset + shortest
                let last = min(offset + longest, blockEnd - 3)
                while position <= last {
                    if base[position] == 9 && base[position + 2] == 9 && base[position + 1] > 57 { end = position; break }
                    position += 1
                }
                if end >= 0 {
                    let candidate = UnsafeBufferPointer(start: base + offset, count: end - offset)
                    // The window may reach into the next line when this one is short.
                    if !candidate.contains(where: { $0 == 9 || $0 == 10 }), scratch.lowerBound(candidate, limit: budget) <= budget,
                       let distance = scratch.distance(key, candidate, limit: budget) {
                        consider(readRef(from: end + 1), 3, distance, String(decoding: candidate, as: UTF8.self))
                    }
                }
                // Every line holds at least five bytes before its newline ("k<TAB>p<TAB>0").
                offset = keys.nextLine(after: offset + min(shortest, 5))
            }
        }
        // A wrong first letter falls outside both blocks: try each Latin letter in its place (26 exact lookups).
        guard let first = key.first, first < 0x80 else { return }
        var variant = key
        for letter in UInt8(ascii: "a")...UInt8(ascii: "z") where letter != first {
            variant[0] = letter
            var offset = keys.lowerBound(variant)
            while offset < keys.count, keys.compareKey(at: offset, variant) == 0 {
                let end = keys.fieldEnd(from: offset)
                consider(readRef(from: end + 1), 3, 1, String(decoding: variant, as: UTF8.self))
                offset = keys.nextLine(after: end)
            }
        }
    }

    private func firstCharacter(of bytes: [UInt8]) -> [UInt8] {
        guard let first = bytes.first else { return [] }
        let length = first < 0x80 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
        return Array(bytes.prefix(length))
    }

    private func readRef(from offset: Int) -> Ref {
        Ref(table: keys.base[offset], offset: keys.integer(at: offset + 2))
    }

    /// Exact lookups of a qualifier: the countries and regions it names.
    private func resolveQualifier(_ folded: String) -> (countries: Set<String>, regions: Set<String>) {
        var countrySet = Set<String>(), regionSet = Set<String>()
        let key = Array(folded.utf8)
        var offset = keys.lowerBound(key)
        while offset < keys.count, keys.compareKey(at: offset, key) == 0 {
            let end = keys.fieldEnd(from: offset)
            let ref = readRef(from: end + 1)
            switch ref.table {
            case UInt8(ascii: "c"), UInt8(ascii: "C"):
                countrySet.insert(String(countries.fields(at: ref.offset)[0]))
            case UInt8(ascii: "r"), UInt8(ascii: "R"):
                regionSet.insert(String(regions.fields(at: ref.offset)[0]))
            default:
                break
            }
            offset = keys.nextLine(after: end)
        }
        if countrySet.isEmpty && regionSet.isEmpty && key.count >= 4 {
            // A misspelt qualifier ("Paris, Frnace"): the closest country or region names.
            var bestDistance = Int.max
            fuzzy(key) { ref, _, distance, _ in
                let isCountry = ref.table == UInt8(ascii: "c") || ref.table == UInt8(ascii: "C")
                let isRegion = ref.table == UInt8(ascii: "r") || ref.table == UInt8(ascii: "R")
                guard isCountry || isRegion, distance <= bestDistance else { return }
                if distance < bestDistance { countrySet = []; regionSet = []; bestDistance = distance }
                if isCountry {
                    countrySet.insert(String(countries.fields(at: ref.offset)[0]))
                } else {
                    regionSet.insert(String(regions.fields(at: ref.offset)[0]))
                }
            }
        }
        return (countrySet, regionSet)
    }

    /// The country code and `CC.admin1` region key of a referenced line, read without building an entry.
    private func countryAndRegion(of ref: Ref) -> (String, String?) {
        switch ref.table {
        case UInt8(ascii: "p"):
            let ccStart = places.field(4, ofLineAt: ref.offset)
            let cc = String(decoding: UnsafeBufferPointer(start: places.base + ccStart, count: 2), as: UTF8.self)
            let admin1Start = places.field(5, ofLineAt: ref.offset)
            let admin1End = places.fieldEnd(from: admin1Start)
            guard admin1End > admin1Start else { return (cc, nil) }
            let admin1 = String(decoding: UnsafeBufferPointer(start: places.base + admin1Start, count: admin1End - admin1Start),
                                as: UTF8.self)
            return (cc, cc + "." + admin1)
        case UInt8(ascii: "r"), UInt8(ascii: "R"):
            let code = regions.fields(at: ref.offset)[0]
            return (String(code.prefix(2)), String(code))
        default:
            return (String(countries.fields(at: ref.offset)[0]), nil)
        }
    }

    /// Ordering within a tier: countries first, then by population, where a capital counts three times its
    /// population, a place matched by its main name (rather than an alternate or historic one) five times,
    /// and a region a tenth of its own: Paris, France before Paris, Texas; Hamilton, Ontario before
    /// Hamilton, Bermuda; Philadelphia, US before Amman (once Philadelphia); New York City before the state.
    private func rank(of ref: Ref, isMainName: Bool) -> (Int, Int) {
        switch ref.table {
        case UInt8(ascii: "p"):
            let populationStart = places.field(6, ofLineAt: ref.offset)
            let population = places.integer(at: populationStart)
            let isCapital = places.base[places.fieldEnd(from: populationStart) + 1] == UInt8(ascii: "C")
            return (1, -population * (isCapital ? 3 : 1) * (isMainName ? 5 : 1))
        case UInt8(ascii: "r"), UInt8(ascii: "R"):
            return (1, -(Int(regions.fields(at: ref.offset)[4]) ?? 0) / 10)
        default:
            return (0, -(Int(countries.fields(at: ref.offset)[5]) ?? 0))
        }
    }

    // MARK: - Entries

    func entry(for ref: Ref) -> GazetteerEntry {
        switch ref.table {
        case UInt8(ascii: "p"):
            return placeEntry(at: ref.offset)
        case UInt8(ascii: "r"), UInt8(ascii: "R"):
            let f = regions.fields(at: ref.offset)
            let cc = String(f[0].prefix(2))
            return GazetteerEntry(name: f[1].isEmpty ? String(f[0].dropFirst(3)) : String(f[1]), admin1: String(f[1]),
                                  admin1Code: String(f[0].dropFirst(3)), countryCode: cc, countryName: countryName(cc),
                                  latitude: Double(f[2]) ?? 0, longitude: Double(f[3]) ?? 0,
                                  population: Int(f[4]) ?? 0, kind: .region)
        default:
            let f = countries.fields(at: ref.offset)
            return GazetteerEntry(name: String(f[2]), countryCode: String(f[0]), countryName: String(f[2]),
                                  latitude: Double(f[3]) ?? 0, longitude: Double(f[4]) ?? 0,
                                  population: Int(f[5]) ?? 0, kind: .country)
        }
    }

    func placeEntry(at offset: Int) -> GazetteerEntry {
        let f = places.fields(at: offset)
        let cc = String(f[4])
        return GazetteerEntry(name: String(f[1]), admin1: regionName(country: cc, code: String(f[5])),
                              admin1Code: String(f[5]), countryCode: cc, countryName: countryName(cc),
                              latitude: Double(f[2]) ?? 0, longitude: Double(f[3]) ?? 0,
                              population: Int(f[6]) ?? 0, kind: .city, isCapital: f[7] == "C")
    }

    /// The English short name of a country, from its ISO 3166-1 alpha-2 code; empty when unknown.
    public func countryName(_ code: String) -> String {
        let key = Array(code.uppercased().utf8)
        let offset = countries.lowerBound(key)
        guard offset < countries.count, countries.compareKey(at: offset, key) == 0 else { return "" }
        return String(countries.fields(at: offset)[2])
    }

    /// The name of a first-level region from its country code and GeoNames admin1 code; empty when unknown.
    public func regionName(country: String, code: String) -> String {
        guard !code.isEmpty else { return "" }
        let key = Array("\(country).\(code)".utf8)
        let offset = regions.lowerBound(key)
        guard offset < regions.count, regions.compareKey(at: offset, key) == 0 else { return "" }
        return String(regions.fields(at: offset)[1])
    }

    private func coordinateMatch(latitude: Double, longitude: Double) -> GazetteerMatch {
        var entry = GazetteerEntry(name: CoordinateFormat.pair(latitude: latitude, longitude: longitude, decimals: 5),
                                   countryCode: "", latitude: latitude, longitude: longitude)
        if let near = nearest(latitude: latitude, longitude: longitude, limit: 1).first, near.distanceKm <= 100 {
            entry.admin1 = near.entry.admin1
            entry.admin1Code = near.entry.admin1Code
            entry.countryCode = near.entry.countryCode
            entry.countryName = near.entry.countryName
        }
        return GazetteerMatch(entry: entry, quality: .coordinates, matchedKey: "")
    }

    // MARK: - Nearby places

    static func cell(latitude: Double, longitude: Double) -> (row: Int, column: Int) {
        (min(179, max(0, Int((latitude).rounded(.down)) + 90)), min(359, max(0, Int((longitude).rounded(.down)) + 180)))
    }

    /// Calls `body` with the offset, latitude and longitude of every place in one grid cell.
    private func forEachPlace(row: Int, column: Int, _ body: (Int, Double, Double) -> Void) {
        let cellNumber = row * 360 + (column % 360 + 360) % 360
        // Most cells (oceans, ice) hold no place: the occupancy map answers without a binary search.
        if let occupancy, cellNumber < occupancy.count, occupancy.base[cellNumber] != UInt8(ascii: "1") { return }
        var digits = Array(String(cellNumber).utf8)
        while digits.count < 5 { digits.insert(48, at: 0) }
        var offset = places.lowerBound(digits)
        while offset < places.count, places.keyHasPrefix(at: offset, digits), places.base[offset + 5] == 9 {
            let latitudeStart = places.field(2, ofLineAt: offset)
            let longitudeStart = places.fieldEnd(from: latitudeStart) + 1
            body(offset, places.double(at: latitudeStart), places.double(at: longitudeStart))
            offset = places.nextLine(after: offset)
        }
    }

    /// The populated places nearest to a point, nearest first.
    /// - Parameters:
    ///   - latitude: degrees north.
    ///   - longitude: degrees east.
    ///   - limit: how many places to return.
    ///   - minimumPopulation: skip smaller places.
    /// - Complexity: a binary search per 1-degree grid cell visited, in rings around the point until no
    ///   unvisited cell can hold a nearer place.
    public func nearest(latitude: Double, longitude: Double, limit: Int = 1, minimumPopulation: Int = 0) -> [NearbyPlace] {
        guard limit > 0, latitude.isFinite, longitude.isFinite else { return [] }
        let center = Gazetteer.cell(latitude: latitude, longitude: longitude)
        var found: [(offset: Int, distance: Double)] = []
        func visit(_ row: Int, _ column: Int) {
            guard row >= 0, row < 180 else { return }
            forEachPlace(row: row, column: column) { offset, lat, lon in
                let d = Geodesy.distanceKm(fromLatitude: latitude, longitude: longitude, toLatitude: lat, longitude: lon)
                if found.count < limit || d < found[found.count - 1].distance {
                    if minimumPopulation > 0, places.integer(at: places.field(6, ofLineAt: offset)) < minimumPopulation { return }
                    found.append((offset, d))
                    found.sort { $0.distance < $1.distance }
                    if found.count > limit { found.removeLast() }
                }
            }
        }
        for ring in 0...180 {
            if ring == 0 {
                visit(center.row, center.column)
            } else {
                for column in (center.column - ring)...(center.column + ring) {
                    visit(center.row - ring, column)
                    visit(center.row + ring, column)
                }
                if ring < 180 {
                    for row in (center.row - ring + 1)...(center.row + ring - 1) {
                        visit(row, center.column - ring)
                        if 2 * ring < 360 { visit(row, center.column + ring) }
                    }
                }
            }
            // Every cell not yet visited lies beyond the parallels or the meridians that bound the visited
            // box; when both are farther than the worst place kept, nothing nearer remains.
            if found.count == limit,
               Gazetteer.distanceOutsideBox(latitude: latitude, longitude: longitude, center: center, ring: ring)
                > found[found.count - 1].distance {
                break
            }
            if ring >= 180 { break }
        }
        return found.map { NearbyPlace(entry: placeEntry(at: $0.offset), distanceKm: $0.distance) }
    }

    /// A lower bound, in kilometres, on the distance from a point to any cell outside the box of cells
    /// within `ring` of its own cell.
    static func distanceOutsideBox(latitude: Double, longitude: Double, center: (row: Int, column: Int), ring: Int) -> Double {
        let north = Double(center.row + ring + 1 - 90), south = Double(center.row - ring - 90)
        let toNorth = north >= 90 ? Double.infinity : north - latitude
        let toSouth = south <= -90 ? Double.infinity : latitude - south
        let degreesOfLatitude = min(toNorth, toSouth)
        let west = Double(center.column - ring - 180), east = Double(center.column + ring + 1 - 180)
        let degreesOfLongitude = min(longitude - west, east - longitude)
        var meridianKm = Double.infinity
        if 2 * ring + 1 < 360 {
            let φ = latitude * .pi / 180
            if degreesOfLongitude >= 90 {
                meridianKm = (90 - abs(latitude)) * 111.19  // the nearest point of a far meridian is a pole
            } else {
                meridianKm = asin(min(1, cos(φ) * sin(degreesOfLongitude * .pi / 180))) * Geodesy.earthRadiusKm
            }
        }
        return min(degreesOfLatitude * 111.19, meridianKm)
    }

    /// The populated places within a radius of a point, nearest first.
    /// - Parameters:
    ///   - radiusKm: the radius in kilometres.
    ///   - limit: how many places to return at most.
    public func places(withinKm radiusKm: Double, ofLatitude latitude: Double, longitude: Double,
                       limit: Int = 50) -> [NearbyPlace] {
        guard radiusKm > 0, latitude.isFinite, longitude.isFinite else { return [] }
        let rowSpan = Int((radiusKm / 111.19).rounded(.up)) + 1
        let edgeLatitude = min(89.9, abs(latitude) + Double(rowSpan))
        let columnSpan = min(180, Int((radiusKm / (111.19 * cos(edgeLatitude * .pi / 180))).rounded(.up)) + 1)
        let center = Gazetteer.cell(latitude: latitude, longitude: longitude)
        var found: [(offset: Int, distance: Double)] = []
        for row in (center.row - rowSpan)...(center.row + rowSpan) where row >= 0 && row < 180 {
            for column in (center.column - columnSpan)...(center.column + columnSpan) {
                if column - (center.column - columnSpan) >= 360 { break }
                forEachPlace(row: row, column: column) { offset, lat, lon in
                    let d = Geodesy.distanceKm(fromLatitude: latitude, longitude: longitude, toLatitude: lat, longitude: lon)
                    if d <= radiusKm { found.append((offset, d)) }
                }
            }
        }
        found.sort { ($0.distance, $0.offset) < ($1.distance, $1.offset) }
        return found.prefix(limit).map { NearbyPlace(entry: placeEntry(at: $0.offset), distanceKm: $0.distance) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Optimal-string-alignment edit distance (insertions, deletions, substitutions and swaps of neighbours),
/// cut off early once it must exceed a limit.
struct EditDistance {
    private var previous2: [Int] = []
    private var previous: [Int] = []
    private var current: [Int] = []
    private var queryMask: UInt64 = 0
    private var queryBytes: [UInt8] = []

    init(query: [UInt8] = []) {
        queryBytes = query
        for byte in query { queryMask |= 1 << UInt64(byte & 63) }
    }

    /// A lower bound on the edit distance: every byte of one string that occurs nowhere in the other
    /// needs an edit of its own. Cheap (two passes of bit tests), it rejects most keys of fitting length
    /// before the quadratic comparison runs.
    func lowerBound(_ candidate: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
        var candidateMask: UInt64 = 0
        var foreign = 0
        let mask = queryMask
        var index = 0
        let count = candidate.count
        guard let start = candidate.baseAddress else { return 0 }
        while index < count {
            let bit: UInt64 = 1 &<< UInt64(start[index] & 63)
            candidateMask |= bit
            if mask & bit == 0 {
                foreign += 1
                if foreign > limit { return foreign }
            }
            index += 1
        }
        var missing = 0
        queryBytes.withUnsafeBufferPointer { query in
            for byte in query where candidateMask & (1 &<< UInt64(byte & 63)) == 0 { missing += 1 }
        }
        return max(foreign, missing)
    }

    mutating func distance(_ a: [UInt8], _ b: UnsafeBufferPointer<UInt8>, limit: Int) -> Int? {
        let n = a.count, m = b.count
        if abs(n - m) > limit { return nil }
        if previous.count < m + 1 {
            previous2 = Array(repeating: 0, count: m + 1)
            previous = previous2
            current = previous2
        }
        for j in 0...m { previous[j] = j }
        if n == 0 || m == 0 { return max(n, m) <= limit ? max(n, m) : nil }
        for i in 1...n {
            current[0] = i
            var rowMinimum = i
            for j in 1...m {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return nil }
            swap(&previous2, &previous)
            swap(&previous, &current)
        }
        return previous[m] <= limit ? previous[m] : nil
    }
}
