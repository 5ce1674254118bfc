#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// Builds a user gazetteer from an official GeoNames dump (`cities500.txt`, `cities1000.txt`,
/// `allCountries.txt`: 19 tab-separated columns), optionally with `alternateNamesV2.txt`, in the same
/// text format as the bundled gazetteer so the same search code serves both.
///
/// Only populated places (feature class `P`) are kept; `PPLC` marks capitals. Regions and countries come
/// from the bundled tables, since a places dump does not name them.
public enum GazetteerImporter {
    /// What an import produced.
    public struct Summary: Sendable, Equatable {
        /// Populated places imported.
        public var places: Int
        /// Searchable folded names (a name shared by several places counts once per place).
        public var keys: Int
        /// Where the gazetteer was written.
        public var directory: String
    }

    /// GeoNames alternate-name "languages" that are not names (links, postal codes, airport codes…).
    static let skippedLanguages: Set<String> = ["link", "wkdt", "post", "iata", "icao", "faac", "fr_1793", "unlc", "tcid"]

    /// Imports a dump into `Gazetteer.userDirectory(dataDirectory:)`, replacing any earlier import only once
    /// the new one is complete.
    /// - Parameters:
    ///   - dump: the GeoNames places file.
    ///   - alternateNames: an optional `alternateNamesV2.txt` (or `alternateNames.txt`).
    ///   - dataDirectory: the journal's data directory.
    ///   - progress: called now and then with the bytes of the input files read so far.
    /// - Throws: ``GazetteerError/malformed(path:line:reason:)`` naming the first bad line, and the other
    ///   ``GazetteerError`` cases for unreadable input, an empty dump or an unwritable directory.
    @discardableResult
    public static func importDump(at dump: String, alternateNames: String? = nil,
                                  dataDirectory: String, progress: (Int) -> Void = { _ in }) throws -> Summary {
        var places: [DumpPlace] = []
        var names: [Int: [String]] = [:]
        var dumpBytes = 0
        try forEachLine(of: dump, progress: { dumpBytes = $0; progress($0) }) { number, line in
            guard let place = try parsePlaceLine(line, number: number, path: dump) else { return }
            places.append(place)
            names[place.id, default: []] += place.names
        }
        guard !places.isEmpty else { throw GazetteerError.empty(path: dump) }
        if let alternateNames {
            try forEachLine(of: alternateNames, progress: { progress(dumpBytes + $0) }) { number, line in
                let f = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard f.count >= 4, let id = Int(f[1]) else {
                    throw GazetteerError.malformed(path: alternateNames, line: number,
                                                   reason: "not an alternate-names line (alternateNameId, geonameid, isolanguage, name, …)")
                }
                guard names[id] != nil, !skippedLanguages.contains(String(f[2])) else { return }
                names[id]!.append(String(f[3]))
            }
        }

        places.sort { a, b in
            let ca = cellKey(a.latitude, a.longitude), cb = cellKey(b.latitude, b.longitude)
            return (ca, -a.population, a.id) < (cb, -b.population, b.id)
        }
        var placeText: [UInt8] = []
        var keys = Set<KeyTable.Entry>()
        var occupancy = [UInt8](repeating: UInt8(ascii: "0"), count: 64_800)
        for place in places {
            let offset = placeText.count
            occupancy[cellKey(place.latitude, place.longitude)] = UInt8(ascii: "1")
            let cell = String(cellKey(place.latitude, place.longitude))
            // The columns of GazetteerSchema.PlaceColumn; a dump has no rank, elevation of interest, bounds or codes.
            let line = String(repeating: "0", count: 5 - cell.count) + cell
                + "\t\(place.name)\t\(place.latText)\t\(place.lonText)\t\(clean(place.country))\t\(clean(place.admin1))"
                + "\t\(clean(place.admin2))\t\(place.population)\t\(GazetteerEntry.Kind.city.rawValue)\t\(place.capital ? "C" : "-")"
                + "\t\t\t\t\t\(place.id)\n"
            placeText += Array(line.utf8)
            // A key names its place by the place's byte offset, which the key table holds in 28 bits.
            guard offset <= KeyTable.maximumOffset else {
                throw GazetteerError.tooLarge(path: dump, places: places.count, limit: KeyTable.maximumOffset + 1)
            }
            let main = Array(NameFolding.fold(place.name).utf8)
            func add(_ key: [UInt8], _ kind: GazetteerSchema.KeyKind) {
                // A "name" longer than a key may be is not a name anyone types.
                if (1...KeyTable.maximumKeyLength).contains(key.count) { keys.insert(KeyTable.Entry(key: key, kind: kind, offset: offset)) }
            }
            add(main, .placeName)
            for name in names[place.id] ?? [] {
                let key = Array(NameFolding.fold(name).utf8)
                if key != main { add(key, .placeAlias) }
            }
        }
        // Regions, counties and countries stay searchable (and usable as qualifiers) through the bundled tables.
        GazetteerData.keys.forEach { cursor in
            if let kind = cursor.kind, kind.table != .places {
                keys.insert(KeyTable.Entry(key: Array(cursor.keyBytes), kind: kind, offset: cursor.offset))
            }
        }
        let keyTable = KeyTable.encode(keys)
        let info = "format\t\(GazetteerSchema.formatVersion)\n"
            + "licence\tCC BY 4.0, GeoNames (geonames.org)\nplaces\t\(places.count)\nkeys\t\(keys.count)\n"
            + "source\tGeoNames dump \(lastComponent(dump))" + (alternateNames.map { " with \(lastComponent($0))" } ?? "") + "\n"

        let target = Gazetteer.userDirectory(dataDirectory: dataDirectory)
        let staging = target + ".new"
        try removeDirectory(staging)
        // The journal may not exist yet, nor its folder; create it private, as the journal's own.
        try? FileSystem.makeDirectories(dataDirectory, mode: 0o700)
        do throws(FileError) { try FileSystem.makeDirectory(staging, mode: 0o755) } catch {
            throw GazetteerError.unwritable(path: staging, reason: error.reason)
        }
        // First: the folder is marked as places's own before anything else goes in.
        try write(Array("A gazetteer imported by places; `places gazetteer reset` removes it.\n".utf8), to: staging + "/" + markerName)
        try write(placeText, to: staging + "/places.tsv")
        try write(keyTable, to: staging + "/" + keyTableName)
        try write(Array(info.utf8), to: staging + "/info.tsv")
        try write(occupancy, to: staging + "/cells.txt")
        try removeDirectory(target)
        do throws(FileError) { try FileSystem.rename(staging, to: target) } catch {
            throw GazetteerError.unwritable(path: target, reason: error.reason)
        }
        return Summary(places: places.count, keys: keys.count, directory: target)
    }

    /// One populated place read from a dump line.
    struct DumpPlace {
        var id: Int, name: String, latitude: Double, longitude: Double, latText: Substring, lonText: Substring
        var country: Substring, admin1: Substring, admin2: Substring, population: Int, capital: Bool
        /// The name, its ASCII form and the line's own alternate names.
        var names: [String]
    }

    /// Reads one line of a GeoNames dump (`geoname` table, 19 tab-separated columns).
    /// - Returns: the place, or `nil` for a line that is valid but not a populated place.
    /// - Throws: ``GazetteerError/malformed(path:line:reason:)`` naming the line and what is wrong.
    static func parsePlaceLine(_ line: Substring, number: Int, path: String) throws -> DumpPlace? {
        let f = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard f.count >= 19 else {
            throw GazetteerError.malformed(path: path, line: number, reason: "\(f.count) columns instead of 19")
        }
        guard let id = Int(f[0]) else {
            throw GazetteerError.malformed(path: path, line: number, reason: "geonameid \"\(f[0])\" is not a number")
        }
        guard let lat = Double(f[4]), (-90...90).contains(lat), let lon = Double(f[5]), (-180...180).contains(lon) else {
            throw GazetteerError.malformed(path: path, line: number, reason: "latitude/longitude \"\(f[4])\", \"\(f[5])\" out of range")
        }
        guard f[14].isEmpty || Int(f[14]) != nil else {
            throw GazetteerError.malformed(path: path, line: number, reason: "population \"\(f[14])\" is not a number")
        }
        guard f[6] == "P", !f[1].isEmpty else { return nil }
        return DumpPlace(id: id, name: clean(f[1]), latitude: lat, longitude: lon, latText: f[4], lonText: f[5],
                         country: f[8], admin1: f[10], admin2: f[11], population: Int(f[14]) ?? 0, capital: f[7] == "PPLC",
                         names: [String(f[1]), String(f[2])] + f[3].split(separator: ",").map(String.init))
    }

    /// Removes an imported gazetteer, so the bundled one is used again. Returns whether there was one.
    @discardableResult
    public static func reset(dataDirectory: String) throws -> Bool {
        let target = Gazetteer.userDirectory(dataDirectory: dataDirectory)
        guard FileSystem.info(target) != nil else { return false }
        try removeDirectory(target)
        return true
    }

    static func cellKey(_ latitude: Double, _ longitude: Double) -> Int {
        let cell = Gazetteer.cell(latitude: latitude, longitude: longitude)
        return cell.row * 360 + cell.column
    }

    static func clean<S: StringProtocol>(_ text: S) -> String {
        // Most text holds no tab or line break: it is its own clean form, without walking its characters.
        if !text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) { return String(text) }
        return String(text.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
    }

    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Calls `body` with each line's number and text; `progress` now and then with the bytes read.
    static func forEachLine(of path: String, progress: (Int) -> Void = { _ in },
                            _ body: (Int, Substring) throws -> Void) throws {
        let file: ReadableFile
        do throws(FileError) { file = try ReadableFile(path, accepting: .anything) } catch {
            throw GazetteerError.unreadable(path: path, reason: error.reason)
        }
        var number = 0, bytes = 0
        do {
            try file.forEachLine { text in
                number += 1
                bytes += text.count + 1
                if number & 4095 == 0 { progress(bytes) }
                var line = text
                while let last = line.last, last == 13 { line = line.dropLast() }
                if line.isEmpty || line.first == UInt8(ascii: "#") { return }
                try body(number, Substring(String(decoding: line, as: UTF8.self)))
            }
        } catch is FileError {
            throw GazetteerError.unreadable(path: path, reason: "read error")
        }
        progress(bytes)
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        // Into a folder just made: a new file, with the umask's mode, flushed to the disk.
        do throws(FileError) { try FileSystem.writeNew(path, bytes, mode: 0o666, exactMode: false) } catch {
            throw GazetteerError.unwritable(path: path, reason: error.operation == .create ? error.reason : "short write")
        }
    }

    /// The file that marks a gazetteer folder as written by `places`.
    public static let markerName = ".places-gazetteer"
    /// The imported gazetteer's key table (``KeyTable``).
    static let keyTableName = "keys.bin"
    /// The key table of imports in formats 1 and 2 (text lines), which are refused and asked for again.
    static let textKeyTableName = "keys.tsv"
    /// The files an import writes, now or in an earlier format: the only ones `places` ever removes.
    static let ownFiles: Set<String> = [markerName, "places.tsv", keyTableName, textKeyTableName, "info.tsv", "cells.txt"]

    /// Removes a gazetteer folder `places` wrote, file by file (only the files it writes), and
    /// refuses any other folder: one the person made, or one holding files of theirs.
    /// Folders imported before the marker existed are recognised by their `info.tsv`.
    static func removeDirectory(_ path: String) throws {
        guard let info = FileSystem.info(path, followingLinks: false) else { return }
        guard info.kind == .directory else { throw GazetteerError.notOurs(path: path) }
        let names = FileSystem.names(path)
        let legacy = (try? ReadableFile(path + "/info.tsv").readToEnd())?.starts(with: Array("licence\tCC BY 4.0, GeoNames".utf8)) ?? false
        guard names.contains(markerName) || legacy, names.allSatisfy(ownFiles.contains) else {
            throw GazetteerError.notOurs(path: path)
        }
        // The marker goes last, so a folder half-removed by a crash is still recognised as ours.
        for name in names where name != markerName { FileSystem.removeIfPresent(path + "/" + name) }
        FileSystem.removeIfPresent(path + "/" + markerName)
        do throws(FileError) { try FileSystem.removeDirectory(path) } catch {
            throw GazetteerError.unwritable(path: path, reason: error.reason)
        }
    }
}
