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
        // Each place's tags lower-cased once: a map of 10,000 places asks for them three times over.
        let lowered = locations.map { $0.tags.map { $0.lowercased() } }
        var counts: [String: Int] = [:]
        var spelling: [String: String] = [:]
        for (location, tags) in zip(locations, lowered) {
            // A tag a place has twice (in two cases) counts once for it.
            for (index, tag) in tags.enumerated() where !skipped.contains(tag) && !tags[..<index].contains(tag) {
                counts[tag, default: 0] += 1
            }
            for (tag, written) in zip(tags, location.tags) where spelling[tag] == nil { spelling[tag] = written }
        }
        let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        let rank = Dictionary(uniqueKeysWithValues: ranked.enumerated().map { ($1, $0) })
        // The place's highest-ranked tag, the first of equals.
        let mains = lowered.map { tags -> String? in
            var main: (rank: Int, tag: String)?
            for tag in tags {
                guard let tagRank = rank[tag] else { continue }
                if main == nil || tagRank < main!.rank { main = (tagRank, tag) }
            }
            return main?.tag
        }
        var drawn: [String: Int] = [:]
        for case let tag? in mains { drawn[tag, default: 0] += 1 }
        let coloured = ranked.filter { drawn[$0] != nil }.prefix(Self.colors.count)
        entries = zip(coloured, Self.colors).map { tag, color in
            Entry(tag: spelling[tag] ?? tag, color: color, count: drawn[tag] ?? 0)
        }
        self.rank = rank
        colorByTag = Dictionary(uniqueKeysWithValues: zip(coloured, Self.colors).map { ($0, $1) })
        let colorByTag = self.colorByTag
        hasOther = mains.contains { $0.flatMap { colorByTag[$0] } == nil }
    }

    /// The colour a place is drawn in.
    public func color(for location: Location) -> MapColor {
        // The place's highest-ranked tag (the first of equals), found in one pass without building
        // arrays: a map with thousands of pins asks this for each.
        var main: (rank: Int, tag: String)?
        for tag in location.tags {
            // Most tags are already lower-case ASCII: those are their own key, with no new string.
            let key = tag.utf8.allSatisfy({ $0 < 0x80 && !(0x41...0x5A).contains($0) }) ? tag : tag.lowercased()
            guard let tagRank = rank[key] else { continue }
            if main == nil || tagRank < main!.rank { main = (tagRank, key) }
        }
        return main.flatMap { colorByTag[$0.tag] } ?? Self.other
    }
}
