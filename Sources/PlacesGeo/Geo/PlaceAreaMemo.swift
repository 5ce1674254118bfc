#if canImport(Glibc)
import Glibc
#endif
import PlacesCore

/// What ``PlaceAreas`` found, by exact point: each point's country and first-level region, kept in a file
/// between runs so that a command's second run does not look them up again.
///
/// The answers are pure functions of the point, the program and the gazetteer, so a file says which
/// program and gazetteer wrote it (``identity(gazetteer:)``) and is ignored under any other, as it is when
/// it cannot be read or is damaged in any way: it only ever saves work. The file is never the journal,
/// and never beside it.
///
/// The file (little-endian): ``magic``, the format version (u32), the identity (u32 length, bytes), the
/// number of writes so far (u32); the distinct countries (u32 count; each code and name a u32 length and
/// UTF-8 bytes) and regions (likewise, key and name); the points (u32 count; each latitude and longitude
/// as their `Double` bit patterns, u64 each, the country as an index or ``atSea``, the region as an index,
/// ``notAsked`` or ``noRegion`` (i32 each), and the write that last used it, u32); and the FNV-1a hash
/// (u64) of every byte before it.
struct PlaceAreaMemo {
    /// A point by its coordinates' bits: the answers are exact, so `0.0` and `-0.0` are two points.
    struct Point: Hashable {
        var latitude: UInt64
        var longitude: UInt64
        init(latitude: Double, longitude: Double) { (self.latitude, self.longitude) = (latitude.bitPattern, longitude.bitPattern) }
        init(bits latitude: UInt64, _ longitude: UInt64) { (self.latitude, self.longitude) = (latitude, longitude) }
    }

    /// A point's answers, as indexes into ``countries`` and ``regions``.
    struct Answer: Equatable {
        var country: Int32
        var region: Int32
        /// The write that last used this point: one not used in ``keptWrites`` writes is dropped.
        var stamp: UInt32
    }

    /// ``Answer/country`` for a point in no country.
    static let atSea: Int32 = -2
    /// ``Answer/region`` for a point whose region was not asked for.
    static let notAsked: Int32 = -1
    /// ``Answer/region`` for a point whose country has no region there.
    static let noRegion: Int32 = -2

    static let magic = Array("places-areas\n".utf8)
    /// Raise when the layout or the meaning of an answer changes: an older file is then ignored.
    static let formatVersion: UInt32 = 1
    /// How many writes a point is kept without being asked about: the places of a journal are asked about
    /// again and again, a place moved or deleted never, so the file holds about the journal's places.
    static let keptWrites: UInt32 = 32
    /// The largest file read: 100,000 places take about 3 MB.
    static let largestFile = 64 << 20

    /// The distinct countries answered (code and name).
    var countries: [(code: String, name: String)] = []
    /// The distinct regions answered.
    var regions: [ReverseGeocoder.Region] = []
    /// Every point answered.
    var points = PointTable()
    /// How many times the file read was written; the points used in this run are stamped one more.
    var generation: UInt32 = 0
    /// Whether this run found an answer the file lacked (only then is it written).
    var added = false
    /// Each country's and region's index, made on the first answer added.
    private var countryIndex: [String: Int32] = [:]
    private var regionIndex: [ReverseGeocoder.Region: Int32] = [:]

    /// The stamp of the points used in this run.
    var currentStamp: UInt32 { generation &+ 1 }

    /// The index of a country answer, added when new.
    mutating func number(ofCountry code: String, name: String) -> Int32 {
        if countryIndex.isEmpty, !countries.isEmpty {
            for (index, country) in countries.enumerated() { countryIndex[country.code] = Int32(index) }
        }
        if let index = countryIndex[code], countries[Int(index)].name == name { return index }
        if let index = countries.firstIndex(where: { $0 == (code, name) }) { return Int32(index) }
        countries.append((code, name))
        countryIndex[code] = Int32(countries.count - 1)
        return Int32(countries.count - 1)
    }

    /// The index of a region answer, added when new.
    mutating func number(ofRegion region: ReverseGeocoder.Region) -> Int32 {
        if regionIndex.isEmpty, !regions.isEmpty {
            for (index, known) in regions.enumerated() { regionIndex[known] = Int32(index) }
        }
        if let index = regionIndex[region] { return index }
        regions.append(region)
        regionIndex[region] = Int32(regions.count - 1)
        return Int32(regions.count - 1)
    }

    // MARK: The file

    /// Reads the file at `path` written under `identity`; `nil` when it is missing, unreadable, damaged, of
    /// another format or written under another identity.
    static func read(_ path: String, identity: [UInt8]) -> PlaceAreaMemo? {
        guard let file = try? ReadableFile(path), file.info.size > 0, file.info.size <= largestFile,
              let bytes = try? file.head(file.info.size), bytes.count == file.info.size else { return nil }
        return bytes.withUnsafeBytes { decode($0, identity: identity) }
    }

    /// The memo in `bytes`, or `nil` unless they are a whole, undamaged file written under `identity`.
    static func decode(_ bytes: UnsafeRawBufferPointer, identity: [UInt8]) -> PlaceAreaMemo? {
        guard bytes.count >= magic.count + 8 else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 8)])
        var sum: UInt64 = 0
        for shift in stride(from: 0, to: 64, by: 8) { sum |= UInt64(bytes[body.count + shift / 8]) << UInt64(shift) }
        guard FNV1a.hash(body) == sum else { return nil }
        var reader = Reader(bytes: body)
        guard reader.take(magic.count).map({ $0.elementsEqual(magic) }) == true,
              reader.u32() == formatVersion,
              let identityLength = reader.u32(), let written = reader.take(Int(identityLength)), written.elementsEqual(identity),
              let generation = reader.u32() else { return nil }
        var memo = PlaceAreaMemo()
        memo.generation = generation
        guard let countryCount = reader.count(eachAtLeast: 8) else { return nil }
        memo.countries.reserveCapacity(countryCount)
        for _ in 0..<countryCount {
            guard let code = reader.text(), let name = reader.text() else { return nil }
            memo.countries.append((code, name))
        }
        guard let regionCount = reader.count(eachAtLeast: 8) else { return nil }
        memo.regions.reserveCapacity(regionCount)
        for _ in 0..<regionCount {
            guard let key = reader.text(), let name = reader.text() else { return nil }
            memo.regions.append(ReverseGeocoder.Region(key: key, name: name))
        }
        guard let pointCount = reader.count(eachAtLeast: 28) else { return nil }
        memo.points.reserveCapacity(pointCount)
        for _ in 0..<pointCount {
            guard let latitude = reader.u64(), let longitude = reader.u64(),
                  let country = reader.u32().map({ Int32(bitPattern: $0) }), let region = reader.u32().map({ Int32(bitPattern: $0) }),
                  let stamp = reader.u32(),
                  country == atSea || (country >= 0 && Int(country) < countryCount),
                  region == notAsked || (country >= 0 && (region == noRegion || (region >= 0 && Int(region) < regionCount)))
            else { return nil }
            memo.points[Point(bits: latitude, longitude)] = Answer(country: country, region: region, stamp: stamp)
        }
        guard reader.offset == body.count else { return nil }
        return memo
    }

    /// The file's bytes under `identity`: this run's write, with the points used in the last ``keptWrites``
    /// writes (this one included) and the countries and regions they name.
    func encoded(identity: [UInt8]) -> [UInt8] {
        let stamp = currentStamp
        let kept = points.entries.filter { stamp &- $0.answer.stamp < Self.keptWrites }
        // Only the countries and regions of the points kept, renumbered in their first use's order.
        var countryNumbers = [Int32](repeating: -1, count: countries.count), regionNumbers = [Int32](repeating: -1, count: regions.count)
        var keptCountries: [Int] = [], keptRegions: [Int] = []
        for (_, answer) in kept {
            if answer.country >= 0, countryNumbers[Int(answer.country)] < 0 {
                countryNumbers[Int(answer.country)] = Int32(keptCountries.count)
                keptCountries.append(Int(answer.country))
            }
            if answer.region >= 0, regionNumbers[Int(answer.region)] < 0 {
                regionNumbers[Int(answer.region)] = Int32(keptRegions.count)
                keptRegions.append(Int(answer.region))
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(64 + identity.count + kept.count * 28 + (keptCountries.count + keptRegions.count) * 40)
        out += Self.magic
        out.appendLittleEndian(Self.formatVersion)
        out.appendLittleEndian(UInt32(identity.count))
        out += identity
        out.appendLittleEndian(stamp)
        out.appendLittleEndian(UInt32(keptCountries.count))
        for index in keptCountries {
            out.appendText(countries[index].code)
            out.appendText(countries[index].name)
        }
        out.appendLittleEndian(UInt32(keptRegions.count))
        for index in keptRegions {
            out.appendText(regions[index].key)
            out.appendText(regions[index].name)
        }
        out.appendLittleEndian(UInt32(kept.count))
        for (point, answer) in kept {
            out.appendLittleEndian(point.latitude)
            out.appendLittleEndian(point.longitude)
            let country = answer.country >= 0 ? countryNumbers[Int(answer.country)] : answer.country
            let region = answer.region >= 0 ? regionNumbers[Int(answer.region)] : answer.region
            out.appendLittleEndian(UInt32(bitPattern: country))
            out.appendLittleEndian(UInt32(bitPattern: region))
            out.appendLittleEndian(answer.stamp)
        }
        let sum = out.withUnsafeBytes { FNV1a.hash($0) }
        out.appendLittleEndian(sum)
        return out
    }

    /// Writes the file at `path` atomically: a temporary file in the same folder (made when missing),
    /// renamed over it. Any failure leaves whatever was there, and is not an error: the file only saves work
    /// (a read-only home, a full disk; of two runs writing at once, the last rename wins, and both files are whole).
    func write(to path: String, identity: [UInt8]) {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        if !directory.isEmpty, !FileSystem.isDirectory(directory) { try? FileSystem.makeDirectories(directory, mode: 0o700) }
        let temporary = path + ".\(FileSystem.processID).tmp"
        do throws(FileError) {
            // Not flushed to the disk: after a power cut a file cut short fails its hash and is ignored.
            try FileSystem.writeNew(temporary, encoded(identity: identity), mode: 0o600, sync: false)
            try FileSystem.rename(temporary, to: path)
        } catch {
            _ = FileSystem.removeIfPresent(temporary)
        }
    }

    /// What identifies the answers' sources: this program's file (its device, inode, size and modification
    /// time, so any new build has another), and the gazetteer (the bundled one is part of the program; an
    /// imported one by its folder and its tables' sizes and modification times). Region packs are not part
    /// of it: the country and region lookups read the outlines and the gazetteer's own places only.
    /// `nil` when the program's file cannot be examined: then no memo is read or written.
    static func identity(gazetteer: Gazetteer) -> [UInt8]? {
        // The link's target examined, not the link: a program run under another (a debugger, valgrind) sees
        // its own file there, where `stat` of the link would give the other's.
        guard let path = FileSystem.linkTarget("/proc/self/exe"), let program = FileSystem.info(path) else { return nil }
        var text = "program " + describe(program)
        switch gazetteer.source {
        case .bundled: text += "\ngazetteer bundled"
        case .user(let directory):
            text += "\ngazetteer " + directory
            for name in [GazetteerImporter.keyTableName, GazetteerImporter.textKeyTableName, "places.tsv", "cells.txt", "info.tsv"] {
                text += "\n" + name + " " + (FileSystem.info(directory + "/" + name).map(describe) ?? "-")
            }
        case .region(let name, let path): text += "\ngazetteer region " + name + " " + path
        }
        return Array(text.utf8)
    }

    private static func describe(_ info: FileInfo) -> String {
        "\(info.status.st_dev) \(info.status.st_ino) \(info.size) \(info.status.st_mtim.tv_sec).\(info.status.st_mtim.tv_nsec)"
    }

    /// Bounds-checked reads over the file's bytes: every read past the end is `nil`.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        mutating func take(_ count: Int) -> UnsafeRawBufferPointer? {
            guard count >= 0, count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
        }

        mutating func u32() -> UInt32? {
            take(4).map { UInt32($0[0]) | UInt32($0[1]) << 8 | UInt32($0[2]) << 16 | UInt32($0[3]) << 24 }
        }

        mutating func u64() -> UInt64? {
            guard let low = u32(), let high = u32() else { return nil }
            return UInt64(low) | UInt64(high) << 32
        }

        /// A count of records of at least `size` bytes each, `nil` when the bytes left cannot hold them.
        mutating func count(eachAtLeast size: Int) -> Int? {
            guard let value = u32().map(Int.init), value <= (bytes.count - offset) / size else { return nil }
            return value
        }

        mutating func text() -> String? {
            guard let length = u32(), let raw = take(Int(length)) else { return nil }
            // Decoded, and refused when decoding had to repair the bytes: quicker than validating first.
            let text = String(decoding: raw, as: UTF8.self)
            return text.utf8.elementsEqual(raw) ? text : nil
        }
    }
}

/// Answers by point, in a table of open addressing (linear probing, at most half full) with a hash of a
/// few multiplications: a journal's thousand points are looked up thousands of times a run, and read from
/// the file at every start, where a `Dictionary` hashed each point with SipHash (a third of the time a warm
/// `stats` spent on its answers).
struct PointTable {
    typealias Point = PlaceAreaMemo.Point
    typealias Answer = PlaceAreaMemo.Answer
    /// How many points the table holds.
    private(set) var count = 0
    private var keys: [Point] = []
    /// Each slot's answer; ``free`` as its country marks an empty slot.
    private var answers: [Answer] = []
    private static let free = Answer(country: .min, region: 0, stamp: 0)

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    private static func hash(_ point: Point) -> Int {
        var value = (point.latitude &* 0x9E37_79B9_7F4A_7C15) ^ point.longitude
        value = (value ^ (value >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: value ^ (value >> 32))
    }

    /// The slot holding `point`, `nil` when it is not in the table.
    @inline(__always)
    func slot(of point: Point) -> Int? {
        guard !keys.isEmpty else { return nil }
        let mask = keys.count - 1
        var slot = Self.hash(point) & mask
        while answers[slot].country != Self.free.country {
            if keys[slot] == point { return slot }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The answer in a slot ``slot(of:)`` gave.
    subscript(slot slot: Int) -> Answer {
        get { answers[slot] }
        set { answers[slot] = newValue }
    }

    /// The answer of `point`; setting one adds the point or replaces its answer.
    subscript(point: Point) -> Answer? {
        get { slot(of: point).map { answers[$0] } }
        set {
            guard let newValue else { return }
            if let slot = slot(of: point) { answers[slot] = newValue; return }
            if 2 * (count + 1) > keys.count { grow(to: count + 1) }
            let mask = keys.count - 1
            var slot = Self.hash(point) & mask
            while answers[slot].country != Self.free.country { slot = (slot + 1) & mask }
            keys[slot] = point
            answers[slot] = newValue
            count += 1
        }
    }

    /// Makes room for `points` points in all.
    mutating func reserveCapacity(_ points: Int) {
        if 2 * points > keys.count { grow(to: points) }
    }

    /// The points and their answers, in no set order.
    var entries: [(point: Point, answer: Answer)] {
        var result: [(point: Point, answer: Answer)] = []
        result.reserveCapacity(count)
        for slot in answers.indices where answers[slot].country != Self.free.country { result.append((keys[slot], answers[slot])) }
        return result
    }

    /// The points, in no set order.
    var points: [Point] { entries.map(\.point) }

    private mutating func grow(to points: Int) {
        var capacity = 16
        while capacity < 2 * points { capacity *= 2 }
        let old = entries
        keys = Array(repeating: Point(bits: 0, 0), count: capacity)
        answers = Array(repeating: Self.free, count: capacity)
        count = 0
        for (point, answer) in old { self[point] = answer }
    }
}

private extension [UInt8] {
    mutating func appendLittleEndian(_ value: UInt32) {
        for shift in stride(from: 0, to: 32, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    mutating func appendLittleEndian(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// A u32 length and the text's UTF-8 bytes.
    mutating func appendText(_ text: String) {
        appendLittleEndian(UInt32(truncatingIfNeeded: text.utf8.count))
        append(contentsOf: text.utf8)
    }
}
