/// Country flags as emoji, and the continent of each country.
public enum CountryFlag {
    /// The flag emoji of an ISO 3166-1 alpha-2 code: two regional-indicator symbols
    /// (U+1F1E6 + the letter's offset from A), which fonts draw as the flag. `"GB"` gives 🇬🇧.
    /// - Returns: the flag, or an empty string when `code` is not two letters A–Z.
    public static func emoji(_ code: String) -> String {
        let letters = Array(code.uppercased().unicodeScalars)
        guard letters.count == 2, letters.allSatisfy({ ("A"..."Z").contains($0) }) else { return "" }
        var result = String.UnicodeScalarView()
        for letter in letters {
            result.append(Unicode.Scalar(0x1F1E6 + letter.value - Unicode.Scalar("A").value)!)
        }
        return String(result)
    }

    /// The seven continents, by the two-letter codes GeoNames uses.
    public static let continentNames: [String: String] = [
        "AF": "Africa", "AN": "Antarctica", "AS": "Asia", "EU": "Europe",
        "NA": "North America", "OC": "Oceania", "SA": "South America",
    ]

    /// The continent of a country, by ISO 3166-1 alpha-2 code.
    ///
    /// After the continent column of GeoNames' `countryInfo.txt` (the data the gazetteer comes from),
    /// which puts each country on exactly one continent: Russia and Cyprus in Europe, Turkey,
    /// Armenia, Azerbaijan, Georgia and Kazakhstan in Asia, Egypt in Africa, Central America and the
    /// Caribbean in North America, Timor-Leste in Oceania.
    /// - Returns: the continent's name, or `nil` for a code not in the table.
    public static func continent(of code: String) -> String? {
        // Two ASCII letters (every code the outlines have) are read as they are, in either case; other text
        // is upper-cased first, as the table's keys were compared with it (`ß` is `SS`).
        guard let key = letterPair(code) ?? letterPair(code.uppercased()) else { return nil }
        let continent = continentByCode[key]
        return continent == 0 ? nil : continentNames[continentKeys[Int(continent) - 1]]
    }

    /// Text of two ASCII letters as `first * 26 + second` (A or a is 0), as upper-casing reads them;
    /// `nil` for any other text.
    private static func letterPair(_ text: String) -> Int? {
        func letter(_ byte: UInt8) -> Int? {
            switch byte {
            case 0x41...0x5A: return Int(byte - 0x41)
            case 0x61...0x7A: return Int(byte - 0x61)
            default: return nil
            }
        }
        var bytes = text.utf8.makeIterator()
        guard let first = bytes.next().flatMap(letter), let second = bytes.next().flatMap(letter), bytes.next() == nil else { return nil }
        return first * 26 + second
    }

    /// The continents of ``continentCodes`` in a fixed order, for ``continentByCode``.
    private static let continentKeys = ["AF", "AN", "AS", "EU", "NA", "OC", "SA"]

    /// Each two-letter code's continent as its place in ``continentKeys`` plus one (0 for none), at
    /// `first letter * 26 + second letter`: the table read once into 676 bytes, not a dictionary of
    /// 250 strings (which cost more than all the lookups of `stats`).
    private static let continentByCode: [UInt8] = {
        var result = [UInt8](repeating: 0, count: 26 * 26)
        for (number, key) in continentKeys.enumerated() {
            let codes = Array(continentCodes[key]!.utf8)
            for start in stride(from: 0, to: codes.count, by: 3) {
                result[Int(codes[start] - 0x41) * 26 + Int(codes[start + 1] - 0x41)] = UInt8(number + 1)
            }
        }
        return result
    }()

    /// The countries of each continent, by its code.
    static let continentCodes: [String: String] = [
        "AF": "AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW",
        "AN": "AQ BV GS HM TF",
        "AS": "AE AF AM AZ BD BH BN BT CC CN GE HK ID IL IN IO IQ IR JO JP KG KH KP KR KW KZ LA LB LK MM MN MO MV MY NP OM PH PK PS QA SA SG SY TH TJ TM TR TW UZ VN YE",
        "EU": "AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM UA VA XK",
        "NA": "AG AI AW BB BL BM BQ BS BZ CA CR CU CW DM DO GD GL GP GT HN HT JM KN KY LC MF MQ MS MX NI PA PM PR SV SX TC TT US VC VG VI",
        "OC": "AS AU CK CX FJ FM GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TL TO TV UM VU WF WS",
        "SA": "AR BO BR CL CO EC FK GF GY PE PY SR UY VE",
    ]
}
