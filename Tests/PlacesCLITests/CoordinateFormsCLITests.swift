import Foundation
import Testing

/// Every option and command that takes coordinates reads the same forms through the one reader:
/// `--at`, `--lat`/`--lon`, `search`, `where`, `near`, `add`'s place argument, `map --around` and
/// the editor's form.
@Suite struct CoordinateFormsCLITests {
    /// Big Ben, written the ways people paste it.
    static let bigBen: [String] = [
        "51.5007,-0.1246",
        "51°30′2.5″N 0°7′28.6″W",
        "51° 30' 2.5\" N, 0° 7' 28.6\" W",
        "51°30’2.5”N 0°7’28.6”W",
        "51.5007N 0.1246W",
        "geo:51.5007,-0.1246;u=20",
        "geo:0,0?q=51.5007,-0.1246(Big%20Ben)",
        "https://www.google.com/maps/place/Big+Ben/@51.51,-0.13,17z/data=!3m1!4b1!4m6!3m5!8m2!3d51.5007!4d-0.1246",
        "https://www.google.com/maps/@51.5007,-0.1246,15z",
        "https://maps.google.com/?q=51.5007,-0.1246",
        "https://www.openstreetmap.org/?mlat=51.5007&mlon=-0.1246#map=17/51.4/-0.2",
        "https://www.openstreetmap.org/#map=17/51.5007/-0.1246",
        "https://maps.apple.com/?ll=51.5007,-0.1246&q=Big%20Ben",
    ]

    private func coordinates(_ place: [String: Any]) -> (Double, Double) {
        ((place["latitude"] as? Double) ?? .nan, (place["longitude"] as? Double) ?? .nan)
    }

    @Test(arguments: bigBen)
    func addAtReadsEveryForm(text: String) throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["add", "Big Ben", "--at", text, "--json"])
        #expect(result.status == 0, "\(text): \(result.stderr)")
        let place = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let (lat, lon) = coordinates(place)
        #expect(abs(lat - 51.5007) < 0.0001 && abs(lon + 0.1246) < 0.0001, "\(text): \(lat), \(lon)")
    }

    @Test func latAndLonReadDegreesMinutesSeconds() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["add", "Opera", "--lat", "33°51′24″S", "--lon", "151°12′55″E", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let place = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let (lat, lon) = coordinates(place)
        #expect(abs(lat + 33.85667) < 0.0001 && abs(lon - 151.21528) < 0.0001)
        let wrong = try runner.run(["add", "Opera", "--lat", "151°12′55″E", "--lon", "0"])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("latitude \"151°12′55″E\" names the wrong hemisphere"), "\(wrong.stderr)")
    }

    @Test func degreesMinutesSecondsAreKeptToThePrecisionTyped() throws {
        // A whole second is 1/3600°: 4 decimals tell seconds apart, and two more are kept; not 17 digits.
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let added = try runner.run(["add", "Big Ben", "--at", "51°30′2″N 0°7′28″W"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasPrefix("Added Big Ben (") && added.stdout.contains(") at 51.500556, -0.124444, in "), "\(added.stdout)")
        let split = try runner.run(["add", "Palace", "--lat", "51°30′4.5″N", "--lon", "0°8.47′W"])
        // A tenth of a second needs one decimal more; minutes with two decimals, 4 and two more.
        #expect(split.stdout.contains(") at 51.50125, -0.141167, in "), "\(split.stdout)")
        let edited = try runner.run(["edit", "Big Ben", "--at", "48°51'24\"N 2°21'03\"E"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let saved = try runner.journalPlaces().map { coordinates($0) }
        #expect(saved.map(\.0) == [48.856667, 51.50125] && saved.map(\.1) == [2.350833, -0.141167], "\(saved)")
        #expect(!(try String(contentsOf: runner.journal, encoding: .utf8)).contains("5555"))
    }

    @Test func editAtAndTheEditorFormReadTheSameForms() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let id = try runner.add("Spot", "1,2")
        let moved = try runner.run(["edit", id, "--at", "https://www.openstreetmap.org/#map=17/48.8584/2.2945"])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(abs(((try runner.journalPlaces().first?["latitude"]) as? Double ?? 0) - 48.8584) < 0.0001)
        let script = runner.directory.appendingPathComponent("editor.sh")
        try "#!/bin/sh\nsed -i -e 's/^latitude: .*/latitude: 40°41′21″N/' -e 's/^longitude: .*/longitude: 74°2′40″W/' \"$1\"\n"
            .write(to: script, atomically: true, encoding: .utf8)
        let edited = try runner.run(["edit", id], environment: ["EDITOR": "/bin/sh \(script.path)", "TMPDIR": runner.directory.path])
        #expect(edited.status == 0, "\(edited.stderr)")
        let place = try #require(try runner.journalPlaces().first)
        let (lat, lon) = coordinates(place)
        #expect(abs(lat - 40.68917) < 0.0001 && abs(lon + 74.04444) < 0.0001, "\(lat), \(lon)")
    }

    @Test func aLinkPastedOnTheEditorsLatitudeLineSetsBothAndAContradictionIsShown() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let id = try runner.add("Spot", "1,2")
        let link = "https://www.google.com/maps/place/Big+Ben/@51.51,-0.13,17z/data=!3m1!4b1!4m6!3m5!8m2!3d51.5007!4d-0.1246"
        let reopened = runner.directory.appendingPathComponent("reopened.txt").path
        // First save: the link, and a longitude changed to something else. The form comes back with
        // the contradiction on top; the second save empties the longitude line.
        let script = runner.directory.appendingPathComponent("editor.sh")
        try """
            #!/bin/sh
            set -e
            if grep -q 'had problems' "$1"; then
              cp "$1" \(reopened)
              sed -i 's/^longitude: .*/longitude:/' "$1"
            else
              grep -q '^# A map link, geo: URI or pair' "$1"
              sed -i -e 's|^latitude: .*|latitude: \(link)|' -e 's/^longitude: .*/longitude: 7/' "$1"
            fi

            """.write(to: script, atomically: true, encoding: .utf8)
        let edited = try runner.run(["edit", id], environment: ["EDITOR": "/bin/sh \(script.path)", "TMPDIR": runner.directory.path])
        #expect(edited.status == 0, "\(edited.stderr)")
        let form = try String(contentsOfFile: reopened, encoding: .utf8)
        // The form's lines: the id, where the place is, four lines of help, name, latitude (8), longitude (9).
        #expect(form.contains("#   line 8: latitude \"https://www.google.com/maps/place/Big+Be…\" is the point 51.5007, -0.1246, "
            + "but line 9: longitude \"7\" says otherwise"), "\(form)")
        let place = try #require(try runner.journalPlaces().first)
        let (lat, lon) = coordinates(place)
        #expect(lat == 51.5007 && lon == -0.1246, "\(lat), \(lon)")
    }

    @Test(arguments: [
        ["where", "https://www.google.com/maps/@48.8584,2.2945,17z"],
        ["where", "48°51′30″N 2°17′40″E"],
        ["where", "geo:48.8584,2.2945"],
        ["search", "https://maps.apple.com/?ll=48.8584,2.2945"],
        ["search", "N 48.8584 E 2.2945"],
    ])
    func whereAndSearchReadLinksAndDMS(arguments: [String]) throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(result.stdout.contains("France") || result.stdout.contains("Paris"), "\(arguments): \(result.stdout)")
    }

    @Test func nearAndMapAroundReadALink() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        _ = try runner.add("Tower", "48.8584,2.2945")
        let near = try runner.run(["near", "https://www.openstreetmap.org/?mlat=48.8583&mlon=2.2944", "--radius", "1km"])
        #expect(near.status == 0, "\(near.stderr)")
        #expect(near.stdout.contains("Tower"), "\(near.stdout)")
        let map = try runner.run(["map", "--terminal", "--around", "48°51′30″N 2°17′40″E", "--radius", "5km"])
        #expect(map.status == 0, "\(map.stderr)")
    }

    @Test func addsAPlaceNamedByItsPlaceArgumentFromALink() throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(["add", "Tower", "--in", "geo:48.8584,2.2945", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let place = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(abs(coordinates(place).0 - 48.8584) < 0.0001)
    }

    /// The error names the value and lists the forms that work, and nothing is written.
    @Test(arguments: [
        (["add", "X", "--at", "51.5 north"], "--at \"51.5 north\" is not a pair of coordinates"),
        (["add", "X", "--at", "https://maps.google.com/?cid=42"], "--at \"https://maps.google.com/?cid=42\" is not a pair of coordinates"),
        (["add", "X", "--at", "geo:95,0"], "--at \"geo:95,0\" is outside the world"),
        (["where", "somewhere"], "\"somewhere\" is not a pair of coordinates"),
    ])
    func refusalsNameTheValueAndTheForms(row: ([String], String)) throws {
        let runner = try PlacesRunner()
        defer { runner.removeAll() }
        let result = try runner.run(row.0)
        #expect(result.status == 64)
        #expect(result.stderr.contains(row.1), "\(result.stderr)")
        #expect(result.stderr.contains("accepted: 51.501,-0.141 · 51.501 -0.141"), "\(result.stderr)")
        #expect(result.stderr.contains("geo:51.501,-0.141 · a Google Maps, OpenStreetMap or Apple Maps link"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: runner.journal.path))
    }
}
