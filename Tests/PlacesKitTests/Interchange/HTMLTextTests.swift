@testable import PlacesKit
import Testing
@testable import PlacesInterchange

/// A KML description's HTML read as the text it shows.
@Suite struct HTMLTextTests {
    @Test(arguments: [
        ("Rating: 5<br>Open late", "Rating: 5\nOpen late"),
        ("Rating: 5<br/>", "Rating: 5"),
        ("<p>Fortified tower, <b>1519</b></p><p>Belém</p>", "Fortified tower, 1519\nBelém"),
        ("a<br><br><br><br>b", "a\n\nb"),
        ("See <a href=\"https://example.com/x?a=1&amp;b=2\">the menu</a>", "See the menu (https://example.com/x?a=1&b=2)"),
        ("<a href='https://example.com'>https://example.com</a>", "https://example.com"),
        ("Fish &amp; chips &#8211; &#x263A;&nbsp;&eacute;", "Fish & chips – ☺ é"),
        ("line one\nline two", "line one\nline two"),
        ("<div>one\n  two</div>", "one two"),
        ("a < b and c > d", "a < b and c > d"),
        ("bad &#1; reference", "bad &#1; reference"),
        ("<!-- note -->kept", "kept"),
    ])
    func htmlBecomesText(_ html: String, _ text: String) {
        #expect(HTMLText.plain(html) == text)
    }
}
