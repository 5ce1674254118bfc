import PlacesTerminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore
import PlacesMap

/// The small form of `a` and `e`: name, description, tags, visited.
public struct BrowseForm: Sendable {
    public enum Field: Int, CaseIterable, Sendable { case name, description, tags, visited }

    /// The place being edited, or `nil` when adding.
    public var placeID: UUID?
    public var coordinate: MapCoordinate
    public var name: String
    public var description: String
    /// Tags as typed, separated by commas.
    public var tagText: String
    public var visited: Bool
    public var focus: Field = .name { didSet { cursor = text(of: focus).count } }
    /// Where typing goes in the focused field, in characters from its start (at its end when a field
    /// gets the focus).
    public private(set) var cursor = 0
    /// Why the last save was refused (the same words as the commands').
    public var problem: String?

    init(adding name: String, at coordinate: MapCoordinate) {
        (placeID, self.coordinate, self.name, description, tagText, visited) = (nil, coordinate, name, "", "", false)
        cursor = name.count
    }

    init(editing place: Location) {
        (placeID, coordinate, name, description) = (place.id, MapCoordinate(latitude: place.latitude, longitude: place.longitude), place.name, place.description)
        tagText = place.tags.joined(separator: ", ")
        visited = place.isVisited
        cursor = name.count
    }

    /// The tags typed, split at commas.
    var tags: [String] { tagText.split(separator: ",").map { String($0) }.filter { !$0.trimmed.isEmpty } }

    /// A key in a field: text goes in at the cursor of the focused field; ←, →, Home and End move
    /// the cursor, Backspace and Delete remove the character before and after it; Tab and ↑ ↓ move
    /// between fields; Space toggles "visited".
    mutating func handle(_ key: Key) {
        let length = text(of: focus).count
        switch key {
        case .tab, .down: focus = Field(rawValue: (focus.rawValue + 1) % Field.allCases.count)!
        case .backTab, .up: focus = Field(rawValue: (focus.rawValue + Field.allCases.count - 1) % Field.allCases.count)!
        case .left: cursor = max(cursor - 1, 0)
        case .right: cursor = min(cursor + 1, length)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = length
        case .backspace:
            guard cursor > 0 else { return }
            replace(characters: (cursor - 1)..<cursor, with: "")
        case .delete:
            guard cursor < length else { return }
            replace(characters: cursor..<(cursor + 1), with: "")
        case .character(let c):
            if focus == .visited { if c == " " || c == "x" || c == "y" { visited.toggle() } } else { insert(String(c)) }
        case .paste(let text): insert(text.filter { !$0.isNewline })
        default: break
        }
    }

    /// The text of a field (empty for "visited").
    func text(of field: Field) -> String {
        switch field {
        case .name: name
        case .description: description
        case .tags: tagText
        case .visited: ""
        }
    }

    private mutating func insert(_ text: String) {
        replace(characters: cursor..<cursor, with: text)
    }

    /// Replaces characters of the focused field and leaves the cursor after the new text.
    private mutating func replace(characters range: Range<Int>, with new: String) {
        guard focus != .visited else { return }
        var text = text(of: focus)
        let start = text.index(text.startIndex, offsetBy: range.lowerBound), end = text.index(start, offsetBy: range.count)
        text.replaceSubrange(start..<end, with: new)
        // Characters may join across the edit (a combining mark after a letter): kept inside the text.
        let cursorAfter = range.lowerBound + new.count
        switch focus {
        case .name: name = text
        case .description: description = text
        case .tags: tagText = text
        case .visited: break
        }
        cursor = min(cursorAfter, text.count)
    }

    /// Writes the form into a place: visited adds a visit today when there is none, unticked removes them.
    func apply(to place: inout Location, tags: [String], today: VisitDate) {
        place.name = name
        place.description = description
        place.tags = tags
        if visited && !place.isVisited { place.setLatestVisitDate(today) }
        if !visited { place.visits.removeAll() }
    }
}
