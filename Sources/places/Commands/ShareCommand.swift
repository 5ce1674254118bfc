import PlacesCommandLine
import PlacesKit
#if canImport(Glibc)
import Glibc
#endif

/// `places share ID [--provider osm|google|apple|geo]`
enum ShareCommand: PlacesCommand {
    /// The place and `--provider`, the same for `share` and `open`.
    struct Options: ParsableOptions {
        @Argument("id", help: ArgumentHelp.placeID) var id: String
        @Option("--provider", "-p", value: "provider",
                help: "Where the link leads: OpenStreetMap (default), Google Maps, Apple Maps, or a geo: URI.",
                choices: ShareLink.Provider.allCases.map(\.rawValue))
        var provider: String?
    }

    static let name = "share"
    static let spec = CommandSpec(
        name: name, abstract: "Print a link to a place on a map (OpenStreetMap, Google, Apple, geo:).",
        discussion: """
        EXAMPLES:
          places share 5a3b
          places share 5a3b --provider google | xclip -selection clipboard
        """,
        options: Options.self)

    static func run(_ options: Options, _ context: CommandContext) throws {
        context.say(try link(options, context))
    }

    static func link(_ options: Options, _ context: CommandContext) throws -> String {
        let store = try context.store()
        let place = try TypedPlace.find(options.id, context: context) { try store.find($0) }
        // The parser has checked the value against the choices.
        let provider = ShareLink.Provider(rawValue: options.provider ?? "osm") ?? .osm
        return ShareLink.url(for: place, provider: provider)
    }
}
