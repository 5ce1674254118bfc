import PlacesCommandLine
import PlacesKit

/// `places show ID`
enum ShowCommand: PlacesCommand {
    static let name = "show"
    static let spec = CommandSpec(
        name: name, abstract: "Show every detail of one place.",
        options: Options.self)

    struct Options: ParsableOptions {
        @Argument("id", help: ArgumentHelp.placeID) var id: String
        @Flag("--json", help: "Print the place as JSON.") var json: Bool
        var flags = FlagColumn.FlagsOption()
    }

    static func run(_ options: Options, _ context: CommandContext) throws {
        let store = try context.store()
        let place = try TypedPlace.find(options.id, context: context) { try store.find($0) }
        if options.json {
            context.say(try PlaceOutput.json(place))
        } else {
            // The country is extra information: an unreadable imported gazetteer must not stop `show`.
            let country = (try? FlagColumn.lookup(context))?(place.latitude, place.longitude)
            for line in PlaceOutput.detail(place, style: context.style, country: country, flags: !options.flags.noFlags && context.stdoutIsTerminal) {
                context.say(line)
            }
        }
    }
}
