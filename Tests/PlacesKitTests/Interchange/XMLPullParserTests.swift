import PlacesKit
import Testing

@Suite struct XMLPullParserTests {
    private func events(_ xml: String) throws -> [XMLEvent] {
        var parser = try XMLPullParser(bytes: Array(xml.utf8))
        var result: [XMLEvent] = []
        while let event = try parser.next() { result.append(event) }
        return result
    }

    private func failure(_ xml: String) -> String? {
        do {
            _ = try events(xml)
            return nil
        } catch let error as XMLError {
            return error.description
        } catch {
            return "\(error)"
        }
    }

    @Test func elementsAttributesTextCDATAAndReferences() throws {
        let result = try events("<?xml version=\"1.0\" encoding=\"UTF-8\"?><!-- hi --><a x='1' p:y=\"&lt;&#65;&#x42;\"><?pi data?>t&amp;u<![CDATA[<raw>]]><b/></a>")
        #expect(result == [
            .startElement(name: "a", attributes: [XMLAttribute(name: "x", value: "1"), XMLAttribute(name: "p:y", value: "<AB")], offset: 49),
            .text("t&u"),
            .text("<raw>"),
            .startElement(name: "b", attributes: [], offset: 115),
            .endElement(name: "b"),
            .endElement(name: "a"),
        ])
    }

    @Test func namespacePrefixesAreKeptAndResolvable() throws {
        var parser = try XMLPullParser(bytes: Array("<r xmlns='d' xmlns:p='urn:p'><p:x/></r>".utf8))
        _ = try parser.next()
        #expect(parser.namespaceURI(forPrefix: "p") == "urn:p")
        #expect(parser.namespaceURI(forPrefix: "") == "d")
        #expect(try parser.next() == .startElement(name: "p:x", attributes: [], offset: 29))
    }

    @Test(arguments: [
        ("<a><b></a>", "1:7: the end tag </a> does not match <b> opened at 1:4"),
        ("<a>", "1:4: the file ends before <a> (opened at 1:1) is closed"),
        ("<a/><b/>", "1:5: a second root element: an XML document has exactly one"),
        ("<a x='1' x='2'/>", "1:10: the attribute x appears twice in <a>"),
        ("<a>&bogus;</a>", "1:4: the entity &bogus; is not defined: only &lt; &gt; &amp; &quot; &apos; and character references are allowed, and no entity is ever expanded"),
        ("<a>&#0;</a>", "1:4: &#0; is not a valid character reference"),
        ("<a>x & y</a>", "1:6: & must start a reference such as &amp; (write a literal & as &amp;)"),
        ("<a x='<'/>", "1:7: < is not allowed in an attribute value"),
        ("text<a/>", "1:1: text outside the root element"),
        ("", "1:1: the file holds no XML element"),
        ("<?xml version='1.0' encoding='ISO-8859-1'?><a/>", "1:1: the file declares the encoding iso-8859-1: only UTF-8 is supported; convert it (iconv -t UTF-8) and try again"),
        ("<!DOCTYPE a [<!ENTITY e 'x'>]><a>&e;</a>", "1:1: DOCTYPE with an internal subset is refused: entity declarations are never expanded (protection against external-entity and entity-expansion attacks)"),
        ("<a>\n  <b>\u{1}</b></a>", "2:6: control character U+0001 is not allowed in XML"),
    ])
    func malformedDocumentsAreRefusedWithLineAndColumn(xml: String, message: String) {
        #expect(failure(xml) == message)
    }

    @Test func escapingRoundTrips() throws {
        let text = "a < b && \"c\" > 'd'\r\u{1}"
        let result = try events("<a>\(XMLEscaping.escape(text))</a>")
        #expect(result[1] == .text("a < b && \"c\" > 'd'\r\u{FFFD}"))
    }
}
