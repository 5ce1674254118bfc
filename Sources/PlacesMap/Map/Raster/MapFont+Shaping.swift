/// Hebrew and Arabic in the PNG: glyph-by-glyph drawing puts letters left to right, one shape each, so a
/// right-to-left name is first shaped (each Arabic letter in the form its neighbours call for, from the
/// presentation forms the font table lists, lam-alef as its ligature) and then laid out in display order
/// (a simplified Unicode bidirectional algorithm: runs of right-to-left letters turned round, numbers and
/// Latin words inside them kept left to right, brackets mirrored).
extension MapFont {
    /// The Arabic letters' presentation forms, read once from the table.
    static let joiningForms: [UInt64: MapFontTable.Forms] = table.joiningForms()

    /// How an Arabic letter joins its neighbours (Unicode's joining types, as far as drawing needs them).
    enum Joining {
        /// Joins neither neighbour (a space, a Latin letter, an Arabic letter with one form).
        case none
        /// Joins the letter before it only (alef, dal, reh, waw).
        case right
        /// Joins both neighbours (beh, seen, lam…).
        case dual
        /// Makes its neighbours join (tatweel, the zero-width joiner).
        case causing
        /// Is skipped over (a vowel mark).
        case transparent
    }

    static func joining(_ scalar: Unicode.Scalar) -> Joining {
        if scalar.value == 0x640 || scalar.value == 0x200D { return .causing }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return .transparent
        default: break
        }
        guard let forms = joiningForms[UInt64(scalar.value)] else { return .none }
        return forms.initial != 0 || forms.medial != 0 ? .dual : forms.final != 0 ? .right : .none
    }

    /// Whether a character is written right to left (Hebrew and Arabic letters, not their digits).
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (0x660...0x669).contains(value) || (0x6F0...0x6F9).contains(value) { return false }
        return (0x590...0x8FF).contains(value) || (0xFB1D...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
    }

    /// The characters of a text in the order and forms they are drawn from left to right.
    static func drawingOrder(_ text: String) -> [Unicode.Scalar] {
        let scalars = Array(text.unicodeScalars)
        guard scalars.contains(where: isRightToLeft) else { return scalars }
        return displayOrder(shaped(scalars))
    }

    private static let lam: UInt32 = 0x644
    private static let alefs: Set<UInt32> = [0x622, 0x623, 0x625, 0x627]

    /// Arabic letters in their joining forms, in logical order; marks of direction dropped.
    static func shaped(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        let types = scalars.map(joining)
        func neighbour(from index: Int, step: Int) -> Int? {
            var at = index + step
            while at >= 0, at < scalars.count, types[at] == .transparent { at += step }
            return at >= 0 && at < scalars.count ? at : nil
        }
        func joinsForward(_ index: Int?) -> Bool { index.map { types[$0] == .dual || types[$0] == .causing } ?? false }
        var out: [Unicode.Scalar] = []
        var skip = Set<Int>()
        for (index, scalar) in scalars.enumerated() where !skip.contains(index) {
            if (0x200C...0x200F).contains(scalar.value) || scalar.value == 0x61C { continue }
            guard types[index] == .dual || types[index] == .right else { out.append(scalar); continue }
            let before = joinsForward(neighbour(from: index, step: -1))
            let next = neighbour(from: index, step: 1)
            // Lam followed by alef is one ligature, which joins only the letter before it.
            if scalar.value == lam, let next, alefs.contains(scalars[next].value),
               let ligature = joiningForms[UInt64(lam) << 32 | UInt64(scalars[next].value)] {
                let form = before && ligature.final != 0 ? ligature.final : ligature.isolated
                if let drawn = Unicode.Scalar(form), form != 0 {
                    out.append(drawn)
                    skip.insert(next)
                    continue
                }
            }
            let after = types[index] == .dual && next.map { types[$0] != .none && types[$0] != .transparent } == true
            guard let forms = joiningForms[UInt64(scalar.value)] else { out.append(scalar); continue }
            let candidates: [UInt32] = before && after ? [forms.medial, forms.final, forms.isolated]
                : before ? [forms.final, forms.isolated] : after ? [forms.initial, forms.isolated] : [forms.isolated]
            let form = candidates.first { $0 != 0 }.flatMap(Unicode.Scalar.init) ?? scalar
            out.append(form)
        }
        return out
    }

    private enum Direction { case leftToRight, rightToLeft, number, neutral }

    private static func direction(_ scalar: Unicode.Scalar) -> Direction {
        if isRightToLeft(scalar) { return .rightToLeft }
        if scalar.properties.numericType != nil, scalar.properties.generalCategory == .decimalNumber { return .number }
        let category = scalar.properties.generalCategory
        switch category {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .otherLetter, .modifierLetter: return .leftToRight
        default: return .neutral
        }
    }

    private static let mirrored: [UInt32: UInt32] = [0x28: 0x29, 0x29: 0x28, 0x5B: 0x5D, 0x5D: 0x5B, 0x7B: 0x7D, 0x7D: 0x7B,
                                                     0x3C: 0x3E, 0x3E: 0x3C, 0xAB: 0xBB, 0xBB: 0xAB]

    /// Logical order to display order: the paragraph runs the way its first strong letter does; right-to-
    /// left letters take an odd level, left-to-right letters and numbers inside them the even level above,
    /// neutrals the level of the letters on both sides when they agree (else the paragraph's); then every
    /// run at or above each level, from the highest down, is turned round (rules W, N and L2 of UAX #9,
    /// without embeddings).
    static func displayOrder(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        let directions = scalars.map(direction)
        let rightToLeftParagraph = directions.first { $0 == .rightToLeft || $0 == .leftToRight } == .rightToLeft
        let paragraph = rightToLeftParagraph ? 1 : 0
        // Strong direction of each character: numbers follow the last strong letter before them.
        var strong: [Direction] = []
        var last: Direction = rightToLeftParagraph ? .rightToLeft : .leftToRight
        for direction in directions {
            switch direction {
            case .rightToLeft, .leftToRight: last = direction; strong.append(direction)
            case .number: strong.append(last == .rightToLeft ? .rightToLeft : .leftToRight)
            case .neutral: strong.append(.neutral)
            }
        }
        var levels = [Int](repeating: paragraph, count: scalars.count)
        for index in scalars.indices {
            switch directions[index] {
            case .rightToLeft: levels[index] = 1
            case .leftToRight: levels[index] = paragraph == 1 ? 2 : 0
            case .number: levels[index] = strong[index] == .rightToLeft || paragraph == 1 ? 2 : 0
            case .neutral:
                let before = strong[..<index].last { $0 != .neutral } ?? (paragraph == 1 ? .rightToLeft : .leftToRight)
                let after = strong[(index + 1)...].first { $0 != .neutral } ?? (paragraph == 1 ? .rightToLeft : .leftToRight)
                if before == after { levels[index] = before == .rightToLeft ? 1 : (paragraph == 1 ? 2 : 0) }
            }
        }
        var out = scalars
        for index in out.indices where levels[index] % 2 == 1 {
            if let mirror = mirrored[out[index].value], let scalar = Unicode.Scalar(mirror) { out[index] = scalar }
        }
        let highest = levels.max() ?? 0
        if highest > 0 {
            for level in stride(from: highest, through: 1, by: -1) {
                var start: Int?
                for index in 0...out.count {
                    if index < out.count, levels[index] >= level {
                        if start == nil { start = index }
                    } else if let first = start {
                        out[first..<index].reverse()
                        levels[first..<index].reverse()
                        start = nil
                    }
                }
            }
        }
        return out
    }
}
