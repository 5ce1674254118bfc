import PlacesKit

/// `places show ID`
enum ShowCommand: PlacesCommand {
    static let spec = CommandSpec(
        name: "show", abstract: "Show every detail of one place.",
        arguments: [ArgumentSpec("id", help: "The place's id, or a unique prefix of it (at least 4 characters).")],
        options: [.flag("--json", help: "Print the place as JSON."), FlagColumn.noFlagsOption])

    static func run(_ arguments: ParsedArguments, _ context: CommandContext) throws {
        let place = try PlaceLookup.find(arguments.positionals[0], in: try context.store().load())
        if arguments.flag("--json") {
            context.say(try PlaceOutput.json(place))
        } else {
            // The country is extra information: an unreadable imported gazetteer must not stop `show`.
            let country = (try? FlagColumn.lookup(context))?(place.latitude, place.longitude)
            for line in PlaceOutput.detail(place, style: context.style, country: country, flags: !arguments.flag("--no-flags") && context.stdoutIsTerminal) {
                context.say(line)
            }
        }
    }
}
