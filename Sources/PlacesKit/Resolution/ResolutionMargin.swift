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

    /// Whether `best` is a clear winner over `runnerUp` (the candidate ranked right after it).
    ///
    /// - `best` must be named outright: its exact name, one of its aliases, or its coordinates.
    ///   A prefix or a typo is never pinned.
    /// - With no runner-up, an outright match wins.
    /// - One of the journal's own places named exactly wins over any gazetteer entry (the person named
    ///   it so), but not over another own place of the same name elsewhere.
    /// - A runner-up that only starts with the query, or is a typo of it, counts only through its score:
    ///   a gazetteer candidate must lead every runner-up by ``minimumLead``.
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
            return bestScore - runnerUpScore >= minimumLead
        }
    }

    /// Whether the first of `candidates` is a clear winner over its runner-up (see
    /// ``isClearWinner(_:over:)``); `false` when there are none. The runner-up of a gazetteer place is
    /// the next gazetteer candidate (the best scored of the rest): one of your places that merely begins
    /// with the query does not hide a close second town behind it.
    public static func hasClearWinner(_ candidates: [PlaceCandidate]) -> Bool {
        guard let best = candidates.first else { return false }
        let rest = candidates.dropFirst()
        let runnerUp = best.isOwnPlace ? rest.first : (rest.first { !$0.isOwnPlace } ?? rest.first)
        return isClearWinner(best, over: runnerUp)
    }
}
