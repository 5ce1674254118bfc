import PlacesCommandLine
import PlacesKit
#if canImport(Glibc)
import Glibc
#endif

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
        let hasDisplay = [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
        guard hasDisplay else { return nil }
        return findOnPath("xdg-open", environment["PATH"] ?? "/usr/bin:/bin")
    }

    /// The first executable called `name` in the colon-separated `path`.
    static func findOnPath(_ name: String, _ path: String) -> String? {
        for directory in path.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = directory + "/" + name
            if FileSystem.isExecutable(candidate) { return candidate }
        }
        return nil
    }
}
