import Testing
@testable import PlacesCommandLine

@Suite struct ArgumentParserTests {
    let spec = CommandSpec(
        name: "add", abstract: "Add.",
        arguments: [ArgumentSpec("name", help: "Name.")],
        options: [
            .option("--lat", value: "lat", help: "Latitude."),
            .option("--lon", value: "lon", help: "Longitude."),
            .option("--tag", "-t", value: "tag", help: "Tag.", repeatable: true),
            .option("--format", value: "format", help: "Format.", choices: ["table", "json"]),
            .flag("--visited", help: "Visited."),
        ])

    @Test func negativeValuesAreTakenAsValues() throws {
        let parsed = try ArgumentParser.parse(["Palace", "--lat", "51.5", "--lon", "-0.141", "-t", "-x-"], for: spec)
        #expect(parsed.value("--lon") == "-0.141")
        #expect(parsed.all("--tag") == ["-x-"])
        #expect(parsed.positionals == ["Palace"])
    }

    @Test func negativeNumbersArePositionals() throws {
        let where_ = CommandSpec(name: "where", abstract: "", arguments: [ArgumentSpec("point", help: "")])
        #expect(try ArgumentParser.parse(["-33.86,151.21"], for: where_).positionals == ["-33.86,151.21"])
    }

    @Test func equalsFormAndFlagsAndDoubleDash() throws {
        let parsed = try ArgumentParser.parse(["--lat=1", "--visited", "--", "--weird name"], for: spec)
        #expect(parsed.value("--lat") == "1" && parsed.flag("--visited") && parsed.positionals == ["--weird name"])
    }

    @Test func mistakesAreUsageErrorsThatSaySo() {
        #expect(throws: UsageError("unknown option --latt", hint: "did you mean --lat?")) {
            try ArgumentParser.parse(["A", "--latt", "1"], for: spec)
        }
        #expect(throws: UsageError("missing value for --lon <lon>", hint: "see `places add --help`")) {
            try ArgumentParser.parse(["A", "--lon"], for: spec)
        }
        #expect(throws: UsageError("--format \"xml\" is not one of: table, json")) {
            try ArgumentParser.parse(["A", "--format", "xml"], for: spec)
        }
        #expect(throws: UsageError.self) { try ArgumentParser.parse([], for: spec) }
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["A", "B"], for: spec) }
        // A word right after a flag was meant as its value, wherever it stands among the extra words.
        #expect(throws: UsageError("unexpected argument \"2019\": the flag --visited takes no value",
                                   hint: "see `places add --help` for the options that take one")) {
            try ArgumentParser.parse(["A", "--visited", "2019"], for: spec)
        }
        #expect(throws: UsageError("unexpected argument \"2019\": the flag --visited takes no value",
                                   hint: "see `places add --help` for the options that take one")) {
            try ArgumentParser.parse(["A", "B", "--visited", "2019"], for: spec)
        }
        // Not right after it: the plain message.
        #expect(throws: UsageError("unexpected argument \"B\"", hint: "quote a value that contains spaces, e.g. \"New York\"")) {
            try ArgumentParser.parse(["--visited", "A", "B"], for: spec)
        }
        #expect((try? ArgumentParser.parse(["--visited", "A"], for: spec))?.positionals == ["A"])
        #expect(throws: UsageError.self) { try ArgumentParser.parse(["A", "--lat", "1", "--lat", "2"], for: spec) }
    }

    @Test func helpFollowsArgumentParserLayout() {
        let help = HelpFormatter.help(for: spec)
        #expect(help.hasPrefix("OVERVIEW: Add.\n\nUSAGE: places add <name> [--lat <lat>]"))
        #expect(help.contains("\nARGUMENTS:\n  <name>"))
        #expect(help.contains("\nOPTIONS:\n  --lat <lat>             Latitude."))
        #expect(help.contains("  -h, --help              Show help information."))
    }

    @Test func suggestionsFindNearTypos() {
        #expect(Suggestion.nearest(to: "lsit", among: ["list", "add", "edit"]) == "list")
        #expect(Suggestion.nearest(to: "zzzzzz", among: ["list", "add"]) == nil)
    }
}
