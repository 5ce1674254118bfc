/// The features a region add keeps (points of interest, addresses, street segments, streets, postcodes),
/// as flat records in a ``RegionScratchFile``: memory keeps one offset a feature, not a struct of a dozen
/// strings, so a country's millions of addresses cost disk while the extract is read and the pack written.
///
/// Features are appended in order and read back by index, one at a time, as ``RegionCompiler/Feature``
/// values. Reading them in order reads the file a megabyte at a time.
final class RegionFeatureStore {
    private let directory: String
    private var file: RegionScratchFile
    /// Where each feature's record starts.
    private var starts: [Int] = []
    /// The bytes last read from the file, starting at `windowStart`: reading in order costs one read a megabyte.
    private var window: [UInt8] = []
    private var windowStart = 0

    /// - Parameter directory: where the records go once they outgrow memory (see ``RegionScratchFile``).
    init(directory: String) {
        self.directory = directory
        file = RegionScratchFile(directory: directory)
    }

    /// How many features it holds.
    var count: Int { starts.count }

    var isEmpty: Bool { starts.isEmpty }

    /// Drops every feature (and the file that held them).
    func removeAll() {
        file = RegionScratchFile(directory: directory)
        starts = []
        window = []
    }

    /// Appends a feature.
    func append(_ f: RegionCompiler.Feature) throws {
        starts.append(file.count)
        string(f.osmID)
        file.appendUnsigned(UInt64(f.names.count))
        for name in f.names { string(name) }
        string(f.kind.rawValue)
        string(f.kindWord)
        string(f.kindTag)
        file.appendSigned(Int64(f.latitude7))
        file.appendSigned(Int64(f.longitude7))
        // Field by field, not through an array literal: no array is made per feature.
        string(f.street); string(f.houseNumber); string(f.postcode); string(f.city)
        file.appendSigned(Int64(f.population))
        if let box = f.bounds {
            file.append(1)
            file.appendSigned(Int64(box.minLat)); file.appendSigned(Int64(box.minLon))
            file.appendSigned(Int64(box.maxLat)); file.appendSigned(Int64(box.maxLon))
        } else {
            file.append(0)
        }
        file.appendUnsigned(f.length.bitPattern)
        string(f.locality); string(f.country); string(f.admin1); string(f.admin2)
        try file.endRecord()
    }

    private func string(_ text: String) {
        var text = text
        text.withUTF8 { bytes in file.appendCounted(bytes) }
    }

    /// The feature at `index`.
    func feature(_ index: Int) throws -> RegionCompiler.Feature {
        let range = starts[index]..<(index + 1 < starts.count ? starts[index + 1] : file.count)
        if range.lowerBound < windowStart || range.upperBound > windowStart + window.count {
            // A new window from the record's start: a megabyte when the record is in the file (a record
            // never lies partly in the file and partly in memory), else the record alone.
            let end = range.lowerBound < file.flushedCount
                ? min(file.flushedCount, max(range.upperBound, range.lowerBound + RegionScratchFile.bufferSize)) : range.upperBound
            try file.read(range.lowerBound..<end, into: &window)
            windowStart = range.lowerBound
        }
        return window.withUnsafeBufferPointer { buffer in
            var p = range.lowerBound - windowStart
            func unsigned() -> UInt64 { ScratchVarint.unsigned(buffer, &p) }
            func signed() -> Int64 { ScratchVarint.signed(buffer, &p) }
            func string() -> String {
                let n = Int(unsigned())
                defer { p += n }
                return String(decoding: UnsafeBufferPointer(rebasing: buffer[p..<(p + n)]), as: UTF8.self)
            }
            let osmID = string()
            var names: [String] = []
            let nameCount = Int(unsigned())
            names.reserveCapacity(nameCount)
            for _ in 0..<nameCount { names.append(string()) }
            let kind = GazetteerEntry.Kind(rawValue: string()) ?? .poi
            let kindWord = string(), kindTag = string()
            let latitude7 = Int32(truncatingIfNeeded: signed()), longitude7 = Int32(truncatingIfNeeded: signed())
            var f = RegionCompiler.Feature(osmID: osmID, names: names, kind: kind, kindWord: kindWord, kindTag: kindTag,
                                           latitude7: latitude7, longitude7: longitude7)
            f.street = string(); f.houseNumber = string(); f.postcode = string(); f.city = string()
            f.population = Int(signed())
            p += 1
            if buffer[p - 1] == 1 {
                let minLat = Int32(truncatingIfNeeded: signed()), minLon = Int32(truncatingIfNeeded: signed())
                let maxLat = Int32(truncatingIfNeeded: signed()), maxLon = Int32(truncatingIfNeeded: signed())
                f.bounds = RegionCompiler.Box(minLat: minLat, minLon: minLon, maxLat: maxLat, maxLon: maxLon)
            }
            f.length = Double(bitPattern: unsigned())
            f.locality = string(); f.country = string(); f.admin1 = string(); f.admin2 = string()
            return f
        }
    }
}
