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

/// `places open ID [--provider …]`
enum OpenCommand: PlacesCommand {
    static let name = "open"
    static let spec = CommandSpec(
        name: name, abstract: "Open a place on a map in the browser (or print the link when there is no desktop).",
        discussion: """
        On Linux the link goes to xdg-open when a desktop session is running (DISPLAY or
        WAYLAND_DISPLAY is set); on macOS to open. Otherwise the link is printed.
        """,
        options: ShareCommand.Options.self)

    static func run(_ options: ShareCommand.Options, _ context: CommandContext) throws {
        let url = try ShareCommand.link(options, context)
        guard let opener = opener(environment: context.environment) else {
            context.say(url)
            context.note("(no desktop to open it in: the link is above)")
            return
        }
        let status = try ProcessEnvironment.run([opener, url])
        guard status == 0 else {
            context.say(url)
            throw CommandFailure("\(opener) exited with status \(status); the link is above")
        }
    }

    /// The program that opens links on this desktop, or `nil` when there is no desktop.
    static func opener(environment: [String: String]) -> String? {
        #if os(macOS)
        return "/usr/bin/open"
        #else
        let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        guard hasDisplay else { return nil }
        return findOnPath("xdg-open", environment["PATH"] ?? "/usr/bin:/bin")
        #endif
    }

    /// The first executable called `name` in the colon-separated `path`.
    static func findOnPath(_ name: String, _ path: String) -> String? {
        for directory in path.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = directory + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}
