#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PlacesCore

/// The fields of a place as a reader collects them, before they are checked.
///
/// Every reader funnels through ``imported(file:position:item:)`` so that a missing name or an
/// out-of-range coordinate is reported the same way whatever the format.
struct PlaceDraft {
    var id: UUID?
    var name: String?
    var description = ""
    var latitude: Double?
    var longitude: Double?
    var tags: [String] = []
    var visited: Date?
    /// The visits, when the file lists them (our GeoJSON does); otherwise `visited` is the one visit.
    var visits: [Visit] = []
    var created: Date?
    var updated: Date?
    /// Another tool's id for the place (a GIS layer's numeric `id`): not one of ours, so not the
    /// place's id, but kept with the place as its ``Location/externalIDField``.
    var externalID: String?

    /// The place, validated, or an error naming the file, position, item and rule.
    /// `position` is only worked out when something is wrong: it costs a pass over the file so far.
    func imported(file: String, position: @autoclosure () -> TextPosition?, item: String) throws -> ImportedPlace {
        func fail(_ reason: String) -> ImportError {
            ImportError(file: file, position: position(), item: item, reason: reason)
        }
        guard let name, !name.trimmed.isEmpty else { throw fail("missing name: every place needs one") }
        guard let latitude else { throw fail("\"\(name.trimmed)\" has no latitude") }
        guard let longitude else { throw fail("\"\(name.trimmed)\" has no longitude") }
        let location = Location(
            id: id ?? UUID(), name: name, description: Self.unixLineBreaks(description).trimmed, latitude: latitude, longitude: longitude,
            tags: tags, visited: visited, visits: visits, created: created, updated: updated,
            extraFields: externalID.flatMap { try? JSONFragment(json: JSONText.quoted($0)) }.map { [Location.externalIDField: $0] } ?? [:])
        do {
            return ImportedPlace(location: try location.validated(), hasOwnID: id != nil, origin: item)
        } catch let error as LocationValidationError {
            throw fail(error.description)
        }
    }

    /// Text with CR LF and lone CR turned into LF, as XML parsers do: files written on Windows
    /// would otherwise bring carriage returns, which descriptions do not allow.
    static func unixLineBreaks(_ text: String) -> String {
        Location.unixLineBreaks(text)
    }

    /// Splits a tag list written as text (`food, 2025 trip`), dropping empty pieces.
    static func splitTags(_ text: String) -> [String] {
        text.split(separator: ",").map { String($0).trimmed }.filter { !$0.isEmpty }
    }
}
