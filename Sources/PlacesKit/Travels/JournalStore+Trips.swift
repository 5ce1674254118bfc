/// Reading and keeping trip names (``TripNames``) in the journal.
extension JournalStore {
    /// The journal's places and trip names, read without changing anything.
    /// - Parameter descriptions: `false` reads only what the travel commands show (``TravelJournalReader``):
    ///   descriptions are empty, and `updated` and visits' sources are left out.
    public func loadWithTripNames(descriptions: Bool = false) throws -> (places: [Location], names: TripNames) {
        try checkJournalFile()
        let file = try mapJournal(resolvedPath)
        // Without descriptions, the travel commands' own reader; a journal it declines is read in full.
        let read = descriptions ? nil : file.flatMap { file in file.withBuffer { TravelJournalReader.read($0) } }
        let contents = try read ?? Self.decode(file, path: resolvedPath, backupPath: backupPath, descriptions: descriptions)
        // A `tripNames` member this version cannot read is kept as written; the trips are then unnamed.
        return (contents.places, TripNames(members: contents.members) ?? TripNames())
    }

    /// Changes the trip names in one transaction: `body` sees the places as saved and the names, and what
    /// it leaves in the names is saved (nothing is written when they are unchanged).
    /// - Throws: ``TripNamesError`` when the journal's `tripNames` member is not a list this version reads;
    ///   what `body` throws (nothing is written).
    public func updateTripNames<T>(_ body: ([Location], inout TripNames) throws -> T) throws -> T {
        try transaction { places, members in
            guard var names = TripNames(members: members) else { throw TripNamesError.unreadable(path: resolvedPath) }
            let result = try body(places, &names)
            members[TripNames.member] = names.fragment
            return result
        }
    }
}

/// Why trip names cannot be changed.
public enum TripNamesError: ExplainedError, Equatable, Sendable {
    /// The journal's `tripNames` member is not a list; it is kept as written.
    case unreadable(path: String)

    public var message: String {
        switch self {
        case .unreadable(let path): return "cannot name a trip in \(path): its \"\(TripNames.member)\" member is not a list of names"
        }
    }

    public var hint: String? { "the journal was left untouched; fix or remove that member by hand" }
}
