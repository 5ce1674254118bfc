#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Why an id typed by a person did not pick out exactly one place.
public enum PlaceLookupError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(String)
    case ambiguous(String, candidates: [String])
    case tooShort(String)

    public var description: String {
        switch self {
        case .notFound(let text):
            return "no place has the id \(text)\nhint: `places list` shows the ids"
        case let .ambiguous(text, candidates):
            return "the id \(text) is ambiguous: it starts \(candidates.count) places\n"
                + candidates.map { "  \($0)" }.joined(separator: "\n")
                + "\nhint: type more characters of the id"
        case .tooShort(let text):
            return "the id \(text) is too short: type at least \(PlaceLookup.minimumPrefixLength) characters of it"
        }
    }
}

/// Finds places by the ids people type: a full UUID, or any unique prefix of at least four
/// characters, in any case, with or without the UUID's dashes.
public enum PlaceLookup {
    /// The shortest prefix accepted: shorter ones would match too much by accident.
    public static let minimumPrefixLength = 4

    /// The one place whose id is or starts with `text`.
    /// - Throws: ``PlaceLookupError`` when none or several match, or `text` is too short.
    /// - Complexity: O(n) in the number of places.
    public static func find(_ text: String, in places: [Location]) throws -> Location {
        let wanted = normalized(text)
        guard wanted.count >= minimumPrefixLength else {
            throw wanted.isEmpty ? PlaceLookupError.notFound("\"\(text)\"") : PlaceLookupError.tooShort(text)
        }
        // Compare hex digits against the id's bytes directly: formatting 100,000 UUIDs as strings
        // to compare prefixes would take longer than reading the journal.
        let nibbles = wanted.utf8.map { byte -> UInt8? in
            switch byte {
            case 0x30...0x39: return byte - 0x30
            case 0x61...0x66: return byte - 0x61 + 10
            default: return nil
            }
        }
        guard nibbles.count <= 32, !nibbles.contains(nil) else { throw PlaceLookupError.notFound(text) }
        let prefix = nibbles.map { $0! }
        var matches: [Location] = []
        for place in places where hasPrefix(place.id, prefix) {
            if prefix.count == 32 { return place }
            matches.append(place)
        }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty { throw PlaceLookupError.notFound(text) }
        throw PlaceLookupError.ambiguous(text, candidates: matches.map { "\($0.idString)  \($0.name)" })
    }

    private static func hasPrefix(_ id: UUID, _ prefix: [UInt8]) -> Bool {
        withUnsafeBytes(of: id.uuid) { raw in
            for (position, nibble) in prefix.enumerated() {
                let byte = raw[position / 2]
                if (position % 2 == 0 ? byte >> 4 : byte & 0xF) != nibble { return false }
            }
            return true
        }
    }

    private static func normalized(_ text: String) -> String {
        String(text.lowercased().filter { $0 != "-" })
    }
}
