import PlacesCommandLine
import PlacesKit

/// A `places` subcommand: its typed options, its spec (help built from those options) and what it does.
protocol PlacesCommand: SendableMetatype {
    /// The options and arguments, declared with `@Option`, `@Flag` and `@Argument`.
    associatedtype Options: ParsableOptions
    /// The word that selects the command (`add`); the spec's name.
    static var name: String { get }
    static var spec: CommandSpec { get }
    static func run(_ options: Options, _ context: CommandContext) throws
}

/// A subcommand as the dispatcher sees it.
///
/// The spec is built on first use: it reflects over the command's option declarations, and a
/// command line needs only its own command's, not all twenty (that would cost every run about
/// 2 ms, a third of a cold gazetteer search).
struct CommandEntry: Sendable {
    let name: String
    private let makeSpec: @Sendable () -> CommandSpec
    let run: @Sendable (ParsedArguments, CommandContext) throws -> Void

    var spec: CommandSpec { makeSpec() }

    init(name: String, spec: @escaping @Sendable () -> CommandSpec,
         run: @escaping @Sendable (ParsedArguments, CommandContext) throws -> Void) {
        self.name = name
        self.makeSpec = spec
        self.run = run
    }
}

extension PlacesCommand {
    static var entry: CommandEntry {
        CommandEntry(name: name, spec: { spec }, run: { parsed, context in try run(Options.bind(parsed), context) })
    }
}

/// Every subcommand, in the order `places --help` lists them. A new command is one file under
/// `Commands/` and one line here.
let allCommands: [CommandEntry] = [
    AddCommand.entry,
    ListCommand.entry,
    ShowCommand.entry,
    EditCommand.entry,
    VisitCommand.entry,
    RemoveCommand.entry,
    FindCommand.entry,
    SearchCommand.entry,
    WhereCommand.entry,
    NearCommand.entry,
    GazetteerCommand.entry,
    RegionCommand.entry,
    ImportCommand.entry,
    ExportCommand.entry,
    MapCommand.entry,
    BrowseCommand.entry,
    UndoCommand.entry,
    HistoryCommand.entry,
    DoctorCommand.entry,
    MergeCommand.entry,
    MergeDriverCommand.entry,
    DiffCommand.entry,
    StatsCommand.entry,
    TimelineCommand.entry,
    TripsCommand.entry,
    ReviewCommand.entry,
    TodayCommand.entry,
    ShareCommand.entry,
    OpenCommand.entry,
    CompletionCommand.entry,
    HelpCommand.entry,
]

/// A failure the command reports with a specific exit code.
enum ExitCode: Int32 {
    case success = 0
    /// Not found, refused, could not save.
    case failure = 1
    /// `EX_USAGE`: unknown or missing option, bad value.
    case usage = 64
    /// `EX_DATAERR`: the journal or an input file cannot be read.
    case dataError = 65
    /// `EX_NOINPUT`: an input file that does not exist or cannot be opened.
    case noInput = 66
    /// `EX_CANTCREAT`: an output file (`-o`) that must not or cannot be created.
    case cannotCreate = 73
    /// `EX_IOERR`: writing the output failed (a full disk, an I/O error).
    case ioError = 74
}

/// An error the command line prints as `places: error: …` and exits with.
struct CommandFailure: Error, CustomStringConvertible {
    var message: String
    var code: ExitCode

    init(_ message: String, code: ExitCode = .failure) {
        self.message = message
        self.code = code
    }

    var description: String { message }
}

/// Help texts several commands share word for word.
enum ArgumentHelp {
    static let placeID = "The place: its id or a unique prefix of it (at least 4 characters), or its name or a unique part of it (any case and accents)."
}
