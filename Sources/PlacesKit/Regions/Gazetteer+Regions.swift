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

    /// How many places of one name (one key) a pack gives the ranking at most.
    static let regionPlacesRankedPerName = 300

    /// The places of the added regions a query names, best first. The query reads as for the gazetteer: a
    /// name, an address with its number before or after the street ("221B Baker Street", "Rue de Rivoli 10"),
    /// or a postcode, then comma-separated qualifiers, each of which must name the place's locality, street,
    /// postcode, country or region ("Café de Flore, Paris").
    /// - Complexity: per pack, one binary search of its keys plus a line read per candidate; a typo scan of
    ///   the keys sharing the query's first letters when nothing matches outright.
    public func regionMatches(_ query: String, limit: Int = 10, country: String? = nil) -> [GazetteerMatch] {
        guard !regionPacks.isEmpty, limit > 0, CoordinateParser.parse(query) == nil else { return [] }
        let parts = query.split(separator: ",").map { NameFolding.fold(String($0)) }.filter { !$0.isEmpty }
        let matches = regionMatches(parts: parts, limit: limit, country: country)
        // A name with a comma of its own ("Boulevard d'Italie 39,41", "AGORA, Maison Diocésaine"), when
        // reading its parts as qualifiers finds nothing outright.
        if parts.count > 1, !matches.contains(where: { $0.quality.isExact }) {
            let whole = regionMatches(parts: [NameFolding.fold(query)], limit: limit, country: country)
            if whole.contains(where: { $0.quality.isExact }) { return whole }
        }
        return matches
    }

    private func regionMatches(parts: [String], limit: Int, country: String?) -> [GazetteerMatch] {
        guard let head = parts.first else { return [] }
        let qualifiers = parts.dropFirst().map { ($0, resolveQualifier($0, allowTypos: false)) }
        let countryFilter = country?.uppercased()
        struct Found { var pack: Int; var offset: Int; var quality: GazetteerMatch.Quality; var key: String; var score: Double }
        var found: [String: Found] = [:]
        // Places admitted per pack and key: a dense pack can hold thousands of one name ("Parking", a chain);
        // past the first few hundred of one name (in the pack's order) more cannot change what is shown.
        struct Counter: Hashable { var pack: Int; var key: String }
        var admitted: [Counter: Int] = [:]
        let key = Array(head.utf8)
        func admits(_ pack: RegionPack, _ offset: Int) -> (Bool, [Substring]) {
            let f = pack.tables.places.fields(at: offset)
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
        // Where each field of the line being considered starts (and, last, where the line ends): reused
        // from line to line, so ranking the hundreds of places of one name makes no string but their ids.
        var starts: [Int] = []
        func consider(_ packIndex: Int, _ ref: Ref, _ quality: GazetteerMatch.Quality, _ matched: String,
                      edits: Int = 0, wholeWord: Bool = false) {
            let pack = regionPacks[packIndex]
            let counter = Counter(pack: packIndex, key: matched)
            guard admitted[counter, default: 0] < Gazetteer.regionPlacesRankedPerName else { return }
            let line = pack.tables.places
            line.fieldStarts(at: ref.offset, into: &starts)
            guard starts.count - 1 > RegionPack.ExtraColumn.locality.rawValue else { return }
            func bytes(_ column: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(start: line.base + starts[column], count: starts[column + 1] - 1 - starts[column])
            }
            if countryFilter != nil || !qualifiers.isEmpty {
                guard admits(pack, ref.offset).0 else { return }
            }
            admitted[counter, default: 0] += 1
            let entryKind = GazetteerEntry.Kind(rawValue: String(decoding: bytes(GazetteerSchema.PlaceColumn.kind.rawValue), as: UTF8.self)) ?? .poi
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
        }
        for (index, pack) in regionPacks.enumerated() {
            // Keys are written with the gazetteer's letters: P a main name or an address, p another name, K a postcode.
            pack.tables.scanExactAndPrefix(key, limit: limit) { ref, quality, matched, wholeWord, _ in
                consider(index, ref, quality, matched, wholeWord: wholeWord)
            }
        }
        if !found.values.contains(where: { $0.quality.isExact }) {
            // "Hotel Hermitage", "Hermitage Hotel", "Café Flore": a kind word before or after the name.
            let words = head.split(separator: " ")
            if words.count >= 2 {
                for (word, rest) in [(words[0], words.dropFirst()), (words[words.count - 1], words.dropLast())] {
                    let name = Array(rest.joined(separator: " ").utf8)
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
            for (index, pack) in regionPacks.enumerated() {
                pack.tables.fuzzy(key) { ref, _, edits, matched in consider(index, ref, .fuzzy, matched, edits: edits) }
            }
        }
        let ranked = found.values.sorted { a, b in a.score != b.score ? a.score > b.score : (a.pack, a.offset) < (b.pack, b.offset) }
        var matches: [GazetteerMatch] = []
        for candidate in ranked {
            let entry = regionPacks[candidate.pack].entry(at: candidate.offset)
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
        return matches
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
        let f = tables.places.fields(at: offset)
        // A damaged pack's line may hold fewer fields than it should: a missing field reads as empty.
        func field(_ index: Int) -> String { index < f.count ? String(f[index]) : "" }
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
