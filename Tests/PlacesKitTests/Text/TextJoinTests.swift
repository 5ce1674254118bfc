import Testing
@testable import PlacesCore

/// The concrete joins give what the standard library's `joined(separator:)` gives, empty items included.
@Suite struct TextJoinTests {
    static let lists: [[String]] = [[], [""], ["a"], ["", ""], ["a", "", "b"], ["Monte-Carlo", "MC"], ["é", "ß", "Лондон"]]

    @Test(arguments: lists)
    func stringsJoinAsTheStandardLibraryJoins(_ parts: [String]) {
        #expect(TextJoin.joined(parts, separator: ", ") == parts.joined(separator: ", "))
        #expect(TextJoin.joined(parts, separator: "") == parts.joined())
    }

    @Test(arguments: lists)
    func substringSlicesJoinAsTheStandardLibraryJoins(_ parts: [String]) {
        // A slice that does not start at zero, of substrings cut from longer strings.
        let substrings = (["x"] + parts).map { ("<" + $0 + ">").dropFirst().dropLast() }
        let slice = substrings[1...]
        #expect(TextJoin.joined(slice, separator: " ") == slice.joined(separator: " "))
    }
}
