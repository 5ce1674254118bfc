#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// Why a place typed by a person (an id, a name, part of a name) did not pick out exactly one place.
public enum PlaceLookupError: ExplainedError, Equatable, Sendable {
    /// Nothing has that id, nor a name like it.
    case notFound(String)
    /// Several ids start with the text (and no name is exactly it).
    case ambiguous(String, candidates: [Location])
    /// Several places have that name, or (when none is exactly it) contain it.
    case ambiguousName(String, candidates: [Location], total: Int)
    /// A few hex digits, too short for an id, and no name has them.
    case tooShort(String)
    /// The text starts the id of some places and names others (a name made of hex digits, such as
    /// "Cafe", and a place whose id starts `cafe…`): neither may win unasked. `byID` lists the places
    /// whose id starts with it, `byName` those with that name (or a part of their name).
    case idOrName(String, byID: [Location], byName: [Location])

    /// What the person can do next, as data: the executable words it with its commands.
    public enum Remedy: Sendable, Equatable {
        /// Listing the places shows their ids and names.
        case listShowsIDs
        /// A full-text search for the text also reads descriptions and tags, and forgives typos.
        case searchAllText(String)
        /// Type more characters of the id.
        case typeMoreOfTheID
        /// Type more of the name, or the id.
        case typeMoreOfTheNameOrTheID
        /// Type more of the id listed for the place meant.
        case typeMoreOfAListedID
    }

    /// What the person can do next, or `nil` when the message says it.
    public var remedy: Remedy? {
        switch self {
        case .notFound(let text): PlaceLookup.looksLikeID(text) ? .listShowsIDs : .searchAllText(text)
        case .ambiguous: .typeMoreOfTheID
        case .ambiguousName: .typeMoreOfTheNameOrTheID
        case .idOrName: .typeMoreOfAListedID
        case .tooShort: nil
        }
    }

    public var message: String { message(whereIs: nil) }

    /// The remedy in words that name no command.
    public var hint: String? {
        switch remedy {
        case .listShowsIDs: "listing your places shows their ids and names"
        case .searchAllText: "a full-text search also reads descriptions and tags, and forgives typos"
        case .typeMoreOfTheID: "type more characters of the id"
        case .typeMoreOfTheNameOrTheID: "type more of the name, or the id"
        case .typeMoreOfAListedID: "type more of the id listed for the place you mean"
        case nil: nil
        }
    }

    /// The message (without the hint), with each candidate's town (`whereIs`, e.g. from the gazetteer) or
    /// else its coordinates.
    public func message(whereIs: ((Location) -> String?)?) -> String {
        func lines(_ candidates: [Location], total: Int) -> String {
            // Short ids unless two candidates share one (then they could not tell them apart).
            let short = Set(candidates.map(\.shortID)).count == candidates.count
            var text = candidates.map { place in
                let spot = whereIs?(place) ?? CoordinateFormat.pair(latitude: place.latitude, longitude: place.longitude)
                return "  \(short ? place.shortID : place.idString)  \(TerminalText.visible(place.name))  (\(TerminalText.visible(spot)))"
            }.joined(separator: "\n")
            if total > candidates.count { text += "\n  … and \(total - candidates.count) more" }
            return text
        }
        switch self {
        case .notFound(let text):
            if PlaceLookup.looksLikeID(text) {
                return "no place has the id \(text), and no place's name contains \"\(text)\""
            }
            return "no place is called \"\(text)\" or has it in its name"
        case let .ambiguous(text, candidates):
            return "the id \(text) is ambiguous: it starts \(candidates.count) places\n" + lines(candidates, total: candidates.count)
        case let .ambiguousName(text, candidates, total):
            return "\"\(text)\" could be \(total) places:\n" + lines(candidates, total: total)
        case let .idOrName(text, byID, byName):
            func indented(_ candidates: [Location]) -> String {
                lines(candidates, total: candidates.count).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
            }
            let shown = TerminalText.visible(text)
            return "\"\(shown)\" is both the start of an id and a name: it could be \(Set((byID + byName).map(\.id)).count) places\n"
                + "  id starting \(shown):\n" + indented(byID) + "\n  named \"\(shown)\":\n" + indented(byName)
        case .tooShort(let text):
            return "the id \(text) is too short: type at least \(PlaceLookup.minimumPrefixLength) characters of it (and no place's name contains it)"
        }
    }
}

/// Finds the place a person means: by id (a full UUID, or a unique prefix of at least four characters,
/// in any case, with or without dashes) or by name (folded as ``NameFolding`` folds names: case,
/// accents, punctuation and script aside). The one resolver of every command that takes a place.
///
/// In order: a full id; an id prefix that only one place has; a name that is exactly the text (folded);
/// a name containing the text from the start of one of its words. More than one at the first step that
/// finds any is an error listing them. A name never loses to an id prefix: when the text starts the id of
/// one place and names another (a place called "Cafe", another whose id starts `cafe`), it is
/// ``PlaceLookupError/idOrName(_:byID:byName:)``, listing both.
public enum PlaceLookup {
    /// The shortest id prefix accepted: shorter ones would match too much by accident.
    public static let minimumPrefixLength = 4
    /// The most candidates an error lists.
    public static let candidateLimit = 10

    /// What a lookup found, by position in the places searched.
    enum Outcome: Equatable {
        case found(Int)
        case ambiguousID([Int])
        case ambiguousName([Int], total: Int)
        case idOrName(byID: [Int], byName: [Int])
        case notFound
        case tooShort
    }

    /// The one place `text` picks out of `places`.
    /// - Throws: ``PlaceLookupError`` when none or several match.
    /// - Complexity: O(n) in the number of places.
    public static func find(_ text: String, in places: [Location]) throws -> Location {
        let source = LocationList(places: places)
        return try resolve(outcome(text, in: source), text: text) { places[$0] }
    }

    /// The one place `text` picks out of an indexed journal, decoding only that place (and the
    /// candidates an error lists).
    /// - Throws: ``PlaceLookupError`` when none or several match; ``JournalIndex/DamagedRecord`` when a
    ///   record found is not a valid place (a full read says why).
    static func find(_ text: String, in index: JournalIndex) throws -> Location {
        try resolve(outcome(text, in: index), text: text) { position in
            guard let place = index.place(position) else { throw JournalIndex.DamagedRecord() }
            return place
        }
    }

    private static func resolve(_ outcome: Outcome, text: String, place: (Int) throws -> Location) throws -> Location {
        switch outcome {
        case .found(let position): return try place(position)
        case .ambiguousID(let positions): throw PlaceLookupError.ambiguous(text, candidates: try positions.map(place))
        case let .ambiguousName(positions, total):
            throw PlaceLookupError.ambiguousName(text, candidates: try positions.map(place), total: total)
        case let .idOrName(byID, byName):
            throw PlaceLookupError.idOrName(text, byID: try byID.map(place), byName: try byName.map(place))
        case .notFound: throw PlaceLookupError.notFound(text)
        case .tooShort: throw PlaceLookupError.tooShort(text)
        }
    }

    /// Whether `text` could be an id or part of one: hex digits and dashes only.
    public static func looksLikeID(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { JSONScanner.hexValue($0) != nil || $0 == UInt8(ascii: "-") }
    }

    static func outcome<Source: LookupSource>(_ text: String, in source: Source) -> Outcome {
        let trimmed = text.trimmed
        // A full id is the place, whatever anything is called; a prefix is only a candidate.
        var idMatches: [Int] = []
        let nibbles = idNibbles(trimmed)
        if let nibbles, nibbles.count >= minimumPrefixLength {
            for position in 0..<source.count where hasPrefix(source.id(position), nibbles) {
                if nibbles.count == 32 { return .found(position) }
                idMatches.append(position)
            }
        }
        let names = nameMatches(trimmed, in: source)
        // A name made of hex digits ("Cafe", "2019") must not lose to another place's id prefix, nor
        // win over it unasked: when they pick out different places, both are listed.
        let named = names.exact.isEmpty ? names.parts : names.exact
        if !idMatches.isEmpty, !named.isEmpty, !(idMatches.count == 1 && named == idMatches) {
            return .idOrName(byID: Array(idMatches.prefix(candidateLimit)), byName: Array(named.prefix(candidateLimit)))
        }
        if idMatches.count == 1 { return .found(idMatches[0]) }
        if names.exact.count == 1 { return .found(names.exact[0]) }
        if names.exact.count > 1 { return .ambiguousName(Array(names.exact.prefix(candidateLimit)), total: names.exact.count) }
        if idMatches.count > 1 { return .ambiguousID(Array(idMatches.prefix(candidateLimit))) }
        if names.parts.count == 1 { return .found(names.parts[0]) }
        if names.parts.count > 1 { return .ambiguousName(Array(names.parts.prefix(candidateLimit)), total: names.parts.count) }
        if let nibbles, !nibbles.isEmpty, nibbles.count < minimumPrefixLength { return .tooShort }
        return .notFound
    }

    /// The places named `text` exactly (folded, or folded with the spaces left out: "Grandmas house" is
    /// "Grandma's house"), and those whose folded name contains it from the start of a word.
    static func nameMatches<Source: LookupSource>(_ text: String, in source: Source) -> (exact: [Int], parts: [Int]) {
        let key = Array(NameFolding.fold(text).utf8)
        guard !key.isEmpty else { return ([], []) }
        let compact = key.filter { $0 != 32 }
        var folder = NameFolder()
        var buffer: [UInt8] = []
        buffer.reserveCapacity(256)
        var exact: [Int] = [], parts: [Int] = []
        for position in 0..<source.count {
            _ = source.withName(position) { folder.fold($0, into: &buffer) }
            if buffer == key || NameFolder.equalIgnoringSpaces(buffer, compact) {
                exact.append(position)
            } else if exact.isEmpty, containsAtWordStart(buffer, key) {
                parts.append(position)
            }
        }
        return (exact, parts)
    }

    /// Whether `key` occurs in `text` where a word of `text` begins.
    static func containsAtWordStart(_ text: [UInt8], _ key: [UInt8]) -> Bool {
        guard text.count >= key.count else { return false }
        var start = 0
        while start + key.count <= text.count {
            if text[start] == key[0], text[start..<(start + key.count)].elementsEqual(key) { return true }
            guard let space = text[start...].firstIndex(of: 32) else { return false }
            start = space + 1
        }
        return false
    }

    /// The hex digits of an id as typed (case and dashes aside); `nil` when it has anything else.
    private static func idNibbles(_ text: String) -> [UInt8]? {
        var nibbles: [UInt8] = []
        for byte in text.utf8 where byte != UInt8(ascii: "-") {
            guard let value = JSONScanner.hexValue(byte) else { return nil }
            nibbles.append(value)
        }
        return nibbles.count <= 32 ? nibbles : nil
    }

    // Compare hex digits against the id's bytes directly: formatting 100,000 UUIDs as strings to
    // compare prefixes would take longer than reading the journal.
    private static func hasPrefix(_ id: UUID, _ prefix: [UInt8]) -> Bool {
        withUnsafeBytes(of: id.uuid) { raw in
            for (position, nibble) in prefix.enumerated() {
                let byte = raw[position / 2]
                if (position % 2 == 0 ? byte >> 4 : byte & 0xF) != nibble { return false }
            }
            return true
        }
    }
}

/// What ``PlaceLookup`` reads: places' ids and names by position, from decoded places or a ``JournalIndex``.
protocol LookupSource {
    var count: Int { get }
    func id(_ position: Int) -> UUID
    func withName<T>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T
}

struct LocationList: LookupSource {
    let places: [Location]
    var count: Int { places.count }
    func id(_ position: Int) -> UUID { places[position].id }
    func withName<T>(_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        var name = places[position].name
        return name.withUTF8(body)
    }
}

extension JournalIndex: LookupSource {}
