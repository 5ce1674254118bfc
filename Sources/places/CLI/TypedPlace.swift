import PlacesKit

/// A place typed on the command line (an id, an id prefix, a name), made unambiguous before a command
/// acts on it: when the text both starts an id and names another place, a person at a terminal is
/// asked which one they mean; without a terminal the lookup's error stands (nothing is changed).
enum TypedPlace {
    /// `typed`, or the full id of the place the person chose when `typed` is both an id prefix and a
    /// name (see ``PlaceLookupError/idOrName(_:byID:byName:)``). Any other lookup failure is left for
    /// the command's own lookup to report.
    /// - Throws: ``CommandFailure`` when the person chose none.
    static func clarified(_ typed: String, store: JournalStore, context: CommandContext) throws -> String {
        guard context.stdinIsTerminal else { return typed }
        do {
            _ = try store.find(typed)
            return typed
        } catch let error as PlaceLookupError {
            return try choose(error, context: context)?.idString ?? typed
        } catch {
            return typed
        }
    }

    /// The place `lookup` finds for `typed`, asking at a terminal when `typed` is both an id prefix and a name.
    static func find(_ typed: String, context: CommandContext, _ lookup: (String) throws -> Location) throws -> Location {
        do {
            return try lookup(typed)
        } catch let error as PlaceLookupError {
            guard context.stdinIsTerminal, let chosen = try choose(error, context: context) else { throw error }
            return chosen
        }
    }

    /// A lookup error as `places` prints it: the library's message, then its remedy worded with the command
    /// that applies it.
    static func words(for error: PlaceLookupError, whereIs: ((Location) -> String?)? = nil) -> String {
        let hint: String? = switch error.remedy {
        case .listShowsIDs: "`places list` shows the ids and names"
        case .searchAllText(let text): "`places find \(text)` also searches descriptions and tags, and forgives typos"
        case .typeMoreOfTheID, .typeMoreOfTheNameOrTheID, .typeMoreOfAListedID: error.hint
        case nil: nil
        }
        return error.message(whereIs: whereIs) + (hint.map { "\nhint: " + $0 } ?? "")
    }

    /// Asks which of an id-or-name clash's places is meant; `nil` for any other error.
    private static func choose(_ error: PlaceLookupError, context: CommandContext) throws -> Location? {
        guard case let .idOrName(text, byID, byName) = error else { return nil }
        var candidates: [Location] = []
        for place in byID + byName where !candidates.contains(where: { $0.id == place.id }) { candidates.append(place) }
        context.note("\"\(TerminalText.visible(text))\" is both the start of an id and a name:")
        for (number, place) in candidates.enumerated() {
            let why = byID.contains { $0.id == place.id } ? "id starts \(TerminalText.visible(text))" : "named so"
            context.note("  \(number + 1). \(place.shortID)  \(TerminalText.visible(place.name))  (\(why))")
        }
        guard let number = context.choose("Which one?", count: candidates.count) else {
            throw CommandFailure("nothing chosen; nothing changed")
        }
        return candidates[number - 1]
    }
}
