/// What an OpenStreetMap object is, in a word people use ("café", "railway station", "lighthouse"), read
/// from its tags; and which objects a region pack keeps as points of interest.
enum OSMKinds {
    /// The tag keys whose named objects are points of interest, in the order their kind word is read.
    static let interestKeys: [OSMKey] = [.amenity, .shop, .tourism, .historic, .leisure, .office, .craft, .healthcare,
                                         .railway, .publicTransport, .aeroway, .manMade, .natural, .water, .waterway, .place]
    private static let interestMask = interestKeys.reduce(0) { $0 | $1.bit }

    /// `railway=*` and `public_transport=*` values that are stations (not tracks, platforms or crossings).
    static let stationValues: Set<String> = ["station", "halt", "tram_stop", "subway_entrance", "stop_area"]
    /// `aeroway=*` values kept.
    static let aerowayValues: Set<String> = ["aerodrome", "heliport", "terminal"]
    /// `waterway=*` values that are features with a name of their own (rivers, canals), not ditches or drains.
    static let waterwayValues: Set<String> = ["river", "canal", "waterfall", "dam", "stream", "dock", "boatyard"]

    /// Words for the common values, where the tag value alone reads oddly.
    static let words: [String: String] = [
        "amenity=cafe": "café", "amenity=fast_food": "fast food", "amenity=place_of_worship": "place of worship",
        "amenity=townhall": "town hall", "amenity=post_office": "post office", "amenity=fuel": "fuel station",
        "amenity=ice_cream": "ice cream", "amenity=bus_station": "bus station", "amenity=ferry_terminal": "ferry terminal",
        "amenity=car_rental": "car rental", "amenity=bicycle_rental": "bicycle rental", "amenity=arts_centre": "arts centre",
        "amenity=community_centre": "community centre", "amenity=social_facility": "social facility",
        "amenity=kindergarten": "kindergarten", "amenity=doctors": "doctor's", "amenity=dentist": "dentist",
        "railway=station": "railway station", "railway=halt": "railway halt", "railway=tram_stop": "tram stop",
        "railway=subway_entrance": "subway entrance", "public_transport=station": "station",
        "public_transport=stop_area": "stop", "aeroway=aerodrome": "airport", "aeroway=heliport": "heliport",
        "aeroway=terminal": "airport terminal", "man_made=lighthouse": "lighthouse", "man_made=tower": "tower",
        "tourism=guest_house": "guest house", "tourism=attraction": "attraction", "tourism=artwork": "artwork",
        "tourism=information": "tourist information", "tourism=theme_park": "theme park", "tourism=camp_site": "camp site",
        "leisure=sports_centre": "sports centre", "leisure=swimming_pool": "swimming pool", "leisure=fitness_centre": "gym",
        "leisure=nature_reserve": "nature reserve", "leisure=pitch": "sports pitch",
        "place=isolated_dwelling": "isolated dwelling", "natural=peak": "peak", "natural=water": "water",
        "shop=supermarket": "supermarket", "shop=bakery": "bakery", "shop=convenience": "convenience store",
        "shop=department_store": "department store", "shop=mall": "shopping centre", "shop=hairdresser": "hairdresser",
        "shop=butcher": "butcher", "shop=florist": "florist", "shop=kiosk": "kiosk", "shop=optician": "optician",
    ]

    /// The tag (`amenity=cafe`) that makes an object a point of interest and its kind word, or `nil` when the
    /// object is not one (whatever its name).
    static func interest(_ tags: OSMTags) -> (tag: String, word: String)? {
        guard tags.hasAny(interestMask) else { return nil }
        for code in interestKeys {
            guard let value = tags[code], !value.isEmpty, value != "no" else { continue }
            switch code {
            case .railway, .publicTransport: guard stationValues.contains(value) else { continue }
            case .aeroway: guard aerowayValues.contains(value) else { continue }
            case .waterway: guard waterwayValues.contains(value) else { continue }
            default: break
            }
            let key = code.text
            return (key + "=" + value, word(key: key, value: value))
        }
        return nil
    }

    /// The kind word of a tag: from ``words``, else the value in words (`shop=*` as "… shop", `office=*` as
    /// "… office").
    static func word(key: String, value: String) -> String {
        if let word = words[key + "=" + value] { return word }
        let spoken = value.replacing("_", with: " ")
        switch key {
        case "shop": return value == "yes" ? "shop" : spoken + " shop"
        case "office": return value == "yes" ? "office" : spoken + " office"
        case "craft": return value == "yes" ? "craft" : spoken
        case "healthcare": return value == "yes" ? "healthcare" : spoken
        default: return value == "yes" ? key.replacing("_", with: " ") : spoken
        }
    }

    /// `place=*` values that are settlements, and how far (km) from its node a place of that size is taken
    /// as the locality of what lies around it.
    static let localityReach: [String: Double] = ["city": 12, "town": 6, "village": 3, "hamlet": 1.5,
                                                  "suburb": 2.5, "quarter": 1.2, "neighbourhood": 0.8]
    /// The settlement values among those: an address's city (a suburb names a part of one).
    static let settlementValues: Set<String> = ["city", "town", "village", "hamlet"]

    private static let nameKeyPrefixes = ["name:", "alt_name", "old_name", "official_name", "short_name", "loc_name", "int_name", "brand"]
    private static let nameKeyInitials = Set(nameKeyPrefixes.map { $0.utf8.first! })

    /// Whether a tag key holds another name of the object: `name:xx`, `alt_name`, `old_name`, `official_name`,
    /// `short_name`, `loc_name`, `int_name`, `brand` and their `:xx` forms, but not `brand:wikidata`,
    /// `name:etymology`, `name:prefix` and the like.
    static func isNameVariant(_ key: String) -> Bool {
        guard let first = key.utf8.first, nameKeyInitials.contains(first), nameKeyPrefixes.contains(where: { key.hasPrefix($0) }) else {
            return false
        }
        if key.hasSuffix("wikidata") || key.hasSuffix("wikipedia") || key.hasPrefix("name:etymology") || key.hasPrefix("name:signed") { return false }
        return !(key == "name:prefix" || key == "name:suffix" || key == "name:left" || key == "name:right")
    }

    /// Every name an object is known by, its main one first: `name`, then the keys of
    /// ``isNameVariant(_:)`` in key order, each name once.
    static func names(_ tags: OSMTags) -> [String] {
        guard tags.hasAny(OSMKey.name.bit | OSMKey.nameVariant.bit) else { return [] }
        var names: [String] = []
        // Most objects have a name or two: compared with those kept; a set only for objects named in many languages.
        var seen: Set<String>?
        func keep(_ text: String) {
            guard !text.isEmpty else { return }
            if seen == nil, names.count >= 8 { seen = Set(names) }
            if seen != nil { guard seen!.insert(text).inserted else { return } } else if names.contains(text) { return }
            names.append(text)
        }
        func add(_ name: String) {
            // Most names hold no semicolon and no space at either end: kept as they are, not split and trimmed.
            if let first = name.unicodeScalars.first, let last = name.unicodeScalars.last,
               !first.properties.isWhitespace, !last.properties.isWhitespace, !name.utf8.contains(UInt8(ascii: ";")) {
                keep(name)
                return
            }
            // `alt_name` may hold several names separated by semicolons.
            for part in name.split(separator: ";") { keep(String(part).trimmed) }
        }
        if let main = tags[.name] { add(main) }
        guard tags.has(.nameVariant) else { return names }
        // Only the keys that can hold a name are sorted: most objects have none or one.
        var variants: [(key: String, index: Int)] = []
        for (index, tag) in tags.tags.enumerated() where tag.code == .nameVariant { variants.append((tag.key, index)) }
        if variants.count > 1 { variants.sort { ($0.key, $0.index) < ($1.key, $1.index) } }
        for (position, variant) in variants.enumerated() {
            // A key given twice counts once, with its last value.
            if position + 1 < variants.count, variants[position + 1].key == variant.key { continue }
            add(tags.tags[variant.index].value)
        }
        return names
    }
}
