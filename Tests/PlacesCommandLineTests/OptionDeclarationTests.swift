import Testing
@testable import PlacesCommandLine

/// Typed options: the declarations are the spec, and parsing fills them.
@Suite struct OptionDeclarationTests {
    struct Group: ParsableOptions {
        @Option("--lat", value: "lat", help: "Latitude.") var lat: String?
        @Option("--lon", value: "lon", help: "Longitude.") var lon: String?
    }

    struct Options: ParsableOptions {
        @Argument("name", help: "Name.") var name: String
        @Argument("more", help: "More.", optional: true) var more: [String]
        var coordinates = Group()
        @Option("--tag", "-t", value: "tag", help: "Tag.") var tags: [String]
        @Option("--format", value: "format", help: "Format.", choices: ["table", "json"]) var format: String?
        @Flag("--visited", help: "Visited.") var visited: Bool
        @Flag("--json", help: "JSON.") var json: Bool
    }

    let spec = CommandSpec(name: "try", abstract: "Try.", options: Options.self)

    @Test func declarationsAreTheSpecInOrder() {
        #expect(spec.options.map(\.key) == ["--lat", "--lon", "--tag", "--format", "--visited", "--json"])
        #expect(spec.options.map(\.repeatable) == [false, false, true, false, false, false])
        #expect(spec.options[3].choices == ["table", "json"])
        #expect(spec.options[4].valueName == nil)
        #expect(spec.arguments.map(\.name) == ["name", "more"])
        #expect(spec.arguments.map(\.variadic) == [false, true])
        #expect(spec.arguments.map(\.optional) == [false, true])
        #expect(CommandSpec.commonOptions.map(\.key) == ["--store", "--wait", "--no-color", "--help"])
    }

    @Test func parsedValuesLandInTheirProperties() throws {
        let parsed = try ArgumentParser.parse(
            ["Palace", "x", "y", "--lon", "-0.141", "-t", "a", "--tag", "b", "--visited", "--format=json", "--store", "/s"], for: spec)
        let options = Options.bind(parsed)
        #expect(options.name == "Palace")
        #expect(options.more == ["x", "y"])
        #expect(options.coordinates.lat == nil)
        #expect(options.coordinates.lon == "-0.141")
        #expect(options.tags == ["a", "b"])
        #expect(options.format == "json")
        #expect(options.visited)
        #expect(!options.json)
        let common = CommonOptions.bind(parsed)
        #expect(common.store == "/s")
        #expect(common.wait == nil)
        #expect(!common.help)
    }

    @Test func absentValuesAreEmpty() throws {
        let options = Options.bind(try ArgumentParser.parse(["Only"], for: spec))
        #expect(options.name == "Only")
        #expect(options.more.isEmpty)
        #expect(options.tags.isEmpty)
        #expect(options.format == nil)
        #expect(!options.visited)
    }

    /// Two bindings of the same type never share values.
    @Test func eachBindingIsIndependent() throws {
        let first = Options.bind(try ArgumentParser.parse(["A", "--json"], for: spec))
        let second = Options.bind(try ArgumentParser.parse(["B"], for: spec))
        #expect(first.name == "A" && first.json)
        #expect(second.name == "B" && !second.json)
    }

    /// Values declared at once on several threads keep their own declarations, and a value made
    /// outside `bind` (a group used as a plain value) adds nothing to a declaration under way.
    @Test func declarationsOnSeveralThreadsDoNotMix() async throws {
        let counts = await withTaskGroup(of: [Int].self) { group in
            for index in 0..<8 {
                group.addTask {
                    (0..<200).map { round in
                        if (index + round).isMultiple(of: 2) { _ = Group() }
                        return Options.optionSpecs.count * 10 + Options.argumentSpecs.count
                    }
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(counts.count == 1_600)
        #expect(counts.allSatisfy { $0 == 62 })
        let spare = Group()
        #expect(spare.lat == nil && CommonOptions.optionSpecs.count == 4)
    }
}
