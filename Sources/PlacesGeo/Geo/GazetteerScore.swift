#if canImport(Glibc)
import Glibc
#endif

/// The one score that ranks every search candidate: how well the query matched (the quality part) plus how
/// important the place is (the importance part).
///
/// The quality part: an exact main name or an airport's code 100, another name or a code 96, a typo of one
/// edit 66 and of two 46, a prefix
/// 56 when the name goes on with a new word ("San Jose" for "San"), 48 otherwise. The importance part is
/// 8 points per tenfold population (a village of 500 ≈ 22, a city of a million 48), +6 for a capital; a
/// feature or sight of Natural Earth rank r (0 world-famous … 12) counts 62 − 4r, an airport 50 − 3r; a
/// village the curated tables rank for travellers (Oía, Manarola) counts as much as a sight of its rank
/// when that is more than its people.
/// So a typo of a city of a million (66 + 48) beats the exact prefix of a hamlet (48 + 24); typos are only
/// guessed when no name matches outright, so an exact village (Hallstatt) is never hidden by a typo.
public enum GazetteerScore {
    /// The quality part for an exact main name.
    public static let exact = 100.0
    /// The quality part for another name, a name with its generic word added or dropped, or a code.
    public static let alias = 96.0
    /// The quality part for a query read with a generic word understood ("Lake X" finding a lake called X).
    public static let understood = 94.0
    /// The quality part for a feature's name without its generic word ("Como" for Lago di Como): below a
    /// town of that very name.
    public static let shortName = 78.0
    /// What a typo costs more when it is of another name than the main one (Amman was once Philadelphia).
    public static let typoOfAlias = 8.0
    /// The quality part for a typo, before its edits: the first costs ``typoEditCost``, the second twice that
    /// (a typo of two edits of a country does not beat one of a city).
    public static let typo = 76.0
    /// What the first edit of a typo costs; the n-th costs n times as much.
    public static let typoEditCost = 10.0
    /// The quality part for an airport's IATA or ICAO code: as good as an exact name ("LHR"), though a country's
    /// ISO alpha-3 code still wins the same three letters ("FRA" is France; "Frankfurt Airport" finds FRA).
    public static let airportCode = 100.0
    /// What a code gains when the query is written as one, in three or four capitals ("KEF"): enough to beat
    /// a town of those letters (Le Kef), as a country's ISO code gains it too ("FRA" stays France).
    public static let writtenAsCode = 40.0
    /// What a county named by its main name gains when no town of that name lies inside it: its people
    /// counted whole rather than by the hundredth (8 points per tenfold, so 16).
    public static let countyOwnPeople = 16.0
    /// The quality part for a place's code (an airport's IATA or ICAO) typed as a name, in small letters or a
    /// capital then small letters ("Eze", "eze"): below an exact name of a village of those letters (Èze, not
    /// Ezeiza's EZE) and a country's name in another language ("Omã", not Omaha's OMA), above a prefix, so the
    /// code still finds its airport when no place is called so.
    public static let codeWrittenAsName = 78.0
    /// What a place gains when its main name is spelled exactly as typed, accents included: a tenfold lead.
    public static let exactSpelling = 8.0
    /// The quality part for a prefix that ends where a word of the name ends.
    public static let wordPrefix = 56.0
    /// The quality part for any other prefix.
    public static let prefix = 48.0

    /// The quality part of a match.
    /// - Parameters:
    ///   - quality: how the query matched.
    ///   - edits: the edit distance of a typo.
    ///   - wholeWord: for a prefix, whether the name's next character starts a new word.
    static func quality(_ quality: GazetteerMatch.Quality, edits: Int = 0, wholeWord: Bool = false) -> Double {
        switch quality {
        case .exact, .coordinates: exact
        case .alias, .code: alias
        case .prefix: wholeWord ? wordPrefix : prefix
        case .fuzzy: typo - typoEditCost * Double(edits * (edits + 1) / 2)
        }
    }

    /// How important a place is, on the same scale for every kind (see the type's documentation).
    /// - Parameters:
    ///   - kind: what the place is.
    ///   - population: its inhabitants (a region's or county's: the sum of its places').
    ///   - isCapital: whether it is its country's capital.
    ///   - rank: for features, sights and airports, the Natural Earth-style rank (0 … 12); for a town, the
    ///     curated rank of a village travellers name (`nil` for most towns).
    public static func importance(kind: GazetteerEntry.Kind, population: Int, isCapital: Bool = false, rank: Int? = nil) -> Double {
        func people(_ n: Int) -> Double { 8 * log10(Double(max(n, 1))) }
        switch kind {
        case .city:
            let own = people(population) + (isCapital ? 6 : 0)
            return rank.map { max(own, 62 - 4 * Double(min($0, 12))) } ?? own
        case .region: return people(population / 10)
        case .county: return people(population / 100)  // below a town of the same name (Plymouth, Plymouth County)
        case .country: return people(population)
        case .airport: return 50 - 3 * Double(min(rank ?? 12, 12))
        default: return 62 - 4 * Double(min(rank ?? 10, 12))
        }
    }
}
