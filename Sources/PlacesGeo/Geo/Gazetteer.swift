#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// An offline gazetteer: finds places by name in any language or script, with typos, qualifiers
/// (`Springfield, Illinois`, `Paris, US`) or coordinates, and finds the places near a point.
///
/// Its tables are searched in place (sorted text, see ``SortedTable``; the names a front-coded
/// ``KeyTable``): opening a gazetteer parses nothing, so a lookup in a fresh process costs a few
/// binary searches over memory that is already mapped. The bundled gazetteer (``bundled``) lives inside the binary; a user gazetteer built by
/// ``GazetteerImporter`` from a GeoNames dump uses the same format from files.
public struct Gazetteer: Sendable {
    /// Where a gazetteer's places come from.
    public enum Source: Sendable, Equatable {
        /// The gazetteer compiled into `places` (GeoNames cities500, Natural Earth, airports, sights).
        case bundled
        /// A gazetteer imported with `places gazetteer import`, stored in this directory.
        case user(directory: String)
        /// A region pack added with `places region add`, this file.
        case region(name: String, path: String)
    }

    /// Folded names and codes, each with the kind and offset of the line it names (``GazetteerSchema/KeyKind``).
    let keys: KeyTable
    /// Places, features, airports and sights (``GazetteerSchema/PlaceColumn``).
    let places: SortedTable
    /// One byte per 1-degree cell, `1` where the cell holds a populated place; `nil` when unknown.
    let occupancy: SortedTable?
    /// First-level regions (``GazetteerSchema/UnitColumn``); an imported gazetteer uses the bundled ones.
    let regions = GazetteerData.regions
    /// Second-level units: counties, départements, districts (``GazetteerSchema/UnitColumn``).
    let counties = GazetteerData.counties
    /// Countries (``GazetteerSchema/CountryColumn``).
    let countries = GazetteerData.countries
    /// Where this gazetteer's places come from.
    public let source: Source
    /// Key/value facts about the data (source, counts).
    public let info: [String: String]
    /// The region packs searched with this gazetteer (``RegionStore``); empty when no region is added.
    public internal(set) var regionPacks: [RegionPack] = []
    /// Why each added region pack left out of ``regionPacks`` cannot be opened (damaged, or of an older format).
    public internal(set) var unreadableRegions: [RegionError] = []

    init(keys: KeyTable, places: SortedTable, occupancy: SortedTable?, source: Source, info: [String: String]) {
        self.keys = keys
        self.places = places
        self.occupancy = occupancy
        self.source = source
        self.info = info
    }

    /// The gazetteer compiled into the binary.
    public static let bundled = Gazetteer(keys: GazetteerData.keys, places: GazetteerData.places,
                                          occupancy: GazetteerData.occupancy, source: .bundled, info: parseInfo(GazetteerData.info))

    static func parseInfo(_ table: SortedTable) -> [String: String] {
        var info: [String: String] = [:]
        // Room for a pack's facts at once (17 lines in format 4): growing a dictionary step by step rehashes it each time.
        info.reserveCapacity(24)
        var offset = 0
        while offset < table.count {
            // The first two fields, found byte by byte: a value may be long (a region pack lists thousands of
            // offsets), and the line is not split whole.
            let keyEnd = table.fieldEnd(from: offset)
            if keyEnd < table.count, table.base[keyEnd] == 9 {
                let valueEnd = table.fieldEnd(from: keyEnd + 1)
                info[String(decoding: UnsafeBufferPointer(start: table.base + offset, count: keyEnd - offset), as: UTF8.self)]
                    = String(decoding: UnsafeBufferPointer(start: table.base + keyEnd + 1, count: valueEnd - keyEnd - 1), as: UTF8.self)
            }
            offset = table.nextLine(after: offset)
        }
        return info
    }

    // MARK: - Entries

    /// A line of one of the tables, as a key of the `keys` table points to it.
    struct Ref: Hashable {
        var table: GazetteerSchema.Table
        var offset: Int

        /// The line as one integer, unique among every table's lines: a key for dictionaries of lines.
        var slot: Int { offset << 2 | Int(table.rawValue) }
    }

    func entry(for ref: Ref) -> GazetteerEntry {
        switch ref.table {
        case .places:
            return placeEntry(at: ref.offset)
        case .regions:
            let f = regions.fields(at: ref.offset)
            let key = f[GazetteerSchema.UnitColumn.key.rawValue]
            let cc = String(key.prefix(2))
            let name = f[GazetteerSchema.UnitColumn.name.rawValue]
            let iso = String(f[GazetteerSchema.UnitColumn.iso.rawValue])
            return GazetteerEntry(name: name.isEmpty ? String(key.dropFirst(3)) : String(name), admin1: String(name),
                                  admin1Code: String(key.dropFirst(3)), countryCode: cc, countryName: countryName(cc),
                                  latitude: Double(f[GazetteerSchema.UnitColumn.latitude.rawValue]) ?? 0,
                                  longitude: Double(f[GazetteerSchema.UnitColumn.longitude.rawValue]) ?? 0,
                                  population: Int(f[GazetteerSchema.UnitColumn.population.rawValue]) ?? 0, kind: .region,
                                  codes: iso.isEmpty ? [] : [cc + "-" + iso])
        case .counties:
            let f = counties.fields(at: ref.offset)
            let parts = f[GazetteerSchema.UnitColumn.key.rawValue].split(separator: ".", omittingEmptySubsequences: false)
            let cc = String(parts[0]), admin1 = parts.count > 1 ? String(parts[1]) : ""
            let iso = String(f[GazetteerSchema.UnitColumn.iso.rawValue])
            return GazetteerEntry(name: String(f[GazetteerSchema.UnitColumn.name.rawValue]),
                                  admin1: regionName(country: cc, code: admin1), admin1Code: admin1,
                                  admin2: String(f[GazetteerSchema.UnitColumn.name.rawValue]),
                                  admin2Code: parts.count > 2 ? String(parts[2]) : "",
                                  countryCode: cc, countryName: countryName(cc),
                                  latitude: Double(f[GazetteerSchema.UnitColumn.latitude.rawValue]) ?? 0,
                                  longitude: Double(f[GazetteerSchema.UnitColumn.longitude.rawValue]) ?? 0,
                                  population: Int(f[GazetteerSchema.UnitColumn.population.rawValue]) ?? 0, kind: .county,
                                  codes: iso.isEmpty ? [] : [iso])
        case .countries:
            let f = countries.fields(at: ref.offset)
            return GazetteerEntry(name: String(f[GazetteerSchema.CountryColumn.name.rawValue]),
                                  countryCode: String(f[GazetteerSchema.CountryColumn.code.rawValue]),
                                  countryName: String(f[GazetteerSchema.CountryColumn.name.rawValue]),
                                  latitude: Double(f[GazetteerSchema.CountryColumn.latitude.rawValue]) ?? 0,
                                  longitude: Double(f[GazetteerSchema.CountryColumn.longitude.rawValue]) ?? 0,
                                  population: Int(f[GazetteerSchema.CountryColumn.population.rawValue]) ?? 0, kind: .country)
        }
    }

    func placeEntry(at offset: Int) -> GazetteerEntry {
        typealias Column = GazetteerSchema.PlaceColumn
        // Each field is made a string of its own, without a string of the whole line split into them.
        var starts: [Int] = []
        places.fieldStarts(at: offset, into: &starts)
        func bytes(_ column: Column) -> UnsafeBufferPointer<UInt8> {
            let index = column.rawValue
            guard index + 1 < starts.count else { return UnsafeBufferPointer(start: places.base, count: 0) }
            return UnsafeBufferPointer(start: places.base + starts[index], count: starts[index + 1] - 1 - starts[index])
        }
        func text(_ column: Column) -> String { String(decoding: bytes(column), as: UTF8.self) }
        // A list split on its ASCII separator's byte, as on the character when the list is ASCII throughout (split
        // as `SortedTable.fields(at:)` splits a line: a split of other bytes costs a type made at run time).
        func list(_ column: Column, _ separator: Character) -> [Substring] {
            let field = text(column)
            guard bytes(column).allSatisfy({ $0 < 0x80 }) else { return field.split(separator: separator) }
            return field.utf8.split(separator: separator.asciiValue!).map { Substring($0) }
        }
        // Numbers are read from their bytes: a `String` made of each and parsed costs more than the rest of an entry.
        func numbers(_ column: Column) -> [Double] {
            let field = bytes(column)
            guard !field.isEmpty else { return [] }
            guard field.allSatisfy({ $0 < 0x80 }) else { return list(column, ",").compactMap { Double($0) } }
            var values: [Double] = []
            var start = 0
            while start < field.count {
                var end = start
                while end < field.count, field[end] != UInt8(ascii: ",") { end += 1 }
                // Empty pieces are passed over, as `split` does.
                if end > start, let value = ASCIIDecimal.double(field[start..<end]) { values.append(value) }
                start = end + 1
            }
            return values
        }
        let cc = text(.country), admin1 = text(.admin1), admin2 = text(.admin2)
        let box = numbers(.bounds)
        return GazetteerEntry(name: text(.name), admin1: regionName(country: cc, code: admin1), admin1Code: admin1,
                              admin2: countyName(country: cc, admin1: admin1, code: admin2), admin2Code: admin2,
                              countryCode: cc, countryName: countryName(cc),
                              latitude: ASCIIDecimal.double(bytes(.latitude)) ?? 0, longitude: ASCIIDecimal.double(bytes(.longitude)) ?? 0,
                              population: ASCIIDecimal.integer(bytes(.population), signed: true) ?? 0,
                              kind: GazetteerEntry.Kind(word: bytes(.kind)) ?? .city,
                              isCapital: text(.flags) == "C",
                              elevation: ASCIIDecimal.integer(bytes(.elevation), signed: true),
                              bounds: box.count == 4 ? GeoBounds(minLatitude: box[0], minLongitude: box[1],
                                                                 maxLatitude: box[2], maxLongitude: box[3]) : nil,
                              codes: list(.codes, "|").map(String.init))
    }

    /// The English short name of a country, from its ISO 3166-1 alpha-2 code; empty when unknown.
    public func countryName(_ code: String) -> String {
        let key = Array(code.uppercased().utf8)
        let offset = countries.lowerBound(key)
        guard offset < countries.count, countries.compareKey(at: offset, key) == 0 else { return "" }
        return String(countries.text(field: GazetteerSchema.CountryColumn.name.rawValue, ofLineAt: offset))
    }

    /// The name of a first-level region from its country code and GeoNames admin1 code; empty when unknown.
    public func regionName(country: String, code: String) -> String {
        guard !code.isEmpty else { return "" }
        return unitName(in: regions, key: country + "." + code)
    }

    /// The name of a second-level unit (county, département, district) from its country code and GeoNames
    /// admin1 and admin2 codes; empty when unknown.
    public func countyName(country: String, admin1: String, code: String) -> String {
        guard !code.isEmpty, !admin1.isEmpty else { return "" }
        return unitName(in: counties, key: country + "." + admin1 + "." + code)
    }

    private func unitName(in table: SortedTable, key text: String) -> String {
        let key = Array(text.utf8)
        let offset = table.lowerBound(key)
        guard offset < table.count, table.compareKey(at: offset, key) == 0 else { return "" }
        return String(table.text(field: GazetteerSchema.UnitColumn.name.rawValue, ofLineAt: offset))
    }

    func coordinateMatch(latitude: Double, longitude: Double) -> GazetteerMatch {
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

}
