import Foundation
import Testing
import PlacesCommandLine
import PlacesKit
@testable import places

/// Every command's declared options and help, checked the way swift-argument-parser's validators
/// check a command tree: a mistake in a spec fails here, not in front of a user.
@Suite struct CommandSpecTests {
    static let names = allCommands.map(\.spec.name)

    @Test func commandNamesAreUnique() {
        #expect(Set(Self.names).count == Self.names.count)
        #expect(Self.names.count >= 20)
    }

    /// The dispatcher picks a command by the name it declares beside its spec, so that one run
    /// builds only its own command's spec: the two must agree.
    @Test func entryNamesAreTheSpecNames() {
        for entry in allCommands { #expect(entry.name == entry.spec.name) }
    }

    @Test(arguments: allCommands.map(\.spec.name))
    func specIsWellFormed(_ name: String) throws {
        let spec = try #require(allCommands.first { $0.spec.name == name }).spec
        let spellings = spec.allOptions.flatMap(\.names)
        #expect(Set(spellings).count == spellings.count, "an option spelling is declared twice in \(name)")
        for option in spec.allOptions {
            #expect(option.key.hasPrefix("--") && option.key.count > 2, "\(option.key): the first spelling is the long one")
            for short in option.names.dropFirst() {
                #expect(short.count == 2 && short.hasPrefix("-"), "\(short) in \(name) is not a one-letter short name")
            }
            #expect(!option.help.isEmpty && option.help.hasSuffix("."), "\(option.key) in \(name) needs one sentence of help")
            if option.valueName == nil { #expect(option.choices.isEmpty && !option.repeatable) }
        }
        // Positional arguments: at most one takes the rest of the words, and it comes last;
        // nothing required follows something optional.
        let arguments = spec.arguments
        #expect(arguments.filter(\.variadic).count <= 1)
        if let variadic = arguments.firstIndex(where: \.variadic) { #expect(variadic == arguments.count - 1) }
        if let optional = arguments.firstIndex(where: \.optional) {
            let requiredAfter = arguments[optional...].filter { !$0.optional }
            #expect(requiredAfter.isEmpty, "a required argument follows an optional one in \(name)")
        }
        #expect(Set(arguments.map(\.name)).count == arguments.count)
        // The usage line follows `places NAME`: it never repeats the name, and a hand-written one
        // mentions every option the command declares (the common ones are in every command).
        let usage = HelpFormatter.usage(for: spec)
        #expect(!usage.hasPrefix(name + " "), "usage of \(name) repeats the command name: \(usage)")
        if spec.usage != nil {
            for option in spec.options where option.key != "--quiet" && option.key != "--no-flags" {
                #expect(usage.contains(option.key) || option.names.contains { usage.contains($0 + " ") },
                        "usage of \(name) does not mention \(option.key): \(usage)")
            }
            for argument in arguments {
                #expect(usage.contains("<\(argument.name)") || !argument.choices.isEmpty,
                        "usage of \(name) does not mention <\(argument.name)>")
            }
        }
        #expect(!spec.abstract.isEmpty && spec.abstract.hasSuffix("."))
    }

    @Test(arguments: allCommands.map(\.spec.name))
    func helpRunsThroughTheBinary(_ name: String) throws {
        let spec = try #require(allCommands.first { $0.spec.name == name }).spec
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        for flag in ["--help", "-h"] {
            let result = try runner.run([name, flag])
            #expect(result.status == 0, "places \(name) \(flag): \(result.stderr)")
            #expect(result.stderr.isEmpty)
            #expect(result.stdout == HelpFormatter.help(for: spec))
            #expect(result.stdout.hasPrefix("OVERVIEW: \(spec.abstract)\n\nUSAGE: places \(name) "))
            #expect(!result.stdout.contains("USAGE: places \(name) \(name) "))
            for option in spec.allOptions { #expect(result.stdout.contains(option.key)) }
        }
        // `places help NAME` prints the same text.
        let viaHelp = try runner.run(["help", name])
        #expect(viaHelp.status == 0)
        #expect(viaHelp.stdout == HelpFormatter.help(for: spec))
    }

    /// `places map --help` and the man page printed `USAGE: places map map …`.
    @Test func mapUsageNamesTheCommandOnce() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let help = try runner.run(["map", "--help"]).stdout
        #expect(help.contains("USAGE: places map [-o <file>]"))
        let man = try runner.run(["help", "--man"])
        #expect(man.status == 0)
        #expect(man.stdout.contains("\\fBplaces map\\fR [\\-o <file>]"))
        #expect(!man.stdout.contains("\\fBplaces map\\fR map"))
    }
}
