/// A colour for the map, in the two forms the renderers need.
public struct MapColor: Sendable, Equatable {
    /// `#rrggbb`, for SVG and HTML.
    public let hex: String
    /// The nearest colour of the 256-colour ANSI palette, for terminals.
    public let ansi256: Int
}

/// Gives each tag its own colour, most-used tags first, so a legend can explain the pins.
///
/// A place takes the colour of its first tag that has one. Tags beyond the palette's size, and
/// places without tags, share a neutral grey.
public struct TagPalette: Sendable, Equatable {
    /// A tag with its colour and how many places carry it.
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

    /// Builds the palette for the places that will be drawn.
    /// - Parameters:
    ///   - locations: the places on the map.
    ///   - excluding: tags not worth a colour, such as the one the map was filtered by (case-insensitive).
    public init(locations: [Location], excluding: Set<String> = []) {
        let skipped = Set(excluding.map { $0.lowercased() })
        var counts: [String: Int] = [:]
        var spelling: [String: String] = [:]
        for location in locations {
            for tag in Set(location.tags.map { $0.lowercased() }) where !skipped.contains(tag) {
                counts[tag, default: 0] += 1
            }
            for tag in location.tags where spelling[tag.lowercased()] == nil { spelling[tag.lowercased()] = tag }
        }
        let ranked = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        entries = zip(ranked.prefix(Self.colors.count), Self.colors).map { pair, color in
            Entry(tag: spelling[pair.key] ?? pair.key, color: color, count: pair.value)
        }
        let coloured = Set(entries.map { $0.tag.lowercased() })
        hasOther = locations.contains { !$0.tags.contains { coloured.contains($0.lowercased()) } }
    }

    /// The colour a place is drawn in.
    public func color(for location: Location) -> MapColor {
        for tag in location.tags {
            if let entry = entries.first(where: { $0.tag.lowercased() == tag.lowercased() }) { return entry.color }
        }
        return Self.other
    }
}
