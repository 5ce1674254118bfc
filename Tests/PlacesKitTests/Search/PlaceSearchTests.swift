import Foundation
import Testing
@testable import PlacesJournal
@testable import PlacesKit

/// The ranking of `places find`: which places are found, and in what order.
@Suite struct PlaceSearchTests {
    static func place(_ name: String, _ description: String = "", tags: [String] = []) -> Location {
        Location(name: name, description: description, latitude: 35, longitude: 135, tags: tags)
    }

    static func names(_ query: String, _ places: [Location], limit: Int = 20) -> [String] {
        let index = JournalIndex(places: places)
        return PlaceSearch(query: query).search(index, limit: limit).map { index.place($0.position)!.name }
    }

    @Test func nameBeatsTagBeatsDescription() {
        let places = [
            Self.place("Menya Inoichi", "A bowl of ramen worth the queue."),
            Self.place("Kagetsu", tags: ["ramen"]),
            Self.place("Ramen Arashi"),
        ]
        #expect(Self.names("ramen", places) == ["Ramen Arashi", "Kagetsu", "Menya Inoichi"])
    }

    @Test func wholeWordBeatsPrefixBeatsTypo() {
        let places = [Self.place("Bar Tonkotzu"), Self.place("Tonkotsu Ya"), Self.place("Tonkotsuya Shop")]
        // "tonkotzu" is a typo of the query (one edit), "tonkotsuya" starts with it, "tonkotsu" is it.
        #expect(Self.names("tonkotsu", places) == ["Tonkotsu Ya", "Tonkotsuya Shop", "Bar Tonkotzu"])
    }

    @Test func moreQueryWordsMatchedComeFirstAndAnExactNameFirstOfAll() {
        let places = [
            Self.place("Ramen Street"),
            Self.place("Kagetsu", "The best ramen in Kyoto."),
            Self.place("Kyoto Ramen"),
        ]
        #expect(Self.names("kyoto ramen", places) == ["Kyoto Ramen", "Kagetsu", "Ramen Street"])
        #expect(Self.names("ramen kyoto", places).first == "Kyoto Ramen")
    }

    @Test func foldedInAnyScriptAndCase() {
        let places = [Self.place("Kraków Old Town"), Self.place("Москва café"), Self.place("東京 Tower"), Self.place("Straße 12")]
        #expect(Self.names("KRAKOW", places) == ["Kraków Old Town"])
        #expect(Self.names("cafe", places) == ["Москва café"])
        #expect(Self.names("東京", places) == ["東京 Tower"])
        #expect(Self.names("strasse", places) == ["Straße 12"])
    }

    @Test func typosAreForgivenInLongerWordsOnly() {
        let places = [Self.place("Kyoto Station"), Self.place("Bar Luce")]
        #expect(Self.names("kyto", places) == ["Kyoto Station"])         // one edit, 4 letters
        #expect(Self.names("staiton", places) == ["Kyoto Station"])      // a swap
        #expect(Self.names("satiton", places).isEmpty)                    // two swaps: too many for 7 letters
        #expect(Self.names("bat", places).isEmpty)                        // 3 letters: no typo allowed
        #expect(Self.names("xyzzy", places).isEmpty)
    }

    @Test func limitAndEmptyQuery() {
        let places = (0..<30).map { Self.place("Café \($0)") }
        #expect(Self.names("cafe", places, limit: 5).count == 5)
        #expect(Self.names("cafe", places, limit: 5) == (0..<5).map { "Café \($0)" })  // ties in journal order
        #expect(Self.names("!!!", places).isEmpty)
    }

    @Test func segmentsMarkTheMatchingWords() {
        let search = PlaceSearch(query: "ramen kyoto")
        let marked = search.segments("Best ramen in Kyōto, near").filter(\.matches).map { String($0.text) }
        #expect(marked == ["ramen", "Kyōto,"])
        #expect(search.segments("a  b").map { String($0.text) }.joined() == "a  b")
    }
}
