/// A colour for the map, in the two forms the renderers need.
public struct MapColor: Sendable, Equatable {
    /// `#rrggbb`, for SVG and HTML.
    public let hex: String
    /// The nearest colour of the 256-colour ANSI palette, for terminals.
    public let ansi256: Int
}

/// Gives each tag its own colour, most-used tags first, so a legend can explain the pins.
///
/// A place takes the colour of its most-used tag (ties broken by name), so the legend lists only
/// tags that some pin is actually drawn in. Tags beyond the palette's size, and places without
/// tags, share a neutral grey.
public struct TagPalette: Sendable, Equatable {
    /// A tag with its colour and how many places are drawn in it.
    public struct Entry: Sendable, Equatable {
        public let tag: String
        public let color: MapColor
        public let count: Int
    }

    /// Calm, distinct hues that stay readable on a light map and on a dark terminal.
    public static let colors: [MapColor] = [
        MapColor(hex: "#3b6ea5", ansi256: 67),   // blue
        MapColor(hex: "#d1603d", ansi256: 167),  // terracotta
        MapColor(hex: "#4f9a72", ansi256: 72),   // green
        MapColor(hex: "#8a63a8", ansi256: 97),   // purple
        MapColor(hex: "#d49a2a", ansi256: 178),  // ochre
        MapColor(hex: "#2f9aa0", ansi256: 37),   // teal
        MapColor(hex: "#c2577f", ansi256: 168),  // rose
        MapColor(hex: "#7a7f3a", ansi256: 100),  // olive
    ]
    /// The colour of untagged places and of tags beyond the palette.
    public static let other = MapColor(hex: "#7d8590", ansi256: 245)

    /// The coloured tags, most used first (ties by name).
    public let entries: [Entry]
    /// Whether some shown place is drawn in ``other`` (so the legend needs an "other" line).
    public let hasOther: Bool
    /// Each tag's position when ranked by use (lower-cased keys), to find a place's main tag.
    private let rank: [String: Int]
    private let colorByTag: [String: MapColor]

    /// Builds the palette for the places that will be drawn.
    /// - Parameters:
    ///   - locations: the places on the map.
    ///   - excluding: tags not worth a colour, such as the one the map was filtered by (case-insensitive).
    public init(locations: [Location], excluding: Set<String> = []) {
        let skipped = Set(excluding.map { $0.lowercased() })
        // Each distinct tag (lower-cased) gets a number on first sight, and each place's tags are
        // kept as numbers: counting, ranking and finding each place's main tag then hash no strings
        // (a map of 10,000 places has tens of thousands of tags).
        var numbers: [String: Int] = [:]
        var keys: [String] = [], spellings: [String] = [], isSkipped: [Bool] = []
        var tagNumbers: [Int] = [], starts: [Int] = []
        starts.reserveCapacity(locations.count + 1)
        var counts: [Int] = []
        for location in locations {
            let start = tagNumbers.count
            starts.append(start)
            for written in location.tags {
                let key = Self.key(written)
                let number: Int
                if let known = numbers[key] {
                    number = known
                } else {
                    number = keys.count
                    numbers[key] = number
                    keys.append(key)
                    spellings.append(written)
                    isSkipped.append(skipped.contains(key))
                    counts.append(0)
                }
                // A tag a place has twice (in two cases) counts once for it.
                if !isSkipped[number] && !tagNumbers[start...].contains(number) { counts[number] += 1 }
                tagNumbers.append(number)
            }
        }
        starts.append(tagNumbers.count)
        let ranked = keys.indices.filter { !isSkipped[$0] }
            .sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : keys[$0] < keys[$1] }
        var rankOf = [Int](repeating: .max, count: keys.count)
        for (position, number) in ranked.enumerated() { rankOf[number] = position }
        // Each place's highest-ranked tag, the first of equals; -1 for none.
        var mains = [Int](repeating: -1, count: locations.count)
        var drawn = [Int](repeating: 0, count: keys.count)
        for place in locations.indices {
            var main = -1
            for number in tagNumbers[starts[place]..<starts[place + 1]] where rankOf[number] != .max {
                if main < 0 || rankOf[number] < rankOf[main] { main = number }
            }
            mains[place] = main
            if main >= 0 { drawn[main] += 1 }
        }
        let coloured = ranked.filter { drawn[$0] > 0 }.prefix(Self.colors.count)
        entries = zip(coloured, Self.colors).map { number, color in
            Entry(tag: spellings[number], color: color, count: drawn[number])
        }
        rank = Dictionary(uniqueKeysWithValues: ranked.enumerated().map { (keys[$1], $0) })
        colorByTag = Dictionary(uniqueKeysWithValues: zip(coloured, Self.colors).map { (keys[$0], $1) })
        var isColoured = [Bool](repeating: false, count: keys.count)
        for number in coloured { isColoured[number] = true }
        hasOther = mains.contains { $0 < 0 || !isColoured[$0] }
    }

    /// A tag's key: lower-cased. Most tags are already lower-case ASCII: those are their own key,
    /// with no new string.
    private static func key(_ tag: String) -> String {
        tag.utf8.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) }) ? tag : tag.lowercased()
    }

    /// The colour a place is drawn in.
    public func color(for location: Location) -> MapColor {
        // The place's highest-ranked tag (the first of equals), found in one pass without building
        // arrays: a map with thousands of pins asks this for each.
        var main: (rank: Int, tag: String)?
        for tag in location.tags {
            let key = Self.key(tag)
            guard let tagRank = rank[key] else { continue }
            if main == nil || tagRank < main!.rank { main = (tagRank, key) }
        }
        return main.flatMap { colorByTag[$0.tag] } ?? Self.other
    }
}
