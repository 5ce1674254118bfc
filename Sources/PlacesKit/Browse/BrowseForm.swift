import PlacesTerminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    public var focus: Field = .name
    /// Why the last save was refused (the same words as the commands').
    public var problem: String?

    init(adding name: String, at coordinate: MapCoordinate) {
        (placeID, self.coordinate, self.name, description, tagText, visited) = (nil, coordinate, name, "", "", false)
    }

    init(editing place: Location) {
        (placeID, coordinate, name, description) = (place.id, MapCoordinate(latitude: place.latitude, longitude: place.longitude), place.name, place.description)
        tagText = place.tags.joined(separator: ", ")
        visited = place.isVisited
    }

    /// The tags typed, split at commas.
    var tags: [String] { tagText.split(separator: ",").map { String($0) }.filter { !$0.trimmed.isEmpty } }

    /// A key in a field: text goes into the focused field, Tab and the arrows move between them,
    /// Space toggles "visited".
    mutating func handle(_ key: Key) {
        switch key {
        case .tab, .down: focus = Field(rawValue: (focus.rawValue + 1) % Field.allCases.count)!
        case .backTab, .up: focus = Field(rawValue: (focus.rawValue + Field.allCases.count - 1) % Field.allCases.count)!
        case .backspace: edit { if !$0.isEmpty { $0.removeLast() } }
        case .character(let c):
            if focus == .visited { if c == " " || c == "x" || c == "y" { visited.toggle() } } else { edit { $0.append(c) } }
        case .paste(let text): edit { $0 += text.filter { !$0.isNewline } }
        default: break
        }
    }

    private mutating func edit(_ change: (inout String) -> Void) {
        switch focus {
        case .name: change(&name)
        case .description: change(&description)
        case .tags: change(&tagText)
        case .visited: break
        }
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
