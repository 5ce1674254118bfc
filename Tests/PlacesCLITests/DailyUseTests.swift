import Foundation
import Testing

/// Completion scripts, share links and the manual page, end to end with the real shells and roff.
@Suite struct DailyUseTests {
    /// Runs a program to the end; stdout and stderr captured.
    static func run(_ path: String, _ arguments: [String], environment: [String: String]) throws -> PlacesRunner.Result {
        let result = try ExternalTool.run(path, arguments, environment: environment)
        return PlacesRunner.Result(stdout: result.stdout, stderr: result.stderr, status: result.status)
    }

    /// A journal with two places, tags with a space and a colon in a name, to catch quoting slips.
    static func fixture() throws -> (PlacesRunner, palace: String, opera: String) {
        let runner = try PlacesRunner()
        let palace = try runner.add("Buckingham Palace", "51.501,-0.141", ["--tag", "london", "--tag", "royal visits"])
        let opera = try runner.add("Sydney: Opera House", "-33.8568,151.2153", ["--tag", "music", "--on", "2019-12-31"])
        return (runner, palace, opera)
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptIsPrinted(shell: String) throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let result = try places.run(["completion", shell])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(" __complete "))
    }

    /// Only the shells installed here (all of them in CI, which requires them): a missing shell is
    /// not a case that passes.
    @Test(arguments: ["bash", "zsh", "fish"].filter(ExternalTool.available))
    func completionScriptPassesTheShellsSyntaxCheck(shell: String) throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let result = try places.run(["completion", shell])
        let script = places.directory.appendingPathComponent("completion.\(shell)")
        try result.stdout.write(to: script, atomically: true, encoding: .utf8)
        let path = try ExternalTool.require(shell)
        let check = try Self.run(path, ["-n", script.path], environment: ["PATH": "/usr/bin:/bin", "HOME": places.directory.path])
        #expect(check.status == 0, "\(shell) -n: \(check.stderr)")
        #expect(check.stderr.isEmpty, "\(check.stderr)")
    }

    @Test func unknownShellIsAUsageError() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let result = try places.run(["completion", "tcsh"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("bash, zsh, fish"))
    }

    /// Sources the bash script and calls its function as bash's programmable completion would.
    @Test(.enabled(if: ExternalTool.available("bash"), "needs bash"))
    func bashCompletionOffersIdsTagsAndChoicesFromTheJournal() throws {
        let (places, palace, opera) = try Self.fixture()
        defer { places.removeAll() }
        let bash = try ExternalTool.require("bash")
        let script = places.directory.appendingPathComponent("places.bash")
        try places.run(["completion", "bash"]).stdout.write(to: script, atomically: true, encoding: .utf8)
        let binary = PlacesRunner.executable.path
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
            let program = """
            source '\(script.path)'
            COMP_WORDS=('\(binary)' \(quoted)); COMP_CWORD=\(words.count)
            _places
            printf '%s\\n' "${COMPREPLY[@]}"
            """
            let result = try Self.run(bash, ["--norc", "-c", program],
                                      environment: ["PATH": "/usr/bin:/bin", "PLACES_STORE": places.journal.path, "HOME": places.directory.path])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init).filter { !$0.isEmpty }
        }
        #expect(Set(try complete(["show", ""])) == [String(palace.prefix(8)), String(opera.prefix(8)), "Buckingham\\ Palace", "Sydney:\\ Opera\\ House"])
        // Names complete too, quoted for bash, however the person started typing them.
        #expect(try complete(["show", "Buck"]) == ["Buckingham\\ Palace"])
        #expect(try complete(["edit", "Buckingham\\ P"]) == ["Buckingham\\ Palace"])
        #expect(try complete(["remove", "'Syd"]) == ["Sydney:\\ Opera\\ House"])
        #expect(try complete(["show", "\"Buckingham P"]) == ["Buckingham\\ Palace"])
        #expect(try complete(["remove", String(palace.prefix(8)), String(opera.prefix(2))]) == [String(opera.prefix(8))])
        #expect(Set(try complete(["list", "--tag", ""])) == ["london", "music", "royal\\ visits"])
        #expect(try complete(["edit", "x", "--untag", "ro"]) == ["royal\\ visits"])
        #expect(try complete(["list", "--sort", ""]) == ["name", "created", "updated", "visited", "distance"])
        #expect(try complete(["list", "--format", "j"]) == ["json"])
        #expect(try complete(["sh"]) == ["show", "share"])
        #expect(try complete(["list", "--vis"]) == ["--visited"])
        #expect(try complete(["gazetteer", ""]) == ["info", "import", "reset"])
        #expect(try complete(["completion", "z"]) == ["zsh"])
        #expect(try complete(["help", "comp"]) == ["completion"])
        // --store on the line is passed on: an empty journal elsewhere offers nothing.
        #expect(try complete(["show", "--store", places.directory.appendingPathComponent("none.json").path, ""]).isEmpty)
    }

    /// Types into an interactive zsh on a pseudo-terminal (zsh's own zpty module) and presses Tab
    /// twice, as a person would; the listing shows ids with names, and tags.
    @Test(.enabled(if: ExternalTool.available("zsh"), "needs zsh (apt-get install zsh)"))
    func zshCompletionListsIdsWithNamesAndTags() throws {
        let (places, palace, opera) = try Self.fixture()
        defer { places.removeAll() }
        let zsh = try ExternalTool.require("zsh")
        let functions = places.directory.appendingPathComponent("functions")
        let bin = places.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: functions, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try places.run(["completion", "zsh"]).stdout.write(to: functions.appendingPathComponent("_places"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("places"), withDestinationURL: PlacesRunner.executable)
        func listing(_ line: String, until expected: String) throws -> String {
            let driver = """
            zmodload zsh/zpty
            zpty z zsh -f -i
            zpty -w z "PS1='> '; fpath=('\(functions.path)' \\$fpath); autoload -U compinit; compinit -u -D; path=('\(bin.path)' \\$path)"
            zpty -w -n z '\(line)'$'\\t\\t'
            out=""
            for i in {1..150}; do
              while zpty -r -t z chunk; do out+=$chunk; done
              [[ $out == *'\(expected)'* ]] && break
              sleep 0.1
            done
            zpty -d z
            print -r -- "$out"
            """
            let result = try Self.run(zsh, ["-f", "-c", driver],
                                      environment: ["PATH": "/usr/bin:/bin", "HOME": places.directory.path, "TERM": "xterm",
                                                    "PLACES_STORE": places.journal.path])
            return result.stdout
        }
        // The menu aligns the descriptions; compare with runs of spaces made one.
        let ids = try listing("places show ", until: "Sydney: Opera House  -- ")
            .replacingOccurrences(of: " +", with: " ", options: .regularExpression)
        #expect(ids.contains("\(palace.prefix(8)) -- Buckingham Palace"), "\(ids.debugDescription)")
        #expect(ids.contains("\(opera.prefix(8)) -- Sydney: Opera House"), "\(ids.debugDescription)")
        #expect(ids.contains("Buckingham Palace -- \(palace.prefix(8))"), "\(ids.debugDescription)")
        // A name with spaces is completed on the line, escaped as zsh needs it.
        let name = try listing("places show Buck", until: "Buckingham\\ Palace")
        #expect(name.contains("places show Buckingham\\ Palace"), "\(name.debugDescription)")
        let tags = try listing("places list --tag ", until: "royal visits")
        #expect(tags.contains("london") && tags.contains("music") && tags.contains("royal visits"), "\(tags.debugDescription)")
    }

    /// fish answers `complete -C LINE` with what it would offer, one `value<TAB>description` a line.
    @Test(.enabled(if: ExternalTool.available("fish"), "needs fish (apt-get install fish)"))
    func fishCompletionOffersIdsWithNamesTagsAndChoices() throws {
        let (places, palace, opera) = try Self.fixture()
        defer { places.removeAll() }
        let fish = try ExternalTool.require("fish")
        let script = places.directory.appendingPathComponent("places.fish")
        try places.run(["completion", "fish"]).stdout.write(to: script, atomically: true, encoding: .utf8)
        let bin = places.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: bin.appendingPathComponent("places"), withDestinationURL: PlacesRunner.executable)
        func complete(_ line: String) throws -> [String] {
            let result = try Self.run(fish, ["--no-config", "-c", "source '\(script.path)'; complete -C '\(line)'"],
                                      environment: ["PATH": bin.path + ":/usr/bin:/bin", "HOME": places.directory.path,
                                                    "PLACES_STORE": places.journal.path])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(Set(try complete("places show ")) == ["\(palace.prefix(8))\tBuckingham Palace", "\(opera.prefix(8))\tSydney: Opera House",
                                                      "Buckingham Palace\t\(palace.prefix(8))", "Sydney: Opera House\t\(opera.prefix(8))"])
        #expect(try complete("places show Buck") == ["Buckingham Palace\t\(palace.prefix(8))"])
        #expect(try complete("places edit Buckingham\\ P") == ["Buckingham Palace\t\(palace.prefix(8))"])
        #expect(Set(try complete("places list --tag ").map { $0.split(separator: "\t")[0] }) == ["london", "music", "royal visits"])
        #expect(try complete("places share x --provider g").map { String($0.split(separator: "\t")[0]) } == ["geo", "google"])
        #expect(try complete("places sta").first?.hasPrefix("stats\t") == true)
    }

    @Test func dynamicCompletionPrintsIdsWithNamesAndIsSilentOnErrors() throws {
        let (places, palace, opera) = try Self.fixture()
        defer { places.removeAll() }
        let zsh = try places.run(["__complete", "ids", "--for", "zsh"])
        #expect(zsh.status == 0)
        let zshLines: Set<String> = Set(zsh.stdout.split(separator: "\n").map(String.init))
        let zshExpected: Set<String> = ["\(palace.prefix(8)):Buckingham Palace", "\(opera.prefix(8)):Sydney: Opera House",
                                        "Buckingham Palace:\(palace.prefix(8))", "Sydney\\: Opera House:\(opera.prefix(8))"]
        #expect(zshLines == zshExpected)
        let fish = try places.run(["__complete", "ids", "--for", "fish"])
        #expect(fish.stdout.contains("\(palace.prefix(8))\tBuckingham Palace\n"))
        let tags = try places.run(["__complete", "tags"])
        #expect(tags.stdout == "london\nmusic\nroyal visits\n")
        try "{ not json".write(to: places.journal, atomically: true, encoding: .utf8)
        let broken = try places.run(["__complete", "ids"])
        #expect(broken.status == 0 && broken.stdout.isEmpty && broken.stderr.isEmpty)
    }

    @Test func shareLinksAreExact() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Café de Flore & co", "48.854120,2.332500")
        let expected = [
            "osm": "https://www.openstreetmap.org/?mlat=48.85412&mlon=2.3325#map=16/48.85412/2.3325",
            "google": "https://www.google.com/maps/search/?api=1&query=48.85412%2C2.3325",
            "apple": "https://maps.apple.com/?ll=48.85412,2.3325&q=Caf%C3%A9%20de%20Flore%20%26%20co",
            "geo": "geo:48.85412,2.3325?q=48.85412,2.3325(Caf%C3%A9%20de%20Flore%20%26%20co)",
        ]
        for (provider, link) in expected {
            let result = try places.run(["share", String(id.prefix(6)), "--provider", provider])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == link + "\n")
        }
        #expect(try places.run(["share", id]).stdout == expected["osm"]! + "\n")
        let west = try places.add("Buckingham Palace", "51.5013641,-0.14189")
        #expect(try places.run(["share", west, "-p", "geo"]).stdout
                == "geo:51.501364,-0.14189?q=51.501364,-0.14189(Buckingham%20Palace)\n")
        #expect(try places.run(["share", id, "--provider", "bing"]).status == 64)
    }

    @Test func openWithoutADesktopPrintsTheLink() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Louvre", "48.8606,2.3376")
        let result = try places.run(["open", id, "--provider", "google"])
        #expect(result.status == 0)
        #expect(result.stdout == "https://www.google.com/maps/search/?api=1&query=48.8606%2C2.3376\n")
        #expect(result.stderr.contains("no desktop"))
    }

    @Test func openHandsTheLinkToXdgOpenOnADesktop() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let id = try places.add("Louvre", "48.8606,2.3376")
        // A stand-in xdg-open that records what it was given.
        let bin = places.directory.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let record = places.directory.appendingPathComponent("opened.txt")
        let opener = bin.appendingPathComponent("xdg-open")
        try "#!/bin/sh\nprintf '%s\\n' \"$1\" > '\(record.path)'\n".write(to: opener, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
        let result = try places.run(["open", id], environment: ["DISPLAY": ":0", "PATH": bin.path + ":/usr/bin:/bin"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try String(contentsOf: record, encoding: .utf8)
                == "https://www.openstreetmap.org/?mlat=48.8606&mlon=2.3376#map=16/48.8606/2.3376\n")
    }

    /// The manual page is valid roff: groff reports no warnings at all (`-ww`), and it documents every command.
    @Test func manPageHasEverySectionAndCommand() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let result = try places.run(["help", "--man"])
        #expect(result.status == 0)
        let page = result.stdout
        #expect(page.hasPrefix(".TH PLACES 1 "))
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "FILES", "ENVIRONMENT", "EXIT STATUS", "EXAMPLES"] {
            #expect(page.contains(".SH \(section)\n"), "missing \(section)")
        }
        for command in ["add", "list", "show", "edit", "remove", "share", "open", "completion"] {
            #expect(page.contains(".SS \"places \(command)\""), "missing \(command)")
        }
    }

    @Test(.enabled(if: ExternalTool.available("groff"), "needs groff (apt-get install groff-base)"))
    func manPageRendersInGroffWithoutWarnings() throws {
        let places = try PlacesRunner()
        defer { places.removeAll() }
        let page = try places.run(["help", "--man"]).stdout
        let file = places.directory.appendingPathComponent("places.1")
        try page.write(to: file, atomically: true, encoding: .utf8)
        let groff = try ExternalTool.require("groff")
        let rendered = try Self.run(groff, ["-man", "-Tutf8", "-ww", "-z", file.path], environment: ["PATH": "/usr/bin:/bin"])
        #expect(rendered.status == 0)
        #expect(rendered.stderr.isEmpty, "groff: \(rendered.stderr)")
        let text = try Self.run(groff, ["-man", "-Tascii", "-P", "-c", "-P", "-b", "-P", "-u", file.path], environment: ["PATH": "/usr/bin:/bin"])
        #expect(text.stdout.contains("places share"))
        #expect(text.stdout.contains("--provider"))
    }
}
