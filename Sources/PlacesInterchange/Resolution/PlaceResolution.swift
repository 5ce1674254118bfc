import PlacesGeo

/// What a query could mean: its candidates, best first.
public struct PlaceResolution: Sendable, Equatable {
    /// What the person typed.
    public var query: String
    /// The places it could mean, best first (see ``PlaceResolver/candidates(for:limit:)``).
    public var candidates: [PlaceCandidate]
    /// Qualifiers of the query ("Occitany" in "Nimes, Occitany") that named nothing and were set aside
    /// to find the candidates; empty when every qualifier was used.
    public var droppedQualifiers: [GazetteerSearchResult.DroppedQualifier]

    /// Creates a resolution.
    public init(query: String, candidates: [PlaceCandidate],
                droppedQualifiers: [GazetteerSearchResult.DroppedQualifier] = []) {
        self.query = query
        self.candidates = candidates
        self.droppedQualifiers = droppedQualifiers
    }

    /// Whether the first candidate may be pinned without asking (``ResolutionMargin``).
    public var hasClearWinner: Bool { ResolutionMargin.hasClearWinner(candidates) }

    /// The candidates after the first that match as well as it does (both outright, or both by
    /// prefix or typo): the runners-up worth naming beside a choice.
    public var alternatives: [PlaceCandidate] {
        guard let best = candidates.first else { return [] }
        return candidates.dropFirst().filter { $0.match.isOutright == best.match.isOutright }
    }
}

/// What the person can do when a name is not pinned; the command line words each one.
public enum ResolutionHint: Sendable, Equatable {
    /// Name the place with a qualifier that resolves to one place alone ("Central Park, New York").
    case qualify(String)
    /// Choose one of the `count` listed candidates by its position.
    case pick(count: Int)
    /// Give the coordinates instead.
    case coordinates
}

/// Why a query did not give a place to pin.
public enum PlaceResolutionError: Error, Sendable, Equatable {
    /// The query is empty.
    case emptyQuery
    /// Nothing in the journal or the gazetteer matches the query.
    case noMatch(query: String)
    /// Several places are named so, none clearly ahead of the rest.
    case ambiguous(PlaceResolution, hints: [ResolutionHint])
    /// Nothing is named so outright; the candidates only begin with the query or are typos of it.
    case noOutrightMatch(PlaceResolution, hints: [ResolutionHint])
    /// The picked position is not one of the candidates' (1 to their count).
    case pickOutOfRange(pick: Int, resolution: PlaceResolution)
}
