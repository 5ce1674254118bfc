import PlacesCore
import PlacesGeo

/// The one rule that decides whether a name may be pinned without asking.
///
/// Saving a place at the wrong spot is worse than asking: a person who types `add "Central Park"` and
/// gets a hamlet on Long Island may never notice. So `add` pins only a candidate that the query names
/// outright and that stands clearly ahead of the next one; everything else is listed for the person to
/// choose from. Commands that only look (`near`, `map --around`) take the best candidate whatever the
/// margin, and say what they chose.
public enum ResolutionMargin {
    /// How far ahead, in ``GazetteerMatch/score``, the best gazetteer candidate must be of the runner-up:
    /// one tenfold of population on ``GazetteerScore``'s scale (8 points per tenfold), or an exact main
    /// name against an alias (4 points) of a place at least three times smaller. Paris, France leads
    /// Paris, Texas by 21; Springfield, Missouri leads Springfield, Massachusetts by 0.3.
    public static let minimumLead = 8.0

    /// The lead a candidate needs over a town or region that bears the typed name as its own main name
    /// when the candidate does not: one named only by another of its names (Victoria for Hong Kong,
    /// 9 ahead), or a feature with no people whose importance is a guess from its fame (the Columbia
    /// river, 9 ahead; the ruins of Troy, 11). A tenfold plus what an exact name is worth over an
    /// alias: famous sights and islands (Central Park 31 ahead, Bali 14) still win.
    public static let leadOverTownOfTheName = minimumLead + GazetteerScore.exact - GazetteerScore.alias

    /// Whether `best` is a clear winner over `runnerUp` (the candidate ranked right after it).
    ///
    /// - `best` must be named outright: its exact name, one of its aliases, or its coordinates.
    ///   A prefix or a typo is never pinned.
    /// - With no runner-up, an outright match wins.
    /// - One of the journal's own places named exactly wins over any gazetteer entry (the person named
    ///   it so), but not over another own place of the same name elsewhere.
    /// - A runner-up that only starts with the query, or is a typo of it, counts only through its score:
    ///   a gazetteer candidate must lead every runner-up by ``minimumLead``.
    /// - Against a runner-up named outright, an exact name is worth nothing over an alias: the lead must
    ///   be ``minimumLead`` in importance alone (NoMa, Washington is not clearly "Noma" over Nome, which
    ///   is also called so; nor the country Georgia over the state).
    /// - Against a town or region named exactly so, an alias or a feature with no population needs
    ///   ``leadOverTownOfTheName``.
    /// - Parameters:
    ///   - best: the first candidate of a resolution.
    ///   - runnerUp: the second candidate, if any.
    /// - Returns: `true` when `best` may be pinned without asking.
    public static func isClearWinner(_ best: PlaceCandidate, over runnerUp: PlaceCandidate?) -> Bool {
        guard best.match.isOutright else { return false }
        if best.match == .coordinates { return true }
        guard let runnerUp else { return true }
        switch (best.isOwnPlace, runnerUp.isOwnPlace) {
        case (true, true):
            // Own places at the same spot are merged before this; two left means two different spots.
            return !runnerUp.match.isOutright
        case (true, false):
            return true
        case (false, true):
            // Own places named exactly rank first, so this one only starts with the query.
            return true
        case (false, false):
            guard let bestScore = best.score, let runnerUpScore = runnerUp.score else { return false }
            var lead = bestScore - runnerUpScore
            if best.match == .exact, runnerUp.match == .alias, isPlaceElsewhere(runnerUp, than: best),
               let alias = runnerUp.gazetteerMatch, !NameFolding.fold(alias.entry.name).hasPrefix(alias.matchedKey) {
                lead -= GazetteerScore.exact - GazetteerScore.alias
            }
            return lead >= minimumLead && (!isTownOfTheName(runnerUp, against: best) || lead >= leadOverTownOfTheName)
                && !isAsPopulous(runnerUp, as: best)
        }
    }

    /// Whether `other`, named outright and in another country, has as many people as `best` or more:
    /// then only the kinds' weights put `best` first (the country Georgia, 3.7 million, over the US
    /// state, 4.8). Within one country a province outnumbering its namesake city is the usual case
    /// (Buenos Aires), and the city is meant.
    static func isAsPopulous(_ other: PlaceCandidate, as best: PlaceCandidate) -> Bool {
        guard other.match.isOutright, isPlaceElsewhere(other, than: best),
              let place = other.gazetteerMatch?.entry, let entry = best.gazetteerMatch?.entry,
              place.countryCode != entry.countryCode, entry.kind.isSettlement, entry.population > 0 else { return false }
        return place.population >= entry.population
    }

    /// Whether `other` is a town or region whose own main name the query is, while `best` is named
    /// only by an alias or is a feature without population (a river, ruins): then `best`'s score
    /// rests on a name or a fame guess, and a place people live in by that very name may be meant.
    static func isTownOfTheName(_ other: PlaceCandidate, against best: PlaceCandidate) -> Bool {
        guard other.match == .exact, isPlaceElsewhere(other, than: best), let entry = best.gazetteerMatch?.entry else { return false }
        return best.match == .alias || (!entry.kind.isSettlement && entry.population == 0)
    }

    /// Whether `other` is a town, county, region or country people live in that is not `best` by
    /// another name: the region of a city-state (Hamburg), the country of an island (Iceland) or the
    /// county of its town are where `best` is, not a rival.
    static func isPlaceElsewhere(_ other: PlaceCandidate, than best: PlaceCandidate) -> Bool {
        guard let place = other.gazetteerMatch?.entry, place.kind.isSettlement,
              let entry = best.gazetteerMatch?.entry else { return false }
        func holds(_ area: GazetteerEntry, _ inside: GazetteerEntry) -> Bool {
            guard area.countryCode == inside.countryCode else { return false }
            switch area.kind {
            case .country: return true
            case .region: return !inside.admin1Code.isEmpty && area.admin1Code == inside.admin1Code
            case .county: return !inside.admin2Code.isEmpty && area.admin1Code == inside.admin1Code && area.admin2Code == inside.admin2Code
            default: return false
            }
        }
        return !holds(place, entry) && !holds(entry, place)
    }

    /// Whether the first of `candidates` is a clear winner over its runner-up (see
    /// ``isClearWinner(_:over:)``); `false` when there are none. The runner-up of a gazetteer place is
    /// the next gazetteer candidate (the best scored of the rest): one of your places that merely begins
    /// with the query does not hide a close second town behind it.
    public static func hasClearWinner(_ candidates: [PlaceCandidate]) -> Bool {
        guard let best = candidates.first else { return false }
        let rest = candidates.dropFirst()
        let runnerUp = best.isOwnPlace ? rest.first : (rest.first { !$0.isOwnPlace } ?? rest.first)
        guard isClearWinner(best, over: runnerUp) else { return false }
        // A town of the name further down (Columbia, South Carolina below Columbia, Idaho's river and
        // a smaller namesake) is held to the same lead as if it came second.
        guard !best.isOwnPlace, let bestScore = best.score else { return true }
        return !rest.contains { other in
            isAsPopulous(other, as: best)
                || isTownOfTheName(other, against: best) && bestScore - (other.score ?? bestScore) < leadOverTownOfTheName
        }
    }
}
