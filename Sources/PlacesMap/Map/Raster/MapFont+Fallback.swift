import PlacesCore

/// What a PNG writes for a name the bundled font cannot draw whole. The font holds Latin (ASCII,
/// Latin-1 and Latin Extended-A), Greek, Cyrillic, Hebrew, Arabic, and the Chinese, Japanese and Korean
/// letters the gazetteer uses; a name with other letters (Devanagari, Thai, a rare ideograph) would come
/// out with `?`. The PNG writes instead the name the place is known by in Latin letters, never `?`.
extension MapFont {
    /// Whether every character of a text has a glyph.
    static func canDraw(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { has($0) || (0x200C...0x200F).contains($0.value) }
    }

    /// The text with each letter the font lacks written as its plain Latin letter where it has one
    /// (`ộ` as `o`, from the name folding's table), and Greek and Cyrillic letters spelled in Latin;
    /// `nil` when some character has neither (Devanagari, Thai, an ideograph the font lacks…).
    static func drawable(_ text: String) -> String? {
        if canDraw(text) { return text }
        var out = ""
        for character in text {
            let string = String(character)
            if canDraw(string) { out += string; continue }
            guard let scalar = string.unicodeScalars.first else { continue }
            if string.unicodeScalars.dropFirst().allSatisfy({ $0.properties.generalCategory == .nonspacingMark }),
               canDraw(String(scalar)) {
                out.unicodeScalars.append(scalar)  // a letter with a combining accent the font lacks
                continue
            }
            let isUpper = scalar.properties.isUppercase
            var latin: String? = NameFolding.table[scalar.value].flatMap { $0.isEmpty ? nil : $0 } ?? latinLetters[scalar.value]
            if let folded = latin, !canDraw(folded) { latin = latinLetters[scalar.value] }
            guard var letters = latin, canDraw(letters) else {
                if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .format { continue }
                return nil
            }
            if isUpper, let first = letters.first { letters = first.uppercased() + letters.dropFirst() }
            out += letters
        }
        return out
    }

    /// Greek and Cyrillic letters in Latin (lower case; a capital is capitalised by the caller), after
    /// ELOT 743 and the BGN/PCGN romanisation of Russian, Ukrainian and Bulgarian.
    static let latinLetters: [UInt32: String] = {
        var table: [UInt32: String] = [:]
        let greek = "α a β v γ g δ d ε e ζ z η i θ th ι i κ k λ l μ m ν n ξ x ο o π p ρ r σ s ς s τ t υ y φ f χ ch ψ ps ω o "
            + "ά a έ e ή i ί i ό o ύ y ώ o ϊ i ϋ y ΐ i ΰ y"
        let cyrillic = "а a б b в v г g д d е e ё yo ж zh з z и i й y к k л l м m н n о o п p р r с s т t у u ф f х kh ц ts "
            + "ч ch ш sh щ shch ъ - ы y ь - э e ю yu я ya і i ї yi є ye ґ g ў w ј j љ lj њ nj ћ ć ђ đ џ dž ѓ gj ќ kj ѕ dz"
        for list in [greek, cyrillic] {
            let words = list.split(separator: " ")
            for index in stride(from: 0, to: words.count - 1, by: 2) {
                let letter = String(words[index]), latin = words[index + 1] == "-" ? "" : String(words[index + 1])
                for scalar in letter.unicodeScalars { table[scalar.value] = latin }
                for scalar in letter.uppercased().unicodeScalars where scalar.properties.isUppercase { table[scalar.value] = latin }
            }
        }
        return table
    }()
}
