import PlacesCore

/// Why a file cannot be imported. Nothing is written when one is thrown.
///
/// Its description names the file, where in it (line:column, and the feature, row or element when
/// there is one), and the reason: `trip.gpx:14:3: wpt 2: latitude 91 is out of range: …`.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// Where in the file, when known.
    public var position: TextPosition?
    /// Which entry, in the format's own words: `feature 3`, `row 7`, `wpt 2`, `Placemark 5`.
    public var item: String?
    /// What is wrong and, where possible, what to do.
    public var reason: String
    /// What would help, for the program to word in its own terms (a command line names an option).
    public var hint: Hint?

    /// Help the library can name but not word: it knows no command line.
    public enum Hint: Sendable, Equatable {
        /// The format could not be told from the file: the person should say which.
        case sayTheFormat
        /// The file reads as this format, not the one asked for.
        case useFormat(InterchangeFormat)
    }

    public init(file: String, position: TextPosition? = nil, item: String? = nil, reason: String, hint: Hint? = nil) {
        self.file = file
        self.position = position
        self.item = item
        self.reason = reason
        self.hint = hint
    }

    public var description: String {
        var text = file
        if let position { text += ":\(position)" }
        text += ": "
        if let item { text += "\(item): " }
        return text + reason
    }
}

/// One place read from a file, not yet merged into the journal.
public struct ImportedPlace: Sendable {
    /// The place, validated. Its id is the file's when ``hasOwnID`` is true, otherwise a fresh one.
    public var location: Location
    /// Whether the file carried the id (our own exports do; most foreign files do not).
    public var hasOwnID: Bool
    /// Where it came from, for the summary: `feature 3`, `row 7`.
    public var origin: String
    /// The innermost folder around it (KML), made a tag only when asked (`--folder-tags`).
    public var folder: String?
    /// What the file left out and the gazetteer must supply before the place may be added.
    public var pending: Pending?

    /// What an entry still needs, found by ``ImportCompletion``.
    public enum Pending: Sendable, Equatable {
        /// No coordinates: the place is found by this text (a saved list's title) in the gazetteer,
        /// and marked as approximate. Until then ``location`` stands at 0,0 and is never added.
        case position(query: String)
        /// Coordinates only (a dropped pin): the name is completed with the nearest town.
        case nearestTown
    }

    public init(location: Location, hasOwnID: Bool, origin: String, folder: String? = nil, pending: Pending? = nil) {
        self.location = location
        self.hasOwnID = hasOwnID
        self.origin = origin
        self.folder = folder
        self.pending = pending
    }
}

/// An entry of a file that is not a place the journal can hold, left out with the reason
/// (a LineString, a Takeout entry without a location).
public struct SkippedEntry: Sendable, Equatable, CustomStringConvertible {
    /// The file as the user named it.
    public var file: String
    /// `feature 3`, `Placemark 2`.
    public var item: String
    /// The entry's name, when it has one.
    public var name: String?
    /// Why it was left out.
    public var reason: String

    public init(file: String, item: String, name: String?, reason: String) {
        self.file = file
        self.item = item
        self.name = name
        self.reason = reason
    }

    public var description: String {
        "\(file): \(item)\(name.map { " \"\($0)\"" } ?? ""): \(reason)"
    }
}

/// Everything read from one file.
public struct ImportedFile: Sendable {
    /// The file as the user named it.
    public var fileName: String
    /// The format it was read as (detected or given).
    public var format: InterchangeFormat
    /// The places, in file order.
    public var places: [ImportedPlace]
    /// Entries that are not places, with reasons.
    public var skipped: [SkippedEntry]

    public init(fileName: String, format: InterchangeFormat, places: [ImportedPlace] = [], skipped: [SkippedEntry] = []) {
        self.fileName = fileName
        self.format = format
        self.places = places
        self.skipped = skipped
    }
}
