import PlacesCommandLine
import PlacesKit

/// `places merge-driver BASE OURS THEIRS [--prefer ours|theirs|newer]`, for git's `%O %A %B`.
enum MergeDriverCommand: PlacesCommand {
    static let name = "merge-driver"
    static let spec = CommandSpec(
        name: name, abstract: "Merge journal files for git (see `places help git`).",
        discussion: """
        Merges THEIRS into OURS from BASE with the rules of `places merge` and writes the result to
        OURS. Exits 0 when clean; with conflicts it lists them on standard error, leaves OURS as it
        was and exits 1, and git reports the file as conflicted.
        """,
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("base", help: "The common ancestor (git's %O).") var base: String
        @Argument("ours", help: "Our version, replaced by the result (git's %A).") var ours: String
        @Argument("theirs", help: "Their version (git's %B).") var theirs: String
        @Option("--prefer", value: "side", help: "Decide conflicts for ours, theirs, or the newer change.",
                choices: JournalMerge.Preference.allCases.map(\.rawValue)) var prefer: String?
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let prefer = options.prefer.flatMap(JournalMerge.Preference.init(rawValue:))
        let result = try JournalMerge.mergeFiles(base: options.base, ours: options.ours, theirs: options.theirs, prefer: prefer)
        for conflict in result.conflicts {
            context.note("places: " + MergeWords.conflict(conflict) + (prefer == nil ? "" : " -> kept \(conflict.tookTheirs ? "theirs" : "ours")"))
        }
        if !result.undecided.isEmpty {
            throw CommandFailure("\(counted(result.undecided.count, "conflict")) in the journal; it was left as on this branch\nhint: `git merge --abort`, then merge again deciding them: git -c merge.places.driver=\"places merge-driver --prefer newer %O %A %B\" merge BRANCH")
        }
    }
}

/// `places help git`: how to make git merge journals with `places merge-driver`.
enum GitSetup {
    static let text = """
    To let git merge the journal place by place, add this line to the repository's .gitattributes:

      places.json merge=places

    and tell git about the driver (once per clone):

      git config merge.places.name "places journal merge"
      git config merge.places.driver "places merge-driver %O %A %B"

    A merge then keeps the places added, edited and removed on both branches. A field changed
    differently on both branches stops the merge with the conflicts listed; add --prefer ours,
    theirs or newer to the driver line to decide them.
    """
}
