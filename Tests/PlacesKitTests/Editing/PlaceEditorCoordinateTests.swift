import Foundation
import Testing
@testable import PlacesKit

/// The editor form's `latitude:` and `longitude:` lines read a whole pasted point: a map link, a
/// `geo:` URI or a pair, on either line.
@Suite struct PlaceEditorCoordinateTests {
    /// The form of ``Location/example`` (51.501, -0.141) with its coordinate lines replaced.
    static func form(latitude: String?, longitude: String?) -> String {
        PlaceEditorText.render(Location.example).split(separator: "\n", omittingEmptySubsequences: false).compactMap { line in
            if line.hasPrefix("latitude:") { return latitude.map { "latitude: \($0)" } }
            if line.hasPrefix("longitude:") { return longitude.map { "longitude: \($0)" } }
            return String(line)
        }.joined(separator: "\n")
    }

    /// The 1-based line of the form that starts with `prefix`.
    static func line(_ prefix: String, in text: String) -> Int {
        (text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix(prefix) } ?? -1) + 1
    }

    static func problems(_ text: String) -> [String] {
        do {
            _ = try PlaceEditorText.parse(text, original: Location.example)
            return []
        } catch {
            return (error as? PlaceEditorText.Problems)?.messages ?? ["\(error)"]
        }
    }

    static let eiffel = (latitude: 48.8584, longitude: 2.2945)
    static let pasted = [
        "https://www.google.com/maps/place/Tour+Eiffel/@48.8584,2.2945,17z/data=!3m1!4b1",
        "https://www.openstreetmap.org/?mlat=48.8584&mlon=2.2945#map=17/48.8584/2.2945",
        "https://maps.apple.com/?ll=48.8584,2.2945&q=Eiffel",
        "geo:48.8584,2.2945",
        "48.8584, 2.2945",
        "48.8584 2.2945",
        "48°51′30.24″N 2°17′40.2″E",
    ]

    @Test(arguments: pasted)
    func aPointPastedOnTheLatitudeLineSetsBoth(value: String) throws {
        let place = try PlaceEditorText.parse(Self.form(latitude: value, longitude: "-0.141"), original: Location.example)
        #expect(abs(place.latitude - Self.eiffel.latitude) < 0.0001 && abs(place.longitude - Self.eiffel.longitude) < 0.0001,
                "\(value) → \(place.latitude), \(place.longitude)")
    }

    @Test(arguments: pasted)
    func aPointPastedOnTheLongitudeLineSetsBoth(value: String) throws {
        let place = try PlaceEditorText.parse(Self.form(latitude: "51.501", longitude: value), original: Location.example)
        #expect(abs(place.latitude - Self.eiffel.latitude) < 0.0001 && abs(place.longitude - Self.eiffel.longitude) < 0.0001,
                "\(value) → \(place.latitude), \(place.longitude)")
    }

    @Test(arguments: [
        ("an empty line", Optional("")),
        ("a deleted line", nil),
        ("the same longitude", "2.2945"),
        ("the same point", "geo:48.8584,2.2945"),
        ("a longitude within a millionth", "2.2945004"),
    ] as [(String, String?)])
    func theOtherLineMayBeEmptyMissingOrAgree(label: String, other: String?) throws {
        let place = try PlaceEditorText.parse(Self.form(latitude: "48.8584, 2.2945", longitude: other), original: Location.example)
        #expect(place.latitude == 48.8584 && place.longitude == 2.2945, "\(label)")
    }

    @Test func aChangedOtherLineThatDisagreesIsAProblemNamingBothLines() {
        let text = Self.form(latitude: "https://www.google.com/maps/@48.8584,2.2945,17z", longitude: "3.5")
            .replacingOccurrences(of: "description:", with: "visit: someday\ndescription:")
        let latitudeLine = Self.line("latitude:", in: text), longitudeLine = Self.line("longitude:", in: text)
        let messages = Self.problems(text)
        #expect(messages.count == 2, "\(messages)")
        // Every problem at once, in line order: the coordinates' before the visit's, below them.
        #expect(messages.first == "line \(latitudeLine): latitude \"https://www.google.com/maps/@48.8584,2.2…\" is the point "
            + "48.8584, 2.2945, but line \(longitudeLine): longitude \"3.5\" says otherwise: leave the longitude line empty "
            + "or as it was, or give the same point", "\(messages)")
        #expect(messages.last?.hasPrefix("line \(Self.line("visit:", in: text)): visit \"someday\"") == true, "\(messages)")
    }

    @Test func twoDifferentPointsDisagree() {
        let text = Self.form(latitude: "geo:48.8584,2.2945", longitude: "51.501, -0.141")
        let messages = Self.problems(text)
        #expect(messages.count == 1 && messages[0].contains("latitude \"geo:48.8584,2.2945\" is the point 48.8584, 2.2945, but line")
                    && messages[0].contains("longitude \"51.501, -0.141\" says otherwise"), "\(messages)")
    }

    @Test func aDecimalCommaIsNotReadAsAPair() {
        let text = Self.form(latitude: "51,5", longitude: "-0.141")
        #expect(Self.problems(text) == ["line \(Self.line("latitude:", in: text)): latitude \"51,5\" is not a number: use a decimal point, not a comma (e.g. 51.5)"])
    }

    @Test func aPairOutsideTheWorldIsNamed() {
        let text = Self.form(latitude: "95, 10", longitude: "-0.141")
        #expect(Self.problems(text) == ["line \(Self.line("latitude:", in: text)): latitude \"95, 10\" is outside the world: "
            + "latitude comes first, -90 to 90; longitude second, -180 to 180"])
    }

    @Test func singleValuesStillReadOneLineEach() throws {
        let place = try PlaceEditorText.parse(Self.form(latitude: "40°41′21″N", longitude: "74.0444W"), original: Location.example)
        #expect(abs(place.latitude - 40.68917) < 0.0001 && abs(place.longitude + 74.0444) < 0.0001)
        let text = Self.form(latitude: "", longitude: "abc")
        let messages = Self.problems(text)
        #expect(messages.count == 2 && messages[0].hasPrefix("line \(Self.line("latitude:", in: text)): latitude \"\" is not a number")
                    && messages[1].hasPrefix("line \(Self.line("longitude:", in: text)): longitude \"abc\" is not a number"), "\(messages)")
        #expect(Self.problems(Self.form(latitude: nil, longitude: "1")) == ["the latitude line is missing"])
    }

    @Test func theFormSaysAPastedLinkWorks() {
        #expect(PlaceEditorText.render(Location.example).contains("# A map link, geo: URI or pair (51.5074, -0.1278) pasted on the latitude or longitude line sets both."))
    }
}
