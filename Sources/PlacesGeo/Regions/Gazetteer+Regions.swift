import PlacesCore

/// Search in the added regions: their points of interest, streets, addresses and postcodes, ranked on the
/// gazetteer's scale so one list holds both.
extension Gazetteer {
    /// How important a region's place is, on ``GazetteerScore``'s scale: above a hamlet, below a town of
    /// some thousands, so "Dishoom" finds the restaurant and "Paris" still the city.
    static func regionImportance(kind: GazetteerEntry.Kind, population: Int) -> Double {
        switch kind {
        case .city: return max(24, GazetteerScore.importance(kind: .city, population: population))
        case .address: return 34
        case .postcode: return 32
        case .poi: return 30
        case .street: return 28
        default: return 26
        }
    }

    /// The highest importance ``regionImportance(kind:population:)`` gives any kind but a town: an address's.
    /// A town that reaches it is listed in its pack's ``RegionPack/prominentOffsets()``.
    static let regionImportanceOfAnyOther = 34.0

    /// How many places of one name (one key) a pack gives the ranking at most.
    static let regionPlacesRankedPerName = 300

    /// The places of the added regions a query names, best first. The query reads as for the gazetteer: a
    /// name, an address with its number before or after the street ("221B Baker Street", "Rue de Rivoli 10"),
    /// or a postcode, then comma-separated qualifiers, each of which must name the place's locality, street,
    /// postcode, country or region ("Café de Flore, Paris").
    /// - Complexity: per pack, one binary search of its keys plus a line read per candidate, except the
    ///   candidates that cannot rank among the places already found (passed over from their key, or their
    ///   kind and people); a typo scan of the keys sharing the query's first letters when nothing matches
    ///   outright.
    public func regionMatches(_ query: String, limit: Int = 10, country: String? = nil) -> [GazetteerMatch] {
        var trace = RegionSearchTrace()
        return regionMatches(query, limit: limit, country: country, bounded: true, trace: &trace)
    }

    /// What a region search did: how many lines it passed over unread, and how often it read every line
    /// after all because those might have counted.
    struct RegionSearchTrace {
        var passed = 0
        var readAgain = 0
    }

    /// ``regionMatches(_:limit:country:)``, reading every line when not `bounded`.
    func regionMatches(_ query: String, limit: Int, country: String?, bounded: Bool, trace: inout RegionSearchTrace) -> [GazetteerMatch] {
        guard !regionPacks.isEmpty, limit > 0, CoordinateParser.parse(query) == nil else { return [] }
        let parts = query.split(separator: ",").map { NameFolding.fold(String($0)) }.filter { !$0.isEmpty }
        func matches(_ parts: [String]) -> [GazetteerMatch] {
            if bounded, let found = regionMatches(parts: parts, limit: limit, country: country, bounded: true, trace: &trace) { return found }
            if bounded { trace.readAgain += 1 }
            return regionMatches(parts: parts, limit: limit, country: country, bounded: false, trace: &trace) ?? []
        }
        let found = matches(parts)
        // A name with a comma of its own ("Boulevard d'Italie 39,41", "AGORA, Maison Diocésaine"), when
        // reading its parts as qualifiers finds nothing outright.
        if parts.count > 1, !found.contains(where: { $0.quality.isExact }) {
            let whole = matches([NameFolding.fold(query)])
            if whole.contains(where: { $0.quality.isExact }) { return whole }
        }
        return found
    }

    /// A place's rank in the list: by score, then by pack and line (the order of the packs' files and lines).
    struct RegionRank {
        var score: Double
        var pack: Int
        var offset: Int

        func precedes(_ other: RegionRank) -> Bool {
            score != other.score ? score > other.score : (pack, offset) < (other.pack, other.offset)
        }
    }

    /// The matches of a folded query's parts. `bounded`: a line whose score cannot reach the best already
    /// found is passed over unread, from its key alone (see ``RegionPack/prominentOffsets()``); the answer
    /// is then `nil` unless the places passed over provably rank below every place the list was drawn from,
    /// so it is exactly the answer of reading every line.
    private func regionMatches(parts: [String], limit: Int, country: String?, bounded: Bool,
                               trace: inout RegionSearchTrace) -> [GazetteerMatch]? {
        guard let head = parts.first else { return [] }
        let qualifiers = parts.dropFirst().map { ($0, resolveQualifier($0, allowTypos: false)) }
        let countryFilter = country?.uppercased()
        struct Found { var pack: Int; var offset: Int; var quality: GazetteerMatch.Quality; var key: String; var score: Double }
        var found: [String: Found] = [:]
        // A name's places are up to a few hundred: room for them at once, not grown step by step.
        found.reserveCapacity(Gazetteer.regionPlacesRankedPerName)
        // Places admitted per pack and key: a dense pack can hold thousands of one name ("Parking", a chain);
        // past the first few hundred of one name (in the pack's order) more cannot change what is shown.
        // Kept per pack by key: a dictionary keyed by a struct of both would make the run time look up that struct's
        // `Hashable` conformance among every conformance of the binary on first use (0.24 M instructions).
        struct Counter { var pack: Int; var key: String }
        var admitted = [[String: Int]](repeating: [:], count: regionPacks.count)
        let key = Array(head.utf8)
        func admits(_ places: SortedTable, _ offset: Int) -> (Bool, [Substring]) {
            let f = places.fields(at: offset)
            guard f.count > RegionPack.ExtraColumn.locality.rawValue else { return (false, f) }
            let cc = String(f[GazetteerSchema.PlaceColumn.country.rawValue])
            if let countryFilter, cc != countryFilter { return (false, f) }
            for (text, scope) in qualifiers {
                let admin1 = f[GazetteerSchema.PlaceColumn.admin1.rawValue], admin2 = f[GazetteerSchema.PlaceColumn.admin2.rawValue]
                let whereabouts = Whereabouts(country: cc, region: admin1.isEmpty ? nil : cc + "." + admin1,
                                              county: admin2.isEmpty ? nil : cc + "." + admin1 + "." + admin2)
                let named = [RegionPack.ExtraColumn.locality, .street, .postcode].contains { NameFolding.fold(String(f[$0.rawValue])) == text }
                guard named || text == cc.lowercased() || scope.admits(whereabouts) else { return (false, f) }
            }
            return (true, f)
        }
        // The bounded scan: the best ranks read so far (best first, at most `kept`), the best a line passed
        // over could have reached, and whether one of those was an exact match.
        let kept = 2 * limit
        var held: [RegionRank] = []
        var bestPassed: RegionRank?
        var passedExact = false
        // The highest score passed over of a street, of a postcode and of any other line: the only lines that
        // can share an identity are a named way's street and its other place (one OSM id), or two postcodes.
        var passedStreet = -Double.infinity, passedPostcode = -Double.infinity, passedOther = -Double.infinity
        func hold(_ rank: RegionRank) {
            guard bounded, held.count < kept || rank.precedes(held[kept - 1]) else { return }
            let at = held.firstIndex { rank.precedes($0) } ?? held.count
            held.insert(rank, at: at)
            if held.count > kept { held.removeLast() }
        }
        // Where each field of the line being considered starts (and, last, where the line ends): reused
        // from line to line, so ranking the hundreds of places of one name makes no string but their ids.
        var starts: [Int] = []
        func consider(_ packIndex: Int, _ ref: Ref, _ quality: GazetteerMatch.Quality, _ matched: String,
                      edits: Int = 0, wholeWord: Bool = false) {
            let counter = Counter(pack: packIndex, key: matched)
            var count = admitted[counter.pack][counter.key, default: 0]
            consider(packIndex, ref, quality, matched, edits: edits, wholeWord: wholeWord, admitted: &count)
            admitted[counter.pack][counter.key] = count
        }
        // `admitted`: how many places of this pack and key were admitted so far, kept by a caller that reads a
        // run of one key's entries, so that hundreds of them cost no lookup of the key each.
        func consider(_ packIndex: Int, _ ref: Ref, _ quality: GazetteerMatch.Quality, _ matched: String,
                      edits: Int = 0, wholeWord: Bool = false, admitted: inout Int) {
            // The pack's places alone: a copy of the whole pack (its name, facts and tables) costs a retain and a
            // release of each of its references, for every line considered.
            let line = regionPacks[packIndex].tables.places
            guard admitted < Gazetteer.regionPlacesRankedPerName else { return }
            line.fieldStarts(at: ref.offset, into: &starts)
            guard starts.count - 1 > RegionPack.ExtraColumn.locality.rawValue else { return }
            func bytes(_ column: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(start: line.base + starts[column], count: starts[column + 1] - 1 - starts[column])
            }
            if countryFilter != nil || !qualifiers.isEmpty {
                guard admits(line, ref.offset).0 else { return }
            }
            admitted += 1
            let entryKind = Self.regionKind(bytes(GazetteerSchema.PlaceColumn.kind.rawValue))
            // A postcode is a code, but as good a match as a name.
            let keyQuality = quality == .code ? GazetteerMatch.Quality.exact : quality
            let score = GazetteerScore.quality(keyQuality, edits: edits, wholeWord: wholeWord)
                + Gazetteer.regionImportance(kind: entryKind, population: ASCIIDecimal.integer(bytes(GazetteerSchema.PlaceColumn.population.rawValue), signed: true) ?? 0)
            // The same object in overlapping regions, or a place's node and its area, count once.
            let id = bytes(GazetteerSchema.PlaceColumn.id.rawValue)
            let identity: String
            if id.isEmpty {
                let f = line.fields(at: ref.offset)
                identity = "\(f[1])|\(f[GazetteerSchema.PlaceColumn.kind.rawValue])|\(f[2].prefix(7))|\(f[3].prefix(7))"
            } else {
                identity = String(decoding: id, as: UTF8.self)
            }
            if let existing = found[identity], existing.score >= score { return }
            found[identity] = Found(pack: packIndex, offset: ref.offset, quality: keyQuality, key: matched, score: score)
            hold(RegionRank(score: score, pack: packIndex, offset: ref.offset))
        }
        // What the scan admitted of each key: a pack's keys are sorted, so each key is one run of entries, and
        // its count is final when the run ends. They are made the dictionary the later readings count in once
        // the scan is over, as most searches end with the scan; their keys stay bytes until then (a prefix scan
        // reads thousands of keys, and a string of each costs more than the rest of passing over its line).
        var scannedRuns: [(pack: Int, key: [UInt8], count: Int)] = []
        for (index, pack) in regionPacks.enumerated() {
            // A line's score is its key's quality plus its importance: at most the highest of any kind but a
            // town's, unless the pack lists it as prominent. Filters need the line, so they read every line.
            // The list is read only once the best places are held, which a query matching few lines never needs.
            let boundable = bounded && countryFilter == nil && qualifiers.isEmpty
            var prominentList: [Int]??
            var prominentCursor = AscendingCursor()
            // The entries of one key follow each other: their count toward the per-name cap is kept here
            // while they last, and their key made into a string once.
            var runKey: [UInt8]?, runText: String?, runCount = 0
            // Keys are written with the gazetteer's letters: P a main name or an address, p another name, K a postcode.
            pack.tables.scanExactAndPrefix(key, limit: limit) { cursor, ref, quality, wholeWord, _ in
                if runKey == nil || cursor.keyLength != runKey!.count || cursor.compare(runKey!) != 0 {
                    if let runKey { scannedRuns.append((index, runKey, runCount)) }
                    runKey = Array(cursor.keyBytes)
                    runText = nil
                    runCount = 0
                }
                guard runCount < Gazetteer.regionPlacesRankedPerName else { return }
                if boundable, held.count == kept, prominentList == nil { prominentList = .some(pack.prominentOffsets()) }
                if boundable, held.count == kept, let prominent = prominentList ?? nil, !prominentCursor.contains(ref.offset, in: prominent) {
                    let keyQuality = quality == .code ? GazetteerMatch.Quality.exact : quality
                    let keyScore = GazetteerScore.quality(keyQuality, wholeWord: wholeWord)
                    var bound = RegionRank(score: keyScore + Gazetteer.regionImportanceOfAnyOther, pack: index, offset: ref.offset)
                    // The key alone may not decide; the line's kind and people do, read without the rest of it.
                    var kind: GazetteerEntry.Kind?
                    if !held[kept - 1].precedes(bound) {
                        kind = Self.regionKind(pack.tables.places, ref.offset)
                        bound.score = keyScore + Self.regionImportance(pack.tables.places, ref.offset, kind: kind!)
                    }
                    if held[kept - 1].precedes(bound) {
                        // Passed over, but counted toward its name's cap as reading it would have.
                        runCount += 1
                        trace.passed += 1
                        if bestPassed.map({ bound.precedes($0) }) ?? true { bestPassed = bound }
                        if keyQuality.isExact { passedExact = true }
                        // Passed on its key alone, it ties the bound only as an address.
                        switch kind {
                        case .street?: passedStreet = max(passedStreet, bound.score)
                        case .postcode?: passedPostcode = max(passedPostcode, bound.score)
                        default: passedOther = max(passedOther, bound.score)
                        }
                        return
                    }
                }
                if runText == nil { runText = String(decoding: runKey!, as: UTF8.self) }
                consider(index, ref, quality, runText!, wholeWord: wholeWord, admitted: &runCount)
            }
            if let runKey { scannedRuns.append((index, runKey, runCount)) }
        }
        func countScannedRuns() {
            for run in scannedRuns { admitted[run.pack][String(decoding: run.key, as: UTF8.self), default: 0] += run.count }
            scannedRuns = []
        }
        if passedExact, !found.values.contains(where: { $0.quality.isExact }) { return nil }
        if !found.values.contains(where: { $0.quality.isExact }) {
            // "Hotel Hermitage", "Hermitage Hotel", "Café Flore": a kind word before or after the name.
            countScannedRuns()
            let words = head.split(separator: " ")
            if words.count >= 2 {
                for (word, rest) in [(words[0], words.dropFirst()), (words[words.count - 1], words.dropLast())] {
                    let name = Array(TextJoin.joined(rest, separator: " ").utf8)
                    for (index, pack) in regionPacks.enumerated() {
                        pack.tables.forEachExact(name) { ref, _ in
                            let f = pack.tables.places.fields(at: ref.offset)
                            guard f.count > RegionPack.ExtraColumn.kindWord.rawValue,
                                  NameFolding.fold(String(f[RegionPack.ExtraColumn.kindWord.rawValue])).split(separator: " ").contains(word) else { return }
                            consider(index, ref, .alias, String(decoding: name, as: UTF8.self))
                        }
                    }
                }
            }
        }
        if !found.values.contains(where: { $0.quality.isExact }), key.count >= 4 {
            countScannedRuns()
            for (index, pack) in regionPacks.enumerated() {
                // A key's entries come one after another: their count is kept here while they last.
                var runCounter: Counter?, runCount = 0
                pack.tables.fuzzy(key) { ref, _, edits, matched in
                    if runCounter?.key != matched {
                        if let runCounter { admitted[index][runCounter.key] = runCount }
                        runCounter = Counter(pack: index, key: matched)
                        runCount = admitted[index][matched, default: 0]
                    }
                    consider(index, ref, .fuzzy, matched, edits: edits, admitted: &runCount)
                }
                if let runCounter { admitted[index][runCounter.key] = runCount }
            }
        }
        let ranked = found.values.sorted { a, b in a.score != b.score ? a.score > b.score : (a.pack, a.offset) < (b.pack, b.offset) }
        var matches: [GazetteerMatch] = []
        for candidate in ranked {
            // A line passed over could have stood here: the list read so far is not surely the whole one's.
            if let bestPassed, !RegionRank(score: candidate.score, pack: candidate.pack, offset: candidate.offset).precedes(bestPassed) {
                return nil
            }
            let entry = regionPacks[candidate.pack].entry(at: candidate.offset)
            // A line passed over that shares this place's identity and ties its score would have held the
            // identity had it been read first.
            if bestPassed != nil, candidate.score == (entry.kind == .street ? passedOther : entry.kind == .postcode ? passedPostcode : passedStreet) {
                return nil
            }
            // One object mapped twice (a node and its building, a stop and its station area) shows once.
            let twin = matches.contains { kept in
                kept.entry.name == entry.name && kept.entry.osm?.kindWord == entry.osm?.kindWord
                    && Geodesy.distanceKm(fromLatitude: kept.entry.latitude, longitude: kept.entry.longitude,
                                          toLatitude: entry.latitude, longitude: entry.longitude) <= 0.06
            }
            if twin { continue }
            matches.append(GazetteerMatch(entry: entry, quality: candidate.quality, matchedKey: candidate.key,
                                          score: (candidate.score * 10).rounded() / 10))
            if matches.count == limit { break }
        }
        // Fewer than asked for: a line passed over would have been one more.
        if matches.count < limit, bestPassed != nil { return nil }
        return matches
    }

    /// The kind of the `places` line at `offset`, as ranking reads it (an unknown one is a point of interest).
    static func regionKind(_ places: SortedTable, _ offset: Int) -> GazetteerEntry.Kind {
        let start = places.field(.kind, ofLineAt: offset)
        return regionKind(UnsafeBufferPointer(start: places.base + start, count: places.fieldEnd(from: start) - start))
    }

    /// The kind a `places` line's kind column names (an unknown or empty one is a point of interest), told from
    /// its bytes: making a string of each of hundreds of lines costs more than the rest of ranking them.
    static func regionKind(_ bytes: UnsafeBufferPointer<UInt8>) -> GazetteerEntry.Kind {
        bytes.isEmpty ? .poi : GazetteerEntry.Kind(word: bytes) ?? .poi
    }

    /// ``regionImportance(kind:population:)`` of the `places` line at `offset`, of that kind.
    static func regionImportance(_ places: SortedTable, _ offset: Int, kind: GazetteerEntry.Kind) -> Double {
        guard kind == .city else { return regionImportance(kind: kind, population: 0) }
        let start = places.field(.population, ofLineAt: offset)
        let bytes = UnsafeBufferPointer(start: places.base + start, count: places.fieldEnd(from: start) - start)
        return regionImportance(kind: kind, population: ASCIIDecimal.integer(bytes, signed: true) ?? 0)
    }

    /// The index of `value` in ascending `values`, or `nil`.
    /// Whether sorted values hold each of a run of values asked in ascending order (a key's lines), from where
    /// the last answer left off: a prefix scan asks for thousands of lines, most in one ascending run each.
    struct AscendingCursor {
        private var index = 0, last = Int.max

        /// Whether `values` (ascending) holds `value`; cheapest when `value` is at least the one asked before.
        mutating func contains(_ value: Int, in values: [Int]) -> Bool {
            if value < last { index = Gazetteer.lowerBound(values, value) }
            last = value
            while index < values.count, values[index] < value { index += 1 }
            return index < values.count && values[index] == value
        }
    }

    /// The first index of ascending `values` whose value is `value` or more.
    static func lowerBound(_ values: [Int], _ value: Int) -> Int {
        values.indices.partitionPoint { values[$0] < value }
    }

    /// The index of `value` in ascending `values`, `nil` when it is not there.
    static func binarySearch(_ values: [Int], _ value: Int) -> Int? {
        let low = lowerBound(values, value)
        return low < values.count && values[low] == value ? low : nil
    }

    /// The gazetteer's matches and the regions' in one list by score. A region's town, village or country that
    /// the gazetteer already gives (same name, nearby) is left out.
    func merged(_ own: GazetteerSearchResult, _ regional: [GazetteerMatch], limit: Int) -> GazetteerSearchResult {
        guard !regional.isEmpty else { return own }
        let kept = regional.filter { match in
            // A region's `place` (town, suburb, country) the gazetteer also knows by that name nearby is the gazetteer's.
            guard match.entry.osm?.kindTag.hasPrefix("place=") ?? false else { return true }
            let name = NameFolding.fold(match.entry.name)
            let reach = match.entry.osm?.kindTag == "place=country" || match.entry.osm?.kindTag == "place=state" ? 100.0 : 5.0
            return !own.matches.contains { other in
                NameFolding.fold(other.entry.name) == name
                    && Geodesy.distanceKm(fromLatitude: other.entry.latitude, longitude: other.entry.longitude,
                                          toLatitude: match.entry.latitude, longitude: match.entry.longitude) <= reach
            }
        }
        var all = own.matches.map { ($0, 0) } + kept.map { ($0, 1) }
        all.sort { a, b in a.0.score != b.0.score ? a.0.score > b.0.score : a.1 < b.1 }
        let matches = all.prefix(limit).map(\.0)
        // A note about a dropped qualifier concerns the gazetteer's results: kept only when one leads.
        let gazetteerLeads = matches.first.map { $0.entry.osm == nil } ?? true
        return GazetteerSearchResult(matches: Array(matches), droppedQualifiers: gazetteerLeads ? own.droppedQualifiers : [],
                                     suggestions: matches.isEmpty ? own.suggestions : [])
    }
}

extension RegionPack {
    /// The entry of the `places` line at `offset`, with its OSM detail.
    func entry(at offset: Int) -> GazetteerEntry {
        var entry = tables.placeEntry(at: offset)
        let places = tables.places
        var starts: [Int] = []
        places.fieldStarts(at: offset, into: &starts)
        // A damaged pack's line may hold fewer fields than it should: a missing field reads as empty.
        func field(_ index: Int) -> String {
            guard index + 1 < starts.count else { return "" }
            return String(decoding: UnsafeBufferPointer(start: places.base + starts[index], count: starts[index + 1] - 1 - starts[index]), as: UTF8.self)
        }
        func text(_ column: ExtraColumn) -> String { field(column.rawValue) }
        let street = text(.street), number = text(.houseNumber)
        entry.osm = OSMDetail(kindWord: text(.kindWord), kindTag: text(.kindTag), street: street, houseNumber: number,
                              postcode: text(.postcode), locality: text(.locality), region: name,
                              osmID: field(GazetteerSchema.PlaceColumn.id.rawValue),
                              addressText: number.isEmpty ? nil : RegionPackWriter.addressText(street: street, houseNumber: number,
                                                                                                country: entry.countryCode))
        // A region's places are not the gazetteer's sights: their importance is the pack's, not a rank.
        entry.codes = []
        return entry
    }
}

extension RegionPack {
    /// Every place the pack holds, in its order (by grid cell, then latitude).
    /// - Complexity: O(n): every line is read.
    public func entries() -> [GazetteerEntry] {
        var entries: [GazetteerEntry] = []
        var offset = 0
        while offset < tables.places.count {
            entries.append(entry(at: offset))
            offset = tables.places.nextLine(after: offset)
        }
        return entries
    }
}
