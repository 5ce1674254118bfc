import PlacesCore

extension Gazetteer {
    /// Finds the places a query names, best first.
    ///
    /// The query may be a name in any language or script (`Лондон`, `伦敦`), with or without diacritics or
    /// punctuation, optionally followed by comma-separated qualifiers read right to left (a country, a region
    /// or a county, by name, former name, code, or misspelt: `Cambridge, MA, US`, `St Ives, Cornwall`,
    /// `Nimes, Languedoc-Roussillon`), or a pair of coordinates. Generic words are understood: `Lake Como`,
    /// `Mount Fuji`, `Mt Etna`, `Isle of Skye`, `Yosemite National Park`, `Niagara Falls`, `the Louvre`.
    /// Every candidate gets one ``GazetteerMatch/score`` (see ``GazetteerScore``); typos are guessed when
    /// no name matches outright: edit distance 1 for names up to 7 letters, 2 beyond.
    /// - Parameters:
    ///   - query: what the person typed.
    ///   - limit: the most results to return.
    ///   - country: an ISO 3166-1 alpha-2 code (any case) that every result must be in.
    /// - Returns: ranked matches; empty when nothing matches.
    /// - Complexity: an exact lookup is O(log n) over about 1.2 million keys plus one line read per candidate;
    ///   a typo search scans the keys that share the query's first or second letter.
    public func search(_ query: String, limit: Int = 10, country: String? = nil) -> [GazetteerMatch] {
        lookup(query, limit: limit, country: country).matches
    }

    /// Finds the places a query names, best first, and says which qualifiers named nothing and were dropped
    /// ("Nimes, Atlantis" searches Nimes). See ``search(_:limit:country:)`` for what a query may hold.
    /// The places of added regions (``regionPacks``) rank in the same list: streets, addresses, postcodes and
    /// points of interest (see ``regionMatches(_:limit:country:)``).
    public func lookup(_ query: String, limit: Int = 10, country: String? = nil) -> GazetteerSearchResult {
        guard !regionPacks.isEmpty, limit > 0 else { return ownLookup(query, limit: limit, country: country) }
        // A name a region holds outright needs no typo scan of the gazetteer's keys (the costliest part of
        // a search): within the gazetteer too, typos are guessed only when no name matches outright.
        let regional = regionMatches(query, limit: limit, country: country)
        let own = ownLookup(query, limit: limit, country: country, typos: !regional.contains { $0.quality.isExact })
        return merged(own, regional, limit: limit)
    }

    /// ``lookup(_:limit:country:)`` in this gazetteer's own tables only.
    /// - Parameter typos: whether to guess typos when no name matches outright.
    func ownLookup(_ query: String, limit: Int = 10, country: String? = nil, typos: Bool = true) -> GazetteerSearchResult {
        guard limit > 0 else { return GazetteerSearchResult(matches: []) }
        let countryFilter = country?.uppercased()
        if let point = CoordinateParser.parse(query) {
            let match = coordinateMatch(latitude: point.latitude, longitude: point.longitude)
            return GazetteerSearchResult(matches: countryFilter == nil || match.entry.countryCode == countryFilter ? [match] : [])
        }
        let parts = query.split(separator: ",").map { (text: String($0).trimmed, folded: NameFolding.fold(String($0))) }
            .filter { !$0.folded.isEmpty }
        guard let head = parts.first else { return GazetteerSearchResult(matches: []) }
        var scopes: [Scope] = []
        var dropped: [GazetteerSearchResult.DroppedQualifier] = []
        for qualifier in parts.dropFirst().reversed() {
            var scope = resolveQualifier(qualifier.folded)
            scope.text = qualifier.text
            if scope.isEmpty {
                dropped.append(.init(text: qualifier.text))
            } else {
                scopes.append(scope)
            }
        }
        // Three or four capital letters are written as a code (KEF is Keflavík's airport, not Le Kef); anything
        // else, small letters or a capital then small letters, as a name (Eze and eze are the village Èze, not
        // Ezeiza's EZE; Omã is Oman, not Omaha's OMA).
        let writing: CodeWriting = (3...4).contains(head.text.count) && head.text.allSatisfy { $0.isASCII && $0.isUppercase } ? .code : .name
        var matches = rank(head.folded, scopes: scopes, country: countryFilter, limit: limit, writing: writing, typed: head.text, typos: typos)
        if matches.isEmpty, scopes.contains(where: \.isGuess) {
            // A qualifier read as the nearest name ("Atlantis" as Atlántico) that leaves nothing is dropped too.
            dropped += scopes.filter(\.isGuess).map { .init(text: $0.text) }
            scopes.removeAll(where: \.isGuess)
            matches = rank(head.folded, scopes: scopes, country: countryFilter, limit: limit, typos: typos)
        }
        if !dropped.isEmpty {
            // Say which country the search stayed in, when the other qualifiers or the filter name one.
            let named = Set(scopes.flatMap(\.countryCodes)).union(countryFilter.map { [$0] } ?? [])
            if named.count == 1 { for i in dropped.indices { dropped[i].countryCode = named.first } }
        }
        if parts.count == 1, matches.allSatisfy({ !$0.quality.isExact }) {
            // "Paris Texas", "Springfield Illinois": with nothing exact, read the last words as a qualifier.
            let words = head.folded.split(separator: " ")
            for split in [words.count - 1, words.count - 2] where split >= 1 {
                let scope = resolveQualifier(TextJoin.joined(words[split...], separator: " "), allowTypos: false)
                guard !scope.isEmpty else { continue }
                let retry = rank(TextJoin.joined(words[..<split], separator: " "), scopes: [scope], country: countryFilter, limit: limit, typos: typos)
                if retry.first?.quality.isExact ?? false { matches = retry; break }
            }
        }
        if let best = matches.first, isWeakTypo(best, of: head.folded) {
            return GazetteerSearchResult(matches: [], droppedQualifiers: dropped, suggestions: matches)
        }
        return GazetteerSearchResult(matches: matches, droppedQualifiers: dropped)
    }

    // MARK: - Candidates

    /// How the query is written, which tells a code from a name of the same letters.
    enum CodeWriting {
        /// In three or four capitals: a code ("KEF").
        case code
        /// Otherwise ("Eze", "eze", "Omã"): a name; a place's code is worth less than a name of those letters.
        case name
        /// Not known (a retry on part of the query): codes and names as they score.
        case either
    }

    /// A candidate while searching: where its line is, how it matched and its score.
    struct Candidate {
        var ref: Ref
        var quality: GazetteerMatch.Quality
        var key: String
        var score: Double
    }

    /// The places, regions, counties and countries a qualifier can name.
    struct Scope {
        var countryCodes: Set<String> = []
        /// `CC.admin1` keys.
        var regions: Set<String> = []
        /// `CC.admin1.admin2` keys.
        var counties: Set<String> = []
        /// Whether the qualifier matched no name exactly and was read as the nearest ones.
        var isGuess = false
        /// The qualifier as typed.
        var text = ""
        var isEmpty: Bool { countryCodes.isEmpty && regions.isEmpty && counties.isEmpty }

        func admits(_ where_: Whereabouts) -> Bool {
            countryCodes.contains(where_.country) || where_.region.map(regions.contains) ?? false
                || where_.county.map(counties.contains) ?? false
        }
    }

    /// The country, region and county a line lies in.
    struct Whereabouts {
        var country: String
        var region: String?
        var county: String?
    }

    /// Ranks the candidates for a folded name within the qualifiers' scopes.
    private func rank(_ head: String, scopes: [Scope], country: String?, limit: Int, writing: CodeWriting = .either,
                      typed: String = "", typos: Bool = true) -> [GazetteerMatch] {
        // Keyed by ``Ref/slot``, an `Int`: a dictionary keyed by `Ref` itself makes the run time look up `Ref`'s
        // `Hashable` conformance among every conformance of the binary on first use (0.25 M instructions a search).
        var best: [Int: Candidate] = [:]
        let accept: (Ref) -> Bool = { ref in
            if country == nil && scopes.isEmpty { return true }
            let whereabouts = self.whereabouts(of: ref)
            if let country, whereabouts.country != country { return false }
            return scopes.allSatisfy { $0.admits(whereabouts) }
        }
        func consider(_ ref: Ref, _ quality: GazetteerMatch.Quality, key: String, edits: Int = 0, wholeWord: Bool = false,
                      viaAlias: Bool = false, shortName: Bool = false, family: GenericWords.Family? = nil) {
            let qualityScore = (quality == .alias && family != nil ? GazetteerScore.understood
                : quality == .alias && shortName ? GazetteerScore.shortName
                : quality == .code && ref.table == .places ? (writing == .name ? GazetteerScore.codeWrittenAsName : GazetteerScore.airportCode)
                : GazetteerScore.quality(quality, edits: edits, wholeWord: wholeWord) - (viaAlias ? GazetteerScore.typoOfAlias : 0))
            // Importance stays below 80 (China, the largest, has 73): a candidate that far ahead cannot improve.
            if let existing = best[ref.slot], existing.score >= qualityScore + 80 + (writing == .code ? GazetteerScore.writtenAsCode : 0) { return }
            guard accept(ref) else { return }
            let (importance, kind) = self.importance(of: ref)
            if let family, !family.admits(kind) { return }
            // Written as a code, a code gains, and so does a sight known by its initials (MIT, ETH); a town's
            // other name does not (Le Kef's "Kef" is no code).
            let readAsCode = writing == .code && (quality == .code || (quality == .alias && !shortName && family == nil
                && ref.table == .places && !kind.isSettlement))
            let score = qualityScore + importance + (readAsCode ? GazetteerScore.writtenAsCode : 0)
            if let existing = best[ref.slot], existing.score >= score { return }
            best[ref.slot] = Candidate(ref: ref, quality: quality, key: key, score: score)
        }
        let key = Array(head.utf8)
        scanExactAndPrefix(key, limit: limit, consider: { consider($0, $1, key: $2, wholeWord: $3, shortName: $4) })
        // Generic words understood: "lake como" also looks for lakes called "como".
        if !best.values.contains(where: { $0.quality.isExact }) {
            for reading in GenericWords.readings(of: head) {
                forEachExact(Array(reading.core.utf8)) { ref, _ in
                    consider(ref, .alias, key: reading.core, family: reading.family)
                }
            }
        }
        // "X River" with no river called X finds the place X ("Sumida River": the ward the river names).
        if !best.values.contains(where: { $0.quality.isExact }) {
            for reading in GenericWords.readings(of: head) where reading.family == .river {
                forEachExact(Array(reading.core.utf8)) { ref, _ in consider(ref, .alias, key: reading.core, family: .any) }
            }
        }
        // Typos are guessed only when no name matched outright: a typo scores at most 66 + importance, so it
        // could outrank an exact name (100 + importance) only for a place some thousand times larger, and the
        // scan costs more than the rest of the search. Prefixes do not stop it: Dubin finds Dublin, not Dubinino.
        if typos, !best.values.contains(where: { $0.quality.isExact }), key.count >= 4 {
            fuzzy(key) { ref, kind, edits, matched in consider(ref, .fuzzy, key: matched, edits: edits, viaAlias: kind != .placeName) }
        }
        countCountyPeople(&best)
        leadTheExactSpelling(&best, typed: typed)
        let ranked = best.values.sorted { a, b in
            a.score != b.score ? a.score > b.score : (a.ref.table.rawValue, a.ref.offset) < (b.ref.table.rawValue, b.ref.offset)
        }
        return ranked.prefix(limit).map { candidate in
            GazetteerMatch(entry: entry(for: candidate.ref), quality: candidate.quality, matchedKey: candidate.key,
                           score: (candidate.score * 10).rounded() / 10)
        }
    }

    /// A county named by its own main name counts all of its people (Cornwall and Devon in England beat
    /// Cornwall, Ontario), unless a town of that name lies inside it: then the town is what was meant
    /// (Plymouth, not Plymouth County), and the county keeps the hundredth that
    /// ``GazetteerScore/importance(kind:population:isCapital:rank:)`` gives it.
    private func countCountyPeople(_ best: inout [Int: Candidate]) {
        for (slot, candidate) in best where candidate.ref.table == .counties {
            let ref = candidate.ref
            let fields = counties.fields(at: ref.offset)
            guard NameFolding.fold(String(fields[GazetteerSchema.UnitColumn.name.rawValue])) == candidate.key else { continue }
            let county = whereabouts(of: ref).county
            let holdsItsTown = best.values.contains { other in
                // A town by its main name: a feature or a town's other name there ("Cornwall" for the peninsula) is not one.
                other.ref.table == .places && other.quality == .exact && other.key == candidate.key
                    && importance(of: other.ref).1 == .city && whereabouts(of: other.ref).county == county
            }
            if !holdsItsTown { best[slot]?.score += GazetteerScore.countyOwnPeople }
        }
    }

    /// A place whose main name is spelled exactly as typed, accents and all, leads its namesakes by as much
    /// as tenfold people (`Oía` is the Greek village, `Oiã` the Portuguese town). Only a query with letters
    /// beyond ASCII says so much; "Oia" still ranks them by size.
    private func leadTheExactSpelling(_ best: inout [Int: Candidate], typed: String) {
        guard typed.unicodeScalars.contains(where: { !$0.isASCII }) else { return }
        let spelled = typed.lowercased()
        for (slot, candidate) in best where candidate.ref.table == .places && candidate.quality == .exact
            && String(places.text(.name, ofLineAt: candidate.ref.offset)).lowercased() == spelled {
            best[slot]?.score += GazetteerScore.exactSpelling
        }
    }

    /// Calls `consider` with every key equal to `key` (exact, alias or code), then with keys that start
    /// with it (prefix, and whether the name goes on with a new word).
    func scanExactAndPrefix(_ key: [UInt8], limit: Int,
                                    consider: (Ref, GazetteerMatch.Quality, String, Bool, Bool) -> Void) {
        let head = String(decoding: key, as: UTF8.self)
        scanExactAndPrefix(key, limit: limit) { cursor, ref, quality, wholeWord, shortName in
            consider(ref, quality, cursor.keyLength == key.count ? head : String(decoding: cursor.keyBytes, as: UTF8.self),
                     wholeWord, shortName)
        }
    }

    /// ``scanExactAndPrefix(_:limit:consider:)`` that hands over the cursor, standing on the entry, instead of
    /// the key as a string: a caller that passes over most entries makes no string for them.
    func scanExactAndPrefix(_ key: [UInt8], limit: Int,
                            entries consider: (KeyCursor, Ref, GazetteerMatch.Quality, Bool, Bool) -> Void) {
        let cursor = keys.lowerBound(key)
        var scanned = 0, exactCount = 0, prefixCount = 0
        while cursor.isValid, cursor.hasPrefix(key), scanned < 20_000 {
            let (ref, kind) = Gazetteer.ref(of: cursor)
            if cursor.keyLength == key.count {
                // Exact keys come first ("key" sorts before "key more").
                exactCount += 1
                // A region's code ("IL") only qualifies; it is not a result of its own.
                if let kind, kind != .regionCode {
                    consider(cursor, ref, Gazetteer.quality(of: kind), false, kind == .placeShortName)
                }
            } else {
                let wholeWord = cursor.key[key.count] == 32
                // Prefix matches: whole-word continuations always, others until there are plenty; none once
                // there are enough exact matches to fill the list.
                if exactCount >= limit { break }
                if wholeWord || prefixCount < 4 * limit + 50 {
                    prefixCount += 1
                    consider(cursor, ref, .prefix, wholeWord, false)
                }
            }
            cursor.advance()
            scanned += 1
        }
    }

    /// Calls `body` with every line a key names exactly, and the key's kind.
    func forEachExact(_ key: [UInt8], _ body: (Ref, GazetteerSchema.KeyKind?) -> Void) {
        let cursor = keys.lowerBound(key)
        while cursor.isValid, cursor.compare(key) == 0 {
            let (ref, kind) = Gazetteer.ref(of: cursor)
            body(ref, kind)
            cursor.advance()
        }
    }

    static func quality(of kind: GazetteerSchema.KeyKind) -> GazetteerMatch.Quality {
        switch kind {
        case .placeName, .countryName: .exact
        case .placeAlias, .placeShortName, .regionName, .countyName: .alias
        case .placeCode, .regionCode, .countryCode: .code
        }
    }

    /// The line the cursor's entry names, and its kind (`nil` for a kind this version does not know).
    static func ref(of cursor: KeyCursor) -> (Ref, GazetteerSchema.KeyKind?) {
        let kind = cursor.kind
        return (Ref(table: kind?.table ?? .places, offset: cursor.offset), kind)
    }

    // MARK: - Qualifiers

    /// The countries, regions and counties a qualifier names: exactly (by name, former name or code), else,
    /// when `allowTypos`, the closest names by edit distance ("Paris, Frnace").
    func resolveQualifier(_ folded: String, allowTypos: Bool = true) -> Scope {
        var scope = Scope()
        func add(_ ref: Ref) {
            switch ref.table {
            case .countries: scope.countryCodes.insert(String(countries.fields(at: ref.offset)[0]))
            case .regions: scope.regions.insert(String(regions.fields(at: ref.offset)[0]))
            case .counties: scope.counties.insert(String(counties.fields(at: ref.offset)[0]))
            case .places: break
            }
        }
        let key = Array(folded.utf8)
        forEachExact(key) { ref, _ in add(ref) }
        if scope.isEmpty && allowTypos && key.count >= 4 {
            var bestDistance = Int.max
            fuzzy(key) { ref, _, distance, _ in
                guard ref.table != .places, distance <= bestDistance else { return }
                if distance < bestDistance { scope = Scope(); bestDistance = distance }
                add(ref)
            }
            scope.isGuess = true
        }
        return scope
    }

    /// The country, `CC.admin1` region and `CC.admin1.admin2` county of a line, read without building an entry.
    func whereabouts(of ref: Ref) -> Whereabouts {
        switch ref.table {
        case .places:
            let cc = String(places.text(.country, ofLineAt: ref.offset))
            let admin1 = places.text(.admin1, ofLineAt: ref.offset)
            guard !admin1.isEmpty else { return Whereabouts(country: cc) }
            // Substrings appended as strings: `String + Substring` is the standard library's generic append, whose
            // first use makes types at run time (0.2 M instructions).
            let region = cc + "." + String(admin1)
            let admin2 = places.text(.admin2, ofLineAt: ref.offset)
            return Whereabouts(country: cc, region: region, county: admin2.isEmpty ? nil : region + "." + String(admin2))
        case .regions:
            let key = String(regions.fields(at: ref.offset)[0])
            return Whereabouts(country: String(key.prefix(2)), region: key)
        case .counties:
            let key = String(counties.fields(at: ref.offset)[0])
            return Whereabouts(country: String(key.prefix(2)), region: TextJoin.joined(key.split(separator: ".").prefix(2), separator: "."),
                               county: key)
        case .countries:
            return Whereabouts(country: String(countries.fields(at: ref.offset)[0]))
        }
    }

    /// The importance part of a line's score, and its kind.
    func importance(of ref: Ref) -> (Double, GazetteerEntry.Kind) {
        switch ref.table {
        case .places:
            let start = places.field(.population, ofLineAt: ref.offset)
            let population = places.integer(at: start)
            let kindStart = places.fieldEnd(from: start) + 1
            // An empty kind is a populated place (GazetteerSchema.PlaceColumn.kind), told without a string made.
            let kind = GazetteerEntry.Kind(word: UnsafeBufferPointer(start: places.base + kindStart,
                                                                     count: places.fieldEnd(from: kindStart) - kindStart)) ?? .city
            let flagsStart = places.fieldEnd(from: kindStart) + 1
            let isCapital = places.base[flagsStart] == UInt8(ascii: "C")
            let rankStart = places.fieldEnd(from: flagsStart) + 1
            let rank = places.base[rankStart] == 9 ? nil : places.integer(at: rankStart)
            return (GazetteerScore.importance(kind: kind, population: population, isCapital: isCapital, rank: rank), kind)
        case .regions:
            let population = Int(regions.fields(at: ref.offset)[GazetteerSchema.UnitColumn.population.rawValue]) ?? 0
            return (GazetteerScore.importance(kind: .region, population: population), .region)
        case .counties:
            let population = Int(counties.fields(at: ref.offset)[GazetteerSchema.UnitColumn.population.rawValue]) ?? 0
            return (GazetteerScore.importance(kind: .county, population: population), .county)
        case .countries:
            let population = Int(countries.fields(at: ref.offset)[GazetteerSchema.CountryColumn.population.rawValue]) ?? 0
            return (GazetteerScore.importance(kind: .country, population: population), .country)
        }
    }
}
