import PlacesGeo

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
    /// to the skipped entries; the places positioned by name, for the summary; and how many entries
    /// without coordinates were left out (no place, or no clear one, has their name).
    ///
    /// A title is placed by the rule `add` pins by (``PlaceResolver/pin(_:pick:)``, ``ResolutionMargin``):
    /// only a place named so outright, clearly ahead of the others. A title that is only a near
    /// spelling of a place ("Roscioli", a deli, is not Roşiori, a town), or that several places share
    /// with no clear winner, is skipped with its candidates, never placed at a guess.
    /// - Complexity: one gazetteer search per entry without coordinates, one nearest-town lookup per dropped pin.
    public static func complete(_ files: [ImportedFile], gazetteer: Gazetteer)
        -> (files: [ImportedFile], approximate: [Approximate], unplaced: Int) {
        var approximate: [Approximate] = []
        var unplaced = 0
        var result: [ImportedFile] = []
        let resolver = PlaceResolver(gazetteer: gazetteer)
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
                    let match: PlaceCandidate
                    do throws(PlaceResolutionError) {
                        match = try resolver.pin(query).place
                    } catch {
                        let reason = Self.reason(error)
                        unplaced += 1
                        file.skipped.append(SkippedEntry(file: file.fileName, item: imported.origin, name: imported.location.name,
                                                         reason: reason))
                        continue
                    }
                    var place = imported.location
                    place.latitude = match.latitude
                    place.longitude = match.longitude
                    let note = "Position approximate: placed by its name at \(match.context) (gazetteer), not by coordinates."
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
                                                   placedAt: match.context))
                    places.append(imported)
                }
            }
            file.places = places
            result.append(file)
        }
        return (result, approximate, unplaced)
    }

    /// The reason given for a title the gazetteer does not know at all.
    static let unknownName = "has no coordinates, and the gazetteer knows no place by its name"

    /// Why a title was not placed, with the candidates it might have meant.
    static func reason(_ error: PlaceResolutionError) -> String {
        func listed(_ resolution: PlaceResolution) -> String {
            resolution.candidates.prefix(3).map { candidate in
                candidate.context + (candidate.match == .fuzzy ? " (a near spelling)" : candidate.match == .prefix ? " (begins so)" : "")
            }.joined(separator: "; ")
        }
        switch error {
        case .noOutrightMatch(let resolution, _):
            return "has no coordinates, and no place has that name, only near ones: \(listed(resolution)); left out, "
                + "not placed at a guess"
        case .ambiguous(let resolution, _):
            return "has no coordinates, and its name fits several places with none clearly first: \(listed(resolution)); left out"
        default:
            return unknownName
        }
    }
}
