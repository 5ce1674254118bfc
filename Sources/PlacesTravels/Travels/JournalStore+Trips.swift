import PlacesCore
import PlacesJournal

/// Reading and keeping trip names (``TripNames``) in the journal.
extension JournalStore {
    /// The journal's places and trip names, read without changing anything.
    /// - Parameter descriptions: `false` leaves descriptions empty, and `updated` and visits' sources out.
    public func loadWithTripNames(descriptions: Bool = false) throws -> (places: [Location], names: TripNames) {
        try checkJournalFile()
        let contents = try Self.decode(mapJournal(resolvedPath), path: resolvedPath, backupPath: backupPath, descriptions: descriptions)
        return (contents.places, Self.tripNames(contents.members))
    }

    /// Every visit in date order and the trip names, read without changing anything: what the travel
    /// commands show (the places' ids, names, positions, tags and `created` times; visits' dates and notes).
    ///
    /// Read by the travel commands' own reader (``TravelJournalReader``), whose log keeps the places without
    /// their visits; a journal it declines is read in full (the same errors as any read).
    public func loadTravelLog() throws -> (log: TravelLog, names: TripNames) {
        try checkJournalFile()
        let file = try mapJournal(resolvedPath)
        if let read = file.flatMap({ file in file.withBuffer { TravelJournalReader.read($0) } }) {
            return (read.log, Self.tripNames(read.members))
        }
        let contents = try Self.decode(file, path: resolvedPath, backupPath: backupPath, descriptions: false)
        return (TravelLog(contents.places), Self.tripNames(contents.members))
    }

    /// The journal's places with their visits' dates and notes, read without changing anything: what
    /// `stats` counts (ids, names, positions, tags, `created` times and visits). Descriptions are empty,
    /// and `updated` times, visits' sources and members this version does not know are left out.
    ///
    /// Read by the travel commands' reader (``TravelJournalReader``); a journal it declines is read in full
    /// (the same errors as any read).
    public func loadWithoutDetails() throws -> [Location] {
        try checkJournalFile()
        let file = try mapJournal(resolvedPath)
        if let places = file.flatMap({ file in file.withBuffer { TravelJournalReader.readPlaces($0) } }) { return places }
        return try Self.decode(file, path: resolvedPath, backupPath: backupPath, descriptions: false).places
    }

    /// The trip names of a journal's top-level members: a `tripNames` member this version cannot read
    /// is kept as written, and the trips are then unnamed.
    private static func tripNames(_ members: [String: JSONFragment]) -> TripNames {
        TripNames(members: members) ?? TripNames()
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
