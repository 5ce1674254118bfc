#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// The journal's writer: the exact bytes `JSONEncoder` writes, without its generic machinery
/// (about ten times faster at 100,000 places), which the tests check byte for byte.
extension JournalCodec {
    /// The journal's bytes for `places`: the same bytes `JSONEncoder` writes for the versioned
    /// document with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]`, plus a final newline.
    /// - Parameter members: top-level members this version does not know, written back as they
    ///   were read (in key order, around `places` and `version`).
    public static func encode(_ places: [Location], members: [String: JSONFragment] = [:]) -> [UInt8] {
        encode(places, members: members, copyingText: nil)
    }

    /// ``encode(_:members:)``, where `copyingText` may append a place's text itself (the text it was
    /// read from, laid out as this writer lays it out) and return `true`, or return `false` to have the
    /// place written from its fields.
    static func encode(_ places: [Location], members: [String: JSONFragment],
                       copyingText: ((Location, inout [UInt8]) -> Bool)?) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(places.count * 450 + 64)
        out.append(UInt8(ascii: "{"))
        var first = true
        func member(_ key: String, _ write: (inout [UInt8]) -> Void) {
            out.append(contentsOf: first ? [0x0A, 0x20, 0x20] : [UInt8(ascii: ","), 0x0A, 0x20, 0x20])
            first = false
            JSONText.appendQuoted(key, to: &out)
            out.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
            write(&out)
        }
        let keys = (Array(members.keys) + ["places", "version"]).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for key in keys {
            switch key {
            case "places" where members[key] == nil: member(key) { appendArray(places, indent: 2, copyingText: copyingText, to: &$0) }
            case "version" where members[key] == nil: member(key) { $0.append(contentsOf: "\(version(for: places))".utf8) }
            default: member(key) { members[key]!.appendPretty(indent: 2, to: &$0) }
            }
        }
        out.append(contentsOf: [0x0A, UInt8(ascii: "}"), 0x0A])
        return out
    }

    /// The format version a journal of `places` is written as: the oldest that holds them all
    /// (version 2 only when a place needs its `visits` list; see ``JournalStore/currentVersion``).
    public static func version(for places: [Location]) -> Int {
        places.contains(where: \.needsVisitList) ? 2 : 1
    }

    /// One place, as `JSONEncoder` writes a `Location` with the journal's options. No final newline.
    /// - Parameter listingVisits: write `visits` whenever the place has any, not only when they say
    ///   more than `visited` (what `show --json` prints, so that scripts find every visit in one place).
    public static func encodePlace(_ place: Location, listingVisits: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(512)
        appendPlace(place, Indents(0), listingVisits: listingVisits, to: &out)
        return out
    }

    /// A bare array of places, as `JSONEncoder` writes `[Location]` with the journal's options
    /// (what `places list --json` prints). No final newline.
    public static func encodeArray(_ places: [Location]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(places.count * 450 + 8)
        appendArray(places, indent: 0, to: &out)
        return out
    }

    /// `[`, the places, and `]` at `indent`, as `JSONEncoder`'s pretty printer lays them out.
    private static func appendArray(_ places: [Location], indent: Int, copyingText: ((Location, inout [UInt8]) -> Bool)? = nil,
                                    to out: inout [UInt8]) {
        let outer = [UInt8](repeating: UInt8(ascii: " "), count: indent)
        out.append(UInt8(ascii: "["))
        if places.isEmpty {
            out.append(contentsOf: [0x0A, 0x0A])
            out.append(contentsOf: outer)
            out.append(UInt8(ascii: "]"))
            return
        }
        let indents = Indents(indent + 2)
        // By index: `for place in places` copies (and releases) every place it writes.
        for offset in places.indices {
            if offset > 0 { out.append(UInt8(ascii: ",")) }
            out.append(0x0A)
            out.append(contentsOf: indents.object)
            if copyingText?(places[offset], &out) != true { appendPlace(places[offset], indents, to: &out) }
        }
        out.append(0x0A)
        out.append(contentsOf: outer)
        out.append(UInt8(ascii: "]"))
    }

    /// The spaces before a place's braces, its fields and its tags, and the text before each of the
    /// journal's own fields; made once per list, not per place.
    private struct Indents {
        let object: [UInt8]
        let field: [UInt8]
        let item: [UInt8]
        let separator: [UInt8]
        /// For each ``PlaceField`` (by raw value): ``separator``, the field's indent and `"name" : `,
        /// appended at once (the first field of a place skips the separator).
        let keyLines: [[UInt8]]

        init(_ indent: Int) {
            let object = [UInt8](repeating: 0x20, count: indent)
            let field = object + [0x20, 0x20]
            let separator: [UInt8] = [UInt8(ascii: ","), 0x0A]
            self.object = object
            self.field = field
            self.separator = separator
            item = field + [0x20, 0x20]
            keyLines = PlaceField.fields.map { place -> [UInt8] in
                var line = separator + field
                line.append(UInt8(ascii: "\""))
                line.append(contentsOf: UnsafeBufferPointer(start: place.key.utf8Start, count: place.key.utf8CodeUnitCount))
                line.append(contentsOf: "\" : ".utf8)
                return line
            }
        }
    }

    /// One place's object (its `{` already indented by the caller), keys in byte order as
    /// `JSONEncoder`'s `sortedKeys` writes them; fields this version does not know are merged in
    /// at their place, as they were read.
    private static func appendPlace(_ place: Location, _ indents: Indents, listingVisits: Bool = false, to out: inout [UInt8]) {
        let object = indents.object, fieldIndent = indents.field, itemIndent = indents.item, separator = indents.separator
        put("{\n", &out)
        // Keys in byte order, as JSONEncoder's sortedKeys writes them; fields this version does
        // not know are merged in at their place.
        var extras = place.extraFields.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }[...]
        var first = true
        func next(_ field: PlaceField) {
            if !extras.isEmpty {
                let known = UnsafeBufferPointer(start: field.key.utf8Start, count: field.key.utf8CodeUnitCount)
                while let extra = extras.first, extra.utf8.lexicographicallyPrecedes(known) {
                    extras.removeFirst()
                    begin(extra)
                    place.extraFields[extra]!.appendPretty(indent: fieldIndent.count, to: &out)
                }
            }
            let line = indents.keyLines[field.rawValue]
            if first { out.append(contentsOf: line[separator.count...]) } else { out.append(contentsOf: line) }
            first = false
        }
        func begin(_ key: String) {
            if !first { out.append(contentsOf: separator) }
            first = false
            out.append(contentsOf: fieldIndent)
            JSONText.appendQuoted(key, to: &out)
            put(" : ", &out)
        }
        if let created = place.created { next(.created); date(created, &out) }
        next(.description); JSONText.appendQuoted(place.description, to: &out)
        next(.id); uuid(place.id, &out)
        next(.latitude); JSONText.appendNumber(place.latitude, to: &out)
        next(.longitude); JSONText.appendNumber(place.longitude, to: &out)
        next(.name); JSONText.appendQuoted(place.name, to: &out)
        next(.tags)
        put("[\n", &out)
        if place.tags.isEmpty { out.append(0x0A) }
        for (index, tag) in place.tags.enumerated() {
            out.append(contentsOf: itemIndent)
            JSONText.appendQuoted(tag, to: &out)
            if index < place.tags.count - 1 { out.append(UInt8(ascii: ",")) }
            out.append(0x0A)
        }
        out.append(contentsOf: fieldIndent)
        out.append(UInt8(ascii: "]"))
        if let updated = place.updated { next(.updated); date(updated, &out) }
        next(.visited)
        if let visited = place.visited { date(visited, &out) } else { put("null", &out) }
        if place.needsVisitList || (listingVisits && !place.visits.isEmpty) {
            next(.visits)
            appendVisits(place.visits, indent: fieldIndent.count, to: &out)
        }
        for extra in extras {
            begin(extra)
            place.extraFields[extra]!.appendPretty(indent: fieldIndent.count, to: &out)
        }
        out.append(0x0A)
        out.append(contentsOf: object)
        out.append(UInt8(ascii: "}"))
    }

    /// Appends constant text without making an array of it (a journal writes these for every place).
    @inline(__always) private static func put(_ text: StaticString, _ out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A non-empty list of visits whose `[` follows a key at `indent`, as `JSONEncoder` lays it out:
    /// each visit's members in byte order, unknown members merged in at their place.
    private static func appendVisits(_ visits: [Visit], indent: Int, to out: inout [UInt8]) {
        let objectIndent = [UInt8](repeating: 0x20, count: indent + 2), memberIndent = objectIndent + [0x20, 0x20]
        out.append(contentsOf: [UInt8(ascii: "["), 0x0A])
        for (index, visit) in visits.enumerated() {
            out.append(contentsOf: objectIndent)
            out.append(contentsOf: [UInt8(ascii: "{"), 0x0A])
            var members: [(key: String, write: (inout [UInt8]) -> Void)] = [("date", { JSONText.appendQuoted(visit.date.journalText, to: &$0) })]
            if let note = visit.note { members.append(("note", { JSONText.appendQuoted(note, to: &$0) })) }
            if let source = visit.source { members.append(("source", { JSONText.appendQuoted(source, to: &$0) })) }
            for (key, value) in visit.extraFields { members.append((key, { value.appendPretty(indent: memberIndent.count, to: &$0) })) }
            members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (position, member) in members.enumerated() {
                out.append(contentsOf: memberIndent)
                JSONText.appendQuoted(member.key, to: &out)
                out.append(contentsOf: [0x20, UInt8(ascii: ":"), 0x20])
                member.write(&out)
                if position < members.count - 1 { out.append(UInt8(ascii: ",")) }
                out.append(0x0A)
            }
            out.append(contentsOf: objectIndent)
            out.append(UInt8(ascii: "}"))
            if index < visits.count - 1 { out.append(UInt8(ascii: ",")) }
            out.append(0x0A)
        }
        out.append(contentsOf: [UInt8](repeating: 0x20, count: indent))
        out.append(UInt8(ascii: "]"))
    }

    private static func date(_ value: Date, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        FastTimestamp.append(value, to: &out)
        out.append(UInt8(ascii: "\""))
    }

    private static func uuid(_ id: UUID, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        Location.appendLowercaseText(of: id, to: &out)
        out.append(UInt8(ascii: "\""))
    }
}
