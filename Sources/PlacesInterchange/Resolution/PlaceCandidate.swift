#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesGeo

/// One place a typed name could mean: one of the journal's own places, a gazetteer entry, or the
/// point itself when the text was a pair of coordinates.
public struct PlaceCandidate: Sendable, Equatable {
    /// Where the candidate comes from.
    public enum Source: Sendable, Equatable {
        /// A place in the person's own journal, by id.
        case journal(id: UUID)
        /// A gazetteer entry and how the query matched it.
        case gazetteer(GazetteerMatch)
        /// The query was a pair of coordinates.
        case coordinates
    }

    /// How the query matched the candidate's name, from best to worst.
    public enum Match: String, Sendable, Equatable {
        /// The query is the candidate's own name (folded: case, accents and punctuation aside).
        case exact
        /// The query is another of the candidate's names (an alternate spelling, a former name) or one of
        /// its codes (an ISO or airport code).
        case alias
        /// The candidate's name starts with the query.
        case prefix
        /// The candidate's name is a few edits from the query (a likely typo).
        case fuzzy
        /// The query was the candidate's coordinates.
        case coordinates

        /// Whether the query names the candidate outright (exact, alias or coordinates).
        public var isOutright: Bool { self == .exact || self == .alias || self == .coordinates }
    }

    /// Where the candidate comes from.
    public var source: Source
    /// How the query matched it.
    public var match: Match
    /// The candidate's name ("Central Park", "Dishoom").
    public var name: String
    /// How people write where it is: `London, England, GB`; a journal place's own name.
    public var context: String
    /// Degrees north (WGS 84).
    public var latitude: Double
    /// Degrees east (WGS 84).
    public var longitude: Double
    /// How likely this is the place meant, comparable between the gazetteer candidates of one query
    /// (higher is better); `nil` for the journal's own places and for coordinates, which are ranked by
    /// their kind of match instead (see ``ResolutionMargin``).
    public var score: Double?

    /// Creates a candidate.
    public init(source: Source, match: Match, name: String, context: String, latitude: Double, longitude: Double,
                score: Double? = nil) {
        self.source = source
        self.match = match
        self.name = name
        self.context = context
        self.latitude = latitude
        self.longitude = longitude
        self.score = score
    }

    /// Whether the candidate is one of the journal's own places.
    public var isOwnPlace: Bool {
        if case .journal = source { return true }
        return false
    }

    /// The gazetteer entry behind the candidate, when it comes from the gazetteer.
    public var gazetteerMatch: GazetteerMatch? {
        if case .gazetteer(let match) = source { return match }
        return nil
    }

    /// The journal place's id, when the candidate is one of the journal's own places.
    public var journalID: UUID? {
        if case .journal(let id) = source { return id }
        return nil
    }
}
