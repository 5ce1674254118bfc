import Foundation
import Testing
@testable import PlacesKit

@Suite struct PlaceEditorTextTests {
    @Test func renderThenParseIsTheSamePlace() throws {
        var place = Location.example
        place.description = "Line one\n# not a comment here\nLine three"
        place.visited = Date(timeIntervalSince1970: 1_600_000_000)
        let back = try PlaceEditorText.parse(PlaceEditorText.render(place), original: place)
        #expect(back.hasSameContent(as: place))
    }

    @Test func editsApplyAndKeepTheID() throws {
        let text = PlaceEditorText.render(Location.example)
            .replacingOccurrences(of: "name: Buckingham Palace", with: "name: The Palace")
            .replacingOccurrences(of: "description:", with: "visit: 2024-05-01\ndescription:")
        let edited = try PlaceEditorText.parse(text, original: Location.example)
        #expect(edited.id == Location.example.id && edited.name == "The Palace")
        #expect(edited.visited.map(Timestamp.day) == "2024-05-01")
    }

    @Test func everyProblemIsReportedWithItsLine() {
        let text = "name: \nlatitude: 95\nlongitude: abc\ncolour: red\ndescription:\n"
        #expect {
            _ = try PlaceEditorText.parse(text, original: Location.example)
        } throws: { error in
            let messages = (error as? PlaceEditorText.Problems)?.messages ?? []
            return messages.contains { $0.hasPrefix("line 3: longitude \"abc\" is not a number") }
                && messages.contains { $0.hasPrefix("line 4: unknown field \"colour\"") }
        }
    }

    @Test func emptiedTextMeansCancel() {
        #expect(PlaceEditorText.isEmpty("# only comments\n\n   \n"))
        #expect(!PlaceEditorText.isEmpty(PlaceEditorText.render(Location.example)))
    }
}
