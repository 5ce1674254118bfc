import PlacesCommandLine
import PlacesKit

/// How the commands that take a place name (`add`, `near`, `map --around`, `list --from`) resolve it
/// with ``PlaceResolver`` and word what it chose, what else matched, and why it would not choose.
enum PlaceChoice {
    /// Resolves `query` for a command that only looks: the best candidate, whatever the margin.
    /// Prints on standard error what it chose and the runners-up, unless `quiet` or the query was
    /// coordinates.
    /// - Throws: a usage error for an empty query, a failure when nothing matches.
    static func look(_ query: String, resolver: PlaceResolver, context: CommandContext, verb: String,
                     quiet: Bool = false) throws -> PlaceCandidate {
        let chosen: (place: PlaceCandidate, resolution: PlaceResolution)
        do {
            chosen = try resolver.best(query)
        } catch {
            throw failure(error)
        }
        if !quiet, chosen.place.match != .coordinates {
            noteDroppedQualifiers(chosen.resolution, context: context)
            context.note(choiceNote(chosen.place, resolution: chosen.resolution, verb: verb))
        }
        return chosen.place
    }

    /// Resolves `query` for `add`: the clear winner or the picked candidate, else an error listing the
    /// candidates. Prints on standard error where it pins.
    /// - Parameter notAPlace: thrown instead when nothing is named `query` outright (a place's own name
    ///   that is no place in the gazetteer).
    static func pin(_ query: String, pick: Int?, resolver: PlaceResolver, context: CommandContext,
                    notAPlace: Error? = nil) throws -> PlaceCandidate {
        let chosen: (place: PlaceCandidate, resolution: PlaceResolution)
        do {
            chosen = try resolver.pin(query, pick: pick)
        } catch {
            switch error {
            case .noMatch, .noOutrightMatch: throw notAPlace ?? failure(error)
            default: throw failure(error)
            }
        }
        if chosen.place.match != .coordinates {
            noteDroppedQualifiers(chosen.resolution, context: context)
            // A picked place was chosen from the list already shown: no runners-up to name again.
            context.note(choiceNote(chosen.place, resolution: pick == nil ? chosen.resolution : nil, verb: "Pinning at", namingKind: true))
        }
        return chosen.place
    }

    /// The gazetteer's note for each qualifier it set aside (see ``GazetteerAccess/droppedQualifierNote(_:best:)``).
    static func noteDroppedQualifiers(_ resolution: PlaceResolution, context: CommandContext) {
        for line in droppedQualifierLines(resolution) { context.note(line) }
    }

    static func droppedQualifierLines(_ resolution: PlaceResolution) -> [String] {
        let best = resolution.candidates.first?.gazetteerMatch?.entry
        return resolution.droppedQualifiers.map { GazetteerAccess.droppedQualifierNote($0, best: best) }
    }

    /// `Near London, England, GB (51.5085, -0.1257); also: London, Ontario, CA`, with "did you mean"
    /// before a typo and "one of your places" after a journal place.
    /// - Parameter namingKind: whether to say what a gazetteer place is (`Columbia, Idaho, US — river`):
    ///   a place about to be saved must not pass for a town of its name.
    static func choiceNote(_ chosen: PlaceCandidate, resolution: PlaceResolution?, verb: String,
                           namingKind: Bool = false) -> String {
        let kind = namingKind ? chosen.gazetteerMatch.map { " — " + $0.entry.kind.rawValue } ?? "" : ""
        var note = "\(verb) \(label(chosen))\(kind) (\(CoordinateFormat.pair(latitude: chosen.latitude, longitude: chosen.longitude)))"
        if chosen.match == .fuzzy, let query = resolution?.query {
            note = "No place called \"\(TerminalText.visible(query))\"; did you mean \(label(chosen))? " + note
        }
        let others = Array(resolution?.alternatives.prefix(3) ?? [])
        if !others.isEmpty {
            // A town and the county of the same name read alike: their kinds tell them apart.
            let labels = ([chosen] + others).map(label)
            note += "; also: " + zip(others, labels.dropFirst()).map { other, text in
                guard labels.filter({ $0 == text }).count > 1, let kind = other.gazetteerMatch?.entry.kind else { return text }
                return text + " (\(kind.rawValue))"
            }.joined(separator: "; ")
        }
        return note
    }

    /// A candidate's name with where it is, and "one of your places" for the journal's own.
    static func label(_ candidate: PlaceCandidate) -> String {
        // Names come from files (the journal, an imported gazetteer) like any other text.
        let context = TerminalText.visible(candidate.context)
        return candidate.isOwnPlace ? context + ", one of your places" : context
    }

    /// One numbered line of a candidate list: `2. Central Park, New York, US — city, pop. 2,685`.
    static func listLine(_ candidate: PlaceCandidate, number: Int) -> String {
        let head = "  \(number). \(TerminalText.visible(candidate.context)) — "
        if let match = candidate.gazetteerMatch { return head + match.entry.summary }
        let point = CoordinateFormat.pair(latitude: candidate.latitude, longitude: candidate.longitude)
        return head + (candidate.isOwnPlace ? "one of your places, " : "") + point
    }

    /// The error a command prints for a resolution that gave no place, with flag names and the list.
    static func failure(_ error: PlaceResolutionError) -> Error {
        switch error {
        case .emptyQuery:
            return UsageError("missing place name or LAT,LON")
        case .noMatch(let query):
            return CommandFailure("no place called \"\(query)\" in the gazetteer or among your places"
                                  + "\nhint: give coordinates instead (LAT,LON), or check the spelling with `places search`")
        case .ambiguous(let resolution, let hints):
            return CommandFailure(notes(resolution) + "\"\(resolution.query)\" could be any of \(resolution.candidates.count) places; none is clearly the one:\n"
                                  + list(resolution) + "\nhint: " + words(hints))
        case .noOutrightMatch(let resolution, let hints):
            return CommandFailure(notes(resolution) + "no place is called \"\(resolution.query)\"; did you mean one of these?\n"
                                  + list(resolution) + "\nhint: " + words(hints))
        case .pickOutOfRange(let pick, let resolution):
            let count = resolution.candidates.count
            return UsageError("--pick \(pick) is not in the list: \"\(resolution.query)\" has "
                              + (count == 1 ? "1 candidate" : "\(count) candidates"),
                              hint: count == 1 ? "--pick 1" : "--pick a number from 1 to \(count)")
        }
    }

    /// The dropped-qualifier notes that come before an error's list, each on its own line.
    static func notes(_ resolution: PlaceResolution) -> String {
        droppedQualifierLines(resolution).map { $0.prefix(1).lowercased() + $0.dropFirst() + "\n" }.joined()
    }

    static func list(_ resolution: PlaceResolution) -> String {
        resolution.candidates.enumerated().map { listLine($0.element, number: $0.offset + 1) }.joined(separator: "\n")
    }

    /// `--in "Central Park, New York", --pick 2 (a number from the list), or --at LAT,LON`.
    static func words(_ hints: [ResolutionHint]) -> String {
        let phrases = hints.map { hint -> String in
            switch hint {
            case .qualify(let query): return "--in \"\(query)\""
            case .pick(let count): return "--pick \(min(2, count)) (a number from the list)"
            case .coordinates: return "--at LAT,LON"
            }
        }
        guard phrases.count > 1 else { return phrases.joined() }
        return phrases.dropLast().joined(separator: ", ") + ", or " + phrases.last!
    }
}
