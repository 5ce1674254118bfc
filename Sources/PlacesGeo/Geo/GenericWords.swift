/// Generic words in place names ("Lake", "Mount", "Isle of", "National Park", "Falls", "the") and the kinds
/// of place they announce, in the main languages: a query with one is also read as the bare name, looked
/// for among places of that kind ("Lake Como" finds a lake called "Como", "Mt Etna" a mountain "Etna").
///
/// The bundled tables already hold the usual forms as names of their own (Scripts/gazetteer/features.py
/// adds "lake como" to Lago di Como), so this reading only matters for the forms they lack.
enum GenericWords {
    /// One way to read a query: the bare name and the kinds of place it must be.
    struct Reading {
        var core: String
        var family: Family
    }

    /// The kinds of place a generic word announces.
    enum Family: Sendable {
        case water, mountain, island, park, waterfall, desert, river, airport, any

        /// Whether a place of this kind belongs to the family.
        func admits(_ kind: GazetteerEntry.Kind) -> Bool {
            switch self {
            case .water: kind.isWater
            case .mountain: kind.isMountain
            case .island: kind.isIsland
            case .park: kind == .park || kind == .natural || kind == .heritage
            case .waterfall: kind == .waterfall
            case .desert: kind == .desert
            case .river: kind == .river
            case .airport: kind == .airport
            case .any: true
            }
        }
    }

    /// Folded words before a name, longest first, and the kinds they announce.
    static let before: [(String, Family)] = [
        ("isle of ", .island), ("island of ", .island), ("ile de ", .island), ("isla de ", .island), ("ilha de ", .island),
        ("isola di ", .island), ("ile ", .island), ("isla ", .island), ("isola ", .island), ("ilha ", .island),
        ("lake of ", .water), ("lago di ", .water), ("lago de ", .water), ("lac de ", .water), ("lac du ", .water),
        ("lake ", .water), ("lago ", .water), ("lac ", .water), ("loch ", .water), ("lough ", .water), ("see ", .water),
        ("ozero ", .water), ("jezioro ", .water),
        ("mount ", .mountain), ("monte ", .mountain), ("mont ", .mountain), ("pico ", .mountain), ("pic ", .mountain),
        ("cerro ", .mountain), ("volcan ", .mountain), ("vulcano ", .mountain), ("gora ", .mountain),
        ("parc national de ", .park), ("parc national du ", .park), ("parc national ", .park),
        ("parque nacional de ", .park), ("parque nacional ", .park), ("parco nazionale ", .park),
        ("nationalpark ", .park), ("national park ", .park),
        ("desierto de ", .desert), ("desert of ", .desert), ("river ", .river), ("rio ", .river),
        ("aeropuerto de ", .airport), ("aeroporto di ", .airport), ("aeroport de ", .airport), ("flughafen ", .airport),
        ("the ", .any), ("la ", .any), ("le ", .any), ("el ", .any), ("il ", .any), ("der ", .any), ("die ", .any), ("das ", .any),
    ]

    /// Folded words after a name, longest first, and the kinds they announce.
    static let after: [(String, Family)] = [
        (" national park", .park), (" nationalpark", .park), (" national monument", .park), (" np", .park),
        (" falls", .waterfall), (" waterfall", .waterfall), (" waterfalls", .waterfall),
        (" lake", .water), (" see", .water), (" mountains", .mountain), (" mountain", .mountain), (" range", .mountain),
        (" volcano", .mountain), (" peak", .mountain), (" island", .island), (" islands", .island), (" isle", .island),
        (" desert", .desert), (" river", .river),
        (" international airport", .airport), (" airport", .airport), (" intl", .airport), (" flughafen", .airport),
    ]

    /// The readings of a folded query beyond the query itself: each generic word it starts or ends with,
    /// removed, with the kinds it announces.
    static func readings(of folded: String) -> [Reading] {
        var out: [Reading] = []
        for (word, family) in before where folded.hasPrefix(word) && folded.count > word.count + 1 {
            out.append(Reading(core: String(folded.dropFirst(word.count)), family: family))
        }
        for (word, family) in after where folded.hasSuffix(word) && folded.count > word.count + 1 {
            out.append(Reading(core: String(folded.dropLast(word.count)), family: family))
        }
        return out
    }
}
