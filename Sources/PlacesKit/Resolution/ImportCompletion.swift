/// Supplies what imported entries left out, from the gazetteer, before they are planned:
/// a position for a saved-list row that has only a title, and a town for a dropped pin's name.
public enum ImportCompletion {
    /// The tag a place positioned by its name, not by coordinates, is given, so it can be found and checked.
    public static let approximateTag = "approximate"

    /// A place positioned by its name.
    public struct Approximate: Sendable, Equatable {
        /// `saved.csv row 3`.
        public var origin: String
        /// The place's name, as the file gave it.
        public var name: String
        /// The gazetteer's entry it was put at, with its context (`Kyoto, Kyoto, Japan`).
        public var placedAt: String
    }

    /// The files with every pending entry completed or, when the gazetteer knows no such place, moved
    /// to the skipped entries; and the places positioned by name, for the summary.
    /// - Complexity: one gazetteer search per entry without coordinates, one nearest-town lookup per dropped pin.
    public static func complete(_ files: [ImportedFile], gazetteer: Gazetteer) -> (files: [ImportedFile], approximate: [Approximate]) {
        var approximate: [Approximate] = []
        var result: [ImportedFile] = []
        for var file in files {
            var places: [ImportedPlace] = []
            for var imported in file.places {
                switch imported.pending {
                case nil:
                    places.append(imported)
                case .nearestTown?:
                    var place = imported.location
                    if let town = gazetteer.nearest(latitude: place.latitude, longitude: place.longitude).first {
                        place.name = "\(place.name) near \(town.entry.name)"
                    }
                    imported.location = place
                    imported.pending = nil
                    places.append(imported)
                case .position(let query)?:
                    guard let match = gazetteer.lookup(query, limit: 1).matches.first else {
                        file.skipped.append(SkippedEntry(file: file.fileName, item: imported.origin, name: imported.location.name,
                                                         reason: "has no coordinates, and the gazetteer knows no place by its name"))
                        continue
                    }
                    var place = imported.location
                    place.latitude = match.entry.latitude
                    place.longitude = match.entry.longitude
                    let note = "Position approximate: placed by its name at \(match.entry.context) (gazetteer), not by coordinates."
                    place.description = place.description.isEmpty ? note : place.description + "\n" + note
                    if !place.tags.contains(approximateTag) { place.tags.append(approximateTag) }
                    guard let valid = try? place.validated() else {
                        file.skipped.append(SkippedEntry(file: file.fileName, item: imported.origin, name: imported.location.name,
                                                         reason: "has no coordinates, and its description leaves no room for the note"))
                        continue
                    }
                    imported.location = valid
                    imported.pending = nil
                    approximate.append(Approximate(origin: "\(file.fileName) \(imported.origin)", name: place.name,
                                                   placedAt: match.entry.context))
                    places.append(imported)
                }
            }
            file.places = places
            result.append(file)
        }
        return (result, approximate)
    }
}
