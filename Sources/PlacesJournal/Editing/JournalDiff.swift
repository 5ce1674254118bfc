#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// What changed between two versions of the journal, in words.
public enum JournalDiff {
    /// Sentences such as `added "Eiffel Tower"`, `removed "Golden Gate Bridge"`,
    /// `changed "Kyoto" (name, tags)`; empty when nothing changed.
    /// - Parameter naming: up to how many places a sentence names; beyond it, it counts them.
    public static func describe(from old: [Location], to new: [Location], naming limit: Int = 3) -> [String] {
        let before = Dictionary(old.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(new.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var lines: [String] = []
        let added = new.filter { before[$0.id] == nil }
        let removed = old.filter { after[$0.id] == nil }
        lines += summarise("added", added, limit)
        lines += summarise("removed", removed, limit)
        var changed: [String] = []
        for place in new {
            guard let previous = before[place.id], !previous.hasSameContent(as: place) else { continue }
            // An unknown field's key comes from the file like any value: a copy or a branch could
            // carry terminal escapes in it.
            let fields = PlaceMerge.changedFields(from: previous, to: place).map { TerminalText.visible($0) }
            changed.append("\"\(TerminalText.visible(place.name))\"" + (fields.isEmpty ? "" : " (\(fields.joined(separator: ", ")))"))
        }
        if changed.count > limit {
            lines.append("changed \(changed.count) places")
        } else if !changed.isEmpty {
            lines.append("changed " + changed.joined(separator: ", "))
        }
        return lines
    }

    private static func summarise(_ verb: String, _ places: [Location], _ limit: Int) -> [String] {
        if places.isEmpty { return [] }
        if places.count > limit { return ["\(verb) \(places.count) places"] }
        return ["\(verb) " + places.map { "\"\(TerminalText.visible($0.name))\"" }.joined(separator: ", ")]
    }
}
