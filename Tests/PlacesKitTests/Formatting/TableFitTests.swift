import Testing
@testable import PlacesKit

/// Tables that fit: columns dropped and cut in the order given, only as far as needed.
@Suite struct TableFitTests {
    let columns = [
        TableFit.Column(key: "id", title: "ID", cells: ["5a3b1f0e"]),
        TableFit.Column(key: "name", title: "NAME", cells: ["Dishoom Covent Garden"]),
        TableFit.Column(key: "latitude", title: "LATITUDE", cells: ["51.5124"], rightAligned: true),
        TableFit.Column(key: "tags", title: "TAGS", cells: ["food, 2025 trip, with Sam"]),
    ]
    let fit = TableFit(steps: [.drop("latitude"), .shrink("tags", toAtLeast: 8), .shrink("name", toAtLeast: 10), .drop("tags")])

    func lines(_ width: Int?) -> [String] {
        var text: [UInt8] = []
        TerminalText.appendTable(fit.fitted(columns, width: width), to: &text)
        return String(decoding: text, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test func wideEnoughOrNoWidthKeepsEverything() {
        #expect(lines(nil)[1] == "5a3b1f0e  Dishoom Covent Garden   51.5124  food, 2025 trip, with Sam")
        #expect(lines(200) == lines(nil))
    }

    @Test func stepsAreTakenInOrderOnlyAsFarAsNeeded() {
        // Without the latitude: 8 + 2 + 21 + 2 + 25 = 58.
        #expect(lines(58)[1] == "5a3b1f0e  Dishoom Covent Garden  food, 2025 trip, with Sam")
        // Two columns short: the tags are cut, the name is whole.
        #expect(lines(56)[1] == "5a3b1f0e  Dishoom Covent Garden  food, 2025 trip, with …")
        // Tags at their minimum, then the name is cut as far as needed.
        #expect(lines(38)[1] == "5a3b1f0e  Dishoom Covent Ga…  food, 2…")
        #expect(lines(31)[1] == "5a3b1f0e  Dishoom Co…  food, 2…")
        // Too narrow even so: the tags go, and the name cut earlier gets back the room the drop made.
        #expect(lines(25) == ["ID        NAME", "5a3b1f0e  Dishoom Covent…"])
        for width in [25, 31, 38, 56, 58] { #expect(lines(width).allSatisfy { TerminalText.width($0) <= width }, "\(width)") }
    }
}

/// The same place added twice.
@Suite struct PlaceDuplicatesTests {
    @Test func sameFoldedNameWithin100Metres() {
        let existing = [Location(name: "Dishoom Covent Garden", latitude: 51.5124, longitude: -0.1269),
                        Location(name: "Dishoom", latitude: 51.5124, longitude: -0.1269)]
        let near = Location(name: "DISHOOM covent-garden", latitude: 51.5128, longitude: -0.1270)
        let found = PlaceDuplicates.existing(near, in: existing)
        #expect(found?.existing.id == existing[0].id)
        #expect(found.map { Int($0.metres.rounded()) } == 45)
        #expect(PlaceDuplicates.existing(Location(name: "Dishoom Covent Garden", latitude: 51.5140, longitude: -0.1269), in: existing) == nil)
        #expect(PlaceDuplicates.existing(Location(name: "Dishoom Shoreditch", latitude: 51.5124, longitude: -0.1269), in: existing) == nil)
    }
}
