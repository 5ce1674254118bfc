import Testing
@testable import PlacesCore
@testable import PlacesGeo

/// The bundled places table leaves a populated place's kind and "no flags" empty; imported gazetteers and
/// region packs spell them `city` and `-`. Every reader of a line must read the two forms alike.
@Suite struct PlaceColumnFormsTests {
    /// The same places in both forms, line for line: a town, a capital, a feature (whose kind is never empty).
    static let compact = """
        00000\tTown\t1.5\t2.5\tCH\tBE\t\t1200\t\t\t\t\t\t\t
        00000\tCapital\t1.6\t2.6\tCH\tBE\t\t130000\t\tC\t\t\t\t\t
        00000\tPeak\t1.7\t2.7\tCH\tBE\t\t0\tmountain\t\t6\t4000\t\t\t

        """
    static let spelt = """
        00000\tTown\t1.5\t2.5\tCH\tBE\t\t1200\tcity\t-\t\t\t\t\t
        00000\tCapital\t1.6\t2.6\tCH\tBE\t\t130000\tcity\tC\t\t\t\t\t
        00000\tPeak\t1.7\t2.7\tCH\tBE\t\t0\tmountain\t-\t6\t4000\t\t\t

        """

    /// Reads each line of `text` as a gazetteer does, and what each reader says of it.
    static func readings(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            let places = SortedTable(base: buffer.baseAddress!, count: buffer.count)
            let keys = KeyTable(base: buffer.baseAddress!, count: 0)
            let gazetteer = Gazetteer(keys: keys, places: places, occupancy: nil, source: .bundled, info: [:])
            var result: [String] = [], offset = 0
            while offset < places.count {
                let entry = gazetteer.placeEntry(at: offset)
                let standing = gazetteer.standing(ofLineAt: offset)
                let (importance, kind) = gazetteer.importance(of: Gazetteer.Ref(table: .places, offset: offset))
                var longitudeEnd = 0
                gazetteer.forEachLine(row: 0, column: 0) { line, _, _, end in if line == offset { longitudeEnd = end } }
                result.append([entry.name, entry.kind.rawValue, "\(entry.isCapital)", "\(entry.population) \(entry.elevation ?? -1) \(entry.admin1)",
                               standing.map { "\($0.kind) \($0.isCapital) \($0.population) \($0.rank ?? -1) \($0.name)" } ?? "nil",
                               "\(importance) \(kind)", "\(gazetteer.isSettlementLine(offset))",
                               "\(gazetteer.isSettlementLine(afterLongitude: longitudeEnd))"].joined(separator: " | "))
                offset = places.nextLine(after: offset)
            }
            return result
        }
    }

    @Test func bothFormsReadAlike() {
        let compact = Self.readings(Self.compact), spelt = Self.readings(Self.spelt)
        #expect(compact.count == 3)
        #expect(compact == spelt)
        // And they read as what they are: two towns (one a capital), then a peak.
        #expect(compact.map { $0.split(separator: "|")[1].trimmingCharacters(in: .whitespaces) } == ["city", "city", "mountain"])
        #expect(compact.map { $0.split(separator: "|")[2].trimmingCharacters(in: .whitespaces) } == ["false", "true", "false"])
        #expect(compact.map { $0.hasSuffix("true | true") } == [true, true, false])
    }

    @Test func anEmptyKindWordIsAPopulatedPlace() {
        #expect([UInt8]().withUnsafeBufferPointer { GazetteerEntry.Kind(word: $0) } == .city)
        #expect(Array("city".utf8).withUnsafeBufferPointer { GazetteerEntry.Kind(word: $0) } == .city)
        #expect(Array("cities".utf8).withUnsafeBufferPointer { GazetteerEntry.Kind(word: $0) } == nil)
    }

    /// Every kind's word reads as `init(rawValue:)` reads it, and so do its prefixes, its extensions and words of
    /// no kind, including one cut from inside a longer buffer (as a table's column is).
    @Test func everyWordReadsAsItsRawValue() {
        var words = GazetteerEntry.Kind.allCases.map(\.rawValue)
        words += words.map { String($0.dropLast()) } + words.map { $0 + "s" } + ["", "x", "poi ", " poi", "POI", "café", "archipelagos", "abcdefghijklmnop"]
        for word in words {
            let padded = Array(("\t" + word + "\t").utf8)
            let read = padded.withUnsafeBufferPointer {
                GazetteerEntry.Kind(word: UnsafeBufferPointer(rebasing: $0[1..<($0.count - 1)]))
            }
            #expect(read == (word.isEmpty ? .city : GazetteerEntry.Kind(rawValue: word)), "\(word)")
        }
    }

    /// `init(rawValue:)` is written out by hand: every kind's word must read back as that kind, and nothing else.
    @Test func everyKindWordReadsBack() {
        for kind in GazetteerEntry.Kind.allCases {
            #expect(GazetteerEntry.Kind(rawValue: kind.rawValue) == kind)
            #expect(Array(kind.rawValue.utf8).withUnsafeBufferPointer { GazetteerEntry.Kind(word: $0) } == kind)
            #expect(GazetteerEntry.Kind(rawValue: kind.rawValue.uppercased()) == nil)
            #expect(GazetteerEntry.Kind(rawValue: kind.rawValue + "s") == nil)
        }
        #expect(GazetteerEntry.Kind.allCases.count == 64)
        #expect(GazetteerEntry.Kind(rawValue: "") == nil)
        #expect(GazetteerEntry.Kind(rawValue: "café") == nil)
    }
}
