#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore
import PlacesGeo

/// Turns what a person typed for a place ("Paris", "Central Park, New York", "Dishoom", "48.85,2.35")
/// into candidates, searching the journal's own place names and the gazetteer.
///
/// Two uses, two rules:
/// - ``pin(_:pick:)`` is for saving (`add`): it returns a place only when the query names it outright
///   with a clear margin (``ResolutionMargin``), or when the person picked one from the list.
/// - ``best(_:)`` is for looking (`near`, `map --around`, `list --from`): it returns the best
///   candidate and the whole resolution, so the caller can say what it chose and what else matched.
public struct PlaceResolver: Sendable {
    /// The most candidates a resolution lists.
    public static let candidateLimit = 6
    /// Own places closer together than this are one candidate: the same spot saved twice.
    static let sameSpotKm = 0.05

    /// The gazetteer searched for every query.
    public var gazetteer: Gazetteer
    /// The journal's places whose names are searched too (empty to search the gazetteer alone).
    public var journal: [Location]
    /// Limits gazetteer candidates to one country (ISO 3166-1 alpha-2); the journal's places, which
    /// record no country, are not searched when it is set.
    public var country: String?

    /// Creates a resolver.
    /// - Parameters:
    ///   - gazetteer: the gazetteer to search.
    ///   - journal: places whose names are searched before the gazetteer; pass none when the journal
    ///     should not answer (adding a place by its own name).
    ///   - country: an ISO 3166-1 alpha-2 code every gazetteer candidate must be in.
    public init(gazetteer: Gazetteer, journal: [Location] = [], country: String? = nil) {
        self.gazetteer = gazetteer
        self.journal = journal
        self.country = country
    }

    /// Every candidate for `query`, best first: the journal's places named exactly so, then the
    /// gazetteer's candidates in its order (``GazetteerMatch/score``), with the journal's places whose
    /// name begins with the query's words after the gazetteer's leading outright matches (exact names,
    /// aliases, codes).
    /// - Parameters:
    ///   - query: what the person typed.
    ///   - limit: the most candidates to return.
    /// - Returns: the resolution; its candidates are empty when nothing matches.
    /// - Complexity: one gazetteer search plus one folding of each journal name.
    public func candidates(for query: String, limit: Int = PlaceResolver.candidateLimit) -> PlaceResolution {
        let trimmed = query.trimmed
        guard !trimmed.isEmpty, limit > 0 else { return PlaceResolution(query: query, candidates: []) }
        let result = gazetteer.lookup(trimmed, limit: limit, country: country)
        // Weak guesses are still offered to choose from; they are never pinned without asking (see ``pin``).
        let found = (result.matches.isEmpty ? result.suggestions : result.matches).map(candidate)
        if found.first?.match == .coordinates { return PlaceResolution(query: query, candidates: found) }
        let own = country == nil ? ownCandidates(for: trimmed) : (exact: [], prefix: [])
        // The gazetteer's own order stands (its score may put a typo of a great city above an exact
        // hamlet); your places named so come first, and those only beginning with the query come after
        // the gazetteer's leading outright matches.
        let outright = found.prefix { $0.match.isOutright }
        let all = own.exact + outright + own.prefix + found.dropFirst(outright.count)
        return PlaceResolution(query: query, candidates: Array(all.prefix(limit)),
                               droppedQualifiers: own.exact.isEmpty ? result.droppedQualifiers : [])
    }

    /// The place to save for `query`: the clear winner, or the candidate the person picked.
    /// - Parameters:
    ///   - query: what the person typed.
    ///   - pick: the 1-based position, in the list of candidates, of the one the person chose.
    /// - Returns: the candidate to pin, and the resolution it came from (for the runners-up).
    /// - Throws: ``PlaceResolutionError``: nothing matches; only prefixes or typos match; several places
    ///   match with no clear winner; `pick` is not a position in the list.
    public func pin(_ query: String, pick: Int? = nil) throws(PlaceResolutionError)
        -> (place: PlaceCandidate, resolution: PlaceResolution) {
        guard !query.trimmed.isEmpty else { throw .emptyQuery }
        let resolution = candidates(for: query)
        guard let best = resolution.candidates.first else { throw .noMatch(query: query) }
        if let pick {
            guard resolution.candidates.indices.contains(pick - 1) else {
                throw .pickOutOfRange(pick: pick, resolution: resolution)
            }
            return (resolution.candidates[pick - 1], resolution)
        }
        if resolution.hasClearWinner { return (best, resolution) }
        let hints = self.hints(for: resolution)
        if best.match.isOutright { throw .ambiguous(resolution, hints: hints) }
        throw .noOutrightMatch(resolution, hints: hints)
    }

    /// The best candidate for `query`, for commands that only look and never save.
    /// - Returns: the best candidate and the resolution it came from (for the runners-up).
    /// - Throws: ``PlaceResolutionError/emptyQuery`` or ``PlaceResolutionError/noMatch(query:)``.
    public func best(_ query: String) throws(PlaceResolutionError) -> (place: PlaceCandidate, resolution: PlaceResolution) {
        guard !query.trimmed.isEmpty else { throw .emptyQuery }
        let resolution = candidates(for: query)
        guard let best = resolution.candidates.first else { throw .noMatch(query: query) }
        return (best, resolution)
    }

    // MARK: - Gazetteer candidates

    /// How a gazetteer match names its entry: its main name (exact), another of its names or a code (alias),
    /// the beginning of a name (prefix), a typo, or coordinates.
    static func kindOfMatch(_ match: GazetteerMatch) -> PlaceCandidate.Match {
        switch match.quality {
        case .exact: return .exact
        case .alias, .code: return .alias
        case .prefix: return .prefix
        case .fuzzy: return .fuzzy
        case .coordinates: return .coordinates
        }
    }

    func candidate(_ match: GazetteerMatch) -> PlaceCandidate {
        let kind = PlaceResolver.kindOfMatch(match)
        return PlaceCandidate(source: kind == .coordinates ? .coordinates : .gazetteer(match), match: kind,
                              name: match.entry.name, context: match.entry.context,
                              latitude: match.entry.latitude, longitude: match.entry.longitude,
                              score: kind == .coordinates ? nil : match.score)
    }

    // MARK: - Own places

    /// The journal's places named `query` exactly, and those whose name begins with the query's words;
    /// a place saved twice at the same spot counts once. Names compare folded (``NameFolding``: case,
    /// accents, punctuation, `St`/`Mt`), and also with the spaces left out, because an apostrophe or a
    /// hyphen folds to a space: "Grandmas house" is "Grandma's house", "Tour Eiffel" is "Tour-Eiffel".
    func ownCandidates(for query: String) -> (exact: [PlaceCandidate], prefix: [PlaceCandidate]) {
        guard !journal.isEmpty else { return ([], []) }
        var matcher = OwnNameMatcher(query: query)
        var exact: [PlaceCandidate] = [], prefix: [PlaceCandidate] = []
        for place in journal {
            guard let match = matcher.match(place.name) else { continue }
            let candidate = PlaceCandidate(source: .journal(id: place.id), match: match, name: place.name,
                                           context: place.name, latitude: place.latitude, longitude: place.longitude)
            // No more of either than a resolution lists: "Kraków" may begin thousands of names.
            if match == .exact {
                if exact.count < PlaceResolver.candidateLimit, !exact.contains(where: { PlaceResolver.isSameSpot($0, candidate) }) {
                    exact.append(candidate)
                }
            } else if prefix.count < PlaceResolver.candidateLimit, !prefix.contains(where: { PlaceResolver.isSameSpot($0, candidate) }) {
                prefix.append(candidate)
            }
        }
        return (exact, prefix)
    }

    static func isSameSpot(_ a: PlaceCandidate, _ b: PlaceCandidate) -> Bool {
        Geodesy.distanceKm(fromLatitude: a.latitude, longitude: a.longitude,
                           toLatitude: b.latitude, longitude: b.longitude) < sameSpotKm
    }

    // MARK: - Hints

    /// What the person can do when a name is not pinned: name one candidate with a qualifier that
    /// resolves to it alone (checked, not guessed), pick one from the list, or give coordinates.
    func hints(for resolution: PlaceResolution) -> [ResolutionHint] {
        var hints: [ResolutionHint] = []
        for candidate in resolution.candidates.prefix(3) {
            guard let entry = candidate.gazetteerMatch?.entry, entry.kind == .city else { continue }
            let qualifier = entry.admin1.isEmpty || entry.admin1 == entry.name ? entry.countryCode : entry.admin1
            guard !qualifier.isEmpty else { continue }
            // Keep the person's own words for a place they named outright ("Central Park" for Bethpage,
            // whose former name it is); a typo is replaced by the name it is a typo of.
            let head = resolution.query.split(separator: ",").first.map { String($0).trimmed } ?? ""
            let qualified = (candidate.match.isOutright && !head.isEmpty ? head : entry.name) + ", " + qualifier
            guard NameFolding.fold(qualified) != NameFolding.fold(resolution.query) else { continue }
            var check = self
            check.journal = []
            let checked = check.candidates(for: qualified)
            if checked.hasClearWinner, let winner = checked.candidates.first,
               PlaceResolver.isSameSpot(winner, candidate) {
                hints.append(.qualify(qualified))
                break
            }
        }
        if !resolution.candidates.isEmpty { hints.append(.pick(count: resolution.candidates.count)) }
        hints.append(.coordinates)
        return hints
    }
}
