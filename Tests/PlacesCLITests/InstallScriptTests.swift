import Foundation
import PlacesTestSupport
import Testing

/// `Scripts/install.sh` on a fresh home with no folders: it creates them, installs the binary, the
/// manual page and the three completions, says what bash needs, and `--uninstall` takes it all away.
/// (CI also runs it with the release build and checks that binary runs without the Swift runtime.)
@Suite struct InstallScriptTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/install.sh").path

    @Test func installsIntoAFreshHomeAndUninstalls() throws {
        let home = try makeTestDirectory("places-install")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
                           "PLACES_BINARY": PlacesRunner.executable.path]
        let installed = try ExternalTool.run("/bin/bash", [Self.script], environment: environment)
        #expect(installed.status == 0, "\(installed.output)")
        let expected = [".local/bin/places", ".local/share/man/man1/places.1", ".local/share/bash-completion/completions/places",
                        ".local/share/zsh/site-functions/_places", ".config/fish/completions/places.fish"]
        for file in expected {
            let path = home.appendingPathComponent(file).path
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            #expect(size > 100, "\(file) is missing or empty")
        }
        #expect(installed.stdout.contains("completion needs the bash-completion package"), "\(installed.stdout)")
        #expect(installed.stdout.contains("is not on your PATH"), "\(installed.stdout)")
        let man = try String(contentsOf: home.appendingPathComponent(".local/share/man/man1/places.1"), encoding: .utf8)
        #expect(man.hasPrefix(".TH PLACES 1") || man.contains(".TH PLACES"), "\(man.prefix(200))")
        let bash = try String(contentsOf: home.appendingPathComponent(".local/share/bash-completion/completions/places"), encoding: .utf8)
        #expect(bash.contains("complete"))

        // The installed copy runs from its new home and keeps its journal under the fresh HOME.
        let places = home.appendingPathComponent(".local/bin/places").path
        let added = try ExternalTool.run(places, ["add", "Home", "--at", "51.5,-0.12"], environment: ["HOME": home.path, "LANG": "C.UTF-8"])
        #expect(added.status == 0, "\(added.output)")

        let removed = try ExternalTool.run("/bin/bash", [Self.script, "--uninstall"], environment: environment)
        #expect(removed.status == 0, "\(removed.output)")
        for file in expected {
            #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent(file).path), "\(file) was left behind")
        }
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/places/places.json").path),
                "uninstalling must keep the journal")
    }

    @Test(.enabled(if: ExternalTool.available("file"))) func theInstalledBinaryIsStripped() throws {
        let home = try makeTestDirectory("places-install-strip")
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME": home.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
                           "PLACES_BINARY": PlacesRunner.executable.path]
        let installed = try ExternalTool.run("/bin/bash", [Self.script], environment: environment)
        #expect(installed.status == 0, "\(installed.output)")
        let places = home.appendingPathComponent(".local/bin/places").path
        let kind = try ExternalTool.run(try ExternalTool.require("file"), ["-b", places])
        #expect(kind.stdout.contains(", stripped"), "\(kind.stdout)")
        let version = try ExternalTool.run(places, ["--version"], environment: ["HOME": home.path, "LANG": "C.UTF-8"])
        #expect(version.status == 0, "\(version.output)")
    }

    @Test func anUnknownArgumentIsRefused() throws {
        let result = try ExternalTool.run("/bin/bash", [Self.script, "--prefix=/x"], environment: ["PATH": "/usr/bin:/bin", "HOME": "/nonexistent"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("unknown argument \"--prefix=/x\""))
    }
}
